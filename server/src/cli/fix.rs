//! `--fix`, `--diff` and `--unsafe-fixes`: applies the fixes of each checked file before the
//! check reports what is left (ruff's conventions; the rounds are `core::fixes`).

use crate::languages::REGISTRY;
use clap::Args;
use speclint_analysis::config::display_path;
use speclint_analysis::fixes::{self, Fixed};
use speclint_analysis::{Analysis, Detection, Options};
use speclint_base::language::{ForeignContent, Language};
use std::io::Write;
use std::path::Path;
use std::process::ExitCode;

#[derive(Args, Clone, Debug, Default)]
pub struct FixArgs {
    /// Apply every safe fix, write the files, then report what is left.
    #[arg(long, conflicts_with = "diff")]
    fix: bool,
    /// Show the fixes `--fix` would apply as a unified diff, without writing; exit 1 when
    /// there are some.
    #[arg(long)]
    diff: bool,
    /// With `--fix` or `--diff`, apply unsafe fixes too (they may change what the code means:
    /// raising `.target`, respelling an opcode).
    #[arg(long = "unsafe-fixes")]
    unsafe_fixes: bool,
}

/// Standard input, read once by the check: `--fix` replaces `bytes` with the fixed text (and
/// prints it, as ruff does, since there is no file to write), `--diff` shows its diff.
pub struct StdinInput<'a> {
    /// `--stdin-filename`, which tells the language and names it in messages.
    pub name: Option<&'a Path>,
    pub bytes: &'a mut Vec<u8>,
    pub options: &'a Options,
}

/// What the fix pass did, for the summary after the report.
#[derive(Default)]
pub struct FixSummary {
    fixing: bool,
    /// The fixed standard input went to stdout, so the report must go to stderr.
    stdin_printed: bool,
    files: Vec<(String, Fixed)>,
    /// Unsafe fixes left in the fixed files that `--unsafe-fixes` would apply.
    unsafe_left: usize,
}

/// The fix pass, before the check: `Err` carries the exit code when the run ends here
/// (`--diff`, or a file that could not be written).
pub fn run<'a>(
    args: &FixArgs,
    stdin: Option<StdinInput>,
    files: impl IntoIterator<Item = (&'a Path, bool, &'a Options)>,
) -> Result<FixSummary, ExitCode> {
    let mut summary = FixSummary::default();
    if !args.fix && !args.diff {
        return Ok(summary);
    }
    summary.fixing = args.fix;
    let mut write_failed = false;
    let mut diffs = String::new();
    if let Some(stdin) = stdin {
        fix_stdin(args, stdin, &mut summary, &mut diffs);
    }
    for (path, explicit, options) in files {
        let Some((language, text)) = std::fs::read(path)
            .ok()
            .and_then(|bytes| text_of(bytes, Some(path), explicit))
        else {
            continue;
        };
        let display = display_path(path);
        let fixed = fix_input(
            args,
            language,
            &text,
            &display,
            options,
            &mut summary,
            &mut diffs,
        );
        if fixed.count() == 0 {
            continue;
        }
        if args.fix {
            if let Err(e) = std::fs::write(path, &fixed.text) {
                eprintln!("error: {display}: cannot write the fixes: {e}");
                write_failed = true;
                continue;
            }
        }
        summary.files.push((display, fixed));
    }
    if args.diff {
        let mut stdout = std::io::stdout().lock();
        let _ = stdout.write_all(diffs.as_bytes());
        let count: usize = summary.files.iter().map(|(_, f)| f.count()).sum();
        eprintln!("{}", would_fix(count, summary.unsafe_left));
        return Err(ExitCode::from(u8::from(count > 0)));
    }
    if write_failed {
        return Err(ExitCode::from(2));
    }
    Ok(summary)
}

/// `--fix` or `--diff` on standard input: the fixed text goes to stdout (unchanged when there is
/// nothing to fix, so `speclint check --fix - < in > out` always gives the whole input).
fn fix_stdin(args: &FixArgs, stdin: StdinInput, summary: &mut FixSummary, diffs: &mut String) {
    let display = stdin.name.map_or_else(|| "-".to_string(), display_path);
    let text = text_of(stdin.bytes.clone(), stdin.name, true);
    let Some((language, text)) = text else {
        if args.fix {
            let _ = std::io::stdout().write_all(stdin.bytes);
            summary.stdin_printed = true;
        }
        return;
    };
    let fixed = fix_input(
        args,
        language,
        &text,
        &display,
        stdin.options,
        summary,
        diffs,
    );
    if args.fix {
        let _ = std::io::stdout().write_all(fixed.text.as_bytes());
        summary.stdin_printed = true;
        *stdin.bytes = fixed.text.as_bytes().to_vec();
    }
    if fixed.count() > 0 {
        summary.files.push((display, fixed));
    }
}

/// Fixes one input's text: warns when the rounds did not settle, counts the unsafe fixes left
/// (without `--unsafe-fixes`) and, with `--diff`, adds its diff. Writing is the caller's.
fn fix_input(
    args: &FixArgs,
    language: &'static dyn Language,
    text: &str,
    display: &str,
    options: &Options,
    summary: &mut FixSummary,
    diffs: &mut String,
) -> Fixed {
    let fixed = fixes::fix_text(language, text, options, args.unsafe_fixes);
    if !fixed.converged {
        eprintln!(
            "warning: {display}: fixes kept applying after {} rounds; stopped",
            fixes::MAX_ROUNDS
        );
    }
    if !args.unsafe_fixes {
        summary.unsafe_left += unsafe_left(language, &fixed.text, options);
    }
    if args.diff && fixed.count() > 0 {
        let diff = similar::TextDiff::from_lines(text, fixed.text.as_str());
        diffs.push_str(&diff.unified_diff().header(display, display).to_string());
    }
    fixed
}

/// The text of an input the check would analyse as text, and its language.
fn text_of(
    bytes: Vec<u8>,
    name: Option<&Path>,
    explicit: bool,
) -> Option<(&'static dyn Language, String)> {
    if REGISTRY.detect_binary_language(&bytes).found().is_some() {
        return None; // A binary module has no text to fix.
    }
    let text = String::from_utf8(bytes).ok()?;
    speclint_analysis::decode(text.as_bytes()).ok()?;
    match REGISTRY.detect_language(name, &text) {
        Detection::Found(language) => Some((language, text)),
        Detection::Foreign(language, ForeignContent::CheckAnyway(_)) if explicit => {
            Some((language, text))
        }
        _ => None,
    }
}

/// How many findings of the text have a fix only `--unsafe-fixes` applies.
fn unsafe_left(language: &'static dyn Language, text: &str, options: &Options) -> usize {
    let analysis = Analysis::run(
        language,
        speclint_base::language::Input::Text(text),
        None,
        options,
    );
    analysis
        .diagnostics()
        .iter()
        .filter(|d| {
            fixes::applicable(&d.fixes, false).is_none()
                && fixes::applicable(&d.fixes, true).is_some()
        })
        .count()
}

fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

fn would_fix(count: usize, unsafe_left: usize) -> String {
    let mut line = if count == 0 {
        "No fixes to apply.".to_string()
    } else {
        format!("Would fix {}.", plural(count, "finding", "findings"))
    };
    line.push_str(&unsafe_hint(unsafe_left));
    line
}

fn unsafe_hint(unsafe_left: usize) -> String {
    match unsafe_left {
        0 => String::new(),
        n => format!(
            " {} available with --unsafe-fixes.",
            plural(n, "more fix is", "more fixes are")
        ),
    }
}

impl FixSummary {
    /// Whether standard output holds the fixed standard input, so the report goes elsewhere.
    pub fn printed_stdin(&self) -> bool {
        self.stdin_printed
    }

    /// After the report, with `--fix`: what was fixed in each file (on stdout for the text
    /// format, else on stderr, so JSON and SARIF stay parseable).
    pub fn print(&self, on_stdout: bool) {
        if !self.fixing {
            return;
        }
        let mut lines: Vec<String> = self
            .files
            .iter()
            .map(|(path, fixed)| {
                let by_rule: Vec<String> = fixed
                    .applied
                    .iter()
                    .map(|(rule, n)| format!("{} ({}) ×{n}", rule.code, rule.name))
                    .collect();
                format!(
                    "Fixed {} in {path}: {}.",
                    plural(fixed.count(), "finding", "findings"),
                    by_rule.join(", ")
                )
            })
            .collect();
        if lines.is_empty() {
            lines.push("No fixes applied.".into());
        }
        if self.unsafe_left > 0 {
            lines.push(unsafe_hint(self.unsafe_left).trim_start().to_string());
        }
        let text = lines.join("\n") + "\n";
        if on_stdout && !self.stdin_printed {
            print!("{text}");
        } else {
            eprint!("{text}");
        }
    }
}
