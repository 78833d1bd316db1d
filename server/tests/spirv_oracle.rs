//! SPIR-V oracle: checks `speclint check` on SPIR-V assembly for OpenCL against the Khronos
//! SPIRV-Tools (`spirv-as`, `spirv-val`, `spirv-dis`).
//!
//! Cases live in `tests/spirv/oracle/{invalid,valid}/*.spvasm`; the header and marker convention
//! is described in `tests/spirv/oracle/README.md`. For every case:
//! * the case itself must still say the truth about the tools: `spirv-as --target-env spv1.X`
//!   assembles it (or fails, for `; spirv-as: fails`), and `spirv-val --target-env openclX.Y`
//!   rejects it (`; spirv-val: checks`) or accepts it (`; spirv-val: misses`, and every valid
//!   case). Where spirv-val names an instruction, that instruction's line must carry an
//!   `; expect:` marker. A case that breaks this is stale and always fails the test.
//! * speclint (`check --format json --opencl-version X.Y [--opencl-profile embedded]`) must
//!   report exactly the markers' findings: the same rule codes on the same lines, nothing missing
//!   and nothing extra (valid cases: no finding at all).
//! * the binary spirv-as makes of the case must get the same rule codes from speclint as the
//!   text (hints aside), so text and binary are checked by the same rules.
//! * severities follow spirv-val: on a `misses` case no finding is an error, and each warning
//!   says that spirv-val accepts the module; a `checks` case gets at least one error. The checks
//!   `spec-db/spirv/spirv-val.toml` records must agree with the cases it names.
//!
//! Cases speclint does not get right yet are listed in `tests/spirv/oracle/known-gaps.txt` with a
//! reason. A listed case that now passes fails the test (remove it from the list), and so does an
//! unlisted case that fails. `SPIRV_ORACLE_UPDATE=1` rewrites the list from the current results,
//! keeping the reasons of cases that stay on it. `ORACLE_FILTER=substring` restricts the run.
//!
//! Tools: `$SPIRV_AS`, `$SPIRV_VAL`, `$SPIRV_DIS`, else on `PATH` (Debian `spirv-tools`;
//! `scripts/test.sh` installs it). Without them the test is skipped loudly, or fails when `$CI`
//! is set.

use std::collections::{BTreeMap, BTreeSet};
use std::env;
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Command;

use speclint_test_support::oracle;
use speclint_test_support::oracle::{indent, parallel, run_speclint, show_lint, LintDiag};

const SPECLINT: &str = env!("CARGO_BIN_EXE_speclint");

const ORACLE_DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/spirv/oracle");

/// Guard against a silently shrunken case list.
const MIN_INVALID: usize = 130;
const MIN_VALID: usize = 20;
/// The OpenCL versions a case may name, and the spirv-val environment that checks each. SPIRV-Tools
/// has no OpenCL 3.x environment: 3.0 and 3.1 are validated as OpenCL 2.2.
const OPENCL_ENVS: [(&str, &str); 6] = [
    ("1.2", "opencl1.2"),
    ("2.0", "opencl2.0"),
    ("2.1", "opencl2.1"),
    ("2.2", "opencl2.2"),
    ("3.0", "opencl2.2"),
    ("3.1", "opencl2.2"),
];

#[derive(Debug)]
struct Case {
    /// `invalid/SPV013-foo` or `valid/foo`: the name known-gaps.txt uses.
    name: String,
    path: PathBuf,
    valid: bool,
    opencl: String,
    embedded: bool,
    /// `--opencl-extensions` for speclint, from a `; device-extensions:` header.
    device_extensions: Option<String>,
    spirv_version: String,
    /// `--spirv-version` for speclint, from a `; spirv-version:` header (text with no
    /// `; Version:` line; it also picks spirv-as's target).
    configured_version: Option<String>,
    /// `Some(true)` for `spirv-val: checks`, `Some(false)` for `misses`; `None` for valid cases.
    val_checks: Option<bool>,
    assembler_fails: bool,
    /// (line, code), sorted; module-level findings are at line 1, the module's SPIR-V version
    /// findings at the `; Version:` line.
    expected: Vec<(u32, String)>,
    /// Whether some marker names an instruction line (not only `expect-at-line-1` or
    /// `expect-at-version-line`).
    has_line_markers: bool,
    /// 1-based source line of each instruction, in order.
    instruction_lines: Vec<u32>,
}

impl Case {
    fn val_env(&self) -> String {
        let base = OPENCL_ENVS
            .iter()
            .find(|(v, _)| *v == self.opencl)
            .map(|(_, e)| *e)
            .expect("checked when parsing");
        if self.embedded {
            format!("{base}embedded")
        } else {
            base.to_string()
        }
    }

    fn rule(&self) -> String {
        if self.valid {
            "valid".to_string()
        } else {
            self.name["invalid/".len()..].chars().take(6).collect()
        }
    }
}

fn parse_codes(text: &str, name: &str, line: usize) -> Result<Vec<String>, String> {
    let codes: Vec<String> = text.split_whitespace().map(str::to_string).collect();
    if codes.is_empty()
        || !codes.iter().all(|c| {
            c.len() == 6 && c.starts_with("SPV") && c[3..].chars().all(|d| d.is_ascii_digit())
        })
    {
        return Err(format!("{name}:{line}: bad rule codes `{text}`"));
    }
    Ok(codes)
}

fn parse_case(name: String, path: PathBuf, valid: bool) -> Result<Case, String> {
    let text = fs::read_to_string(&path).map_err(|e| format!("{name}: {e}"))?;
    let mut opencl = None;
    let mut embedded = false;
    let mut device_extensions: Option<String> = None;
    let mut spirv_version = None;
    let mut configured_version: Option<String> = None;
    let mut val_checks = None;
    let mut assembler_fails = false;
    let mut has_case = false;
    let mut expected = Vec::new();
    let mut has_line_markers = false;
    let mut instruction_lines = Vec::new();
    let mut version_line = None;
    let mut at_version_line = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let n = i + 1;
        let t = line.trim();
        if let Some(comment) = t.strip_prefix(';') {
            let c = comment.trim();
            let (key, value) = c.split_once(':').unwrap_or((c, ""));
            let value = value.trim();
            match key.trim() {
                "case" => has_case = !value.is_empty(),
                "opencl" => {
                    let mut parts = value.split_whitespace();
                    let v = parts.next().unwrap_or("");
                    if !OPENCL_ENVS.iter().any(|(x, _)| *x == v) {
                        return Err(format!("{name}:{n}: unknown OpenCL version `{v}`"));
                    }
                    opencl = Some(v.to_string());
                    match parts.next() {
                        None => {}
                        Some("embedded") => embedded = true,
                        Some(p) => return Err(format!("{name}:{n}: unknown profile `{p}`")),
                    }
                }
                // The device's OpenCL extensions (`none` for none); unset: what the module needs.
                "device-extensions" => {
                    device_extensions = Some(if value == "none" {
                        String::new()
                    } else {
                        value.split_whitespace().collect::<Vec<_>>().join(",")
                    })
                }
                "spirv-val" => {
                    val_checks = Some(match value {
                        "checks" => true,
                        "misses" => false,
                        v => {
                            return Err(format!("{name}:{n}: `spirv-val: {v}` (checks or misses)"))
                        }
                    })
                }
                "spirv-as" if value == "fails" => assembler_fails = true,
                "spirv-version" => configured_version = Some(value.to_string()),
                "Version" => {
                    spirv_version = Some(value.to_string());
                    version_line = Some(n as u32);
                }
                "expect-at-version-line" => at_version_line.extend(parse_codes(value, &name, n)?),
                "expect-at-line-1" => {
                    for code in parse_codes(value, &name, n)? {
                        expected.push((1, code));
                    }
                }
                "expect" => {
                    return Err(format!(
                        "{name}:{n}: `; expect:` must follow an instruction"
                    ))
                }
                _ => {}
            }
            continue;
        }
        if t.is_empty() {
            continue;
        }
        instruction_lines.push(n as u32);
        if let Some((_, marker)) = t.split_once(';') {
            if let Some(codes) = marker.trim().strip_prefix("expect:") {
                for code in parse_codes(codes, &name, n)? {
                    expected.push((n as u32, code));
                }
                has_line_markers = true;
            }
        }
    }
    if let Some(line) = version_line {
        expected.extend(at_version_line.into_iter().map(|code| (line, code)));
    }
    expected.sort();
    let opencl = opencl.ok_or_else(|| format!("{name}: missing `; opencl:` header"))?;
    if spirv_version.is_some() && configured_version.is_some() {
        return Err(format!(
            "{name}: `; spirv-version:` is for text without a `; Version:` line"
        ));
    }
    let spirv_version = spirv_version
        .or_else(|| configured_version.clone())
        .ok_or_else(|| {
            format!("{name}: missing `; Version: 1.x` (or `; spirv-version: 1.x`) header")
        })?;
    if !has_case {
        return Err(format!("{name}: missing `; case:` header"));
    }
    if valid && (!expected.is_empty() || val_checks.is_some() || assembler_fails) {
        return Err(format!(
            "{name}: a valid case has no expect markers, spirv-val or spirv-as lines"
        ));
    }
    if !valid && (expected.is_empty() || val_checks.is_none()) {
        return Err(format!(
            "{name}: an invalid case needs `; spirv-val:` and at least one expect marker"
        ));
    }
    if assembler_fails && val_checks == Some(false) {
        return Err(format!(
            "{name}: `spirv-as: fails` cases count as `spirv-val: checks`"
        ));
    }
    Ok(Case {
        name,
        path,
        valid,
        opencl,
        embedded,
        device_extensions,
        spirv_version,
        configured_version,
        val_checks,
        assembler_fails,
        expected,
        has_line_markers,
        instruction_lines,
    })
}

fn load_cases(dir: &str) -> Result<Vec<Case>, String> {
    let root = Path::new(ORACLE_DIR).join(dir);
    let mut paths: Vec<PathBuf> = fs::read_dir(&root)
        .map_err(|e| format!("cannot read {}: {e}", root.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "spvasm"))
        .collect();
    paths.sort();
    paths
        .into_iter()
        .map(|path| {
            let stem = path.file_stem().unwrap().to_string_lossy().into_owned();
            parse_case(format!("{dir}/{stem}"), path, dir == "valid")
        })
        .collect()
}

// ------------------------------------------------------------------------------------------------
// tools

struct Tools {
    assembler: PathBuf,
    validator: PathBuf,
    disassembler: PathBuf,
}

fn find_tool(var: &str, name: &str) -> Option<PathBuf> {
    if let Some(p) = env::var_os(var).filter(|p| !p.is_empty()) {
        let p = PathBuf::from(p);
        assert!(p.is_file(), "{var}={} does not name a file", p.display());
        return Some(p);
    }
    env::split_paths(&env::var_os("PATH")?)
        .map(|dir| dir.join(name))
        .find(|p| p.is_file())
}

fn find_tools() -> Option<Tools> {
    Some(Tools {
        assembler: find_tool("SPIRV_AS", "spirv-as")?,
        validator: find_tool("SPIRV_VAL", "spirv-val")?,
        disassembler: find_tool("SPIRV_DIS", "spirv-dis")?,
    })
}

fn run(tool: &Path, args: &[&str]) -> (bool, String) {
    let out = Command::new(tool)
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("cannot run {}: {e}", tool.display()));
    let mut text = String::from_utf8_lossy(&out.stdout).into_owned();
    text.push_str(&String::from_utf8_lossy(&out.stderr));
    (out.status.success(), text.trim().to_string())
}

fn squash(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// What spirv-as and spirv-val said about one case.
struct ToolVerdict {
    assembled: bool,
    assembler_output: String,
    /// `None` when the case did not assemble.
    validator_accepts: Option<bool>,
    validator_output: String,
    /// The source line of the instruction spirv-val prints under its error, when it prints one
    /// that is found exactly once in the disassembly.
    validator_line: Option<u32>,
    /// The assembled module, for speclint to check as a binary (removed after).
    binary: Option<PathBuf>,
}

fn run_tools(tools: &Tools, case: &Case, work: &Path) -> ToolVerdict {
    let spv = work.join(format!("{}.spv", case.name.replace('/', "__")));
    let spv_s = spv.to_string_lossy().into_owned();
    let src = case.path.to_string_lossy().into_owned();
    let env_as = format!("spv{}", case.spirv_version);
    let (assembled, assembler_output) = run(
        &tools.assembler,
        &["--target-env", &env_as, &src, "-o", &spv_s],
    );
    let mut verdict = ToolVerdict {
        assembled,
        assembler_output,
        validator_accepts: None,
        validator_output: String::new(),
        validator_line: None,
        binary: None,
    };
    if !assembled {
        return verdict;
    }
    verdict.binary = Some(spv.clone());
    let (accepts, output) = run(&tools.validator, &["--target-env", &case.val_env(), &spv_s]);
    verdict.validator_accepts = Some(accepts);
    if !accepts {
        // spirv-val prints the offending instruction, disassembled, on the line after the error.
        let (ok, dis) = run(
            &tools.disassembler,
            &["--no-header", "--no-indent", "--no-color", &spv_s],
        );
        // spirv-dis gives up on some broken modules (duplicate ids): then no line is named.
        let dis: Vec<String> = dis.lines().map(squash).collect();
        if ok && dis.len() == case.instruction_lines.len() {
            let named = output.lines().nth(1).map(squash).unwrap_or_default();
            let hits: Vec<usize> = (0..dis.len()).filter(|&i| dis[i] == named).collect();
            if let [i] = hits[..] {
                verdict.validator_line = Some(case.instruction_lines[i]);
            }
        }
    }
    verdict.validator_output = output;
    verdict
}

// ------------------------------------------------------------------------------------------------
// comparison

struct Outcome {
    /// The case itself no longer tells the truth about the tools: always a failure.
    stale: Vec<String>,
    /// speclint disagrees with the case: a failure unless the case is a known gap.
    speclint: Vec<String>,
    val_checks: bool,
}

fn check_case(tools: &Tools, case: &Case, work: &Path) -> Outcome {
    let mut stale = Vec::new();
    let mut speclint = Vec::new();
    let tv = run_tools(tools, case, work);
    if tv.assembled == case.assembler_fails {
        stale.push(format!(
            "{}: spirv-as --target-env spv{} {} it, the case says it {}\n{}",
            case.name,
            case.spirv_version,
            if tv.assembled { "assembles" } else { "rejects" },
            if case.assembler_fails {
                "fails"
            } else {
                "assembles"
            },
            indent(&tv.assembler_output)
        ));
    }
    let val_checks = tv.validator_accepts == Some(false) || !tv.assembled;
    match (case.valid, tv.validator_accepts) {
        (true, Some(false)) => stale.push(format!(
            "{}: valid case, but spirv-val --target-env {} rejects it\n{}",
            case.name,
            case.val_env(),
            indent(&tv.validator_output)
        )),
        (false, Some(accepts)) if case.val_checks == Some(accepts) => stale.push(format!(
            "{}: the case says `spirv-val: {}`, but spirv-val --target-env {} {} it\n{}",
            case.name,
            if accepts { "checks" } else { "misses" },
            case.val_env(),
            if accepts { "accepts" } else { "rejects" },
            indent(&tv.validator_output)
        )),
        _ => {}
    }
    if let Some(line) = tv.validator_line {
        if case.has_line_markers && !case.expected.iter().any(|(l, _)| *l == line) {
            stale.push(format!(
                "{}:{line}: spirv-val names the instruction on line {line}, which has no expect marker\n{}",
                case.name,
                indent(&tv.validator_output)
            ));
        }
    }

    let mut args = vec!["--opencl-version", case.opencl.as_str()];
    if case.embedded {
        args.extend(["--opencl-profile", "embedded"]);
    }
    if let Some(extensions) = &case.device_extensions {
        args.extend(["--opencl-extensions", extensions.as_str()]);
    }
    if let Some(version) = &case.configured_version {
        args.extend(["--spirv-version", version.as_str()]);
    }
    let lint: Vec<LintDiag> = match run_speclint(SPECLINT, &args, &[&case.path]) {
        Ok(d) => d,
        Err(e) => {
            speclint.push(format!("{}: {e}", case.name));
            return Outcome {
                stale,
                speclint,
                val_checks,
            };
        }
    };
    let mut got: Vec<(u32, String)> = lint.iter().map(|d| (d.line, d.code.clone())).collect();
    got.sort();
    if got != case.expected {
        let mut missing = case.expected.clone();
        let mut extra = Vec::new();
        for g in &got {
            match missing.iter().position(|m| m == g) {
                Some(i) => {
                    missing.remove(i);
                }
                None => extra.push(g.clone()),
            }
        }
        let show = |v: &[(u32, String)]| {
            v.iter()
                .map(|(l, c)| format!("{c}@{l}"))
                .collect::<Vec<_>>()
                .join(" ")
        };
        speclint.push(format!(
            "{}: speclint findings differ (missing: [{}], extra: [{}])\n{}",
            case.name,
            show(&missing),
            show(&extra),
            show_lint(&lint)
        ));
    }
    // Severity follows spirv-val: a module it accepts gets no error (what speclint finds there
    // is a warning that says spirv-val accepts it); one it rejects gets at least one error.
    let errors: Vec<&LintDiag> = lint.iter().filter(|d| d.severity == "error").collect();
    match case.val_checks {
        Some(false) if !errors.is_empty() => speclint.push(format!(
            "{}: spirv-val accepts it, but speclint reports errors (they should be warnings):\n{}",
            case.name,
            show_lint(&errors)
        )),
        Some(true) if errors.is_empty() && !lint.is_empty() => speclint.push(format!(
            "{}: spirv-val rejects it, but speclint reports no error:\n{}",
            case.name,
            show_lint(&lint)
        )),
        Some(false) => {
            if let Some(d) = lint
                .iter()
                .find(|d| d.severity == "warning" && !d.message.contains("spirv-val"))
            {
                speclint.push(format!(
                    "{}: a warning spirv-val does not enforce must say so (\"spirv-val accepts it\"): {}",
                    case.name, d.message
                ));
            }
        }
        _ => {}
    }
    // The binary spirv-as made of the case gets the same rules as its text (hints aside: only
    // text can lack a version line).
    if let Some(binary) = &tv.binary {
        let codes = |found: &[LintDiag]| -> Vec<String> {
            let mut codes: Vec<String> = found
                .iter()
                .filter(|d| d.severity != "hint")
                .map(|d| d.code.clone())
                .collect();
            codes.sort();
            codes
        };
        match run_speclint(SPECLINT, &args, &[binary]) {
            Ok(found) if codes(&found) != codes(&lint) => speclint.push(format!(
                "{}: the binary gives {:?}, the text {:?}",
                case.name,
                codes(&found),
                codes(&lint)
            )),
            Ok(_) => {}
            Err(e) => speclint.push(format!("{} (binary): {e}", case.name)),
        }
        let _ = fs::remove_file(binary);
    }
    if let (Some(line), true) = (tv.validator_line, case.has_line_markers) {
        if !lint.iter().any(|d| d.line == line) {
            speclint.push(format!(
                "{}:{line}: spirv-val rejects the instruction on line {line}; speclint reports nothing there",
                case.name
            ));
        }
    }
    Outcome {
        stale,
        speclint,
        val_checks,
    }
}

// ------------------------------------------------------------------------------------------------
// known gaps

fn gaps_path() -> PathBuf {
    Path::new(ORACLE_DIR).join("known-gaps.txt")
}

/// `name: reason` lines; `#` starts a comment line.
fn read_gaps() -> BTreeMap<String, String> {
    let text = fs::read_to_string(gaps_path()).unwrap_or_default();
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| match l.split_once(": ") {
            Some((n, r)) => (n.trim().to_string(), r.trim().to_string()),
            None => (l.to_string(), String::new()),
        })
        .collect()
}

fn write_gaps(gaps: &BTreeMap<String, String>) {
    let mut text = String::from(
        "# SPIR-V oracle cases speclint does not get right yet, one `case: reason` a line.\n\
         # A listed case that passes fails server/tests/spirv_oracle.rs: take it off the list.\n\
         # Regenerate with SPIRV_ORACLE_UPDATE=1 cargo test --test spirv_oracle (reasons are kept).\n",
    );
    for (name, reason) in gaps {
        text.push_str(&format!("{name}: {reason}\n"));
    }
    fs::write(gaps_path(), text).expect("write known-gaps.txt");
}

/// The first line of a failure, shortened, as the reason of a new gap.
fn reason_from(failure: &str) -> String {
    let first = failure.lines().next().unwrap_or("");
    let first = first.split_once(": ").map_or(first, |(_, r)| r);
    let mut r: String = first.chars().take(160).collect();
    if r.len() < first.len() {
        r.push_str(" ...");
    }
    r
}

// ------------------------------------------------------------------------------------------------

#[test]
fn spirv_oracle() {
    let Some(tools) = find_tools() else {
        oracle::skip_without_tools(
            "spirv_oracle",
            "spirv-as, spirv-val or spirv-dis not found (apt-get install spirv-tools, or set SPIRV_AS/SPIRV_VAL/SPIRV_DIS)",
        );
        return;
    };
    let invalid = load_cases("invalid").unwrap_or_else(|e| panic!("{e}"));
    let valid = load_cases("valid").unwrap_or_else(|e| panic!("{e}"));
    assert!(
        invalid.len() >= MIN_INVALID && valid.len() >= MIN_VALID,
        "expected at least {MIN_INVALID} invalid and {MIN_VALID} valid cases under {ORACLE_DIR}, found {} and {}",
        invalid.len(),
        valid.len()
    );
    let misses = invalid
        .iter()
        .filter(|c| c.val_checks == Some(false))
        .count();
    assert!(
        2 * misses >= invalid.len(),
        "at least half of the invalid cases should be ones spirv-val misses ({misses} of {})",
        invalid.len()
    );
    let all_rules: BTreeSet<String> = invalid.iter().map(Case::rule).collect();
    for code in (1..=16).chain(20..=34) {
        let code = format!("SPV{code:03}");
        let n = invalid.iter().filter(|c| c.rule() == code).count();
        assert!(
            n >= 3,
            "{code} has {n} invalid case(s), want at least 3 ({all_rules:?})"
        );
    }

    // spec-db/spirv/spirv-val.toml's verdict on each check is what its case says spirv-val does
    // (and the harness checks the case against spirv-val itself).
    for check in speclint_spec_db::spirv::checks::all() {
        if check.case.is_empty() {
            continue;
        }
        let case = invalid.iter().find(|c| c.name == check.case);
        let Some(case) = case else {
            panic!(
                "spirv-val.toml: check `{}` names the case {}, which does not exist",
                check.id, check.case
            );
        };
        let checks = check.spirv_val == speclint_spec_db::spirv::env::SpirvVal::Checks;
        assert_eq!(
            case.val_checks,
            Some(checks),
            "spirv-val.toml says spirv-val {} check `{}`, but its case {} says the opposite",
            if checks { "enforces" } else { "misses" },
            check.id,
            check.case
        );
    }

    let filter = env::var("ORACLE_FILTER").unwrap_or_default();
    let cases: Vec<&Case> = invalid
        .iter()
        .chain(&valid)
        .filter(|c| c.name.contains(filter.as_str()))
        .collect();
    assert!(
        !cases.is_empty(),
        "ORACLE_FILTER={filter:?} matches no case"
    );

    let work = env::temp_dir().join(format!("speclint-spirv-oracle-{}", std::process::id()));
    fs::create_dir_all(&work).expect("create work directory");
    let outcomes = parallel(&cases, |c| check_case(&tools, c, &work));
    let _ = fs::remove_dir_all(&work);

    let gaps = read_gaps();
    let mut stale = Vec::new();
    let mut unexpected = Vec::new();
    let mut fixed = Vec::new();
    let mut new_gaps = BTreeMap::new();
    // rule -> (cases, speclint agrees, spirv-val checks, spirv-val misses)
    let mut table: BTreeMap<String, [usize; 4]> = BTreeMap::new();
    for (case, out) in cases.iter().zip(&outcomes) {
        stale.extend(out.stale.iter().cloned());
        let row = table.entry(case.rule()).or_default();
        row[0] += 1;
        if out.speclint.is_empty() {
            row[1] += 1;
        }
        if !case.valid {
            row[if out.val_checks { 2 } else { 3 }] += 1;
        }
        match (out.speclint.is_empty(), gaps.get(&case.name)) {
            (true, Some(_)) => fixed.push(case.name.clone()),
            (true, None) => {}
            (false, listed) => {
                let reason = listed
                    .filter(|r| !r.is_empty())
                    .cloned()
                    .unwrap_or_else(|| reason_from(&out.speclint[0]));
                new_gaps.insert(case.name.clone(), reason);
                if listed.is_none() {
                    unexpected.extend(out.speclint.iter().cloned());
                }
            }
        }
    }
    let unknown: Vec<&String> = gaps
        .keys()
        .filter(|n| !invalid.iter().chain(&valid).any(|c| &c.name == *n))
        .collect();

    let mut summary = String::from("\nSPIR-V oracle: speclint vs spirv-val (SPIRV-Tools)\n");
    summary.push_str("  rule     cases  speclint-agrees  spirv-val-checks  spirv-val-misses\n");
    let mut total = [0usize; 4];
    for (rule, row) in &table {
        summary.push_str(&format!(
            "  {rule:<8} {:>5}  {:>15}  {:>16}  {:>16}\n",
            row[0], row[1], row[2], row[3]
        ));
        for i in 0..4 {
            total[i] += row[i];
        }
    }
    summary.push_str(&format!(
        "  {:<8} {:>5}  {:>15}  {:>16}  {:>16}\n",
        "total", total[0], total[1], total[2], total[3]
    ));
    summary.push_str(&format!(
        "  known gaps: {} listed, {} now pass, {} unlisted failures, {} stale case(s)\n",
        gaps.len(),
        fixed.len(),
        new_gaps.len() - new_gaps.keys().filter(|n| gaps.contains_key(*n)).count(),
        stale.len()
    ));
    let _ = writeln!(std::io::stderr(), "{summary}");

    if env::var_os("SPIRV_ORACLE_UPDATE").is_some() {
        if !filter.is_empty() {
            panic!("SPIRV_ORACLE_UPDATE=1 needs the whole case list (unset ORACLE_FILTER)");
        }
        write_gaps(&new_gaps);
        let _ = writeln!(
            std::io::stderr(),
            "wrote {} gap(s) to {}",
            new_gaps.len(),
            gaps_path().display()
        );
        assert!(stale.is_empty(), "stale cases:\n\n{}", stale.join("\n\n"));
        return;
    }

    let mut problems = Vec::new();
    if !stale.is_empty() {
        problems.push(format!(
            "{} problem(s) with the cases themselves (the tools disagree with their headers):\n\n{}",
            stale.len(),
            stale.join("\n\n")
        ));
    }
    if !unexpected.is_empty() {
        problems.push(format!(
            "speclint disagrees on case(s) not in known-gaps.txt:\n\n{}",
            unexpected.join("\n\n")
        ));
    }
    if !fixed.is_empty() {
        problems.push(format!(
            "known-gaps.txt lists case(s) that now pass; take them off the list:\n  {}",
            fixed.join("\n  ")
        ));
    }
    if !unknown.is_empty() && filter.is_empty() {
        problems.push(format!(
            "known-gaps.txt names case(s) that do not exist:\n  {}",
            unknown
                .iter()
                .map(|s| s.as_str())
                .collect::<Vec<_>>()
                .join("\n  ")
        ));
    }
    if !problems.is_empty() {
        panic!("SPIR-V oracle:\n{}\n", problems.join("\n\n"));
    }
}
