//! `speclint check PATH…`: gathers files, reads the `speclint.toml` above each, analyses each
//! with the core, prints the findings.

use super::fix::{self, FixArgs};
use super::output::{self, FileReport, Format};
use super::selection::RuleArgs;
use crate::core::config::{self, Config, ConfigError};
use crate::core::diagnostic::Diagnostic;
use crate::core::language::{ForeignContent, Input};
use crate::core::settings::Value;
use crate::core::text::TextRange;
use crate::core::{self, rules, Analysis, Detection, Options};
use crate::{ptx, spirv, tile_ir};
use clap::Args;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(Args)]
pub struct CheckArgs {
    /// Files and directories (directories are searched for .ptx, .mlir, .spvasm and .spv
    /// files).
    #[arg(required = true)]
    paths: Vec<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    /// Check against this target instead of the module's `.target` (e.g. sm_80); Tile IR
    /// modules are checked against it too.
    #[arg(long, value_parser = checked(ptx::language::parse_target))]
    target: Option<String>,
    /// Check against this PTX ISA version instead of the module's `.version` (e.g. 7.8).
    #[arg(long = "ptx-version", value_parser = checked(ptx::language::parse_ptx_version))]
    ptx_version: Option<String>,
    /// Check Tile IR modules against this Tile IR version (13.1, 13.2 or 13.3; default the
    /// newest).
    #[arg(long = "tile-ir-version", value_parser = checked(tile_ir::language::parse_version))]
    tile_ir_version: Option<String>,
    /// Check SPIR-V modules against this OpenCL version (1.2, 2.0, 2.1, 2.2, 3.0 or 3.1;
    /// default 3.1).
    #[arg(long = "opencl-version", value_parser = checked(spirv::language::parse_opencl_version))]
    opencl_version: Option<String>,
    /// Check SPIR-V modules against this OpenCL profile (full or embedded; default full).
    #[arg(long = "opencl-profile", value_parser = checked(spirv::language::parse_profile))]
    opencl_profile: Option<String>,
    /// The OpenCL extensions the device supports, comma-separated (`cl_khr_fp16,cl_khr_fp64`;
    /// empty for none); default: whatever the module needs.
    #[arg(long = "opencl-extensions", value_parser = checked_list(spirv::language::extension_name))]
    opencl_extensions: Option<String>,
    /// The OpenCL 3.0 optional features the device supports, comma-separated
    /// (`__opencl_c_generic_address_space`; empty for none); default: whatever the module needs.
    #[arg(long = "opencl-features", value_parser = checked_list(spirv::language::feature_name))]
    opencl_features: Option<String>,
    #[command(flatten)]
    rules: RuleArgs,
    #[command(flatten)]
    fixes: FixArgs,
}

/// A comma-separated list whose items `validate` accepts (empty: no items).
fn checked_list(
    validate: fn(&str) -> Result<(), String>,
) -> impl Fn(&str) -> Result<String, String> + Clone + Send + Sync + 'static {
    move |text| {
        list_items(text).try_for_each(validate)?;
        Ok(text.to_string())
    }
}

fn list_items(text: &str) -> impl Iterator<Item = &str> {
    text.split(',')
        .map(str::trim)
        .filter(|item| !item.is_empty())
}

/// A clap value parser that validates with a language's own parser and keeps the text: the
/// flags become settings, which the language reads back.
fn checked<T: 'static>(
    parse: fn(&str) -> Result<T, String>,
) -> impl Fn(&str) -> Result<String, String> + Clone + Send + Sync + 'static {
    move |text| parse(text).map(|_| text.to_string())
}

impl CheckArgs {
    /// The settings the flags give: the top layer, over any `speclint.toml`. Each flag is a
    /// key of one or more languages' sections.
    fn flags(&self) -> Config {
        let flags: [(&Option<String>, &[(&'static str, &'static str)]); 5] = [
            (&self.target, &[("ptx", "target"), ("tile-ir", "target")]),
            (&self.ptx_version, &[("ptx", "version")]),
            (&self.tile_ir_version, &[("tile-ir", "version")]),
            (&self.opencl_version, &[("spirv", "opencl-version")]),
            (&self.opencl_profile, &[("spirv", "opencl-profile")]),
        ];
        let mut config = Config::default();
        let lists: [(&Option<String>, &'static str); 2] = [
            (&self.opencl_extensions, "extensions"),
            (&self.opencl_features, "features"),
        ];
        for (value, key) in lists {
            if let Some(value) = value {
                let items = list_items(value).map(str::to_string).collect();
                config.set_flag("spirv", key, Value::List(items));
            }
        }
        for (value, keys) in flags {
            if let Some(value) = value {
                for (language, key) in keys {
                    config.set_flag(language, key, Value::Text(value.clone()));
                }
            }
        }
        config.add_rules(self.rules.selection());
        config
    }
}

pub fn run(args: &CheckArgs) -> ExitCode {
    let mut io_error = false;
    let mut files = Vec::new();
    for path in &args.paths {
        if path.is_dir() {
            collect_dir(path, &mut files, &mut io_error);
        } else if path.exists() {
            files.push((path.clone(), true));
        } else {
            eprintln!("error: {}: no such file or directory", path.display());
            io_error = true;
        }
    }

    // Each file is checked with the nearest `speclint.toml` above it, under the flags. A
    // configuration that cannot be used stops the run before anything is checked.
    let flags = args.flags();
    let mut by_directory: HashMap<PathBuf, Result<Options, ConfigError>> = HashMap::new();
    let mut options_of = Vec::with_capacity(files.len());
    for (path, _) in &files {
        let directory = path.parent().unwrap_or(Path::new("")).to_path_buf();
        let options = by_directory
            .entry(directory)
            .or_insert_with_key(|directory| {
                config::for_directory(directory)
                    .map(|(config, _)| config.overlaid(&flags).options(false))
            });
        options_of.push(options.clone());
    }
    let mut config_errors: Vec<String> = Vec::new();
    for error in options_of.iter().filter_map(|o| o.as_ref().err()) {
        let error = error.to_string();
        if !config_errors.contains(&error) {
            config_errors.push(error);
        }
    }
    if !config_errors.is_empty() {
        for error in config_errors {
            eprintln!("error: {error}");
        }
        return ExitCode::from(2);
    }

    let checked = files.iter().zip(&options_of);
    let fixed = match fix::run(
        &args.fixes,
        checked.filter_map(|((p, e), o)| Some((p.as_path(), *e, o.as_ref().ok()?))),
    ) {
        Ok(fixed) => fixed,
        Err(exit) => return exit,
    };
    let reports: Vec<FileReport> = files
        .iter()
        .zip(&options_of)
        .map(|((path, explicit), options)| {
            let options = options
                .as_ref()
                .expect("configuration errors stopped the run");
            check_file(path, *explicit, options, &mut io_error)
        })
        .collect();
    let mut stdout = std::io::stdout().lock();
    if let Err(e) = output::write(&mut stdout, args.format, &reports) {
        if e.kind() != std::io::ErrorKind::BrokenPipe {
            eprintln!("error: writing the report: {e}");
        }
        return ExitCode::from(2);
    }
    fixed.print(args.format == Format::Text);
    let findings = reports.iter().any(|r| !r.diagnostics.is_empty());
    if io_error {
        ExitCode::from(2)
    } else if findings {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

fn collect_dir(dir: &Path, files: &mut Vec<(PathBuf, bool)>, io_error: &mut bool) {
    let mut entries: Vec<PathBuf> = match std::fs::read_dir(dir) {
        Ok(entries) => entries.flatten().map(|e| e.path()).collect(),
        Err(e) => {
            eprintln!("error: {}: {e}", dir.display());
            *io_error = true;
            return;
        }
    };
    entries.sort();
    for path in entries {
        let hidden = path
            .file_name()
            .and_then(|n| n.to_str())
            .is_some_and(|n| n.starts_with('.'));
        if hidden {
            continue;
        }
        if path.is_dir() {
            collect_dir(&path, files, io_error);
        } else if core::is_candidate_extension(&path) {
            files.push((path, false));
        }
    }
}

/// The file's bytes, in a buffer sized up front.
fn read_file(path: &Path) -> std::io::Result<Vec<u8>> {
    use std::io::Read;
    let mut file = std::fs::File::open(path)?;
    let size = file.metadata().map_or(0, |m| m.len() as usize);
    let mut bytes = Vec::with_capacity(size + 1);
    file.read_to_end(&mut bytes)?;
    Ok(bytes)
}

fn check_file(path: &Path, explicit: bool, options: &Options, io_error: &mut bool) -> FileReport {
    let display = path.display().to_string();
    let bytes = match read_file(path) {
        Ok(bytes) => bytes,
        Err(e) => {
            *io_error = true;
            return FileReport::problem(display, format!("cannot read the file: {e}"));
        }
    };
    // A binary module a language reads (SPIR-V) is checked in that language's text form.
    if let Detection::Found(language) = core::detect_binary_language(&bytes) {
        let analysis = Analysis::run(language, Input::Binary(&bytes), None, options);
        let diagnostics: Vec<Diagnostic> = analysis.diagnostics().to_vec();
        let locations = diagnostics
            .iter()
            .map(|d| analysis.position_label(d.range))
            .collect();
        let text = analysis.shown_text().map(str::to_string);
        return FileReport {
            path: display,
            text,
            diagnostics,
            locations,
        };
    }
    if let Err(problem) = core::decode(&bytes) {
        return FileReport::problem(display, problem.message());
    }
    // Decoding succeeded, so the bytes are UTF-8: take them without copying.
    let owned = String::from_utf8(bytes).expect("decode checked the bytes are UTF-8");
    let text = owned.as_str();
    let (language, warning) = match core::detect_language(Some(path), text) {
        Detection::Found(language) => (language, None),
        Detection::Foreign(_, ForeignContent::Skip(note)) => {
            eprintln!("note: {display}: {note}");
            return FileReport::clean(display, owned);
        }
        // A directory walk only picks files by extension; one whose content is not the
        // language's (other tools use the extensions too) is skipped quietly unless it was
        // named on the command line.
        _ if !explicit => return FileReport::clean(display, owned),
        Detection::Foreign(language, ForeignContent::CheckAnyway(warning)) => {
            (language, Some(warning.to_string()))
        }
        Detection::Unknown => {
            let language = core::fallback_language();
            let warning = format!(
                "speclint does not recognise the file's language; checked as {}",
                language.name()
            );
            (language, Some(warning))
        }
    };
    let analysis = Analysis::run(language, Input::Text(text), None, options);
    let mut diagnostics: Vec<Diagnostic> = analysis.diagnostics().to_vec();
    // Freeing a large syntax model takes as long as building parts of it; let another thread
    // do it while this one reports.
    std::thread::spawn(move || drop(analysis));
    if let Some(warning) = warning {
        diagnostics.insert(
            0,
            Diagnostic::new(&rules::UNREADABLE_INPUT, TextRange::empty(0), warning),
        );
    }
    FileReport {
        path: display,
        text: Some(owned),
        diagnostics,
        locations: Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Parser)]
    struct Command {
        #[command(flatten)]
        check: CheckArgs,
    }

    fn flags(args: &[&str]) -> Config {
        let mut all = vec!["check"];
        all.extend_from_slice(args);
        all.push("k.ptx");
        Command::try_parse_from(all).unwrap().check.flags()
    }

    #[test]
    fn target_applies_to_both_languages() {
        let config = flags(&["--target", "sm_90a"]);
        let ptx = ptx::language::overrides(config.language("ptx"));
        assert_eq!(ptx.target, speclint_spec_db::Target::parse("sm_90a"));
        assert_eq!(ptx.target_origin, None, "named as --target");
        let tile =
            |config: &Config| tile_ir::language::tile_ir_settings(config.language("tile-ir"));
        assert_eq!(tile(&config).target, Some(90));
        assert_eq!(tile(&flags(&["--target", "sm_100f"])).target, Some(100));
        assert_eq!(flags(&[]), Config::default());
    }

    #[test]
    fn tile_ir_versions_are_validated() {
        let config = flags(&["--tile-ir-version", "13.2"]);
        assert_eq!(config.language("tile-ir").text("version"), Some("13.2"));
        for bad in ["13.0", "13", "13.2.1", "latest"] {
            let parsed = Command::try_parse_from(["check", "--tile-ir-version", bad, "k.ptx"]);
            assert!(parsed.is_err(), "{bad}");
        }
    }
}
