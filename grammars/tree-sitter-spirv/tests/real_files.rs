//! Acceptance test: disassembled SPIR-V (`spirv-dis` output) must parse without an ERROR or
//! MISSING node. The check is `grammars/test-support/src/real_files.rs`.
//!
//! * `test/real/` (this crate): a few OpenCL C kernels compiled with clang-15 and
//!   llvm-spirv-15, and a hand-written module put through spirv-as, each disassembled
//!   (`test/real/regenerate.sh` rebuilds them). Always present, so this test fails when the
//!   files are gone.
//! * `tests/spirv/corpus/spvasm/` (workspace root): the corpus of clang-15 + llvm-spirv-15
//!   output disassembled by spirv-dis (at least 200 modules).

use std::path::Path;

use grammar_test_support::real_files as real_files_harness;

use real_files_harness::{RealFiles, WhenAbsent};

#[test]
fn bundled_disassembly_parses_without_errors() {
    RealFiles {
        grammar: "SPIR-V",
        language: tree_sitter_spirv::LANGUAGE.into(),
        dir: Path::new(env!("CARGO_MANIFEST_DIR")).join("test/real"),
        extension: "spvasm",
        min_files: 8,
        when_absent: WhenAbsent::Fail,
    }
    .check();
}

#[test]
fn workspace_spirv_corpus_parses_without_errors() {
    RealFiles {
        grammar: "SPIR-V",
        language: tree_sitter_spirv::LANGUAGE.into(),
        dir: Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/spirv/corpus/spvasm"),
        extension: "spvasm",
        min_files: 200,
        when_absent: WhenAbsent::Fail,
    }
    .check();
}
