//! `speclint check PATH…`: gathers files, reads the `speclint.toml` above each, analyses each
//! with the core, prints the findings.

use super::output::{self, FileReport, Format};
use crate::core::config::{self, Config, ConfigError};
use crate::core::diagnostic::Diagnostic;
use crate::core::text::TextRange;
use crate::core::{self, rules, Analysis, Language, Options};
use clap::Args;
use speclint_spec_db::{Target, Version};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(Args)]
pub struct CheckArgs {
    /// Files and directories (directories are searched for .ptx and .mlir files).
    #[arg(required = true)]
    paths: Vec<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    /// Check against this target instead of the module's `.target` (e.g. sm_80); Tile IR
    /// modules are checked against it too.
    #[arg(long, value_parser = config::parse_target)]
    target: Option<Target>,
    /// Check against this PTX ISA version instead of the module's `.version` (e.g. 7.8).
    #[arg(long = "ptx-version", value_parser = config::parse_ptx_version)]
    ptx_version: Option<Version>,
    /// Check Tile IR modules against this Tile IR version (13.1, 13.2 or 13.3; default the
    /// newest).
    #[arg(long = "tile-ir-version", value_parser = config::parse_tile_ir_version)]
    tile_ir_version: Option<String>,
}

impl CheckArgs {
    /// The settings the flags give: the top layer, over any `speclint.toml`.
    fn flags(&self) -> Config {
        let mut flags = Config::default();
        flags.ptx.target = self.target;
        flags.ptx.version = self.ptx_version;
        flags.tile_ir.target = self.target.map(|t| u32::from(t.number));
        flags.tile_ir.version = self.tile_ir_version.clone();
        flags
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

fn check_file(path: &Path, explicit: bool, options: &Options, io_error: &mut bool) -> FileReport {
    let display = path.display().to_string();
    let bytes = match std::fs::read(path) {
        Ok(bytes) => bytes,
        Err(e) => {
            *io_error = true;
            return FileReport::problem(display, format!("cannot read the file: {e}"));
        }
    };
    if let Err(problem) = core::decode(&bytes) {
        return FileReport::problem(display, problem.message());
    }
    // Decoding succeeded, so the bytes are UTF-8: take them without copying.
    let owned = String::from_utf8(bytes).expect("decode checked the bytes are UTF-8");
    let text = owned.as_str();
    let detected = core::detect_language(Some(path), text);
    // A directory walk only picks `.ptx` files; one that is not PTX (other tools use the
    // extension too) is skipped quietly unless it was named on the command line.
    if detected.is_none() && !explicit {
        return FileReport::clean(display, owned);
    }
    let is_mlir = path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("mlir"));
    if detected.is_none() && is_mlir {
        // MLIR of another dialect is not speclint's to check; checking it as PTX would only
        // produce noise, and failing would break `speclint check **/*.mlir`.
        eprintln!("note: {display}: skipped, it does not use the cuda_tile dialect");
        return FileReport::clean(display, owned);
    }
    let analysis = Analysis::run(detected.unwrap_or(Language::Ptx), text, None, options);
    let mut diagnostics: Vec<Diagnostic> = analysis.diagnostics().to_vec();
    // Freeing a large syntax model takes as long as building parts of it; let another thread
    // do it while this one reports.
    std::thread::spawn(move || drop(analysis));
    if detected.is_none() {
        diagnostics.insert(
            0,
            Diagnostic::new(
                &rules::UNREADABLE_INPUT,
                TextRange::empty(0),
                "the file does not look like PTX (no `.version`/`.target`); checked as PTX anyway",
            ),
        );
    }
    FileReport {
        path: display,
        text: Some(owned),
        diagnostics,
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
        assert_eq!(config.ptx.target, Target::parse("sm_90a"));
        assert_eq!(config.ptx.target_origin, None, "named as --target");
        assert_eq!(config.tile_ir.target, Some(90));
        assert_eq!(flags(&["--target", "sm_100f"]).tile_ir.target, Some(100));
        assert_eq!(flags(&[]), Config::default());
    }

    #[test]
    fn tile_ir_versions_are_validated() {
        let config = flags(&["--tile-ir-version", "13.2"]);
        assert_eq!(config.tile_ir.version.as_deref(), Some("13.2"));
        for bad in ["13.0", "13", "13.2.1", "latest"] {
            let parsed = Command::try_parse_from(["check", "--tile-ir-version", bad, "k.ptx"]);
            assert!(parsed.is_err(), "{bad}");
        }
    }
}
