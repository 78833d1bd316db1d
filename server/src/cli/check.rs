//! `speclint check PATH…`: gathers files, analyses each with the core, prints the findings.

use super::output::{self, FileReport, Format};
use crate::core::diagnostic::Diagnostic;
use crate::core::text::TextRange;
use crate::core::{self, rules, Analysis, Language, Options};
use clap::Args;
use speclint_spec_db::{Target, Version};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(Args)]
pub struct CheckArgs {
    /// Files and directories (directories are searched for .ptx files).
    #[arg(required = true)]
    paths: Vec<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    /// Check against this target instead of the module's `.target` (e.g. sm_80).
    #[arg(long, value_parser = parse_target)]
    target: Option<Target>,
    /// Check against this PTX ISA version instead of the module's `.version` (e.g. 7.8).
    #[arg(long = "ptx-version", value_parser = parse_version)]
    ptx_version: Option<Version>,
}

fn parse_target(text: &str) -> Result<Target, String> {
    Target::parse(text)
        .ok_or_else(|| format!("`{text}` is not a target like sm_90, sm_90a or sm_100f"))
}

fn parse_version(text: &str) -> Result<Version, String> {
    Version::parse(text).ok_or_else(|| format!("`{text}` is not a version like 8.0"))
}

pub fn run(args: &CheckArgs) -> ExitCode {
    let mut options = Options {
        record_uses: false,
        ..Options::default()
    };
    options.ptx.target = args.target;
    options.ptx.version = args.ptx_version;

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

    let reports: Vec<FileReport> = files
        .iter()
        .map(|(path, explicit)| check_file(path, *explicit, &options, &mut io_error))
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
    let analysis = Analysis::run(detected.unwrap_or(Language::Ptx), text, None, options);
    let mut diagnostics: Vec<Diagnostic> = analysis.diagnostics().to_vec();
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
