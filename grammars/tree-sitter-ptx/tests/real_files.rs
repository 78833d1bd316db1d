//! Acceptance test: every nvcc-generated PTX file under `tests/corpus/ptx/valid/` (workspace
//! root) must parse without an ERROR or MISSING node. The check is
//! `grammars/test-support/src/real_files.rs`.

use std::path::Path;

use grammar_test_support::real_files as real_files_harness;

use real_files_harness::{RealFiles, WhenAbsent};

#[test]
fn real_nvcc_files_parse_without_errors() {
    RealFiles {
        grammar: "PTX",
        language: tree_sitter_ptx::LANGUAGE.into(),
        dir: Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/corpus/ptx/valid"),
        extension: "ptx",
        min_files: 30,
        when_absent: WhenAbsent::Fail,
    }
    .check();
}
