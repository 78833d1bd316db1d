//! speclint on real OpenCL compiler output: the clang-15 + llvm-spirv-15 corpus
//! (`tests/spirv/corpus`, see its README). Every module spirv-val accepts for its target
//! environment must check clean, unless the expectations file lists the rules it breaks that
//! spirv-val misses (with their sections; speclint must then report exactly those codes); every
//! module spirv-val rejects must get a finding, unless the expectations file says why not:
//! spirv-val is stricter than the specification there, or speclint does not check the rule yet
//! (a known gap; the test fails once the gap closes, so the list only shrinks).

use std::collections::{BTreeMap, BTreeSet};
use std::process::Command;

const CORPUS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/spirv/corpus");

#[derive(serde::Deserialize)]
struct Manifest {
    module: Vec<Module>,
}

#[derive(serde::Deserialize)]
struct Module {
    name: String,
    opencl_c: String,
    compiled: bool,
    #[serde(default)]
    spvasm: String,
    #[serde(default)]
    spv: String,
    #[serde(default)]
    target_env: String,
    #[serde(default)]
    accepted: Vec<String>,
    #[serde(default)]
    rejected: BTreeMap<String, String>,
}

#[derive(serde::Deserialize)]
struct Expectations {
    /// Module name -> `CODES: the rule spirv-val misses, with its section`.
    spirv_val_misses: BTreeMap<String, String>,
    /// Module name -> why the specification allows what spirv-val rejects (with the section).
    spirv_val_stricter: BTreeMap<String, String>,
    /// Module name -> the rule speclint does not check yet.
    known_gaps: BTreeMap<String, String>,
}

/// Findings (`CODE line`) per path, checking `paths` against one OpenCL version.
fn check(opencl: &str, paths: &[String]) -> BTreeMap<String, Vec<String>> {
    let mut args = vec![
        "check".to_string(),
        "--format".into(),
        "json".into(),
        "--opencl-version".into(),
        opencl.into(),
    ];
    args.extend(paths.iter().cloned());
    let out = Command::new(env!("CARGO_BIN_EXE_speclint"))
        .args(&args)
        .current_dir(CORPUS)
        .output()
        .expect("speclint runs");
    assert!(
        out.status.code() == Some(0) || out.status.code() == Some(1),
        "speclint failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let findings: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON output");
    let mut by_path: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for finding in findings.as_array().expect("a JSON array") {
        by_path
            .entry(finding["path"].as_str().unwrap_or_default().to_string())
            .or_default()
            .push(format!(
                "{} line {}: {}",
                finding["code"].as_str().unwrap_or_default(),
                finding["line"],
                finding["message"].as_str().unwrap_or_default()
            ));
    }
    by_path
}

#[test]
fn compiler_output_checks_as_spirv_val_says() {
    let manifest: Manifest = toml::from_str(
        &std::fs::read_to_string(format!("{CORPUS}/manifest.toml")).expect("the manifest"),
    )
    .expect("a valid manifest");
    let expectations: Expectations = toml::from_str(
        &std::fs::read_to_string(format!("{CORPUS}/expectations.toml")).expect("expectations"),
    )
    .expect("valid expectations");
    let modules: Vec<&Module> = manifest.module.iter().filter(|m| m.compiled).collect();
    assert!(modules.len() >= 150, "only {} modules", modules.len());

    // Each module as text and as binary.
    let mut by_version: BTreeMap<&str, Vec<String>> = BTreeMap::new();
    for module in &modules {
        let paths = by_version.entry(module.opencl_c.as_str()).or_default();
        paths.push(module.spvasm.clone());
        paths.push(module.spv.clone());
    }
    let mut findings: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for (version, paths) in &by_version {
        findings.extend(check(version, paths));
    }

    let mut problems = Vec::new();
    // The binary gives the same findings as its text: the same rules, as often.
    let codes_of = |path: &str| -> Vec<String> {
        let mut codes: Vec<String> = findings
            .get(path)
            .into_iter()
            .flatten()
            .filter_map(|f| f.split_whitespace().next().map(str::to_string))
            .collect();
        codes.sort();
        codes
    };
    for module in &modules {
        let (text, binary) = (codes_of(&module.spvasm), codes_of(&module.spv));
        if text != binary {
            problems.push(format!(
                "{}: the text gives {text:?}, the binary {binary:?}",
                module.name
            ));
        }
    }
    let mut counts = BTreeMap::<&str, usize>::new();
    let mut listed: BTreeSet<&str> = BTreeSet::new();
    for module in &modules {
        let found = findings.get(&module.spvasm);
        let accepted = module.accepted.contains(&module.target_env);
        let stricter = expectations.spirv_val_stricter.get(&module.name);
        let gap = expectations.known_gaps.get(&module.name);
        let misses = expectations.spirv_val_misses.get(&module.name);
        if stricter.is_some() || gap.is_some() || misses.is_some() {
            listed.insert(&module.name);
        }
        match (accepted, found) {
            (true, None) if misses.is_some() => problems.push(format!(
                "{}: listed as breaking a rule spirv-val misses, but speclint reports nothing",
                module.name
            )),
            (true, None) => *counts.entry("accepted by both").or_default() += 1,
            (true, Some(found)) if misses.is_some() => {
                let listed_codes: BTreeSet<&str> = misses
                    .unwrap()
                    .split(':')
                    .next()
                    .unwrap_or_default()
                    .split_whitespace()
                    .collect();
                let found_codes: BTreeSet<&str> = found
                    .iter()
                    .filter_map(|f| f.split_whitespace().next())
                    .collect();
                if listed_codes == found_codes {
                    *counts.entry("rules spirv-val misses").or_default() += 1;
                } else {
                    problems.push(format!(
                        "{}: expectations.toml lists {listed_codes:?}, speclint reports:\n    {}",
                        module.name,
                        found.join("\n    ")
                    ));
                }
            }
            (true, Some(found)) => problems.push(format!(
                "{}: spirv-val accepts it for {}, speclint reports:\n    {}",
                module.name,
                module.target_env,
                found.join("\n    ")
            )),
            (false, Some(_)) if gap.is_some() => problems.push(format!(
                "{}: listed as a known gap but speclint now reports it: remove it from expectations.toml",
                module.name
            )),
            (false, Some(_)) => *counts.entry("rejected by both").or_default() += 1,
            (false, None) if stricter.is_some() => {
                *counts.entry("spirv-val stricter than the spec").or_default() += 1
            }
            (false, None) if gap.is_some() => *counts.entry("known gaps").or_default() += 1,
            (false, None) => problems.push(format!(
                "{}: spirv-val rejects it for {} ({}), speclint reports nothing",
                module.name,
                module.target_env,
                module.rejected.get(&module.target_env).map_or("", String::as_str)
            )),
        }
    }
    for name in expectations
        .spirv_val_stricter
        .keys()
        .chain(expectations.known_gaps.keys())
        .chain(expectations.spirv_val_misses.keys())
    {
        if !modules.iter().any(|m| &m.name == name) {
            problems.push(format!(
                "{name}: listed in expectations.toml but not in the corpus"
            ));
        }
    }
    eprintln!("{} modules: {counts:?}", modules.len());
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
