//! Acceptance test: every disassembled Tile IR file under `tests/corpus/tile-ir/valid/`
//! (workspace root; printed by `tileirdisasm`, accepted by `tileiras`) must parse without an
//! ERROR or MISSING node. Skipped with a note when the directory is absent (the crate on its
//! own). The check is `grammars/test-support/src/real_files.rs`.

use std::path::Path;

use grammar_test_support::real_files as real_files_harness;

use real_files_harness::{RealFiles, WhenAbsent};

#[test]
fn real_tile_ir_files_parse_without_errors() {
    RealFiles {
        grammar: "Tile IR",
        language: tree_sitter_cuda_tile::LANGUAGE.into(),
        dir: Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/corpus/tile-ir/valid"),
        extension: "mlir",
        min_files: 30,
        when_absent: WhenAbsent::Skip,
    }
    .check();
}
