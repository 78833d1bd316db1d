//! Parse-speed check: a ~4 MB PTX file (the real corpus concatenated) is parsed and timed.
//! Run with `cargo test --release -p tree-sitter-ptx --test perf -- --nocapture`.
//! Target: well under 0.5 s in release mode (measured ~0.3-0.4 s on a 2-core EPYC VM); the
//! assertion (release builds only, in `grammars/test-support/src/perf.rs`) uses a looser 1 s bound
//! so a busy machine does not make it flaky, while a parse-table blow-up or pathological
//! recovery still fails it.

use std::path::Path;
use std::time::Duration;

use grammar_test_support::perf as perf_harness;

/// The `.ptx` files of `tests/corpus/ptx/valid/` (workspace root, not recursive) repeated, whole
/// files only so the input stays syntactically valid, until the text has 4 MiB; the bundled
/// `test/perf_unit.ptx` when that directory is absent or empty.
fn four_mb_of_ptx() -> String {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/corpus/ptx/valid");
    let mut units: Vec<String> = Vec::new();
    if let Ok(entries) = std::fs::read_dir(&dir) {
        let mut paths: Vec<_> = entries.flatten().map(|e| e.path()).collect();
        paths.sort();
        for p in paths
            .iter()
            .filter(|p| p.extension().is_some_and(|e| e == "ptx"))
        {
            units.push(std::fs::read_to_string(p).unwrap());
        }
    }
    if units.is_empty() {
        units.push(include_str!("../test/perf_unit.ptx").to_string());
    }
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
        grammar: "PTX",
        language: tree_sitter_ptx::LANGUAGE.into(),
        limit: Duration::from_secs(1),
        must_parse_cleanly: false,
    }
    .check(&four_mb_of_ptx());
}
