//! Acceptance check shared by the grammar crates (`grammars/*/tests/real_files.rs`): every file
//! with a given extension under a directory (recursively) must parse without an ERROR or MISSING
//! node, and there must be at least a minimum number of them.

use std::path::{Path, PathBuf};

use crate::syntax_errors;

/// What to do when the directory of real files does not exist.
pub enum WhenAbsent {
    /// Fail (no files found, fewer than `min_files`).
    Fail,
    /// Print a note and pass (the crate tested on its own, without the workspace's corpus).
    Skip,
}

pub struct RealFiles<'a> {
    /// Names the language in messages (`load {grammar} grammar`).
    pub grammar: &'a str,
    pub language: tree_sitter::Language,
    /// Searched recursively.
    pub dir: PathBuf,
    /// Without the dot: `ptx`, `mlir`.
    pub extension: &'a str,
    pub min_files: usize,
    pub when_absent: WhenAbsent,
}

fn collect(dir: &Path, extension: &str, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            collect(&path, extension, out);
        } else if path.extension().is_some_and(|e| e == extension) {
            out.push(path);
        }
    }
}

impl RealFiles<'_> {
    /// Parses every file and panics with the first ten problems of each file that has any.
    pub fn check(&self) {
        let dir = &self.dir;
        if matches!(self.when_absent, WhenAbsent::Skip) && !dir.is_dir() {
            eprintln!("note: {} not found; real-file check skipped", dir.display());
            return;
        }
        let ext = self.extension;
        let mut files = Vec::new();
        collect(dir, ext, &mut files);
        files.sort();
        assert!(
            files.len() >= self.min_files,
            "expected at least {} .{ext} files under {}, found {}",
            self.min_files,
            dir.display(),
            files.len()
        );

        let mut parser = tree_sitter::Parser::new();
        parser
            .set_language(&self.language)
            .unwrap_or_else(|e| panic!("load {} grammar: {e}", self.grammar));

        let mut failures = Vec::new();
        for file in &files {
            let src = std::fs::read(file)
                .unwrap_or_else(|e| panic!("read .{ext} file {}: {e}", file.display()));
            let tree = parser.parse(&src, None).expect("parse");
            let mut found = Vec::new();
            syntax_errors::problems(tree.root_node(), &mut found);
            if !found.is_empty() {
                found.truncate(10);
                failures.push(format!("{}: {}", file.display(), found.join(", ")));
            }
        }
        assert!(
            failures.is_empty(),
            "{} of {} files have syntax errors:\n{}",
            failures.len(),
            files.len(),
            failures.join("\n")
        );
    }
}
