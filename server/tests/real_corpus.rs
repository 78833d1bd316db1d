//! speclint on real compiler output: the nvcc-generated corpus (`tests/corpus/ptx/valid`, every
//! file accepted by ptxas for its target) must produce no finding at all.

use std::process::Command;

const CORPUS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/corpus/ptx/valid");

#[test]
fn nvcc_generated_modules_produce_no_findings() {
    let files = std::fs::read_dir(CORPUS)
        .expect("the corpus exists")
        .filter(|e| {
            e.as_ref()
                .is_ok_and(|e| e.path().extension().is_some_and(|x| x == "ptx"))
        })
        .count();
    assert!(
        files >= 30,
        "the corpus should hold at least 30 nvcc-generated files, found {files}"
    );
    let out = Command::new(env!("CARGO_BIN_EXE_speclint"))
        .args(["check", "--format", "json", CORPUS])
        .output()
        .expect("speclint runs");
    let findings: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON output");
    let findings = findings.as_array().expect("a JSON array");
    let shown: Vec<String> = findings
        .iter()
        .take(20)
        .map(|d| {
            format!(
                "{}:{}: {} {}",
                d["path"], d["line"], d["code"], d["message"]
            )
        })
        .collect();
    assert!(
        findings.is_empty(),
        "{} finding(s) on valid nvcc output:\n{}",
        findings.len(),
        shown.join("\n")
    );
    assert_eq!(out.status.code(), Some(0), "a clean run exits 0");
}
