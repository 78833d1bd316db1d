//! tileiras oracle: checks `speclint check` on Tile IR against NVIDIA's `tileiras` and
//! `tileirdisasm` (the cuda_tile verifier), the way `ptxas_oracle.rs` does for PTX.
//!
//! The cases are lines of `tests/oracle/tile-ir/cases.txt`:
//!
//! ```text
//! sm_80=TILE013 sm_90=clean | atomic_rmw dtype=bf16 mode=addf
//! ```
//!
//! For each case, `encode.py` (one Python process for all cases) builds a one-op bytecode module
//! with cuTile Python's bytecode encoder and prints the same module as text. Then
//! * `tileirdisasm` prints the module as text, or rejects it (the verifier) with its location;
//!   where it prints the module, the printer's text must equal it (value names aside), and
//!   speclint checks the disassembler's text; where it rejects the module, speclint checks the
//!   printer's text (line N is the op at `loc("case.tileir":N:3)` in both);
//! * `tileiras --gpu-name=GPU` compiles it for every GPU of the case (target checks);
//! * `speclint check --format json --target GPU --tile-ir-version V` checks the text.
//!
//! Per GPU: `clean` means tileiras accepts the module and speclint reports no error or warning;
//! `TILE0NN` means tileiras rejects it and speclint reports an error with that code on the line
//! the oracle names (anywhere when the bytecode reader names no line); `warn:TILE0NN`: tileiras
//! rejects it where the dialect's verifier does not, and speclint reports a warning with that code
//! and no error; `lenient:TILE0NN`: tileiras accepts what the spec does not allow (a hint out of
//! the spec's range), and speclint reports a warning with that code and no error (issue 21: a
//! rule the tool does not enforce is at most a warning); `gap:TILE0NN` is a known
//! gap: tileiras rejects it and speclint reports no error there yet (when it starts to, the case
//! fails so that the list stays honest). A case whose oracle verdict differs from the line is
//! stale and fails too. All disagreements are reported together in one panic at the end.
//!
//! Tools: `$TILEIRAS` / `$TILEIRDISASM`, else `nvidia/cu13/bin/` of the `nvidia-cuda-tileiras`
//! wheel of `$PYTHON` (default `python3`), which must also have `cuda-tile` installed
//! (`pip install cuda-tile==1.7.0 nvidia-cuda-tileiras==13.5.37`; `scripts/test.sh` does it).
//! Without them the test is skipped loudly, or fails when `$CI` is set.
//! `ORACLE_FILTER=substring` restricts the run to the cases whose line contains the substring;
//! `TILEIRAS_ORACLE_KEEP=1` keeps the work directory (it is kept anyway when the test fails).

use std::collections::{BTreeMap, HashMap};
use std::env;
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

use speclint_test_support::oracle;
use speclint_test_support::oracle::{indent, parallel, show_lint, LintDiag};

const SPECLINT: &str = env!("CARGO_BIN_EXE_speclint");

const ORACLE_DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/oracle/tile-ir");

/// Guard against a silently shrunken case list.
const MIN_CASES: usize = 100;
/// The Tile IR versions speclint checks (`--tile-ir-version`).
const VERSIONS: [&str; 4] = ["13.1", "13.2", "13.3", "13.4"];
/// A case's version when it names none: encode.py's default bytecode version.
const DEFAULT_VERSION: &str = "13.3";

#[derive(Debug, Clone, PartialEq, Eq)]
enum Want {
    Clean,
    Error(String),
    /// tileiras rejects it, the dialect's verifier does not: a warning, no error.
    Warning(String),
    /// tileiras accepts it, the spec does not: a warning, no error.
    Lenient(String),
    Gap(String),
}

#[derive(Debug)]
struct Case {
    /// Line number in cases.txt.
    lineno: usize,
    /// `OP key=value ...` as written.
    spec: String,
    op: String,
    version: String,
    /// (GPU, expectation), in the order written.
    expect: Vec<(String, Want)>,
}

/// One run of tileiras or tileirdisasm.
#[derive(Debug, Clone)]
struct ToolRun {
    ok: bool,
    stdout: String,
    /// stdout and stderr together.
    output: String,
}

struct Tools {
    python: String,
    tileiras: PathBuf,
    disasm: PathBuf,
}

// ------------------------------------------------------------------------------------------------
// cases.txt

fn parse_cases(text: &str) -> Result<Vec<Case>, String> {
    let mut cases = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let lineno = i + 1;
        let line = raw.split_once(" #").map_or(raw, |(l, _)| l).trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let err = |m: String| format!("cases.txt:{lineno}: {m}\n    {raw}");
        let (wants, spec) = line
            .split_once('|')
            .ok_or_else(|| err("expected `GPU=WANT ... | OP key=value ...`".into()))?;
        let spec = spec.split_whitespace().collect::<Vec<_>>().join(" ");
        let mut words = spec.split(' ');
        let op = words
            .next()
            .filter(|w| !w.is_empty())
            .ok_or_else(|| err("no op".into()))?;
        let mut version = DEFAULT_VERSION.to_string();
        for word in words {
            match word.split_once('=') {
                Some(("version", v)) => version = v.to_string(),
                Some(_) => {}
                None => return Err(err(format!("`{word}` is not key=value"))),
            }
        }
        if !VERSIONS.contains(&version.as_str()) {
            return Err(err(format!(
                "version={version}: speclint checks only {}",
                VERSIONS.join(", ")
            )));
        }
        let mut expect = Vec::new();
        for item in wants.split_whitespace() {
            let (gpus, want) = item
                .split_once('=')
                .ok_or_else(|| err(format!("`{item}` is not GPUS=WANT")))?;
            let is_code = |c: &str| {
                c.len() == 7 && c.starts_with("TILE") && c[4..].bytes().all(|b| b.is_ascii_digit())
            };
            let want = match want {
                "clean" => Want::Clean,
                c if is_code(c) => Want::Error(c.to_string()),
                w if w.strip_prefix("warn:").is_some_and(is_code) => {
                    Want::Warning(w[5..].to_string())
                }
                w if w.strip_prefix("lenient:").is_some_and(is_code) => {
                    Want::Lenient(w[8..].to_string())
                }
                g if g.strip_prefix("gap:").is_some_and(is_code) => Want::Gap(g[4..].to_string()),
                _ => {
                    return Err(err(format!(
                        "`{want}`: expected clean, TILE0NN, warn:TILE0NN, lenient:TILE0NN or gap:TILE0NN"
                    )))
                }
            };
            for gpu in gpus.split(',') {
                if !gpu.starts_with("sm_") {
                    return Err(err(format!("`{gpu}` is not a GPU name (sm_NN)")));
                }
                if expect.iter().any(|(g, _)| g == gpu) {
                    return Err(err(format!("{gpu} is listed twice")));
                }
                expect.push((gpu.to_string(), want.clone()));
            }
        }
        if expect.is_empty() {
            return Err(err("no expectation".into()));
        }
        cases.push(Case {
            lineno,
            spec: spec.clone(),
            op: op.to_string(),
            version,
            expect,
        });
    }
    Ok(cases)
}

// ------------------------------------------------------------------------------------------------
// tools

const FIND_TOOLS: &str = r#"
import os, sys
try:
    import cuda.tile._bytecode
except Exception as e:
    sys.exit(f"cannot import cuda.tile._bytecode ({e})")
try:
    import nvidia.cu13
    for d in nvidia.cu13.__path__:
        if os.path.isfile(os.path.join(d, "bin", "tileiras")):
            print(os.path.join(d, "bin"))
            break
except ImportError:
    pass
"#;

/// The tools, or why they are missing.
fn find_tools() -> Result<Tools, String> {
    let python = env::var("PYTHON")
        .ok()
        .filter(|p| !p.is_empty())
        .unwrap_or_else(|| "python3".into());
    let out = Command::new(&python)
        .args(["-c", FIND_TOOLS])
        .output()
        .map_err(|e| format!("cannot run {python}: {e}"))?;
    if !out.status.success() {
        let stderr = String::from_utf8_lossy(&out.stderr);
        let why = stderr.trim().lines().last().unwrap_or("").to_string();
        return Err(if why.is_empty() {
            format!("{python} failed ({})", out.status)
        } else {
            format!("{python}: {why}")
        });
    }
    let bin = PathBuf::from(String::from_utf8_lossy(&out.stdout).trim());
    let tool = |var: &str, name: &str| -> Result<PathBuf, String> {
        if let Some(p) = env::var_os(var).filter(|p| !p.is_empty()) {
            let p = PathBuf::from(p);
            assert!(p.is_file(), "{var}={} does not name a file", p.display());
            return Ok(p);
        }
        let p = bin.join(name);
        if bin.as_os_str().is_empty() || !p.is_file() {
            return Err(format!(
                "{name} not found (set {var}, or install the nvidia-cuda-tileiras wheel for {python})"
            ));
        }
        Ok(p)
    };
    Ok(Tools {
        tileiras: tool("TILEIRAS", "tileiras")?,
        disasm: tool("TILEIRDISASM", "tileirdisasm")?,
        python,
    })
}

fn run_tool(program: &Path, args: &[&str]) -> ToolRun {
    let out = Command::new(program)
        .args(args)
        .stdin(Stdio::null())
        .output()
        .unwrap_or_else(|e| panic!("cannot run {}: {e}", program.display()));
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    let mut output = stdout.clone();
    output.push_str(&String::from_utf8_lossy(&out.stderr));
    ToolRun {
        ok: out.status.success(),
        stdout,
        output,
    }
}

/// The line of the first `loc("case.tileir":LINE:COL)` in a tool's output.
fn oracle_line(output: &str) -> Option<u32> {
    let key = "loc(\"case.tileir\":";
    let at = output.find(key)? + key.len();
    let digits: String = output[at..]
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    digits.parse().ok()
}

/// The first `error: ...` message of a tool's output.
fn oracle_message(output: &str) -> String {
    output
        .lines()
        .find_map(|l| l.split_once("error: ").map(|(_, m)| m.trim().to_string()))
        .unwrap_or_else(|| output.trim().lines().next().unwrap_or("").to_string())
}

/// Value names renamed in order of appearance, blanks collapsed, blank lines dropped: the text
/// of the printer and of tileirdisasm are equal under this.
fn normalize(text: &str) -> Vec<String> {
    let mut names: HashMap<String, usize> = HashMap::new();
    let mut out = Vec::new();
    for line in text.lines() {
        let mut s = String::new();
        let mut chars = line.chars().peekable();
        while let Some(c) = chars.next() {
            if c == '%'
                && chars
                    .peek()
                    .is_some_and(|c| c.is_ascii_alphanumeric() || *c == '_')
            {
                let mut name = String::new();
                // MLIR names may hold `$ . _ -` after the first character
                // (`%cst_-9223372036854775808_i64`).
                while let Some(&c) = chars.peek() {
                    if c.is_ascii_alphanumeric() || matches!(c, '_' | '$' | '.' | '-') {
                        name.push(c);
                        chars.next();
                    } else {
                        break;
                    }
                }
                let n = names.len();
                let id = *names.entry(name).or_insert(n);
                s.push_str(&format!("%v{id}"));
            } else {
                s.push(c);
            }
        }
        let s = s.split_whitespace().collect::<Vec<_>>().join(" ");
        if !s.is_empty() {
            out.push(s);
        }
    }
    out
}

// ------------------------------------------------------------------------------------------------
// speclint

/// Runs speclint on `paths` for one target and version; diagnostics per path.
fn run_speclint(
    gpu: &str,
    version: &str,
    paths: &[PathBuf],
) -> Result<HashMap<String, Vec<LintDiag>>, String> {
    let args = ["--target", gpu, "--tile-ir-version", version];
    let mut by_path: HashMap<String, Vec<LintDiag>> = HashMap::new();
    for d in oracle::run_speclint(SPECLINT, &args, paths)? {
        by_path.entry(d.path.clone()).or_default().push(d);
    }
    Ok(by_path)
}

// ------------------------------------------------------------------------------------------------
// the test

#[test]
fn tileiras_parsers() {
    let out = "#cuda_tile.di_loc<loc(\"case.tileir\":3:3) in #cuda_tile.di_subprogram<...>>: \
               error: Incompatibility with architecture 'sm_80': unsupported type 'f8E4M3FN'\n\
               error: failed to compile Tile IR program\n";
    assert_eq!(oracle_line(out), Some(3));
    assert_eq!(
        oracle_message(out),
        "Incompatibility with architecture 'sm_80': unsupported type 'f8E4M3FN'"
    );
    assert_eq!(oracle_line("error: 'cuda_tile.addf' op invalid"), None);
    assert_eq!(
        normalize("  %cst_0_f32 = constant <f32: 0.0> : tile<4xf32>\n  %0 = addf %cst_0_f32,  %cst_0_f32  : tile<4xf32>\n"),
        normalize("%c2 = constant <f32: 0.0> : tile<4xf32>\n\n%x = addf %c2, %c2 : tile<4xf32>")
    );
    let cases = parse_cases(
        "# comment\nsm_80=TILE013 sm_89,sm_90=clean | ftof to=f8E4M3FN  # note\nsm_90=gap:TILE007 | ftof from=f32 to=f32 version=13.1\nsm_90=lenient:TILE017 | addf hint=occupancy:64\n",
    )
    .unwrap();
    assert_eq!(cases.len(), 3);
    assert_eq!(
        cases[2].expect,
        vec![("sm_90".into(), Want::Lenient("TILE017".into()))]
    );
    assert_eq!(
        cases[0].expect,
        vec![
            ("sm_80".into(), Want::Error("TILE013".into())),
            ("sm_89".into(), Want::Clean),
            ("sm_90".into(), Want::Clean)
        ]
    );
    assert_eq!(
        (cases[0].op.as_str(), cases[0].spec.as_str()),
        ("ftof", "ftof to=f8E4M3FN")
    );
    assert_eq!(
        cases[1].expect,
        vec![("sm_90".into(), Want::Gap("TILE007".into()))]
    );
    assert_eq!(cases[1].version, "13.1");
    assert!(parse_cases("sm_90=TILE10 | addf").is_err());
    assert!(parse_cases("sm_90=clean | addf version=13.5").is_err());
    assert!(parse_cases("addf dtype=f32").is_err());
}

/// What became of one (case, GPU) pair.
enum Outcome {
    Agree,
    Gap(String),
    Disagree(String),
}

#[test]
fn tileiras_oracle() {
    let started = Instant::now();
    let tools = match find_tools() {
        Ok(t) => t,
        Err(msg) => {
            let msg = format!(
                "{msg} (pip install cuda-tile==1.7.0 nvidia-cuda-tileiras==13.5.37, or run scripts/test.sh)"
            );
            oracle::skip_without_tools("tileiras_oracle", &msg);
            return;
        }
    };

    let list = Path::new(ORACLE_DIR).join("cases.txt");
    let text = fs::read_to_string(&list).unwrap_or_else(|e| panic!("{}: {e}", list.display()));
    let all = parse_cases(&text).unwrap_or_else(|e| panic!("{e}"));
    assert!(
        all.len() >= MIN_CASES,
        "expected at least {MIN_CASES} cases in {}, found {}",
        list.display(),
        all.len()
    );
    let filter = env::var("ORACLE_FILTER").unwrap_or_default();
    let cases: Vec<&Case> = all
        .iter()
        .filter(|c| {
            let line = text.lines().nth(c.lineno - 1).unwrap_or("");
            line.contains(filter.as_str())
        })
        .collect();
    assert!(
        !cases.is_empty(),
        "ORACLE_FILTER={filter:?} matches no case"
    );

    let work = env::temp_dir().join(format!("speclint-tileiras-oracle-{}", std::process::id()));
    let _ = fs::remove_dir_all(&work);
    fs::create_dir_all(&work).unwrap_or_else(|e| panic!("{}: {e}", work.display()));
    let stem = |i: usize| work.join(format!("case{:03}", cases[i].lineno));

    // 1. All modules in one Python process (importing cuda.tile takes a while).
    let mut input = String::new();
    for (i, case) in cases.iter().enumerate() {
        input.push_str(&format!("{} {}\n", stem(i).display(), case.spec));
    }
    let mut child = Command::new(&tools.python)
        .arg(Path::new(ORACLE_DIR).join("encode.py"))
        .arg("--batch")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot run {} encode.py: {e}", tools.python));
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .expect("write to encode.py");
    let out = child.wait_with_output().expect("encode.py");
    assert!(
        out.status.success(),
        "encode.py --batch failed:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let mut op_lines: HashMap<String, Result<u32, String>> = HashMap::new();
    for line in String::from_utf8_lossy(&out.stdout).lines() {
        let (s, rest) = line.split_once(' ').unwrap_or((line, ""));
        let result = match rest.strip_prefix("op-line ") {
            Some(n) => n.trim().parse().map_err(|_| rest.to_string()),
            None => Err(rest.trim_start_matches("error ").to_string()),
        };
        op_lines.insert(s.to_string(), result);
    }

    // 2. The oracle: tileirdisasm once per case, tileiras once per (case, GPU).
    let mut jobs: Vec<(usize, Option<&str>)> = Vec::new();
    for (i, case) in cases.iter().enumerate() {
        if matches!(op_lines.get(&stem(i).display().to_string()), Some(Ok(_))) {
            jobs.push((i, None));
            jobs.extend(case.expect.iter().map(|(g, _)| (i, Some(g.as_str()))));
        }
    }
    let runs = parallel(&jobs, |&(i, gpu)| {
        let bc = stem(i).with_extension("tileirbc");
        let bc = bc.to_str().unwrap();
        match gpu {
            None => run_tool(&tools.disasm, &[bc]),
            Some(g) => {
                let cubin = stem(i).with_extension(format!("{g}.cubin"));
                let gpu_name = format!("--gpu-name={g}");
                run_tool(
                    &tools.tileiras,
                    &[&gpu_name, bc, "-o", cubin.to_str().unwrap()],
                )
            }
        }
    });
    let mut disasm: HashMap<usize, ToolRun> = HashMap::new();
    let mut tileiras: HashMap<(usize, String), ToolRun> = HashMap::new();
    for (&(i, gpu), run) in jobs.iter().zip(runs) {
        match gpu {
            None => {
                disasm.insert(i, run);
            }
            Some(g) => {
                tileiras.insert((i, g.to_string()), run);
            }
        }
    }

    // 3. The text speclint checks: tileirdisasm's where it prints one, else the printer's.
    let mut failures: BTreeMap<usize, Vec<String>> = BTreeMap::new();
    let mut checked: HashMap<usize, (PathBuf, u32)> = HashMap::new();
    for (i, case) in cases.iter().enumerate() {
        let name = format!("cases.txt:{} `{}`", case.lineno, case.spec);
        let fail = |failures: &mut BTreeMap<usize, Vec<String>>, m: String| {
            failures.entry(i).or_default().push(format!("{name}: {m}"));
        };
        let op_line = match op_lines.get(&stem(i).display().to_string()) {
            Some(Ok(n)) => *n,
            Some(Err(e)) => {
                fail(&mut failures, format!("encode.py cannot build it: {e}"));
                continue;
            }
            None => {
                fail(&mut failures, "encode.py did not answer".into());
                continue;
            }
        };
        let printed_path = stem(i).with_extension("mlir");
        let printed = fs::read_to_string(&printed_path).unwrap_or_default();
        let dis = &disasm[&i];
        let (path, text) = if dis.ok {
            if normalize(&dis.stdout) != normalize(&printed) {
                fail(
                    &mut failures,
                    format!(
                        "encode.py prints the module differently from tileirdisasm\n      tileirdisasm:\n{}\n      encode.py:\n{}",
                        indent(&dis.stdout),
                        indent(&printed)
                    ),
                );
            }
            let path = stem(i).with_extension("dis.mlir");
            fs::write(&path, &dis.stdout).expect("write the disassembly");
            (path, dis.stdout.clone())
        } else {
            (printed_path, printed)
        };
        let at_op = text.lines().nth(op_line as usize - 1).unwrap_or("");
        let name_in_text = match case.op.as_str() {
            "atomic_rmw" => "atomic_rmw_tko",
            "atomic_cas" => "atomic_cas_tko",
            "load_ptr" => "load_ptr_tko",
            op => op,
        };
        if !at_op.split_whitespace().any(|word| word == name_in_text) {
            fail(
                &mut failures,
                format!("line {op_line} of the text is not the `{name_in_text}` op: {at_op:?}"),
            );
        }
        checked.insert(i, (path, op_line));
    }

    // 4. speclint, once per (GPU, version).
    let mut groups: BTreeMap<(String, String), Vec<PathBuf>> = BTreeMap::new();
    for (i, case) in cases.iter().enumerate() {
        if let Some((path, _)) = checked.get(&i) {
            for (gpu, _) in &case.expect {
                groups
                    .entry((gpu.clone(), case.version.clone()))
                    .or_default()
                    .push(path.clone());
            }
        }
    }
    let groups: Vec<((String, String), Vec<PathBuf>)> = groups.into_iter().collect();
    let lint_runs = parallel(&groups, |((gpu, version), paths)| {
        run_speclint(gpu, version, paths)
    });
    let mut lint: HashMap<(String, String), HashMap<String, Vec<LintDiag>>> = HashMap::new();
    for (((gpu, version), _), run) in groups.iter().zip(lint_runs) {
        let run = run.unwrap_or_else(|e| panic!("tileiras oracle: {e}"));
        lint.insert((gpu.clone(), version.clone()), run);
    }

    // 5. Compare.
    let mut agree = 0;
    let mut gaps: Vec<String> = Vec::new();
    let mut pairs = 0;
    let no_diags: Vec<LintDiag> = Vec::new();
    for (i, case) in cases.iter().enumerate() {
        let Some((path, op_line)) = checked.get(&i) else {
            continue;
        };
        let dis = &disasm[&i];
        for (gpu, want) in &case.expect {
            pairs += 1;
            let name = format!("cases.txt:{} [{gpu}] `{}`", case.lineno, case.spec);
            let run = &tileiras[&(i, gpu.clone())];
            let diags = lint[&(gpu.clone(), case.version.clone())]
                .get(path.to_str().unwrap())
                .unwrap_or(&no_diags);
            let line = oracle_line(&run.output).or_else(|| {
                if dis.ok {
                    None
                } else {
                    oracle_line(&dis.output)
                }
            });
            let where_ = line.map_or("anywhere (the oracle names no line)".to_string(), |l| {
                format!("on line {l}")
            });
            let message = oracle_message(&run.output);
            let errors_there: Vec<&LintDiag> = diags
                .iter()
                .filter(|d| d.severity == "error" && line.is_none_or(|l| d.line == l))
                .collect();
            let all: Vec<&LintDiag> = diags.iter().collect();
            let outcome = match want {
                Want::Clean | Want::Lenient(_) if !run.ok => Outcome::Disagree(format!(
                    "stale case: tileiras --gpu-name={gpu} rejects it\n{}",
                    indent(run.output.trim())
                )),
                Want::Clean => {
                    let bad: Vec<&LintDiag> = diags
                        .iter()
                        .filter(|d| d.severity == "error" || d.severity == "warning")
                        .collect();
                    if bad.is_empty() {
                        Outcome::Agree
                    } else {
                        Outcome::Disagree(format!(
                            "tileiras --gpu-name={gpu} accepts it, but speclint reports {} error/warning(s)\n{}",
                            bad.len(),
                            show_lint(&bad)
                        ))
                    }
                }
                Want::Lenient(code) => {
                    let errors: Vec<&LintDiag> =
                        diags.iter().filter(|d| d.severity == "error").collect();
                    let warned = diags
                        .iter()
                        .any(|d| d.severity == "warning" && &d.code == code);
                    if warned && errors.is_empty() {
                        Outcome::Agree
                    } else {
                        Outcome::Disagree(format!(
                            "tileiras --gpu-name={gpu} accepts it: expected a {code} warning and no error\n{}",
                            show_lint(&all)
                        ))
                    }
                }
                Want::Error(_) | Want::Warning(_) | Want::Gap(_) if run.ok => {
                    Outcome::Disagree(format!(
                        "stale case: tileiras --gpu-name={gpu} accepts it{}",
                        if dis.ok {
                            ""
                        } else {
                            " (but tileirdisasm does not)"
                        }
                    ))
                }
                Want::Error(code) => {
                    if errors_there.iter().any(|d| &d.code == code) {
                        Outcome::Agree
                    } else {
                        Outcome::Disagree(format!(
                            "expected {code} {where_} (the op is on line {op_line})\n      tileiras: {message}\n{}",
                            show_lint(&all)
                        ))
                    }
                }
                Want::Warning(code) => {
                    let errors: Vec<&LintDiag> =
                        diags.iter().filter(|d| d.severity == "error").collect();
                    let warned = diags.iter().any(|d| {
                        d.severity == "warning"
                            && &d.code == code
                            && line.is_none_or(|l| d.line == l)
                    });
                    if warned && errors.is_empty() {
                        Outcome::Agree
                    } else {
                        Outcome::Disagree(format!(
                            "expected a {code} warning {where_} and no error (the op is on line {op_line})\n      tileiras: {message}\n{}",
                            show_lint(&all)
                        ))
                    }
                }
                Want::Gap(code) => {
                    if errors_there.is_empty() {
                        Outcome::Gap(format!(
                            "{name}: speclint misses ({code} expected {where_}): {message}"
                        ))
                    } else {
                        Outcome::Disagree(format!(
                            "known gap closed: speclint now reports an error {where_}; change `gap:{code}` to the code it reports\n      tileiras: {message}\n{}",
                            show_lint(&errors_there)
                        ))
                    }
                }
            };
            match outcome {
                Outcome::Agree => agree += 1,
                Outcome::Gap(g) => gaps.push(g),
                Outcome::Disagree(m) => failures
                    .entry(i)
                    .or_default()
                    .push(format!("{name}: {m}\n      text: {}", path.display())),
            }
        }
    }

    let problems: Vec<String> = failures.values().flatten().cloned().collect();
    let summary = format!(
        "tileiras oracle: {} case(s), {pairs} case/GPU pair(s) with {} ({:.1}s): {agree} agree, {} known gap(s), {} case(s) disagree",
        cases.len(),
        tools.tileiras.display(),
        started.elapsed().as_secs_f64(),
        gaps.len(),
        failures.len()
    );
    let _ = writeln!(
        std::io::stderr(),
        "{summary}\n{}",
        gaps.iter()
            .map(|g| format!("  known gap: {g}"))
            .collect::<Vec<_>>()
            .join("\n")
    );
    if problems.is_empty() {
        if env::var_os("TILEIRAS_ORACLE_KEEP").is_none() {
            let _ = fs::remove_dir_all(&work);
        }
        return;
    }
    panic!(
        "{summary} ({} problem(s); work directory kept: {}):\n\n{}\n",
        problems.len(),
        work.display(),
        problems.join("\n\n")
    );
}
