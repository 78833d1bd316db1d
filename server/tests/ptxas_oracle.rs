//! ptxas oracle: checks `speclint check` against NVIDIA's reference PTX assembler.
//!
//! Fixtures live in `tests/oracle/ptx/{invalid,valid}/*.ptx`. Each starts with
//!
//! ```text
//! // arch: compute_90              -> passed to ptxas as -arch=
//! // expect: PTX005 line 16        -> invalid/: the rule code and the line it breaks
//! // expect: clean                 -> valid/: ptxas accepts it
//! // expect: PTX016 line 9         -> unenforced/: ptxas accepts it; speclint warns on that line
//! // rule: free text
//! ```
//!
//! For every invalid fixture, ptxas must reject it with an error on the `expect` line (otherwise the
//! fixture itself is stale), every line ptxas reports an error on must carry a speclint diagnostic of
//! severity "error", and speclint must report the `expect` code on the `expect` line.
//! For every valid fixture, ptxas must accept it and speclint must report no error and no warning.
//! For every unenforced fixture (a spec rule ptxas does not enforce), ptxas must accept it and
//! speclint must report the `expect` code as a warning on the `expect` line and nothing else of
//! severity warning or error.
//!
//! All disagreements are collected and reported together in one panic at the end.
//!
//! ptxas is found via `$PTXAS`, else the `nvidia` Python package (`nvidia/cu13/bin/ptxas`), else
//! `ptxas` on `PATH`. Without ptxas the test is skipped loudly, or fails when `$CI` is set.
//! `ORACLE_FILTER=substring` restricts the run to fixtures whose path contains the substring.

use std::collections::BTreeSet;
use std::env;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use speclint_test_support::oracle;
use speclint_test_support::oracle::{indent, parallel, run_speclint, show_lint, LintDiag};
use speclint_test_support::ptxas::{find_ptxas, parse_ptxas_line, PtxasDiag};

const SPECLINT: &str = env!("CARGO_BIN_EXE_speclint");

const FIXTURES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/oracle/ptx");

/// Guard against a silently empty fixture directory.
const MIN_INVALID: usize = 48;
const MIN_VALID: usize = 15;
const MIN_UNENFORCED: usize = 3;

#[derive(Debug, Clone, PartialEq, Eq)]
enum Expect {
    Clean,
    Error {
        code: String,
        line: u32,
    },
    /// A form ptxas accepts though the spec forbids it: exactly this warning.
    Warning {
        code: String,
        line: u32,
    },
}

#[derive(Debug)]
struct Fixture {
    /// Path relative to the fixture root, e.g. `invalid/001-foo.ptx`.
    name: String,
    path: PathBuf,
    arch: String,
    expect: Expect,
}

#[derive(Debug)]
struct PtxasResult {
    success: bool,
    /// Diagnostics of kind `error` or `fatal` that carry a line number.
    errors: Vec<PtxasDiag>,
    output: String,
}

// ------------------------------------------------------------------------------------------------
// ptxas discovery and invocation

fn run_ptxas(ptxas: &Path, fx: &Fixture) -> PtxasResult {
    let out = Command::new(ptxas)
        .arg(format!("-arch={}", fx.arch))
        .arg(&fx.path)
        .args(["-o", "/dev/null"])
        .output()
        .unwrap_or_else(|e| panic!("cannot run {}: {e}", ptxas.display()));
    let mut output = String::from_utf8_lossy(&out.stdout).into_owned();
    output.push_str(&String::from_utf8_lossy(&out.stderr));
    let errors = output.lines().filter_map(parse_ptxas_line).collect();
    PtxasResult {
        success: out.status.success(),
        errors,
        output,
    }
}

// ------------------------------------------------------------------------------------------------
// fixtures

fn parse_header(name: &str, text: &str) -> Result<(String, Expect), String> {
    let mut arch = None;
    let mut expect = None;
    for line in text.lines().take_while(|l| l.starts_with("//")) {
        let body = line.trim_start_matches('/').trim();
        if let Some(v) = body.strip_prefix("arch:") {
            arch = Some(v.trim().to_string());
        } else if let Some(v) = body.strip_prefix("expect:") {
            let v = v.trim();
            expect = Some(if v == "clean" {
                Expect::Clean
            } else {
                let mut parts = v.split_whitespace();
                match (parts.next(), parts.next(), parts.next(), parts.next()) {
                    (Some(code), Some("line"), Some(n), None) if code.starts_with("PTX") => {
                        Expect::Error {
                            code: code.to_string(),
                            line: n
                                .parse()
                                .map_err(|_| format!("{name}: bad line in `expect: {v}`"))?,
                        }
                    }
                    _ => return Err(format!("{name}: cannot parse `expect: {v}`")),
                }
            });
        }
    }
    let arch = arch.ok_or_else(|| format!("{name}: missing `// arch:` header"))?;
    let expect = expect.ok_or_else(|| format!("{name}: missing `// expect:` header"))?;
    Ok((arch, expect))
}

fn load_fixtures(dir: &str) -> Result<Vec<Fixture>, String> {
    let root = Path::new(FIXTURES).join(dir);
    let mut paths: Vec<PathBuf> = fs::read_dir(&root)
        .map_err(|e| format!("cannot read {}: {e}", root.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "ptx"))
        .collect();
    paths.sort();
    let mut out = Vec::new();
    for path in paths {
        let name = format!("{dir}/{}", path.file_name().unwrap().to_string_lossy());
        let text = fs::read_to_string(&path).map_err(|e| format!("{name}: {e}"))?;
        let (arch, mut expect) = parse_header(&name, &text)?;
        if let ("unenforced", Expect::Error { code, line }) = (dir, &expect) {
            expect = Expect::Warning {
                code: code.clone(),
                line: *line,
            };
        }
        match (&expect, dir) {
            (Expect::Clean, "valid")
            | (Expect::Error { .. }, "invalid")
            | (Expect::Warning { .. }, "unenforced") => {}
            _ => {
                return Err(format!(
                    "{name}: `expect:` does not fit the {dir}/ directory"
                ))
            }
        }
        out.push(Fixture {
            name,
            path,
            arch,
            expect,
        });
    }
    Ok(out)
}

// ------------------------------------------------------------------------------------------------
// comparison

/// Returns the failure messages for one fixture (empty when speclint agrees with ptxas).
fn check_fixture(ptxas: &Path, fx: &Fixture) -> Vec<String> {
    let mut failures = Vec::new();
    let px = run_ptxas(ptxas, fx);
    let lint = match run_speclint(SPECLINT, &[], &[&fx.path]) {
        Ok(d) => Some(d),
        Err(e) => {
            failures.push(format!("{}: {e}", fx.name));
            None
        }
    };
    match &fx.expect {
        Expect::Error { code, line } => {
            // The fixture itself must still be rejected by ptxas on the expected line.
            if px.success {
                failures.push(format!(
                    "{}: stale fixture: ptxas -arch={} accepts it\n{}",
                    fx.name,
                    fx.arch,
                    indent(&px.output)
                ));
            } else if !px.errors.iter().any(|e| e.line == *line) {
                failures.push(format!(
                    "{}: stale fixture: ptxas reports no error on the expected line {line}\n{}",
                    fx.name,
                    indent(&px.output)
                ));
            }
            let Some(lint) = lint else { return failures };
            let lint_error_lines: BTreeSet<u32> = lint
                .iter()
                .filter(|d| d.severity == "error")
                .map(|d| d.line)
                .collect();
            let mut seen = BTreeSet::new();
            for e in &px.errors {
                if !seen.insert(e.line) || lint_error_lines.contains(&e.line) {
                    continue;
                }
                let on_line: Vec<LintDiag> =
                    lint.iter().filter(|d| d.line == e.line).cloned().collect();
                failures.push(format!(
                    "{}:{}: ptxas error not reported as an error by speclint\n      ptxas:    {}\n{}",
                    fx.name,
                    e.line,
                    e.message,
                    if on_line.is_empty() { show_lint(&lint) } else { show_lint(&on_line) }
                ));
            }
            if !lint.iter().any(|d| d.line == *line && d.code == *code) {
                let ptxas_msg = px
                    .errors
                    .iter()
                    .find(|e| e.line == *line)
                    .map_or("(none)", |e| e.message.as_str());
                failures.push(format!(
                    "{}:{line}: expected {code} on line {line}\n      ptxas:    {ptxas_msg}\n{}",
                    fx.name,
                    show_lint(&lint)
                ));
            }
        }
        Expect::Warning { code, line } => {
            if !px.success || !px.errors.is_empty() {
                failures.push(format!(
                    "{}: stale fixture: ptxas -arch={} rejects it\n{}",
                    fx.name,
                    fx.arch,
                    indent(&px.output)
                ));
            }
            let Some(lint) = lint else { return failures };
            let warned = lint
                .iter()
                .any(|d| d.severity == "warning" && d.code == *code && d.line == *line);
            let other: Vec<LintDiag> = lint
                .iter()
                .filter(|d| d.severity == "error" || d.severity == "warning")
                .filter(|d| d.code != *code || d.line != *line || d.severity != "warning")
                .cloned()
                .collect();
            if !warned || !other.is_empty() {
                failures.push(format!(
                    "{}:{line}: ptxas accepts it; expected only the warning {code} on line {line}\n{}",
                    fx.name,
                    show_lint(&lint)
                ));
            }
        }
        Expect::Clean => {
            if !px.success || !px.errors.is_empty() {
                failures.push(format!(
                    "{}: stale fixture: ptxas -arch={} rejects it\n{}",
                    fx.name,
                    fx.arch,
                    indent(&px.output)
                ));
            }
            let Some(lint) = lint else { return failures };
            let bad: Vec<LintDiag> = lint
                .into_iter()
                .filter(|d| d.severity == "error" || d.severity == "warning")
                .collect();
            if !bad.is_empty() {
                failures.push(format!(
                    "{}: valid PTX (ptxas accepts it) but speclint reports {} error/warning(s)\n{}",
                    fx.name,
                    bad.len(),
                    show_lint(&bad)
                ));
            }
        }
    }
    failures
}

#[test]
fn ptxas_parser_line_format() {
    let d = parse_ptxas_line("ptxas /x/a, line 3.ptx, line 16; error   : Unknown modifier '.foo'")
        .unwrap();
    assert_eq!(d.line, 16);
    assert_eq!(d.message, "Unknown modifier '.foo'");
    let d =
        parse_ptxas_line("ptxas t.ptx, line 5; fatal   : Parsing error near '.foo': syntax error")
            .unwrap();
    assert_eq!(
        (d.line, d.message.as_str()),
        (5, "Parsing error near '.foo': syntax error")
    );
    assert!(parse_ptxas_line("ptxas t.ptx, line 5; warning : something").is_none());
    assert!(parse_ptxas_line("ptxas fatal   : Ptx assembly aborted due to errors").is_none());
}

#[test]
fn ptxas_oracle() {
    let Some(ptxas) = find_ptxas() else {
        let msg = "ptxas not found (set PTXAS, `pip install nvidia-cuda-nvcc` for CUDA 13, \
                   or put ptxas on PATH)";
        oracle::skip_without_tools("ptxas_oracle", msg);
        return;
    };

    let invalid = load_fixtures("invalid").unwrap_or_else(|e| panic!("{e}"));
    let valid = load_fixtures("valid").unwrap_or_else(|e| panic!("{e}"));
    let unenforced = load_fixtures("unenforced").unwrap_or_else(|e| panic!("{e}"));
    assert!(
        invalid.len() >= MIN_INVALID && valid.len() >= MIN_VALID && unenforced.len() >= MIN_UNENFORCED,
        "expected at least {MIN_INVALID} invalid, {MIN_VALID} valid and {MIN_UNENFORCED} unenforced fixtures under {FIXTURES}, found {}, {} and {}",
        invalid.len(),
        valid.len(),
        unenforced.len()
    );

    let filter = env::var("ORACLE_FILTER").unwrap_or_default();
    let fixtures: Vec<&Fixture> = invalid
        .iter()
        .chain(&valid)
        .chain(&unenforced)
        .filter(|f| f.name.contains(filter.as_str()))
        .collect();
    assert!(
        !fixtures.is_empty(),
        "ORACLE_FILTER={filter:?} matches no fixture"
    );

    // ptxas and speclint are separate processes: run the fixtures on a few threads.
    let results = parallel(&fixtures, |fx| check_fixture(&ptxas, fx));
    let failing_files = results.iter().filter(|f| !f.is_empty()).count();
    let failures: Vec<String> = results.into_iter().flatten().collect();

    eprintln!(
        "ptxas oracle: {} fixture(s) checked with {}; {} disagree",
        fixtures.len(),
        ptxas.display(),
        failing_files
    );
    if !failures.is_empty() {
        panic!(
            "ptxas oracle: {failing_files} of {} fixture(s) disagree ({} problem(s)):\n\n{}\n",
            fixtures.len(),
            failures.len(),
            failures.join("\n\n")
        );
    }
}
