//! Runs the tree-sitter corpus tests (`test/corpus/*.txt`) of this grammar without the
//! `tree-sitter` CLI. The runner (file format, `CORPUS_FILTER`, `CORPUS_UPDATE=1`) is
//! `grammars/test-support/src/corpus.rs`; the harness has its own unit tests.
//!
//! Keep this test target named `corpus`: `scripts/test.sh` (step `grammar corpus`) looks
//! for the test binaries of that name.

use std::path::Path;

use grammar_test_support::corpus as corpus_harness;

#[test]
fn corpus() {
    corpus_harness::run(
        tree_sitter_spirv::LANGUAGE.into(),
        "SPIR-V",
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("test/corpus"),
    );
}
