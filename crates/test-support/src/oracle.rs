//! What the oracle tests (`ptxas_oracle.rs`, `tileiras_oracle.rs`) share: running
//! `speclint check --format json` and reading its findings, showing them and a tool's output in
//! failure messages, skipping without the tools, and a small thread pool.

use std::borrow::Borrow;
use std::env;
use std::ffi::OsStr;
use std::io::Write;
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

/// One finding of `speclint check --format json`.
#[derive(Debug, Clone)]
pub struct LintDiag {
    /// The path as speclint was given it.
    pub path: String,
    pub code: String,
    pub severity: String,
    pub message: String,
    pub line: u32,
}

impl LintDiag {
    pub fn show(&self) -> String {
        format!(
            "{}:{} {} {}",
            self.line, self.severity, self.code, self.message
        )
    }
}

/// Runs `speclint check --format json ARGS PATHS` (the binary at `speclint`); the findings of all paths, in speclint's
/// order. An exit status other than 0 or 1, or output that is not a JSON array of findings
/// with a numeric `line`, is an error.
pub fn run_speclint<P: AsRef<OsStr>>(
    speclint: &str,
    args: &[&str],
    paths: &[P],
) -> Result<Vec<LintDiag>, String> {
    let out = Command::new(speclint)
        .args(["check", "--format", "json"])
        .args(args)
        .args(paths)
        .output()
        .map_err(|e| format!("cannot run {speclint}: {e}"))?;
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stdout = stdout.trim();
    if !matches!(out.status.code(), Some(0) | Some(1)) {
        let run: String = args.iter().map(|a| format!(" {a}")).collect();
        return Err(format!(
            "speclint{run} exited with {:?} (expected 0 or 1)\n      stdout: {}\n      stderr: {}",
            out.status.code(),
            stdout,
            String::from_utf8_lossy(&out.stderr).trim()
        ));
    }
    let text = if stdout.is_empty() { "[]" } else { stdout };
    let json: serde_json::Value = serde_json::from_str(text)
        .map_err(|e| format!("speclint output is not JSON ({e}): {}", clip(text)))?;
    let items = json
        .as_array()
        .ok_or_else(|| format!("speclint output is not a JSON array: {}", clip(text)))?;
    let mut diags = Vec::with_capacity(items.len());
    for item in items {
        let field = |k: &str| {
            item.get(k)
                .and_then(|v| v.as_str())
                .unwrap_or("")
                .to_string()
        };
        let line = item
            .get("line")
            .and_then(|v| v.as_u64())
            .ok_or_else(|| format!("speclint diagnostic without a numeric `line`: {item}"))?;
        diags.push(LintDiag {
            path: field("path"),
            code: field("code"),
            severity: field("severity"),
            message: field("message"),
            line: line as u32,
        });
    }
    Ok(diags)
}

/// The first 2000 characters of `text`, for error messages.
fn clip(text: &str) -> String {
    match text.char_indices().nth(2000) {
        Some((at, _)) => format!("{} ...", &text[..at]),
        None => text.to_string(),
    }
}

/// Findings as `      speclint: LINE:SEVERITY CODE MESSAGE` lines.
pub fn show_lint<D: Borrow<LintDiag>>(diags: &[D]) -> String {
    if diags.is_empty() {
        return "      speclint: (no diagnostics in the file)".to_string();
    }
    diags
        .iter()
        .map(|d| format!("      speclint: {}", d.borrow().show()))
        .collect::<Vec<_>>()
        .join("\n")
}

/// A tool's output, each line prefixed with `      | `.
pub fn indent(text: &str) -> String {
    text.lines()
        .map(|l| format!("      | {l}"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// For an oracle `test` (e.g. `ptxas_oracle`) whose tools are missing (`why`): panics when
/// `$CI` is set, else says loudly that the test is skipped; the test then returns.
pub fn skip_without_tools(test: &str, why: &str) {
    if env::var_os("CI").is_some() {
        panic!(
            "{}: {why}; CI is set, so this is a failure",
            test.replace('_', " ")
        );
    }
    // Written to the real stderr so that libtest's output capture does not hide it.
    let bar = "#".repeat(80);
    let _ = writeln!(
        std::io::stderr(),
        "\n{bar}\n## SKIPPED {test}: {why}\n{bar}\n"
    );
}

/// Runs `f` over `items` on a few threads; results in the order of `items`.
pub fn parallel<T: Sync, R: Send>(items: &[T], f: impl Fn(&T) -> R + Sync) -> Vec<R> {
    let workers = std::thread::available_parallelism()
        .map_or(4, |n| n.get())
        .clamp(1, 8);
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<R>>> = Mutex::new((0..items.len()).map(|_| None).collect());
    std::thread::scope(|s| {
        for _ in 0..workers {
            s.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(item) = items.get(i) else { break };
                let r = f(item);
                results.lock().unwrap()[i] = Some(r);
            });
        }
    });
    results
        .into_inner()
        .unwrap()
        .into_iter()
        .map(|r| r.expect("every item ran"))
        .collect()
}
