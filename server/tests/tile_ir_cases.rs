//! Tile IR corpus: `tests/tile-ir/valid/*.mlir` must check clean (no error, no warning; hints
//! only in `emulated-modifiers.mlir`, which is about them), and every
//! `tests/tile-ir/invalid/*.mlir` must produce exactly the diagnostics its header lists:
//!
//! ```text
//! // expect: TILE010 line 7     (one per expected diagnostic)
//! // rule: what is wrong, and which spec fact says so
//! // version: 13.1              (optional: --tile-ir-version)
//! // target: sm_80              (optional: --target)
//! ```
//!
//! The spec's own full example listings (`../shared/spec-sources`, required) must have no
//! syntax error. All disagreements are collected and reported together.

use speclint_test_support::spec_sources;

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;

const ROOT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/tile-ir");
const SPECLINT: &str = env!("CARGO_BIN_EXE_speclint");
const MIN_INVALID: usize = 60;

/// Cases whose rule speclint does not check yet, with why. Each must still disagree: once a
/// gap is closed the test fails until the case is removed from this list.
const KNOWN_GAPS: &[(&str, &str)] = &[];

fn mlir_files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "mlir"))
        .collect();
    files.sort();
    files
}

/// (code, line, severity) of every diagnostic speclint reports for `path`.
fn check(path: &Path, extra: &[String]) -> Vec<(String, u64, String)> {
    let output = Command::new(SPECLINT)
        .arg("check")
        .arg("--format")
        .arg("json")
        .args(extra)
        .arg(path)
        .output()
        .expect("run speclint");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let json: serde_json::Value = serde_json::from_str(&stdout).unwrap_or_else(|e| {
        panic!(
            "{}: bad JSON ({e}): {stdout}\n{}",
            path.display(),
            String::from_utf8_lossy(&output.stderr)
        )
    });
    json.as_array()
        .expect("an array")
        .iter()
        .map(|d| {
            (
                d["code"].as_str().unwrap_or("").to_string(),
                d["line"].as_u64().unwrap_or(0),
                d["severity"].as_str().unwrap_or("").to_string(),
            )
        })
        .collect()
}

/// The severity an `expect` line means when it names none: the rule's own level.
fn default_severity(code: &str) -> String {
    match code {
        "TILE011" => "hint",
        "TILE019" => "info",
        _ => "error",
    }
    .to_string()
}

#[test]
fn invalid_cases_report_exactly_what_they_expect() {
    let files = mlir_files(&Path::new(ROOT).join("invalid"));
    assert!(
        files.len() >= MIN_INVALID,
        "only {} invalid cases",
        files.len()
    );
    let mut problems = Vec::new();
    let mut codes = BTreeSet::new();
    for path in &files {
        let text = std::fs::read_to_string(path).unwrap();
        let mut expected = BTreeSet::new();
        let mut extra = Vec::new();
        for line in text.lines().take_while(|l| l.starts_with("//")) {
            let line = line.trim_start_matches('/').trim();
            if let Some(rest) = line.strip_prefix("expect:") {
                let mut parts = rest.split_whitespace();
                let code = parts.next().unwrap_or("").to_string();
                let number: u64 = parts.nth(1).and_then(|n| n.parse().ok()).unwrap_or(0);
                let severity = parts
                    .next()
                    .map_or_else(|| default_severity(&code), str::to_string);
                codes.insert(code.clone());
                expected.insert((code, number, severity));
            } else if let Some(version) = line.strip_prefix("version:") {
                extra.extend(["--tile-ir-version".to_string(), version.trim().to_string()]);
            } else if let Some(target) = line.strip_prefix("target:") {
                extra.extend(["--target".to_string(), target.trim().to_string()]);
            }
        }
        assert!(
            !expected.is_empty(),
            "{}: no `// expect:` line",
            path.display()
        );
        let found: BTreeSet<(String, u64, String)> = check(path, &extra).into_iter().collect();
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        let known_gap = KNOWN_GAPS.iter().any(|(gap, _)| *gap == name);
        if known_gap {
            if found == expected {
                problems.push(format!("{name}: now passes; remove it from KNOWN_GAPS"));
            }
            continue;
        }
        if found != expected {
            problems.push(format!(
                "{}: expected {expected:?}, speclint reported {found:?}",
                path.file_name().unwrap().to_string_lossy()
            ));
        }
    }
    for code in 1..=19 {
        let code = format!("TILE{code:03}");
        if !codes.contains(&code) {
            problems.push(format!("no invalid case covers {code}"));
        }
    }
    assert!(
        problems.is_empty(),
        "{} disagreement(s):\n{}",
        problems.len(),
        problems.join("\n")
    );
}

#[test]
fn valid_modules_are_clean() {
    let files = mlir_files(&Path::new(ROOT).join("valid"));
    assert!(files.len() >= 10);
    let mut problems = Vec::new();
    for path in &files {
        let emulation = path.ends_with("emulated-modifiers.mlir");
        for (code, line, severity) in check(path, &[]) {
            if severity != "hint" || !emulation {
                problems.push(format!("{}:{line}: {severity} {code}", path.display()));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// The full example listings of the specification parse without syntax errors.
#[test]
fn spec_examples_have_no_syntax_errors() {
    let spec = spec_sources::spec_sources().join("tile-ir-13.3");
    let entries = std::fs::read_dir(&spec).unwrap_or_else(|e| panic!("{}: {e}", spec.display()));
    let dir = std::env::temp_dir().join(format!("speclint-spec-examples-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut listings = 0;
    let mut problems = Vec::new();
    for entry in entries.flatten() {
        let text = std::fs::read_to_string(entry.path()).unwrap_or_default();
        for (index, block) in text.split("```cuda_tile\n").skip(1).enumerate() {
            let block = block.split("```").next().unwrap_or("");
            if !block.trim_start().starts_with("cuda_tile.module") {
                continue;
            }
            listings += 1;
            let name = format!("{}-{index}.mlir", entry.file_name().to_string_lossy());
            let path = dir.join(&name);
            std::fs::write(&path, block).unwrap();
            for (code, line, _) in check(&path, &[]) {
                if code == "TILE001" {
                    problems.push(format!("{name}:{line}: {code}"));
                }
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(listings >= 60, "only {listings} listings found");
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// Real modules: cuTile Python kernels compiled to bytecode and printed by NVIDIA's
/// tileirdisasm (`tests/corpus/tile-ir`). Each file must check clean at the version its
/// bytecode had (13.1–13.4; the 13.4 files also as 13.3 and 13.5:
/// `newest_version_modules_are_checked_as_that_version`).
///
/// The 13.5 disassembler prints 13.3's `pow` (op code 84) as `fpowf`, also in 13.2 and 13.3
/// bytecode: that is the same op, clean at every version.
#[test]
fn real_disassembled_modules_are_clean() {
    let dir = Path::new(ROOT).join("../corpus/tile-ir/valid");
    let (checked, problems) = disassembled_findings(&dir, &[]);
    assert!(checked >= 50, "only {checked} modules checked");
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    for name in [
        "f32_transcendental-v13_2-sm_90.mlir",
        "f32_transcendental-v13_3.mlir",
    ] {
        let text = std::fs::read_to_string(dir.join(name)).unwrap();
        assert!(
            text.contains("= fpowf "),
            "{name}: no `fpowf` left to check"
        );
    }
}

/// A held-out corpus of the same kind, written apart from the one above
/// (`tests/oracle/tile-ir/cutile`: other kernels, regenerated by its `generate.sh`; every
/// bytecode file was compiled by tileiras for the GPUs its Export record lists). Each file
/// must check with no error and no warning. `KNOWN_GAPS`: files speclint does not check
/// clean yet, each with why; each must still fail.
#[test]
fn held_out_cutile_modules_are_clean() {
    const KNOWN_GAPS: &[(&str, &str)] = &[];
    let dir = Path::new(ROOT).join("../oracle/tile-ir/cutile/valid");
    let (checked, problems) = disassembled_findings(&dir, KNOWN_GAPS);
    assert!(checked >= 40, "only {checked} held-out modules checked");
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// Checks every disassembled module in `dir` at the version its name gives (`-v13_N`): the
/// number checked and the errors and warnings found. A file in
/// `gaps` must have some, or it is reported as a closed gap.
fn disassembled_findings(dir: &Path, gaps: &[(&str, &str)]) -> (usize, Vec<String>) {
    let mut checked = 0;
    let mut problems = Vec::new();
    for path in &mlir_files(dir) {
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        // Each at the version its bytecode had (`-v13_1` in the name), the 13.1 tables too.
        let version = [
            "--tile-ir-version".to_string(),
            version_in_name(&name).unwrap_or_else(|| panic!("{name}: no -v13_N in the name")),
        ];
        checked += 1;
        let found: Vec<String> = check(path, &version)
            .into_iter()
            .filter(|(_, _, severity)| severity == "error" || severity == "warning")
            .map(|(code, line, severity)| format!("{name}:{line}: {severity} {code}"))
            .collect();
        match gaps.iter().find(|(gap, _)| *gap == name) {
            Some(_) if found.is_empty() => {
                problems.push(format!("{name}: now clean; remove it from KNOWN_GAPS"))
            }
            Some(_) => {}
            None => problems.extend(found),
        }
    }
    for (gap, _) in gaps {
        if !dir.join(gap).exists() {
            problems.push(format!("{gap}: in KNOWN_GAPS but not in {}", dir.display()));
        }
    }
    (checked, problems)
}

/// `13.1` for a corpus file named `…-v13_1…`.
fn version_in_name(name: &str) -> Option<String> {
    let at = name.find("-v13_")? + "-v13_".len();
    let minor = name[at..].chars().next().filter(char::is_ascii_digit)?;
    Some(format!("13.{minor}"))
}

/// The real 13.4 modules: checked as 13.4 (the newest version the spec-db holds, and the
/// default) they are clean; checked as 13.3 each 13.4 feature they use is reported where it
/// is (what `cuda.tile`'s bytecode encoder marks "since 13.4"); checked as 13.5, newer than
/// the spec-db, they get exactly one TILE019 note on line 1 and nothing else.
#[test]
fn newest_version_modules_are_checked_as_that_version() {
    const AS_13_3: &[(&str, &[(&str, u64, &str)])] = &[
        (
            "gdc_chain-v13_4.mlir",
            &[
                ("TILE012", 11, "gdc_wait_tko"),
                ("TILE012", 21, "fpowi"),
                ("TILE012", 27, "gdc_launch_dependents_tko"),
            ],
        ),
        (
            "float_convert_rz-v13_4.mlir",
            &[("TILE010", 12, "rounding<zero>")],
        ),
        (
            "unchecked_copy-v13_4.mlir",
            &[("TILE012", 11, "inbounds"), ("TILE012", 13, "inbounds")],
        ),
        ("vec_add-v13_4.mlir", &[]),
        ("vec_add-v13_4-g.mlir", &[]),
    ];
    let dir = Path::new(ROOT).join("../corpus/tile-ir/valid");
    let files: Vec<PathBuf> = mlir_files(&dir)
        .into_iter()
        .filter(|p| p.to_string_lossy().contains("-v13_4"))
        .collect();
    assert_eq!(files.len(), AS_13_3.len(), "a 13.4 module not listed here");
    let version = |v: &str| vec!["--tile-ir-version".to_string(), v.to_string()];
    let mut problems = Vec::new();
    for path in &files {
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        let as_default = messages(path, &[]);
        let as_13_4 = messages(path, &version("13.4"));
        if !as_default.is_empty() || !as_13_4.is_empty() {
            problems.push(format!(
                "{name}: not clean as 13.4: {as_13_4:?} (default: {as_default:?})"
            ));
        }
        let expected = AS_13_3
            .iter()
            .find(|(n, _)| *n == name)
            .map_or(&[][..], |e| e.1);
        let found = messages(path, &version("13.3"));
        let matches = found.len() == expected.len()
            && found
                .iter()
                .zip(expected)
                .all(|((code, line, message), (c, l, part))| {
                    code == c && line == l && message.contains(part)
                });
        if !matches {
            problems.push(format!(
                "{name} as 13.3: expected {expected:?}, got {found:?}"
            ));
        }
        match messages(path, &version("13.5")).as_slice() {
            [(code, 1, message)]
                if code == "TILE019"
                    && message.contains("uses nothing that 13.4 does not define") => {}
            other => problems.push(format!(
                "{name} as 13.5: expected one TILE019 on line 1, got {other:?}"
            )),
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// (code, line, message) of every diagnostic speclint reports for `path`.
fn messages(path: &Path, extra: &[String]) -> Vec<(String, u64, String)> {
    let output = Command::new(SPECLINT)
        .args(["check", "--format", "json"])
        .args(extra)
        .arg(path)
        .output()
        .expect("run speclint");
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).expect("JSON");
    json.as_array()
        .expect("an array")
        .iter()
        .map(|d| {
            (
                d["code"].as_str().unwrap_or("").to_string(),
                d["line"].as_u64().unwrap_or(0),
                d["message"].as_str().unwrap_or("").to_string(),
            )
        })
        .collect()
}
