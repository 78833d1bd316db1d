//! `speclint check PATH…`: gathers files, reads the `speclint.toml` above each, analyses each
//! with the core, prints the findings.

use super::args::CheckArgs;
use super::fix;
use super::output::{self, FileReport, Format, Presentation};
use crate::languages::REGISTRY;
use speclint_analysis::config::{self, Config, ConfigError};
use speclint_analysis::selection::RuleTable;
use speclint_analysis::walk::{self, Exclude, Found};
use speclint_analysis::{Analysis, Detection, Options};
use speclint_base::diagnostic::{Diagnostic, Severity};
use speclint_base::language::{ForeignContent, Input, Language};
use speclint_base::rules;
use speclint_base::run::runner::RunError;
use speclint_base::text::TextRange;
use std::collections::HashMap;
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Mutex;

/// Findings at least this severe fail the check unless `--fail-on` or `[check] fail-on` says
/// otherwise: errors and warnings, not infos and hints (ruff's rule: what is worth fixing).
const DEFAULT_FAIL_ON: Severity = Severity::Warning;

pub fn run(args: &CheckArgs) -> ExitCode {
    // `--config` replaces the nearest `speclint.toml` for every file.
    let config_file = match &args.config {
        Some(path) => match Config::load(&REGISTRY, path) {
            Ok(config) => Some((config, path.clone())),
            Err(error) => {
                eprintln!("error: {error}");
                return ExitCode::from(2);
            }
        },
        None => None,
    };
    let cwd = std::env::current_dir().unwrap_or_default();
    let flag_excludes: Vec<Exclude> = args
        .exclude
        .iter()
        .map(|glob| Exclude::new(glob, &cwd).expect("clap validated the glob"))
        .collect();
    let mut configs = Configs {
        explicit: config_file,
        by_directory: HashMap::new(),
    };
    let mut config_excludes: HashMap<PathBuf, Vec<Exclude>> = HashMap::new();
    let mut excluded = |path: &Path, is_dir: bool| {
        if flag_excludes.iter().any(|e| e.matches(path, is_dir)) {
            return true;
        }
        let directory = path.parent().unwrap_or(Path::new("")).to_path_buf();
        config_excludes
            .entry(directory)
            .or_insert_with_key(|directory| excludes_of(configs.of(directory)))
            .iter()
            .any(|e| e.matches(path, is_dir))
    };
    let walk = walk::walk(&REGISTRY, &args.paths, &mut excluded);
    for note in &walk.notes {
        eprintln!("{note}");
    }
    if walk.files.is_empty() {
        let extensions: Vec<String> = REGISTRY
            .languages()
            .iter()
            .flat_map(|l| l.extensions())
            .map(|e| format!(".{e}"))
            .collect();
        eprintln!(
            "warning: no files to check under the given paths (speclint reads {})",
            extensions.join(", ")
        );
    }

    // Each file is checked with the nearest `speclint.toml` above it (or `--config`'s), under
    // the flags. A configuration that cannot be used stops the run before anything is checked.
    let flags = args.flags();
    let mut by_directory: HashMap<PathBuf, Result<Options, ConfigError>> = HashMap::new();
    let mut options_of = Vec::with_capacity(walk.files.len());
    for found in &walk.files {
        let directory = config_directory(args, found);
        let options = by_directory
            .entry(directory)
            .or_insert_with_key(|directory| {
                configs
                    .of(directory)
                    .clone()
                    .map(|(config, _)| config.overlaid(&flags).options(REGISTRY, false))
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

    // Standard input is read once: the fix pass may replace it, the check reads what is left.
    let stdin_at = walk
        .files
        .iter()
        .position(|found| found.unreadable.is_none() && found.path.as_os_str() == walk::STDIN);
    let mut stdin: Option<Result<Vec<u8>, String>> = stdin_at.map(|_| read_stdin());

    // Files are fixed (or their fixes shown) before they are checked, so the report is of what
    // is left. Unreadable inputs have nothing to write back.
    let stdin_fix = match (&mut stdin, stdin_at) {
        (Some(Ok(bytes)), Some(at)) => Some(fix::StdinInput {
            name: args.stdin_filename.as_deref(),
            bytes,
            options: options_of[at]
                .as_ref()
                .expect("configuration errors stopped the run"),
        }),
        _ => None,
    };
    let fixable = walk
        .files
        .iter()
        .zip(&options_of)
        .filter_map(|(found, options)| {
            let readable = found.unreadable.is_none() && found.path.as_os_str() != walk::STDIN;
            readable.then_some((found.path.as_path(), found.explicit, options.as_ref().ok()?))
        });
    let fixed = match fix::run(&args.fixes, stdin_fix, fixable) {
        Ok(fixed) => fixed,
        Err(exit) => return exit,
    };
    let mut fails = false;
    let options_of: Vec<&Options> = options_of
        .iter()
        .map(|o| o.as_ref().expect("configuration errors stopped the run"))
        .collect();
    let resources = args.resources.then(CompiledFindings::default);
    let reports = in_parallel(&walk.files, |i, found| {
        check_found(
            args,
            found,
            options_of[i],
            stdin.as_ref(),
            resources.as_ref(),
        )
    });
    for (report, options) in reports.iter().zip(&options_of) {
        let fail_on = args
            .fail_on
            .map(|f| f.severity())
            .or(options.config.check.fail_on)
            .unwrap_or(DEFAULT_FAIL_ON);
        fails |= report.diagnostics.iter().any(|d| d.severity <= fail_on);
    }

    let is_terminal = args.output_file.is_none() && std::io::stdout().is_terminal();
    let how = Presentation {
        format: args.format,
        color: args.color.enabled(is_terminal),
        max_per_file: args.max_errors,
        statistics: args.statistics,
        quiet: args.quiet,
    };
    let written = match &args.output_file {
        Some(path) => std::fs::File::create(path)
            .map(std::io::BufWriter::new)
            .and_then(|mut file| {
                output::write(&mut file, &how, &reports)?;
                file.flush()
            })
            .map_err(|e| format!("writing the report to {}: {e}", path.display())),
        // With `--fix -`, stdout holds the fixed text; the report goes to stderr (as in ruff).
        None if fixed.printed_stdin() => {
            output::write(&mut std::io::stderr().lock(), &how, &reports)
                .map_err(|e| format!("writing the report: {e}"))
        }
        None => output::write(&mut std::io::stdout().lock(), &how, &reports).or_else(|e| {
            match e.kind() {
                std::io::ErrorKind::BrokenPipe => Ok(()),
                _ => Err(format!("writing the report: {e}")),
            }
        }),
    };
    if let Err(e) = written {
        eprintln!("error: {e}");
        return ExitCode::from(2);
    }
    fixed.print(args.format == Format::Text);
    if reports.iter().any(|r| r.unread) {
        ExitCode::from(2)
    } else if fails && !args.exit_zero {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

/// `check(i, item)` for each item, on as many threads as there are cores (a walk of a header
/// tree is thousands of independent files), the results in the items' order.
fn in_parallel<T: Sync, R: Send>(items: &[T], check: impl Fn(usize, &T) -> R + Sync) -> Vec<R> {
    let threads = std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .min(items.len());
    if threads <= 1 {
        return items.iter().enumerate().map(|(i, t)| check(i, t)).collect();
    }
    // Files differ a lot in cost, so each thread takes the next file rather than a fixed share.
    let next = std::sync::atomic::AtomicUsize::new(0);
    let mut results: Vec<(usize, R)> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                scope.spawn(|| {
                    let mut done = Vec::new();
                    loop {
                        let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        let Some(item) = items.get(i) else { break };
                        done.push((i, check(i, item)));
                    }
                    done
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|w| w.join().expect("a check thread panicked"))
            .collect()
    });
    results.sort_by_key(|(i, _)| *i);
    results.into_iter().map(|(_, r)| r).collect()
}

/// The directory whose `speclint.toml` a file uses: its own, or for standard input the
/// directory of `--stdin-filename` (the current one without it).
fn config_directory(args: &CheckArgs, found: &Found) -> PathBuf {
    let path = match &args.stdin_filename {
        Some(name) if found.path.as_os_str() == walk::STDIN => name,
        _ => &found.path,
    };
    path.parent().unwrap_or(Path::new("")).to_path_buf()
}

/// The configuration of each directory, each read once (the walk's excludes and the checks'
/// options both need it): `--config`'s file for every directory, else the nearest
/// `speclint.toml` above it.
struct Configs {
    explicit: Option<(Config, PathBuf)>,
    by_directory: HashMap<PathBuf, Result<(Config, Option<PathBuf>), ConfigError>>,
}

impl Configs {
    fn of(&mut self, directory: &Path) -> &Result<(Config, Option<PathBuf>), ConfigError> {
        let explicit = &self.explicit;
        self.by_directory
            .entry(directory.to_path_buf())
            .or_insert_with(|| match explicit {
                Some((config, path)) => Ok((config.clone(), Some(path.clone()))),
                None => config::for_directory(&REGISTRY, directory),
            })
    }
}

/// The exclude patterns of a directory's configuration (and the file it came from), relative
/// to the directory of that file. A file that cannot be read excludes nothing (the check
/// reports it when it comes to the files).
fn excludes_of(config: &Result<(Config, Option<PathBuf>), ConfigError>) -> Vec<Exclude> {
    let Ok((config, path)) = config else {
        return Vec::new();
    };
    let Some(base) = path
        .as_deref()
        .and_then(|p| std::path::absolute(p).ok())
        .and_then(|p| p.parent().map(Path::to_path_buf))
    else {
        return Vec::new();
    };
    config
        .check
        .exclude
        .iter()
        .filter_map(|glob| Exclude::new(glob, &base).ok())
        .collect()
}

/// Standard input, whole.
fn read_stdin() -> Result<Vec<u8>, String> {
    use std::io::Read;
    let mut bytes = Vec::new();
    match std::io::stdin().lock().read_to_end(&mut bytes) {
        Ok(_) => Ok(bytes),
        Err(e) => Err(format!("cannot read standard input: {e}")),
    }
}

/// `--resources`: each module's findings with those of a compile added; a language whose
/// compiler is missing is said so once, and its modules are checked without.
#[derive(Default)]
struct CompiledFindings {
    missing: Mutex<Vec<&'static str>>,
}

impl CompiledFindings {
    fn diagnostics(
        &self,
        language: &'static dyn Language,
        analysis: &Analysis,
        text: &str,
        options: &Options,
    ) -> Vec<Diagnostic> {
        let Some(check) = language.resource_check() else {
            return analysis.diagnostics().to_vec();
        };
        let settings = options.config.language(language.id());
        match check.check(text, settings, &analysis.kernel_launches(text)) {
            Ok(report) => analysis.diagnostics_with_compiled(text, &report.findings, options),
            // A module the compiler rejects has the check's own errors; nothing to add.
            Err(RunError::Build { .. }) => analysis.diagnostics().to_vec(),
            Err(error) => {
                let mut missing = self.missing.lock().unwrap_or_else(|e| e.into_inner());
                if !missing.contains(&language.id()) {
                    missing.push(language.id());
                    let codes: Vec<&str> = check.rules().iter().map(|r| r.code).collect();
                    eprintln!(
                        "note: --resources: {} modules are checked without {}: {}",
                        language.name(),
                        codes.join(", "),
                        error.message(),
                    );
                }
                analysis.diagnostics().to_vec()
            }
        }
    }
}

/// Checks one input; `stdin` is standard input as read once by the run (when it is an input).
fn check_found(
    args: &CheckArgs,
    found: &Found,
    options: &Options,
    stdin: Option<&Result<Vec<u8>, String>>,
    resources: Option<&CompiledFindings>,
) -> FileReport {
    if let Some(why) = &found.unreadable {
        return FileReport::unread(found.path.display().to_string(), why.clone());
    }
    if found.path.as_os_str() == walk::STDIN {
        let display = args
            .stdin_filename
            .as_ref()
            .map_or_else(|| walk::STDIN.to_string(), |p| p.display().to_string());
        return match stdin.expect("standard input is read when it is an input") {
            Ok(bytes) => check_bytes(
                display,
                args.stdin_filename.as_deref(),
                bytes.clone(),
                true,
                options,
                resources,
            ),
            Err(why) => FileReport::unread(display, why.clone()),
        };
    }
    let display = found.path.display().to_string();
    match read_file(&found.path) {
        Ok(bytes) => check_bytes(
            display,
            Some(&found.path),
            bytes,
            found.explicit,
            options,
            resources,
        ),
        Err(e) => FileReport::unread(display, format!("cannot read the file: {e}")),
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

/// Checks one input: `name` is the path its language is told by (None for standard input
/// without `--stdin-filename`).
fn check_bytes(
    display: String,
    name: Option<&Path>,
    bytes: Vec<u8>,
    explicit: bool,
    options: &Options,
    resources: Option<&CompiledFindings>,
) -> FileReport {
    // A binary module a language reads (SPIR-V) is checked in that language's text form.
    if let Detection::Found(language) = REGISTRY.detect_binary_language(&bytes) {
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
            unread: false,
        };
    }
    if let Err(problem) = speclint_analysis::decode(&bytes) {
        return FileReport::problem(display, problem.message());
    }
    // Decoding succeeded, so the bytes are UTF-8: take them without copying.
    let owned = String::from_utf8(bytes).expect("decode checked the bytes are UTF-8");
    let text = owned.as_str();
    let (language, warning) = match REGISTRY.detect_language(name, text) {
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
            let language = REGISTRY.fallback_language();
            let warning = format!(
                "speclint does not recognise the file's language; checked as {}",
                language.name()
            );
            (language, Some(warning))
        }
    };
    let analysis = Analysis::run_at(language, Input::Text(text), name, options);
    let mut diagnostics: Vec<Diagnostic> = match resources {
        Some(resources) => resources.diagnostics(language, &analysis, text, options),
        None => analysis.diagnostics().to_vec(),
    };
    // Freeing a large syntax model takes as long as building parts of it; let another thread
    // do it while this one reports.
    std::thread::spawn(move || drop(analysis));
    // The note is a finding like the analysis's: the rule selection applies to it too. It
    // reports a guess about the file's language, and a guess is never more than a hint.
    let table = RuleTable::resolve(REGISTRY.rules(), options.config.rule_layers());
    if let (Some(warning), Some(_)) = (warning, table.severity(&rules::UNREADABLE_INPUT)) {
        let mut diagnostic =
            Diagnostic::new(&rules::UNREADABLE_INPUT, TextRange::empty(0), warning);
        diagnostic.severity = Severity::Hint;
        diagnostics.insert(0, diagnostic);
    }
    FileReport {
        path: display,
        text: Some(owned),
        diagnostics,
        locations: Vec::new(),
        unread: false,
    }
}
