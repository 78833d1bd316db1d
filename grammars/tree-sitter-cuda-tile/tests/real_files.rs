//! Acceptance test: every disassembled Tile IR file under `tests/corpus/tile-ir/valid/`
//! (workspace root; printed by `tileirdisasm`, accepted by `tileiras`) must parse without an
//! ERROR or MISSING node. Skipped with a note when the directory is absent (the crate on its
//! own).

use std::path::{Path, PathBuf};

const MIN_FILES: usize = 30;

fn valid_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/corpus/tile-ir/valid")
}

fn collect(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            collect(&path, out);
        } else if path.extension().is_some_and(|e| e == "mlir") {
            out.push(path);
        }
    }
}

/// Every ERROR / MISSING node as `line:col kind` (1-based).
fn problems(node: tree_sitter::Node, out: &mut Vec<String>) {
    if node.is_error() || node.is_missing() {
        let p = node.start_position();
        let what = if node.is_missing() {
            format!("MISSING {}", node.kind())
        } else {
            "ERROR".to_string()
        };
        out.push(format!("{}:{} {}", p.row + 1, p.column + 1, what));
        if node.is_missing() {
            return;
        }
    }
    if !node.has_error() {
        return;
    }
    let mut cursor = node.walk();
    for child in node.children(&mut cursor) {
        problems(child, out);
    }
}

#[test]
fn real_tile_ir_files_parse_without_errors() {
    let dir = valid_dir();
    if !dir.is_dir() {
        eprintln!("note: {} not found; real-file check skipped", dir.display());
        return;
    }
    let mut files = Vec::new();
    collect(&dir, &mut files);
    files.sort();
    assert!(
        files.len() >= MIN_FILES,
        "expected at least {MIN_FILES} .mlir files under {}, found {}",
        dir.display(),
        files.len()
    );

    let mut parser = tree_sitter::Parser::new();
    parser
        .set_language(&tree_sitter_cuda_tile::LANGUAGE.into())
        .expect("load Tile IR grammar");

    let mut failures = Vec::new();
    for file in &files {
        let src = std::fs::read(file).expect("read .mlir file");
        let tree = parser.parse(&src, None).expect("parse");
        let mut found = Vec::new();
        problems(tree.root_node(), &mut found);
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
