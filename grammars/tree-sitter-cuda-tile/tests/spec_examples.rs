//! Every code example of the Tile IR specification parses without an ERROR or MISSING node.
//!
//! Sources (read at test time, nothing of them is copied into this repository):
//!
//! * every ```` ```cuda_tile ```` fenced block of `tile-ir-13.3/*.md` (op signatures, the
//!   "Examples" fragments without module scaffolding, the full example listings) and of the
//!   13.1 floating-point seed chapter `seeds/001_c1ec0041e6f5cb10.txt`;
//! * the untagged ```` ``` ```` blocks of `tile-ir-13.3/types.md` that contain `!cuda_tile.`
//!   types. Blocks that are only a list of types (no `!alias =`) get `!example = ` in front of
//!   each line that starts with `!`, as a bare type is not a top-level item. A block is skipped
//!   when its non-comment text contains a literal `...` (an elided placeholder), or when it is in
//!   `KNOWN_BROKEN` (typos in the specification, with the reason).
//!
//! The spec sources live outside the repository (`shared/spec-sources` beside the checkout, or
//! the directory in `SPECLINT_SPEC_SOURCES`); when they are absent the test fails.

use std::path::{Path, PathBuf};

use grammar_test_support::syntax_errors;
use speclint_test_support::spec_sources;

use syntax_errors::problems;

const SEED_CHAPTER: &str = "seeds/001_c1ec0041e6f5cb10.txt";

/// types.md blocks that cannot parse as written: (a non-comment line that identifies the
/// block, why it is skipped).
const KNOWN_BROKEN: &[(&str, &str)] = &[(
    "dim_map=[1, 0]> -> tile<4x2xf32>",
    "strided_view examples: a line of the commented-out `load_view_tko` note lost its `//`, and \
     `!sv_2d` lacks the comma after `traversal_strides=[4,3]` (both fixed, the block parses)",
)];

/// Fenced blocks of `text` whose opening fence is exactly ```` ```lang ```` (`lang` may be
/// empty), with the line number of the opening fence.
fn fenced_blocks(text: &str, lang: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let mut lines = text.lines().enumerate();
    while let Some((i, line)) = lines.next() {
        let Some(info) = line.strip_prefix("```") else {
            continue;
        };
        let info = info.trim();
        let mut body = String::new();
        for (_, l) in lines.by_ref() {
            if l.trim_end() == "```" {
                break;
            }
            body.push_str(l);
            body.push('\n');
        }
        if info == lang {
            out.push((i + 1, body));
        }
    }
    out
}

fn non_comment_lines(block: &str) -> impl Iterator<Item = &str> {
    block.lines().filter(|l| !l.trim_start().starts_with("//"))
}

struct Checker {
    parser: tree_sitter::Parser,
    failures: Vec<String>,
    parsed: usize,
}

impl Checker {
    fn check(&mut self, label: &str, src: &str) {
        let tree = self.parser.parse(src, None).expect("parse");
        let mut found = Vec::new();
        problems(tree.root_node(), &mut found);
        if found.is_empty() {
            self.parsed += 1;
        } else {
            self.failures
                .push(format!("{label}: {}\n{src}", found.join(", ")));
        }
    }
}

#[test]
fn spec_examples_parse() {
    let root = spec_sources::spec_sources();
    let tile_ir = root.join("tile-ir-13.3");
    assert!(tile_ir.is_dir(), "{} is missing", tile_ir.display());
    let mut parser = tree_sitter::Parser::new();
    parser
        .set_language(&tree_sitter_cuda_tile::LANGUAGE.into())
        .expect("load Tile IR grammar");
    let mut checker = Checker {
        parser,
        failures: Vec::new(),
        parsed: 0,
    };

    // 1. ```cuda_tile blocks of the op, type and attribute files and of the seed chapter.
    let mut files: Vec<PathBuf> = std::fs::read_dir(&tile_ir)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    files.sort();
    let seed = root.join(SEED_CHAPTER);
    assert!(seed.is_file(), "{} is missing", seed.display());
    files.push(seed);
    let mut tagged = 0;
    for path in &files {
        let text = std::fs::read_to_string(path).unwrap();
        let name = path.file_name().unwrap().to_string_lossy();
        for (line, block) in fenced_blocks(&text, "cuda_tile") {
            tagged += 1;
            checker.check(&format!("{name}:{line}"), &block);
        }
    }
    let tagged_parsed = checker.parsed;

    // 2. Untagged type examples of types.md.
    let types = std::fs::read_to_string(tile_ir.join("types.md")).unwrap();
    let (mut type_blocks, mut wrapped) = (0, 0);
    let mut skipped: Vec<String> = Vec::new();
    for (line, block) in fenced_blocks(&types, "") {
        if !block.contains("!cuda_tile.") {
            continue;
        }
        type_blocks += 1;
        let label = format!("types.md:{line}");
        if non_comment_lines(&block).any(|l| l.contains("...")) {
            skipped.push(format!("{label}: `...` placeholder in the text"));
            continue;
        }
        if let Some((_, why)) = KNOWN_BROKEN
            .iter()
            .find(|(marker, _)| non_comment_lines(&block).any(|l| l.trim() == *marker))
        {
            skipped.push(format!("{label}: {why}"));
            continue;
        }
        let is_alias_block = non_comment_lines(&block).any(|l| {
            let l = l.trim_start();
            l.starts_with('!') && l.split_once(" = ").is_some_and(|(n, _)| !n.contains('<'))
        });
        let src = if is_alias_block {
            block
        } else {
            wrapped += 1;
            block
                .lines()
                .map(|l| {
                    if l.starts_with('!') {
                        format!("!example = {l}\n")
                    } else {
                        format!("{l}\n")
                    }
                })
                .collect()
        };
        checker.check(&label, &src);
    }

    eprintln!(
        "spec examples: {tagged_parsed}/{tagged} cuda_tile blocks parsed ({} files); types.md: \
         {}/{type_blocks} type blocks parsed ({wrapped} as `!example = <type>` lines), {} skipped",
        files.len(),
        checker.parsed - tagged_parsed,
        skipped.len()
    );
    for s in &skipped {
        eprintln!("  skipped {s}");
    }
    assert!(
        checker.failures.is_empty(),
        "{} spec example(s) do not parse:\n\n{}",
        checker.failures.len(),
        checker.failures.join("\n\n")
    );
    assert!(
        tagged > 0,
        "no ```cuda_tile blocks found under {}",
        tile_ir.display()
    );
}

#[test]
fn fence_extraction() {
    let text =
        "x\n```cuda_tile\n%a = make_token : token\n```\n```\n!t = token\n```\n```math\nx\n```\n";
    let blocks = fenced_blocks(text, "cuda_tile");
    assert_eq!(blocks, [(2, "%a = make_token : token\n".to_string())]);
    assert_eq!(fenced_blocks(text, "").len(), 1);
    assert!(Path::new(SEED_CHAPTER).is_relative());
}
