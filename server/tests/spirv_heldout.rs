//! speclint on a held-out SPIR-V corpus (`tests/spirv/heldout`, see its README): kernels no
//! other test was written against, from clang-15 + llvm-spirv-15 (OpenCL C 1.2, 2.0, 3.0 and
//! hand-written LLVM IR), kept only where `spirv-val` accepts them for their OpenCL
//! environment. Here, with no compiler needed:
//! * `spirv-val --target-env E` must still accept every kept binary, and every headered text
//!   module (a 200-line comment header, no `; SPIR-V` / `; Version:` lines) must assemble with
//!   `spirv-as` and validate;
//! * speclint must report no error and no warning on any of them, text or binary, except
//!   where `expectations.toml` names a rule spirv-val does not check (then exactly those codes,
//!   in the text and the binary alike, each a warning: spirv-val accepts the module);
//! * a headered module gets exactly one hint, the SPIR-V version assumed, and the same other
//!   findings as the module it was made from.
//!
//! Without spirv-tools the test prints `SKIPPED spirv_heldout` (a failure when `$CI` is set).

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use std::process::Command;

use speclint_test_support::oracle::{parallel, run_speclint, skip_without_tools, LintDiag};

const SPECLINT: &str = env!("CARGO_BIN_EXE_speclint");

const CORPUS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/spirv/heldout");

#[derive(serde::Deserialize)]
struct Manifest {
    module: Vec<Module>,
    headered: Vec<Headered>,
}

#[derive(serde::Deserialize)]
struct Module {
    name: String,
    opencl: String,
    target_env: String,
    kept: bool,
    #[serde(default)]
    spv: String,
    #[serde(default)]
    spvasm: String,
}

#[derive(serde::Deserialize)]
struct Headered {
    name: String,
    opencl: String,
    target_env: String,
    spirv_version: String,
    spvasm: String,
}

#[derive(serde::Deserialize)]
struct Expectations {
    /// Module name -> `CODES: the rule spirv-val does not check, with its section`.
    spirv_val_misses: BTreeMap<String, String>,
}

fn tool_ok(tool: &str, args: &[&str]) -> Result<(), String> {
    let out = Command::new(tool)
        .args(args)
        .current_dir(CORPUS)
        .output()
        .map_err(|e| format!("cannot run {tool}: {e}"))?;
    if out.status.success() {
        Ok(())
    } else {
        Err(format!(
            "{tool} {}: {}{}",
            args.join(" "),
            String::from_utf8_lossy(&out.stdout).trim(),
            String::from_utf8_lossy(&out.stderr).trim()
        ))
    }
}

fn tools_present() -> bool {
    ["spirv-as", "spirv-val"].iter().all(|tool| {
        Command::new(tool)
            .arg("--version")
            .output()
            .is_ok_and(|o| o.status.success())
    })
}

/// Findings per path (as given, relative to the corpus), checking `paths` for one OpenCL version.
fn lint(opencl: &str, paths: &[String]) -> BTreeMap<String, Vec<LintDiag>> {
    let full: Vec<String> = paths.iter().map(|p| format!("{CORPUS}/{p}")).collect();
    let found =
        run_speclint(SPECLINT, &["--opencl-version", opencl], &full).expect("speclint runs");
    let mut by_path: BTreeMap<String, Vec<LintDiag>> = BTreeMap::new();
    for finding in found {
        let path = finding
            .path
            .strip_prefix(&format!("{CORPUS}/"))
            .unwrap_or(&finding.path)
            .to_string();
        by_path.entry(path).or_default().push(finding);
    }
    by_path
}

fn codes(found: &[&LintDiag]) -> BTreeSet<String> {
    found.iter().map(|d| d.code.clone()).collect()
}

#[test]
fn held_out_compiler_output_checks_clean() {
    if !tools_present() {
        skip_without_tools("spirv_heldout", "spirv-as or spirv-val is not on PATH");
        return;
    }
    let manifest: Manifest = toml::from_str(
        &std::fs::read_to_string(format!("{CORPUS}/manifest.toml")).expect("the manifest"),
    )
    .expect("a valid manifest");
    let expectations: Expectations = toml::from_str(
        &std::fs::read_to_string(format!("{CORPUS}/expectations.toml")).expect("expectations"),
    )
    .expect("valid expectations");
    let kept: Vec<&Module> = manifest.module.iter().filter(|m| m.kept).collect();
    assert!(kept.len() >= 100, "only {} kept modules", kept.len());
    assert!(
        manifest.headered.len() >= 30,
        "only {} headered modules",
        manifest.headered.len()
    );
    let mut problems: Vec<String> = Vec::new();

    // The reference tool still accepts every file.
    let scratch = std::env::temp_dir().join(format!("speclint-heldout-{}", std::process::id()));
    std::fs::create_dir_all(&scratch).unwrap();
    let verdicts = parallel(&kept, |m| {
        tool_ok("spirv-val", &["--target-env", &m.target_env, &m.spv])
    });
    problems.extend(verdicts.into_iter().filter_map(Result::err));
    let verdicts = parallel(&manifest.headered, |h| {
        let spv = scratch.join(format!("{}.spv", h.name));
        let spv = spv.to_string_lossy();
        tool_ok(
            "spirv-as",
            &[
                "--target-env",
                &format!("spv{}", h.spirv_version),
                &h.spvasm,
                "-o",
                &spv,
            ],
        )
        .and_then(|()| tool_ok("spirv-val", &["--target-env", &h.target_env, &spv]))
    });
    problems.extend(verdicts.into_iter().filter_map(Result::err));
    let _ = std::fs::remove_dir_all(&scratch);

    // speclint, per OpenCL version.
    let mut by_version: BTreeMap<&str, Vec<String>> = BTreeMap::new();
    for m in &kept {
        let paths = by_version.entry(m.opencl.as_str()).or_default();
        paths.push(m.spvasm.clone());
        paths.push(m.spv.clone());
    }
    for h in &manifest.headered {
        by_version
            .entry(h.opencl.as_str())
            .or_default()
            .push(h.spvasm.clone());
    }
    let mut findings: BTreeMap<String, Vec<LintDiag>> = BTreeMap::new();
    for (version, paths) in &by_version {
        findings.extend(lint(version, paths));
    }
    let serious = |path: &str| -> Vec<&LintDiag> {
        findings
            .get(path)
            .into_iter()
            .flatten()
            .filter(|d| d.severity == "error" || d.severity == "warning")
            .collect()
    };
    let show = |found: &[&LintDiag]| -> String {
        found
            .iter()
            .map(|d| format!("\n    {}", d.show()))
            .collect()
    };
    let mut counts = BTreeMap::<&str, usize>::new();
    let mut check_clean = |name: &str, path: &str, problems: &mut Vec<String>| {
        let found = serious(path);
        match expectations.spirv_val_misses.get(name) {
            Some(entry) => {
                let listed: BTreeSet<String> = entry
                    .split(':')
                    .next()
                    .unwrap_or_default()
                    .split_whitespace()
                    .map(str::to_string)
                    .collect();
                let errors: Vec<&LintDiag> = found
                    .iter()
                    .copied()
                    .filter(|d| d.severity == "error")
                    .collect();
                if !errors.is_empty() {
                    problems.push(format!(
                        "{path}: spirv-val accepts it, speclint reports errors:{}",
                        show(&errors)
                    ));
                } else if codes(&found) == listed {
                    *counts.entry("rules spirv-val misses").or_default() += 1;
                } else {
                    problems.push(format!(
                        "{path}: expectations.toml lists {listed:?}, speclint reports:{}",
                        show(&found)
                    ));
                }
            }
            None if found.is_empty() => *counts.entry("clean").or_default() += 1,
            None => problems.push(format!(
                "{path}: spirv-val accepts it, speclint reports:{}",
                show(&found)
            )),
        }
        // Hints other than the version assumption are fine; nothing else may appear either.
    };
    for m in &kept {
        check_clean(&m.name, &m.spvasm, &mut problems);
        check_clean(&m.name, &m.spv, &mut problems);
        let (text, binary) = (codes(&serious(&m.spvasm)), codes(&serious(&m.spv)));
        if text != binary {
            problems.push(format!(
                "{}: the text gives {text:?}, the binary {binary:?}",
                m.name
            ));
        }
    }
    for h in &manifest.headered {
        let base = h.name.trim_end_matches(".headered");
        check_clean(base, &h.spvasm, &mut problems);
        let hints: Vec<&LintDiag> = findings
            .get(&h.spvasm)
            .into_iter()
            .flatten()
            .filter(|d| d.severity == "hint")
            .collect();
        let states_version = |d: &&LintDiag| d.code == "SPV012" && d.message.contains("Version");
        if hints.len() != 1 || !hints.iter().all(states_version) {
            problems.push(format!(
                "{}: expected one SPV012 hint stating the version assumed, got:{}",
                h.spvasm,
                show(&hints)
            ));
        }
    }
    for name in expectations.spirv_val_misses.keys() {
        if !kept.iter().any(|m| &m.name == name) {
            problems.push(format!(
                "{name}: listed in expectations.toml but not kept in the corpus"
            ));
        }
    }
    eprintln!(
        "{} kept modules (text and binary) and {} headered texts: {counts:?}",
        kept.len(),
        manifest.headered.len()
    );
    assert!(
        Path::new(CORPUS).join("generate.sh").is_file(),
        "generate.sh is missing"
    );
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
