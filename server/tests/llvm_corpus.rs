//! speclint on PTX written by LLVM's NVPTX back end (`llc`), the generator behind Triton and
//! every LLVM-based GPU compiler: `tests/corpus/ptx/llvm/valid` holds `llc-19` output for
//! several targets and PTX ISA versions, made by `tests/corpus/ptx/llvm/generate.sh` from the
//! sources beside it. ptxas must accept every file for its own `.target` (a file it rejects
//! does not belong in the corpus), and speclint must report no error and no warning on any.
//! The test needs ptxas, not llc: the generated files are checked in. Without ptxas only
//! speclint's half runs, and the test says so loudly (or fails when `$CI` is set).

use std::path::{Path, PathBuf};
use std::process::Command;

use speclint_test_support::oracle::{
    indent, parallel, run_speclint, show_lint, skip_without_tools,
};
use speclint_test_support::ptxas::find_ptxas;

const SPECLINT: &str = env!("CARGO_BIN_EXE_speclint");

const CORPUS: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../tests/corpus/ptx/llvm/valid"
);

/// Guard against a silently shrunken corpus.
const MIN_FILES: usize = 40;

fn corpus_files() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(CORPUS)
        .expect("the LLVM corpus exists")
        .map(|e| e.expect("a directory entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "ptx"))
        .collect();
    files.sort();
    files
}

/// The `.target` a file names (`sm_90a`), which ptxas is run for.
fn target_of(path: &Path) -> String {
    let text = std::fs::read_to_string(path).expect("a readable corpus file");
    text.lines()
        .find_map(|l| l.trim().strip_prefix(".target"))
        .and_then(|rest| rest.split([',', ' ', '\t']).find(|t| !t.is_empty()))
        .unwrap_or_else(|| panic!("{} has no .target", path.display()))
        .to_string()
}

#[test]
fn llvm_generated_modules_assemble_and_check_clean() {
    let files = corpus_files();
    assert!(
        files.len() >= MIN_FILES,
        "the LLVM corpus should hold at least {MIN_FILES} files, found {}",
        files.len()
    );
    let findings = run_speclint(SPECLINT, &[], &files).expect("speclint runs");
    let reported: Vec<_> = findings
        .iter()
        .filter(|d| matches!(d.severity.as_str(), "error" | "warning"))
        .collect();
    let mut by_file: Vec<String> = Vec::new();
    for path in &files {
        let shown = path.to_string_lossy();
        let here: Vec<_> = reported
            .iter()
            .filter(|d| d.path == shown)
            .copied()
            .collect();
        if !here.is_empty() {
            by_file.push(format!("  {shown}\n{}", show_lint(&here)));
        }
    }
    assert!(
        reported.is_empty(),
        "{} error(s)/warning(s) on {} LLVM corpus file(s), which ptxas must accept:\n{}",
        reported.len(),
        by_file.len(),
        by_file.join("\n")
    );

    let Some(ptxas) = find_ptxas() else {
        skip_without_tools(
            "llvm_generated_modules_assemble_and_check_clean",
            "ptxas not found",
        );
        return;
    };
    let rejected: Vec<String> = parallel(&files, |path| {
        let out = Command::new(&ptxas)
            .arg(format!("-arch={}", target_of(path)))
            .arg(path)
            .args(["-o", "/dev/null"])
            .output()
            .unwrap_or_else(|e| panic!("cannot run {}: {e}", ptxas.display()));
        (!out.status.success()).then(|| {
            format!(
                "  {}: ptxas rejects it\n{}",
                path.display(),
                indent(&String::from_utf8_lossy(&out.stderr))
            )
        })
    })
    .into_iter()
    .flatten()
    .collect();
    assert!(
        rejected.is_empty(),
        "{} corpus file(s) ptxas rejects (regenerate or drop them):\n{}",
        rejected.len(),
        rejected.join("\n")
    );
}
