//! Parse-speed check: the disassembled files of `test/real/` repeated (whole files only, so the
//! input stays valid) until the text has 4 MiB, parsed and timed.
//! Run with `cargo test --release -p tree-sitter-spirv --test perf -- --nocapture`.
//! The timing, the best-of-three and the release-only limit are in
//! `grammars/test-support/src/perf.rs`; the limit here is a loose 1 s, and the input must parse
//! without an ERROR or MISSING node. Instruction boundaries need one token of GLR lookahead
//! (`%id` as an operand or as the next result), which this keeps an eye on.

use std::path::Path;
use std::time::Duration;

use grammar_test_support::perf as perf_harness;

fn four_mb_of_spirv() -> String {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("test/real");
    let mut paths: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "spvasm"))
        .collect();
    paths.sort();
    assert!(!paths.is_empty(), "no .spvasm files in {}", dir.display());
    let units: Vec<String> = paths
        .iter()
        .map(|p| std::fs::read_to_string(p).unwrap())
        .collect();
    let mut src = String::new();
    'fill: loop {
        for unit in &units {
            if src.len() >= 4 * 1024 * 1024 {
                break 'fill;
            }
            src.push_str(unit);
            src.push('\n');
        }
    }
    src
}

#[test]
fn parses_4mb_quickly() {
    perf_harness::ParseSpeed {
        grammar: "SPIR-V",
        language: tree_sitter_spirv::LANGUAGE.into(),
        limit: Duration::from_secs(1),
        must_parse_cleanly: true,
    }
    .check(&four_mb_of_spirv());
}
