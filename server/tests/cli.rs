//! Golden ("snapshot") tests of the `speclint` command line, plus CLI behaviour tests.
//!
//! # Golden cases
//!
//! Each directory `tests/cli/cases/<name>/` holds
//!
//! * `input.ptx`: the module to check (may be binary or non-UTF-8 on purpose);
//! * `args` (optional): extra arguments for `speclint check`, one per line (`#` lines ignored);
//!   when they name the input themselves (or `-`, standard input), it is not added at the end,
//!   so a case can check several paths (other files and directories of the case directory);
//!   with `-`, the input is piped to standard input;
//! * `env` (optional): `NAME=value` lines set in speclint's environment;
//! * `speclint.toml` (optional): the configuration file the check finds beside `input.ptx`;
//! * `expected.txt`: the exact stdout of `speclint check [--format text] [args] input.ptx`, run in
//!   the case directory with `NO_COLOR=1` (so paths read `input.ptx` and there is no colour),
//!   followed by a `stderr:` block when stderr is not empty, an `output file PATH:` block with
//!   what `--output-file PATH` wrote (the file is then removed), and a final line `exit: N`. With
//!   `--fix` in `args` the case runs on a copy of its directory, and a `fixed input.ptx:` block
//!   before `exit:` holds the file as `--fix` wrote it.
//!
//! Every case is run and all mismatches are reported together, each with expect-test's diff.
//! `UPDATE_EXPECT=1 cargo test -p speclint --test cli` rewrites the `expected.txt` files that
//! differ from the actual output instead (review `git diff tests/cli` before committing!).
//! `CLI_FILTER=substr` limits the run to cases whose name contains `substr`.
//!
//! # Known-wrong cases
//!
//! Cases listed in [`KNOWN_WRONG`] hold the output speclint *should* produce, not what it produces
//! today. They are run, but a mismatch only prints a note; `UPDATE_EXPECT` never rewrites them. When
//! one starts to pass the test says so: take it off the list.

use expect_test::expect_file;
use speclint_test_support::snapshots::matches_snapshot;
use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};

const SPECLINT: &str = env!("CARGO_BIN_EXE_speclint");
const CASES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/cli/cases");

/// Guard against a silently empty or half-deleted case directory.
const MIN_CASES: usize = 25;

/// Cases whose `expected.txt` is the correct output but speclint does not produce it yet:
/// (case name, what is wrong).
const KNOWN_WRONG: &[(&str, &str)] = &[
    (
        "ptx001-empty-operand",
        "`add.s32 %r1, %r2, ;` (an operand missing before `;`) gives PTX010 \"found 2 operands\" as a \
         cascade of the syntax error, plus PTX001 \"unexpected `,`\" at the comma; expected: one PTX001 \
         at the `;`, where ptxas reports \"Parsing error near ';'\"",
    ),
    (
        "ptx012-maxnctapersm",
        "`.maxnctapersm` (deprecated since PTX 2.0; ptxas rejects it from PTX 2.1) is not reported \
         at all; `speclint explain PTX012` uses exactly this as its example",
    ),
];

fn is_known_wrong(name: &str) -> bool {
    KNOWN_WRONG.iter().any(|(n, _)| *n == name)
}

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

fn speclint(args: &[&str], dir: &Path) -> Output {
    Command::new(SPECLINT)
        .args(args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .stdin(Stdio::null())
        .output()
        .expect("failed to run the speclint binary")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn code(o: &Output) -> i32 {
    o.status.code().unwrap_or(-1)
}

/// A fresh, empty temporary directory (removed on drop).
struct TempDir(PathBuf);

impl TempDir {
    fn new(tag: &str) -> TempDir {
        static COUNTER: AtomicUsize = AtomicUsize::new(0);
        let n = COUNTER.fetch_add(1, Ordering::SeqCst);
        let path = std::env::temp_dir().join(format!(
            "speclint-cli-{tag}-{}-{n}-{}",
            std::process::id(),
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_nanos())
        ));
        let _ = fs::remove_dir_all(&path);
        fs::create_dir_all(&path).unwrap();
        TempDir(path)
    }

    fn path(&self) -> &Path {
        &self.0
    }

    fn write(&self, rel: &str, bytes: impl AsRef<[u8]>) -> PathBuf {
        let p = self.0.join(rel);
        if let Some(parent) = p.parent() {
            fs::create_dir_all(parent).unwrap();
        }
        fs::write(&p, bytes).unwrap();
        p
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.0);
    }
}

/// Runs `speclint check --format json ARGS` in `dir` and returns (exit code, findings).
fn check_json(args: &[&str], dir: &Path) -> (i32, Vec<serde_json::Value>, String) {
    let mut all = vec!["check", "--format", "json"];
    all.extend_from_slice(args);
    let out = speclint(&all, dir);
    let findings: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!(
            "--format json did not print JSON ({e}):\n{}\nstderr:\n{}",
            stdout(&out),
            stderr(&out)
        )
    });
    let findings = findings.as_array().expect("a JSON array").clone();
    (code(&out), findings, stderr(&out))
}

/// (path, code, line, column) of each finding.
fn summary(findings: &[serde_json::Value]) -> Vec<(String, String, u64, u64)> {
    findings
        .iter()
        .map(|f| {
            (
                f["path"].as_str().unwrap_or("?").replace('\\', "/"),
                f["code"].as_str().unwrap_or("?").to_string(),
                f["line"].as_u64().unwrap_or(0),
                f["column"].as_u64().unwrap_or(0),
            )
        })
        .collect()
}

// ---------------------------------------------------------------------------------------------
// Golden cases
// ---------------------------------------------------------------------------------------------

struct Case {
    name: String,
    dir: PathBuf,
}

fn cases() -> Vec<Case> {
    let mut cases: Vec<Case> = fs::read_dir(CASES)
        .unwrap_or_else(|e| panic!("cannot read {CASES}: {e}"))
        .flatten()
        .filter(|e| input_name(&e.path()).is_some())
        .map(|e| Case {
            name: e.file_name().to_string_lossy().into_owned(),
            dir: e.path(),
        })
        .collect();
    cases.sort_by(|a, b| a.name.cmp(&b.name));
    cases
}

/// A case checks `input.ptx` or, for Tile IR, `input.mlir`, for SPIR-V `input.spvasm` or
/// the binary `input.spv`, for CUDA C++ `input.cu`.
fn input_name(dir: &Path) -> Option<&'static str> {
    [
        "input.ptx",
        "input.mlir",
        "input.spvasm",
        "input.spv",
        "input.cu",
    ]
    .into_iter()
    .find(|name| dir.join(name).is_file())
}

fn case_args(case: &Case) -> Vec<String> {
    let Ok(text) = fs::read_to_string(case.dir.join("args")) else {
        return Vec::new();
    };
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(str::to_string)
        .collect()
}

/// What `expected.txt` holds for one run.
fn render(out: &Output) -> String {
    let mut s = stdout(out);
    let err = stderr(out);
    if !err.is_empty() {
        if !s.is_empty() && !s.ends_with('\n') {
            s.push('\n');
        }
        s.push_str("stderr:\n");
        s.push_str(&err);
    }
    if !s.is_empty() && !s.ends_with('\n') {
        s.push('\n');
    }
    let _ = writeln!(s, "exit: {}", code(out));
    s
}

fn run_case(case: &Case) -> String {
    let extra = case_args(case);
    let input = input_name(&case.dir).expect("a case has an input");
    let mut args: Vec<&str> = vec!["check"];
    if !extra
        .iter()
        .any(|a| a == "--format" || a.starts_with("--format="))
    {
        args.extend(["--format", "text"]);
    }
    args.extend(extra.iter().map(String::as_str));
    let from_stdin = extra.iter().any(|a| a == "-");
    if !from_stdin && !extra.iter().any(|a| a == input) {
        args.push(input);
    }
    // --fix writes the file: run on a copy and show what it wrote.
    let copy = extra.iter().any(|a| a == "--fix").then(|| {
        let copy = TempDir::new("fix");
        for name in [input, "speclint.toml"] {
            if let Ok(bytes) = fs::read(case.dir.join(name)) {
                copy.write(name, bytes);
            }
        }
        copy
    });
    let dir = copy.as_ref().map_or(case.dir.as_path(), |copy| copy.path());
    let mut command = Command::new(SPECLINT);
    command
        .args(&args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .stdin(Stdio::null());
    if let Ok(env) = fs::read_to_string(case.dir.join("env")) {
        for (name, value) in env.lines().filter_map(|l| l.split_once('=')) {
            command.env(name, value);
        }
    }
    if from_stdin {
        command.stdin(fs::File::open(case.dir.join(input)).unwrap());
    }
    let out = command.output().expect("failed to run the speclint binary");
    let mut rendered = render(&out);
    let output_file = extra
        .iter()
        .position(|a| a == "--output-file" || a == "-o")
        .and_then(|i| extra.get(i + 1));
    if let Some(path) = output_file {
        let written = fs::read_to_string(dir.join(path)).unwrap_or_default();
        let _ = fs::remove_file(dir.join(path));
        let exit_line = rendered.split_off(rendered.rfind("exit: ").unwrap());
        let _ = write!(rendered, "output file {path}:\n{written}{exit_line}");
    }
    if let Some(copy) = &copy {
        let fixed = fs::read_to_string(copy.path().join(input)).unwrap_or_default();
        let exit_line = rendered.split_off(rendered.rfind("exit: ").unwrap());
        let _ = write!(rendered, "fixed {input}:\n{fixed}{exit_line}");
    }
    rendered
}

#[test]
fn golden_cases() {
    let filter = std::env::var("CLI_FILTER").unwrap_or_default();
    let all = cases();
    assert!(
        all.len() >= MIN_CASES,
        "only {} golden cases in {CASES}; expected at least {MIN_CASES}",
        all.len()
    );
    for (name, _) in KNOWN_WRONG {
        assert!(
            all.iter().any(|c| c.name == *name),
            "KNOWN_WRONG names a case that does not exist: {name}"
        );
    }

    let mut failures = String::new();
    let mut failed = 0;
    let mut notes = String::new();
    for case in all.iter().filter(|c| c.name.contains(&filter)) {
        // expect-test reads the expected file with `\r\n` as `\n`; the output is read the same.
        let actual = run_case(case).replace("\r\n", "\n");
        let expected = expect_file![case.dir.join("expected.txt")];
        if let Some((_, why)) = KNOWN_WRONG.iter().find(|(n, _)| *n == case.name) {
            // Compared by hand: `UPDATE_EXPECT` must not rewrite what speclint should print.
            if expected.data() == actual {
                let _ = writeln!(
                    failures,
                    "== {}: listed in KNOWN_WRONG but now matches expected.txt; \
                     remove it from KNOWN_WRONG\n",
                    case.name
                );
                failed += 1;
            } else {
                let _ = writeln!(
                    notes,
                    "note: skipping KNOWN_WRONG case {}: {why}",
                    case.name
                );
            }
            continue;
        }
        if !matches_snapshot(&expected, &actual) {
            failed += 1;
            let _ = writeln!(
                failures,
                "== {} (args: {:?}): see its diff above",
                case.name,
                case_args(case)
            );
        }
    }
    eprint!("{notes}");
    assert!(
        failed == 0,
        "{failed} golden CLI case(s) failed (rerun with UPDATE_EXPECT=1 to accept the new output, \
         after checking it is right):\n\n{failures}"
    );
}

/// Every rule code (as listed by `speclint explain`) has a golden case whose expected output
/// shows it, not counting known-wrong cases.
#[test]
fn golden_cases_cover_every_rule() {
    if std::env::var_os("UPDATE_EXPECT").is_some() {
        return; // `golden_cases` is rewriting the files right now.
    }
    // Tile IR rules are covered case by case in tests/tile-ir (server/tests/tile_ir_cases.rs checks
    // that every TILE code has invalid cases), SPIR-V rules in tests/spirv/oracle
    // (server/tests/spirv_oracle.rs checks every SPV code has cases); the goldens show their rendering.
    // The findings that need ptxas (PTX1xx) carry its version and figures: server/tests/resources.rs
    // checks them against ptxas run there.
    let codes: Vec<String> = listed_codes()
        .into_iter()
        .filter(|c| !c.starts_with("TILE") && !c.starts_with("SPV") && !c.starts_with("PTX1"))
        .collect();
    let mut missing = Vec::new();
    let expected: Vec<String> = cases()
        .iter()
        .filter(|c| !is_known_wrong(&c.name))
        .map(|c| fs::read_to_string(c.dir.join("expected.txt")).unwrap_or_default())
        .collect();
    for code in &codes {
        let shown = expected.iter().any(|e| {
            e.contains(&format!("[{code}]"))
                || e.contains(&format!("\"{code}\""))
                || e.contains(&format!("({code})"))
        });
        if !shown {
            missing.push(code.clone());
        }
    }
    assert!(missing.is_empty(), "no golden case shows {missing:?}");
}

fn listed_codes() -> Vec<String> {
    let out = speclint(&["explain"], Path::new(CASES));
    assert_eq!(code(&out), 0, "speclint explain: {}", stderr(&out));
    stdout(&out)
        .lines()
        .skip(1)
        .filter_map(|l| l.split_whitespace().next())
        .map(str::to_string)
        .collect()
}

// ---------------------------------------------------------------------------------------------
// Output formats
// ---------------------------------------------------------------------------------------------

fn case_dir(name: &str) -> PathBuf {
    Path::new(CASES).join(name)
}

#[test]
fn sarif_is_valid_2_1_0() {
    let out = speclint(
        &["check", "--format", "sarif", "input.ptx"],
        &case_dir("multiple-errors"),
    );
    assert_eq!(code(&out), 1, "{}", stderr(&out));
    let sarif: serde_json::Value = serde_json::from_slice(&out.stdout).expect("SARIF is JSON");
    assert_eq!(sarif["version"], "2.1.0");
    assert!(sarif["$schema"]
        .as_str()
        .is_some_and(|s| s.contains("sarif") && s.contains("2.1.0")));
    let runs = sarif["runs"].as_array().expect("runs is an array");
    assert_eq!(runs.len(), 1);
    let driver = &runs[0]["tool"]["driver"];
    assert_eq!(driver["name"], "speclint");
    assert!(driver["version"].is_string());
    let rules = driver["rules"].as_array().expect("tool.driver.rules");
    let rule_ids: Vec<&str> = rules.iter().map(|r| r["id"].as_str().unwrap()).collect();
    assert_eq!(
        rule_ids,
        listed_codes(),
        "SARIF rules are the rule registry"
    );
    for rule in rules {
        assert!(rule["shortDescription"]["text"].is_string());
        assert!(rule["fullDescription"]["text"].is_string());
        let level = rule["defaultConfiguration"]["level"].as_str().unwrap();
        assert!(["error", "warning", "note", "none"].contains(&level));
    }
    let results = runs[0]["results"].as_array().expect("results");
    assert!(results.len() >= 10, "{} results", results.len());
    for r in results {
        let id = r["ruleId"].as_str().expect("ruleId");
        let index = r["ruleIndex"].as_u64().expect("ruleIndex") as usize;
        assert_eq!(rules[index]["id"], id, "ruleIndex points at the rule");
        assert!(["error", "warning", "note", "none"].contains(&r["level"].as_str().unwrap()));
        assert!(r["message"]["text"].as_str().is_some_and(|t| !t.is_empty()));
        let loc = &r["locations"][0]["physicalLocation"];
        assert_eq!(loc["artifactLocation"]["uri"], "input.ptx");
        let region = &loc["region"];
        let start_line = region["startLine"].as_u64().expect("startLine");
        let start_col = region["startColumn"].as_u64().expect("startColumn");
        let end_line = region["endLine"].as_u64().expect("endLine");
        let end_col = region["endColumn"].as_u64().expect("endColumn");
        assert!(start_line >= 1 && start_col >= 1);
        assert!((end_line, end_col) >= (start_line, start_col));
    }
    // The same findings as the JSON report, in the same places.
    let (_, json, _) = check_json(&["input.ptx"], &case_dir("multiple-errors"));
    let from_sarif: Vec<(String, u64, u64)> = results
        .iter()
        .map(|r| {
            let region = &r["locations"][0]["physicalLocation"]["region"];
            (
                r["ruleId"].as_str().unwrap().to_string(),
                region["startLine"].as_u64().unwrap(),
                region["startColumn"].as_u64().unwrap(),
            )
        })
        .collect();
    let from_json: Vec<(String, u64, u64)> = summary(&json)
        .into_iter()
        .map(|(_, c, l, col)| (c, l, col))
        .collect();
    assert_eq!(from_sarif, from_json);
}

#[test]
fn json_findings_have_every_field() {
    let (exit, findings, _) = check_json(&["input.ptx"], &case_dir("format-json"));
    assert_eq!(exit, 1);
    assert!(!findings.is_empty());
    for f in &findings {
        for key in [
            "path",
            "code",
            "rule",
            "severity",
            "message",
            "line",
            "column",
            "end_line",
            "end_column",
            "fix",
            "fixes",
        ] {
            assert!(f.get(key).is_some(), "finding lacks `{key}`: {f}");
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Inputs: directories, missing, binary, non-UTF-8, empty, huge, random
// ---------------------------------------------------------------------------------------------

const CLEAN: &str = ".version 8.0\n.target sm_80\n.address_size 64\n\n.visible .entry k()\n{\n    .reg .s32 %r<4>;\n    add.s32 %r1, %r2, %r3;\n    ret;\n}\n";
/// PTX008 on line 8, column 23.
const UNDECLARED: &str = ".version 8.0\n.target sm_80\n.address_size 64\n\n.visible .entry k()\n{\n    .reg .s32 %r<4>;\n    add.s32 %r1, %r2, %r9;\n    ret;\n}\n";

#[test]
fn directory_is_walked_recursively_for_ptx_files_only() {
    let t = TempDir::new("dir");
    t.write("tree/a.ptx", UNDECLARED);
    t.write("tree/b.ptx", CLEAN);
    t.write("tree/sub/deeper/c.ptx", UNDECLARED);
    t.write("tree/sub/UPPER.PTX", UNDECLARED);
    t.write(
        "tree/notes.txt",
        "add.s32 %r1, %r2, %r9; garbage that is not checked\n",
    );
    t.write("tree/kernel.cu", "__global__ void k() {}\n");
    t.write("tree/sub/data.bin", b"\x7fELF\x00\x00");
    let (exit, findings, err) = check_json(&["tree"], t.path());
    assert_eq!(exit, 1, "stderr: {err}");
    let got = summary(&findings);
    assert_eq!(
        got,
        vec![
            ("tree/a.ptx".into(), "PTX008".into(), 8, 23),
            ("tree/sub/UPPER.PTX".into(), "PTX008".into(), 8, 23),
            ("tree/sub/deeper/c.ptx".into(), "PTX008".into(), 8, 23),
        ]
    );
    // The text summary counts the files that were checked: 4 PTX files and the CUDA file
    // (its extension is CUDA C++'s; it holds no PTX asm, so it is passed over quietly).
    let out = speclint(&["check", "tree"], t.path());
    assert!(
        stdout(&out).contains("Found 3 errors, 0 warnings in 3 of 5 files."),
        "{}",
        stdout(&out)
    );
}

#[test]
fn clean_directory_exits_zero() {
    let t = TempDir::new("clean");
    t.write("d/a.ptx", CLEAN);
    t.write("d/s/b.ptx", CLEAN);
    let out = speclint(&["check", "d"], t.path());
    assert_eq!(code(&out), 0, "{}{}", stdout(&out), stderr(&out));
    assert_eq!(stdout(&out), "All checks passed (2 files).\n");
}

#[test]
fn missing_path_exits_2_and_the_other_files_are_still_checked() {
    let t = TempDir::new("missing");
    t.write("a.ptx", UNDECLARED);
    t.write("b.ptx", CLEAN);
    let (exit, findings, err) = check_json(&["a.ptx", "does-not-exist.ptx", "b.ptx"], t.path());
    assert_eq!(exit, 2, "stderr: {err}");
    // The missing path is an IO001 entry of the report, in its place.
    assert_eq!(
        summary(&findings),
        vec![
            ("a.ptx".into(), "PTX008".into(), 8, 23),
            ("does-not-exist.ptx".into(), "IO001".into(), 1, 1),
        ]
    );
    assert_eq!(findings[1]["message"], "no such file or directory");
    // Even when everything that exists is clean, the summary does not claim success.
    let out = speclint(&["check", "nope/", "b.ptx"], t.path());
    assert_eq!(code(&out), 2);
    assert_eq!(
        stdout(&out),
        "error[IO001]: no such file or directory\n --> nope/\n\nFound 1 error, 0 warnings in 1 of 2 files.\n"
    );
    // GitHub annotations say so too; SARIF marks the run as failed with a notification.
    let out = speclint(&["check", "--format", "github", "nope.ptx"], t.path());
    assert_eq!(code(&out), 2);
    assert!(
        stdout(&out).starts_with("::error title=speclint (IO001),file=nope.ptx,"),
        "{}",
        stdout(&out)
    );
    let out = speclint(
        &["check", "--format", "sarif", "nope.ptx", "a.ptx"],
        t.path(),
    );
    assert_eq!(code(&out), 2);
    let sarif: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let run = &sarif["runs"][0];
    assert_eq!(run["invocations"][0]["executionSuccessful"], false);
    let notifications = run["invocations"][0]["toolExecutionNotifications"]
        .as_array()
        .unwrap();
    assert_eq!(notifications.len(), 1);
    assert_eq!(notifications[0]["level"], "error");
    assert_eq!(
        notifications[0]["message"]["text"],
        "no such file or directory"
    );
    assert_eq!(
        notifications[0]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"],
        "nope.ptx"
    );
    let results = run["results"].as_array().unwrap();
    assert_eq!(results.len(), 1, "only a.ptx's finding is a result");
    assert_eq!(results[0]["ruleId"], "PTX008");
}

#[cfg(unix)]
#[test]
fn symbolic_links_are_followed_once_and_loops_are_not_followed() {
    use std::os::unix::fs::symlink;
    let t = TempDir::new("links");
    t.write("tree/a.ptx", UNDECLARED);
    t.write("tree/sub/b.ptx", UNDECLARED);
    t.write("elsewhere/c.ptx", UNDECLARED);
    // A loop back to the root, one to the parent, a second way to a directory and to a file
    // already checked, a link to a directory outside, and a broken link.
    symlink("..", t.path().join("tree/sub/up")).unwrap();
    symlink(t.path().join("tree"), t.path().join("tree/sub/root")).unwrap();
    symlink("sub", t.path().join("tree/again")).unwrap();
    symlink("a.ptx", t.path().join("tree/z-link.ptx")).unwrap();
    symlink("../elsewhere", t.path().join("tree/outside")).unwrap();
    symlink("gone.ptx", t.path().join("tree/broken.ptx")).unwrap();
    let start = std::time::Instant::now();
    let (exit, findings, err) = check_json(&["tree"], t.path());
    // A walk that followed the loops would not end: this bounds a hang, not the speed.
    assert!(start.elapsed().as_secs() < 60, "{:?}", start.elapsed());
    assert_eq!(exit, 1, "stderr: {err}");
    // Each real file once, by the first path in sorted order that leads to it.
    assert_eq!(
        summary(&findings),
        vec![
            ("tree/a.ptx".into(), "PTX008".into(), 8, 23),
            ("tree/again/b.ptx".into(), "PTX008".into(), 8, 23),
            ("tree/outside/c.ptx".into(), "PTX008".into(), 8, 23),
        ]
    );
    assert_eq!(
        err,
        "warning: tree/again/root: a symbolic link loop (it leads back to tree); not followed\n\
         warning: tree/again/up: a symbolic link loop (it leads back to tree); not followed\n\
         warning: tree/broken.ptx: a broken symbolic link; skipped\n\
         note: tree/sub: the same directory as tree/again, which is checked already; skipped\n\
         note: tree/z-link.ptx: a link to tree/a.ptx, which is checked already; skipped\n"
    );
}

#[test]
fn a_huge_line_prints_a_window_not_the_line() {
    let t = TempDir::new("longline");
    // One 9 MB line with an undeclared register in the middle.
    let filler = "mov.u32 %r1, %r2; ".repeat(250_000);
    let text = format!(
        ".version 8.0\n.target sm_80\n.address_size 64\n.visible .entry k()\n{{\n.reg .s32 %r<4>;\n{filler}add.s32 %r1, %r2, %r9; {filler}\nret;\n}}\n"
    );
    assert!(text.len() > 9_000_000);
    t.write("long.ptx", &text);
    let out = speclint(&["check", "long.ptx"], t.path());
    assert_eq!(code(&out), 1, "{}", stderr(&out));
    let shown = stdout(&out);
    assert!(shown.len() < 2_000, "{} bytes of output", shown.len());
    let lines: Vec<&str> = shown.lines().collect();
    let frame = lines.iter().position(|l| l.contains("add.s32")).unwrap();
    let column = lines[frame + 1].find('^').unwrap();
    assert_eq!(&lines[frame][column..column + 3], "%r9", "{shown}");
    assert!(lines[frame].ends_with("..."), "{shown}");
}

#[test]
fn many_findings_are_cut_in_text_but_kept_in_json() {
    let t = TempDir::new("many");
    let body = "add.s32 %r1, %r2, %r9;\n".repeat(15_000);
    let text = format!(
        ".version 8.0\n.target sm_80\n.address_size 64\n.visible .entry k()\n{{\n.reg .s32 %r<4>;\n{body}ret;\n}}\n"
    );
    t.write("many.ptx", &text);
    let (exit, findings, _) = check_json(&["many.ptx"], t.path());
    assert_eq!((exit, findings.len()), (1, 15_000));
    let out = speclint(&["check", "many.ptx"], t.path());
    let shown = stdout(&out);
    assert_eq!(
        shown.matches("error[PTX008]").count(),
        100,
        "the default limit"
    );
    assert!(
        shown.ends_with(
            "... and 14900 more findings in many.ptx not shown (--max-errors 100; 0 shows all).\n\n\
             Found 15000 errors, 0 warnings in 1 of 1 file.\n"
        ),
        "{}",
        &shown[shown.len() - 300..]
    );
    let all = speclint(&["check", "--max-errors", "0", "many.ptx"], t.path());
    assert_eq!(stdout(&all).matches("error[PTX008]").count(), 15_000);
}

#[test]
fn binary_inputs_are_io001_and_the_run_continues() {
    let t = TempDir::new("binary");
    t.write("x.ptx", b"\x7fELF\x02\x01\x01\x00\x00\x00\x00\x00");
    t.write("nul.ptx", b".version 8.0\n.target sm_80\n\x00\x00\x00\n");
    t.write(
        "spirv.ptx",
        [0x03u8, 0x02, 0x23, 0x07, 0x00, 0x00, 0x01, 0x00],
    );
    t.write("y.ptx", UNDECLARED);
    let (exit, findings, err) = check_json(&["x.ptx", "nul.ptx", "spirv.ptx", "y.ptx"], t.path());
    assert_eq!(exit, 1, "stderr: {err}");
    assert_eq!(
        summary(&findings),
        vec![
            ("x.ptx".into(), "IO001".into(), 1, 1),
            ("nul.ptx".into(), "IO001".into(), 1, 1),
            // A SPIR-V binary is read as SPIR-V whatever its name: this one is truncated.
            ("spirv.ptx".into(), "SPV001".into(), 1, 1),
            ("y.ptx".into(), "PTX008".into(), 8, 23),
        ]
    );
    let messages: Vec<&str> = findings
        .iter()
        .map(|f| f["message"].as_str().unwrap())
        .collect();
    assert!(messages[0].contains("ELF"), "{}", messages[0]);
    assert!(messages[1].contains("NUL"), "{}", messages[1]);
    assert!(messages[2].contains("malformed binary"), "{}", messages[2]);
}

#[test]
fn non_utf8_input_is_io001() {
    let t = TempDir::new("utf8");
    // Valid PTX apart from one Latin-1 byte in a comment, at byte offset 30.
    t.write(
        "latin1.ptx",
        b".version 8.0\n.target sm_80\n// \xe9\n".as_slice(),
    );
    let (exit, findings, _) = check_json(&["latin1.ptx"], t.path());
    assert_eq!(exit, 1);
    assert_eq!(
        summary(&findings),
        vec![("latin1.ptx".into(), "IO001".into(), 1, 1)]
    );
    let message = findings[0]["message"].as_str().unwrap();
    assert!(
        message.contains("UTF-8") && message.contains("30"),
        "{message}"
    );
    // A UTF-8 BOM-less file with valid multi-byte characters is fine.
    t.write(
        "utf8.ptx",
        CLEAN.replace("{\n", "{\n    // π ≈ 3.14159 — ünïcödé\n"),
    );
    let (exit, findings, _) = check_json(&["utf8.ptx"], t.path());
    assert_eq!((exit, findings.len()), (0, 0), "{findings:?}");
}

#[test]
fn empty_and_comment_only_files_do_not_crash() {
    let t = TempDir::new("empty");
    t.write("empty.ptx", "");
    t.write("blank.ptx", "\n\n   \t\n");
    t.write("comments.ptx", "// nothing\n/* still\n   nothing */\n");
    for name in ["empty.ptx", "blank.ptx", "comments.ptx"] {
        let (exit, findings, err) = check_json(&[name], t.path());
        // ptxas: "Missing .version directive at start of file".
        assert_eq!(exit, 1, "{name}: {err}");
        let codes: Vec<String> = summary(&findings).into_iter().map(|s| s.1).collect();
        assert!(codes.contains(&"PTX013".to_string()), "{name}: {codes:?}");
        assert!(!err.contains("panicked"), "{name}: {err}");
    }
}

/// 100,000 levels of nesting in each language: IO002 where the level past the limit (128)
/// opens, the rest of the file checked, exit 1; in well under the time a quadratic walk takes.
#[test]
fn deep_nesting_is_io002_and_the_rest_is_checked() {
    let t = TempDir::new("deep");
    let deep = 100_000;
    // The issue's reproduction: the body's `{` is level 1, so level 129 is column 129.
    t.write(
        "blocks.ptx",
        format!(
            ".version 8.0\n.target sm_80\n.address_size 64\n.visible .entry k()\n{}{}\nrcp.f32 %f1, %f2;\nret;\n}}\n",
            "{".repeat(deep + 1),
            "}".repeat(deep)
        ),
    );
    // An operand: level 1 is the body, the first `{` of the operand (column 14) level 2.
    t.write(
        "operand.ptx",
        format!(
            ".version 8.0\n.target sm_80\n.visible .entry k()\n{{\n.reg .b32 %r<2>;\nmov.b32 %r1, {}%r0{};\nret;\n}}\n",
            "{".repeat(deep),
            "}".repeat(deep)
        ),
    );
    // The module is level 1, the entry 2, the `if` on line N level N; `addf` is checked.
    t.write(
        "regions.mlir",
        format!(
            "cuda_tile.module @m {{\n  entry @k(%c: tile<i1>) {{\n{}{}    %x = addf %c, %c : tile<f32>\n    return\n  }}\n}}\n",
            "if %c {\n".repeat(deep),
            "}\n".repeat(deep)
        ),
    );
    // The type's first `tile` (column 32) is level 1.
    t.write(
        "types.mlir",
        format!(
            "cuda_tile.module @m {{\n  entry @k() {{\n    %p = constant <f32: 1.0> : {}f32{}\n    return\n  }}\n}}\n",
            "tile<".repeat(deep),
            ">".repeat(deep)
        ),
    );
    let started = std::time::Instant::now();
    let (exit, findings, err) = check_json(
        &["blocks.ptx", "operand.ptx", "regions.mlir", "types.mlir"],
        t.path(),
    );
    let took = started.elapsed();
    assert_eq!(exit, 1, "stderr: {err}");
    assert_eq!(
        summary(&findings),
        vec![
            ("blocks.ptx".into(), "IO002".into(), 5, 129),
            ("blocks.ptx".into(), "PTX004".into(), 6, 1),
            ("blocks.ptx".into(), "PTX008".into(), 6, 9),
            ("blocks.ptx".into(), "PTX008".into(), 6, 14),
            ("operand.ptx".into(), "IO002".into(), 6, 14 + 127),
            ("regions.mlir".into(), "IO002".into(), 129, 7),
            ("regions.mlir".into(), "TILE005".into(), 200_003, 15),
            ("regions.mlir".into(), "TILE005".into(), 200_003, 19),
            ("types.mlir".into(), "IO002".into(), 3, 32 + 128 * 5),
        ]
    );
    // Work that grew with the depth faster than linearly would not end: a hang bound, not speed.
    assert!(took.as_secs() < 60, "{took:?} for 100,000 levels");
}

/// SPIR-V types refer to each other by id: a chain of 100,000 pointer types, or a vector type
/// made of itself, needs no limit and is checked like any module.
#[test]
fn long_spirv_type_chains_are_checked() {
    let t = TempDir::new("chain");
    let head = "OpCapability Addresses\nOpCapability Kernel\nOpCapability Int64\nOpMemoryModel Physical64 OpenCL\nOpEntryPoint Kernel %main \"main\"\nOpDecorate %var Alignment 4\n%uint = OpTypeInt 32 0\n%void = OpTypeVoid\n%fn = OpTypeFunction %void\n";
    let tail = "%ptr = OpTypePointer CrossWorkgroup %last\n%var = OpVariable %ptr CrossWorkgroup\n%main = OpFunction %void None %fn\n%entry = OpLabel\n%ld = OpLoad %last %var\nOpStore %var %ld\nOpReturn\nOpFunctionEnd\n";
    let mut pointers = String::from(head);
    let mut previous = "%uint".to_string();
    for n in 0..100_000 {
        pointers.push_str(&format!(
            "%p{n} = OpTypePointer CrossWorkgroup {previous}\n"
        ));
        previous = format!("%p{n}");
    }
    pointers.push_str(&format!(
        "%last = OpTypePointer CrossWorkgroup {previous}\n{tail}"
    ));
    t.write("pointers.spvasm", pointers);
    t.write(
        "itself.spvasm",
        format!("{head}%last = OpTypeVector %last 4\n{tail}"),
    );
    for name in ["pointers.spvasm", "itself.spvasm"] {
        let (exit, findings, err) = check_json(&[name], t.path());
        assert!(exit == 0 || exit == 1, "{name}: exit {exit}, stderr: {err}");
        assert!(
            findings.iter().all(|f| f["code"] != "IO002"),
            "{name}: {findings:?}"
        );
    }
}

/// One valid kernel per index, ~430 bytes each.
fn kernel(i: usize) -> String {
    format!(
        ".visible .entry k{i}(.param .u64 p{i})\n{{\n    .reg .s32 %r<8>;\n    .reg .f32 %f<4>;\n    .reg .pred %p<2>;\n    .reg .b64 %rd<4>;\n\n    ld.param.u64 %rd1, [p{i}];\n    mov.u32 %r1, %tid.x;\n    add.s32 %r2, %r1, {i};\n    setp.lt.s32 %p1, %r2, 100;\n    @%p1 bra $L_end{i};\n    mul.lo.s32 %r3, %r2, %r1;\n    cvt.rn.f32.s32 %f1, %r3;\n    fma.rn.f32 %f2, %f1, %f1, 0f3F800000;\n    st.global.f32 [%rd1], %f2;\n$L_end{i}:\n    ret;\n}}\n\n"
    )
}

#[test]
fn huge_file_is_checked_completely() {
    let t = TempDir::new("huge");
    let mut text = String::from(".version 8.0\n.target sm_80\n.address_size 64\n\n");
    let mut i = 0;
    while text.len() < 5_000_000 {
        text.push_str(&kernel(i));
        i += 1;
    }
    // Two errors far apart: an undeclared register in the middle, a duplicate label at the end.
    let middle = text.len() / 2;
    let at = text[middle..].find("    add.s32").unwrap() + middle;
    let line_mid = text[..at].matches('\n').count() as u64 + 1;
    text.insert_str(at, "    add.s32 %r1, %r2, %nope;\n");
    text.push_str(".visible .entry last()\n{\n$L:\n$L:\n    ret;\n}\n");
    let line_end = text.matches('\n').count() as u64 - 2;
    t.write("huge.ptx", &text);

    // How fast is scripts/bench.sh's question; this test asks only what is found.
    let (exit, findings, err) = check_json(&["huge.ptx"], t.path());
    assert_eq!(exit, 1, "stderr: {err}");
    assert_eq!(
        summary(&findings),
        vec![
            ("huge.ptx".into(), "PTX008".into(), line_mid, 23),
            ("huge.ptx".into(), "PTX009".into(), line_end, 1),
        ],
        "{i} kernels"
    );
}

/// A tiny deterministic generator (64-bit LCG, Knuth's MMIX constants).
struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        self.0 >> 33
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

fn random_input(rng: &mut Lcg, kind: usize) -> Vec<u8> {
    let len = 1 + rng.below(4000);
    match kind {
        // Arbitrary bytes.
        0 => (0..len).map(|_| rng.next() as u8).collect(),
        // Printable ASCII junk with newlines.
        1 => (0..len)
            .map(|_| match rng.below(20) {
                0 => b'\n',
                _ => 32 + rng.below(95) as u8,
            })
            .collect(),
        // PTX-flavoured token soup, starting with a header so it is taken as PTX.
        2 => {
            const TOKENS: &[&str] = &[
                ".version",
                "8.0",
                ".target",
                "sm_90",
                ".entry",
                ".func",
                ".reg",
                ".s32",
                ".f32",
                ".pred",
                "%r<4>",
                "%r1",
                "%f2",
                "%p1",
                "add",
                "mul.lo",
                "ld.global",
                "{",
                "}",
                "(",
                ")",
                "[",
                "]",
                ";",
                ",",
                ":",
                "@",
                "!",
                "$L",
                "0x",
                "0f3F80",
                "1.5",
                "-",
                "+",
                "//",
                "/*",
                "*/",
                "\"",
                "\n",
                " ",
                "\t",
                "é",
                "\u{feff}",
                ".param",
                ".b64",
                "ret",
                "bra",
                "call",
                "<",
                ">",
                "=",
                "%tid.x",
                ".version 1.0",
            ];
            let mut s = String::from(".version 8.0\n.target sm_90\n");
            for _ in 0..len / 3 {
                s.push_str(TOKENS[rng.below(TOKENS.len())]);
                if rng.below(3) == 0 {
                    s.push(' ');
                }
            }
            s.into_bytes()
        }
        // A valid module with random bytes overwritten, inserted or deleted.
        _ => {
            let mut bytes = kernel(rng.below(100)).into_bytes();
            bytes.splice(0..0, b".version 8.0\n.target sm_80\n".iter().copied());
            for _ in 0..1 + rng.below(8) {
                let at = rng.below(bytes.len());
                match rng.below(3) {
                    0 => bytes[at] = 32 + rng.below(95) as u8,
                    1 => bytes.insert(at, b"{};,.%$[]()<>@!\"/*"[rng.below(18)]),
                    _ => {
                        bytes.remove(at);
                    }
                }
            }
            bytes
        }
    }
}

#[test]
fn random_inputs_never_crash() {
    let t = TempDir::new("fuzz");
    let mut rng = Lcg(0x5eed_1234_abcd_0001);
    let mut problems = Vec::new();
    for n in 0..40 {
        let kind = n % 4;
        let bytes = random_input(&mut rng, kind);
        let name = format!("r{n:02}.ptx");
        t.write(&name, &bytes);
        let out = speclint(&["check", &name], t.path());
        let exit = code(&out);
        let err = stderr(&out);
        // Garbage is always a finding; a lightly mutated valid module may still be valid.
        let ok = match kind {
            3 => exit == 0 || exit == 1,
            _ => exit == 1,
        };
        if !ok || err.contains("panicked") || out.stdout.is_empty() {
            let keep = std::env::temp_dir().join(format!("speclint-cli-crash-{name}"));
            let _ = fs::write(&keep, &bytes);
            problems.push(format!(
                "{name} (kind {kind}, saved as {}): exit {exit}\n{err}",
                keep.display()
            ));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

// ---------------------------------------------------------------------------------------------
// explain, --version, usage errors
// ---------------------------------------------------------------------------------------------

#[test]
fn explain_a_rule() {
    let here = Path::new(CASES);
    let out = speclint(&["explain", "PTX004"], here);
    assert_eq!(code(&out), 0);
    let text = stdout(&out);
    assert!(
        text.starts_with("PTX004 (missing-required-modifier)"),
        "{text}"
    );
    assert!(text.contains("Example:"), "{text}");
    // Codes are case-insensitive, and rule names work too.
    let lower = speclint(&["explain", "ptx004"], here);
    assert_eq!(stdout(&lower), text);
    let by_name = speclint(&["explain", "missing-required-modifier"], here);
    assert_eq!(stdout(&by_name), text);
}

#[test]
fn explain_unknown_rule_exits_2() {
    let out = speclint(&["explain", "NOPE"], Path::new(CASES));
    assert_eq!(code(&out), 2);
    assert!(stdout(&out).is_empty());
    assert!(stderr(&out).contains("NOPE"), "{}", stderr(&out));
}

#[test]
fn explain_lists_every_rule() {
    let out = speclint(&["explain"], Path::new(CASES));
    assert_eq!(code(&out), 0);
    let mut expected = vec![
        "IO001".to_string(),
        "IO002".into(),
        "SUP001".into(),
        "SUP002".into(),
        "RUN001".into(),
    ];
    expected.extend((1..=16).chain(101..=103).map(|n| format!("PTX{n:03}")));
    expected.extend((1..=19).map(|n| format!("TILE{n:03}")));
    expected.extend((1..=16).chain(20..=34).map(|n| format!("SPV{n:03}")));
    expected.extend((1..=10).map(|n| format!("CUDA{n:03}")));
    assert_eq!(listed_codes(), expected);
    for code in &expected {
        let one = speclint(&["explain", code], Path::new(CASES));
        assert_eq!(self::code(&one), 0, "explain {code}");
        assert!(stdout(&one).starts_with(&format!("{code} (")));
    }
}

#[test]
fn version_flag() {
    let out = speclint(&["--version"], Path::new(CASES));
    assert_eq!(code(&out), 0);
    assert_eq!(
        stdout(&out).trim(),
        format!("speclint {}", env!("CARGO_PKG_VERSION"))
    );
}

#[test]
fn help_names_every_language() {
    let out = speclint(&["--help"], Path::new(CASES));
    assert_eq!(code(&out), 0);
    for language in ["PTX", "Tile IR", "SPIR-V"] {
        assert!(
            stdout(&out).contains(language),
            "{language}: {}",
            stdout(&out)
        );
    }
    let out = speclint(&["check", "--help"], Path::new(CASES));
    for flag in [
        "--fail-on",
        "--exit-zero",
        "--statistics",
        "--quiet",
        "--output-file",
        "--config",
        "--exclude",
        "--color",
        "--stdin-filename",
        "--max-errors",
    ] {
        assert!(stdout(&out).contains(flag), "{flag}");
    }
}

#[test]
fn usage_errors_exit_2() {
    let here = case_dir("clean-kernel");
    for args in [
        &["check"][..],
        &["check", "--bogus", "input.ptx"],
        &["check", "--format", "xml", "input.ptx"],
        &["check", "--target", "sm_xx", "input.ptx"],
        &["check", "--ptx-version", "eight", "input.ptx"],
        &["check", "--target", "sm_999", "input.ptx"],
        &["check", "--ptx-version", "99.9", "input.ptx"],
        &["check", "--fail-on", "note", "input.ptx"],
        &["check", "--color", "sometimes", "input.ptx"],
        &["check", "--exclude", "[gen", "input.ptx"],
        &["check", "--tile-ir-version", "13.0", "input.ptx"],
        &["check", "--tile-ir-version", "latest", "input.ptx"],
        &["check", "--tile-ir-version", "", "input.ptx"],
        &["check", "--select", "PTX99", "input.ptx"],
        &["check", "--ignore", "PT", "input.ptx"],
        &["check", "--extend-select", "TILE,NOPE", "input.ptx"],
        &["check", "--fix", "--diff", "input.ptx"],
        &["frobnicate"],
        &[],
    ] {
        let out = speclint(args, &here);
        assert_eq!(code(&out), 2, "speclint {args:?}: {}", stderr(&out));
        assert!(!stderr(&out).is_empty(), "speclint {args:?} says why");
        assert!(
            stdout(&out).is_empty(),
            "speclint {args:?}: {}",
            stdout(&out)
        );
    }
    // --help is not an error.
    let out = speclint(&["check", "--help"], &here);
    assert_eq!(code(&out), 0);
    assert!(stdout(&out).contains("--ptx-version"));
    assert!(stdout(&out).contains("--tile-ir-version"));
}

#[test]
fn known_tile_ir_versions_are_accepted() {
    let here = case_dir("clean-kernel");
    for version in ["13.1", "13.2", "13.3"] {
        let out = speclint(&["check", "--tile-ir-version", version, "input.ptx"], &here);
        assert_eq!(code(&out), 0, "{version}: {}", stderr(&out));
    }
    let out = speclint(&["check", "--tile-ir-version", "13.0", "input.ptx"], &here);
    assert!(
        stderr(&out).contains("13.1, 13.2, 13.3"),
        "the error lists the known versions: {}",
        stderr(&out)
    );
}

// ---------------------------------------------------------------------------------------------
// speclint.toml
// ---------------------------------------------------------------------------------------------

/// Valid for sm_90; below sm_70 both instructions are PTX005 (lines 10 and 11).
const TARGET_BOUND: &str = ".version 8.5\n.target sm_90\n.address_size 64\n\n.visible .entry k()\n{\n    .reg .b32 %r<4>;\n    .reg .f32 %f<4>;\n\n    bmsk.clamp.b32 %r1, %r2, %r3;\n    min.xorsign.abs.f32 %f1, %f2, %f3;\n    ret;\n}\n";

#[test]
fn each_file_uses_the_nearest_config_file_and_flags_win() {
    let t = TempDir::new("config");
    t.write("proj/speclint.toml", "[ptx]\ntarget = \"sm_60\"\n");
    t.write("proj/a/deeper/k.ptx", TARGET_BOUND);
    // The nearest file replaces the one above (no merging): sm_80 here, not sm_60.
    t.write("proj/b/speclint.toml", "[ptx]\ntarget = \"sm_80\"\n");
    t.write("proj/b/k.ptx", TARGET_BOUND);
    t.write("elsewhere/k.ptx", TARGET_BOUND);
    let (exit, findings, err) = check_json(&["proj", "elsewhere"], t.path());
    assert_eq!(exit, 1, "stderr: {err}");
    assert_eq!(
        summary(&findings),
        vec![
            ("proj/a/deeper/k.ptx".into(), "PTX005".into(), 10, 5),
            ("proj/a/deeper/k.ptx".into(), "PTX005".into(), 11, 5),
            ("proj/b/k.ptx".into(), "PTX005".into(), 11, 5),
        ]
    );
    let message = findings[0]["message"].as_str().unwrap();
    assert!(
        message.contains("the check targets sm_60 (speclint.toml)"),
        "{message}"
    );
    // A file named on the command line from inside the project, by an absolute path too.
    let inside = t.path().join("proj/a/deeper");
    let (_, findings, _) = check_json(&["k.ptx"], &inside);
    assert_eq!(findings.len(), 2);
    let absolute = t.path().join("proj/b/k.ptx");
    let (_, findings, _) = check_json(&[absolute.to_str().unwrap()], t.path());
    assert_eq!(findings.len(), 1);
    // The command line wins over every file.
    let (exit, findings, err) = check_json(&["--target", "sm_90", "proj"], t.path());
    assert_eq!((exit, findings.len()), (0, 0), "{findings:?} {err}");
}

#[test]
fn a_bad_config_file_stops_the_run_with_its_path_and_the_error() {
    let t = TempDir::new("badconfig");
    t.write("proj/good/k.ptx", CLEAN);
    t.write("proj/bad/speclint.toml", "[ptx]\ntraget = \"sm_80\"\n");
    t.write("proj/bad/k.ptx", CLEAN);
    t.write("proj/bad/sub/k.ptx", CLEAN);
    let out = speclint(&["check", "proj"], t.path());
    assert_eq!(code(&out), 2);
    assert!(
        stdout(&out).is_empty(),
        "nothing is checked: {}",
        stdout(&out)
    );
    // Once, though two directories use it.
    assert_eq!(
        stderr(&out),
        "error: proj/bad/speclint.toml: line 2, column 1: unknown key `traget` in [ptx], expected one of `target`, `version`, `block-size`\n"
    );
    for (text, expected) in [
        (
            "[ptx]\ntarget = \"sm90\"\n",
            "`ptx.target`: `sm90` is not a target",
        ),
        (
            "[ptx]\nversion = \"8\"\n",
            "`ptx.version`: `8` is not a version like 8.0",
        ),
        ("[tile-ir]\ntarget = \"gfx90a\"\n", "`tile-ir.target`"),
        ("[tile-ir]\nversion = \"13.x\"\n", "13.1, 13.2, 13.3"),
        ("[tile-ir]\nversion = \"13.0\"\n", "or a newer MAJOR.MINOR"),
        ("[spir-v]\n", "unknown section `spir-v`"),
        ("ptx = 1\n", "invalid type"),
        ("\u{feff}[ptx", "line 1"),
    ] {
        t.write("proj/bad/speclint.toml", text);
        let out = speclint(&["check", "proj/bad/k.ptx"], t.path());
        assert_eq!(code(&out), 2, "{text:?}");
        let err = stderr(&out);
        assert!(
            err.starts_with("error: proj/bad/speclint.toml: ") && err.contains(expected),
            "{text:?}: {err}"
        );
        assert!(!err.contains("panicked"), "{err}");
    }
    t.write("proj/bad/speclint.toml", b"[ptx]\ntarget = \"\xff\"\n");
    let out = speclint(&["check", "proj/bad/k.ptx"], t.path());
    assert_eq!(code(&out), 2);
    assert!(stderr(&out).contains("UTF-8"), "{}", stderr(&out));
}

/// An asm statement that needs sm_90, compiled for sm_80 by the build or the header.
const FENCE_KERNEL: &str = "__global__ void k(unsigned *p) {\n  asm volatile(\"fence.proxy.async.shared::cta;\" ::: \"memory\");\n  p[0] = 1;\n}\n";

#[test]
fn inline_ptx_takes_its_target_from_compile_commands_json() {
    let t = TempDir::new("compile-commands");
    t.write("src/k.cu", FENCE_KERNEL);
    let dir = t.path().display().to_string();
    let entry = format!(
        r#"[{{"directory": "{dir}/build", "file": "{dir}/src/k.cu", "command": "nvcc -gencode arch=compute_90,code=sm_90 -gencode arch=compute_80,code=sm_80 -c ../src/k.cu"}}]"#
    );
    t.write("build/compile_commands.json", entry);
    let out = speclint(&["check", "src"], t.path());
    assert_eq!(code(&out), 1, "{}{}", stdout(&out), stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("error[PTX005]"), "{text}");
    assert!(text.contains("the check targets sm_80"), "{text}");
    assert!(text.contains("compile_commands.json"), "{text}");
    assert!(text.contains("src/k.cu:2:17"), "{text}");
    // A setting takes precedence over the build's flags.
    let out = speclint(&["check", "--target", "sm_90", "src"], t.path());
    assert_eq!(code(&out), 0, "{}{}", stdout(&out), stderr(&out));
}

#[test]
fn inline_ptx_reads_the_feature_macros_of_the_projects_headers() {
    let t = TempDir::new("config-header");
    t.write(
        "lib/config.h",
        "#pragma once\n#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800\n#  define LIB_ASYNC_FENCE 1\n#else\n#  define LIB_ASYNC_FENCE 0\n#endif\n",
    );
    let guarded = FENCE_KERNEL
        .replace("  asm", "#if LIB_ASYNC_FENCE\n  asm")
        .replace("  p[0]", "#endif\n  p[0]");
    t.write("lib/k.cu", format!("#include \"config.h\"\n{guarded}"));
    let out = speclint(&["check", "lib/k.cu"], t.path());
    assert_eq!(code(&out), 1, "{}{}", stdout(&out), stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("error[PTX005]"), "{text}");
    assert!(text.contains("the check targets sm_80"), "{text}");
    assert!(text.contains("lib/k.cu:4:17"), "{text}");
}
