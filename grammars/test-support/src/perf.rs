//! Parse-speed check shared by the grammar crates (`grammars/*/tests/perf.rs` build their input and call
//! [`ParseSpeed::check`]). The input is parsed three times and the best time counts, so a
//! momentarily busy machine does not dominate the number. The time limit is asserted in release
//! builds only (`cargo test --release -p <crate> --test perf -- --nocapture`); it is meant to be
//! loose enough that a busy machine does not make the test flaky, while a parse-table blow-up,
//! pathological error recovery or runaway GLR forking still fails it.

use std::time::{Duration, Instant};

pub struct ParseSpeed<'a> {
    /// Names the language in messages (`load {grammar} grammar`).
    pub grammar: &'a str,
    pub language: tree_sitter::Language,
    /// Best-of-three parse time allowed in release builds.
    pub limit: Duration,
    /// Fail when the tree has an ERROR or MISSING node (otherwise it is only reported).
    pub must_parse_cleanly: bool,
}

impl ParseSpeed<'_> {
    pub fn check(&self, src: &str) {
        let mut parser = tree_sitter::Parser::new();
        parser
            .set_language(&self.language)
            .unwrap_or_else(|e| panic!("load {} grammar: {e}", self.grammar));
        let mut best: Option<Duration> = None;
        let mut tree = None;
        for _ in 0..3 {
            let start = Instant::now();
            let t = parser.parse(src, None).expect("parse");
            let e = start.elapsed();
            best = Some(best.map_or(e, |b| b.min(e)));
            tree = Some(t);
        }
        let (elapsed, tree) = (best.unwrap(), tree.unwrap());
        let has_error = tree.root_node().has_error();
        if self.must_parse_cleanly {
            assert!(
                !has_error,
                "the {} perf input must parse cleanly",
                self.grammar
            );
        }
        eprintln!(
            "parsed {} lines ({:.1} MB) in {:.3} s (has_error: {has_error})",
            src.lines().count(),
            src.len() as f64 / 1e6,
            elapsed.as_secs_f64(),
        );
        if !cfg!(debug_assertions) {
            assert!(
                elapsed < self.limit,
                "too slow: {elapsed:?} (limit {:?})",
                self.limit
            );
        }
    }
}
