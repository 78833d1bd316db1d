//! The corpus tests (`test/corpus/*.txt`) must use every operation of Tile IR 13.1 - 13.3 at
//! least once, in its own (custom) syntax, without parse errors.
//!
//! `OP_SUMMARY=1` prints each parsed operation as `name operand-kinds : types` (a quick way to
//! review how the corpus inputs are parsed).

use std::collections::BTreeSet;
use std::path::Path;

/// The 100 operations of the `cuda_tile` dialect in Tile IR 13.3 (13.1 - 13.3).
const OPS: [&str; 100] = [
    "absf",
    "absi",
    "addf",
    "addi",
    "alloca",
    "andi",
    "assert",
    "assume",
    "atan2",
    "atomic_cas_tko",
    "atomic_red_view_tko",
    "atomic_rmw_tko",
    "bitcast",
    "break",
    "broadcast",
    "cat",
    "ceil",
    "cmpf",
    "cmpi",
    "constant",
    "continue",
    "cos",
    "cosh",
    "divf",
    "divi",
    "entry",
    "exp",
    "exp2",
    "exti",
    "extract",
    "floor",
    "fma",
    "for",
    "ftof",
    "ftoi",
    "get_global",
    "get_index_space_shape",
    "get_num_tile_blocks",
    "get_tensor_shape",
    "get_tile_block_id",
    "global",
    "if",
    "int_to_ptr",
    "iota",
    "itof",
    "join_tokens",
    "load_ptr_tko",
    "load_view_tko",
    "log",
    "log2",
    "loop",
    "make_gather_scatter_view",
    "make_partition_view",
    "make_strided_view",
    "make_tensor_view",
    "make_token",
    "maxf",
    "maxi",
    "minf",
    "mini",
    "mmaf",
    "mmaf_scaled",
    "mmai",
    "module",
    "mulf",
    "mulhii",
    "muli",
    "negf",
    "negi",
    "offset",
    "ori",
    "pack",
    "permute",
    "pow",
    "print_tko",
    "ptr_to_int",
    "ptr_to_ptr",
    "reduce",
    "remf",
    "remi",
    "reshape",
    "return",
    "rsqrt",
    "scan",
    "select",
    "shli",
    "shri",
    "sin",
    "sinh",
    "sqrt",
    "store_ptr_tko",
    "store_view_tko",
    "subf",
    "subi",
    "tan",
    "tanh",
    "trunci",
    "unpack",
    "xori",
    "yield",
];

/// The inputs of all corpus cases that should parse cleanly: not `:error` cases and no
/// ERROR / MISSING in the expected tree (a light version of the parser in `corpus.rs`: header,
/// input up to the `---` divider, expected tree up to the next header).
fn corpus_inputs() -> Vec<(String, String)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("test/corpus");
    let mut paths: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .collect();
    paths.sort();
    let mut out = Vec::new();
    for path in paths {
        let text = std::fs::read_to_string(&path).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        let mut i = 0;
        while i < lines.len() {
            if !lines[i].starts_with("===") {
                i += 1;
                continue;
            }
            // Header: ===, name and attribute lines, ===.
            let mut j = i + 1;
            let mut error = false;
            let mut name = String::new();
            while j < lines.len() && !lines[j].starts_with("===") {
                if lines[j].trim() == ":error" {
                    error = true;
                } else if name.is_empty() {
                    name = lines[j].trim().to_string();
                }
                j += 1;
            }
            let start = j + 1;
            let mut k = start;
            while k < lines.len() && !lines[k].starts_with("---") {
                k += 1;
            }
            let mut end = k + 1;
            while end < lines.len() && !lines[end].starts_with("===") {
                end += 1;
            }
            let expected = lines[(k + 1).min(end)..end].join("\n");
            if expected.contains("(ERROR") || expected.contains("(MISSING") {
                error = true;
            }
            if !error {
                let label = format!("{}: {name}", path.file_name().unwrap().to_string_lossy());
                out.push((label, lines[start.min(k)..k].join("\n")));
            }
            i = k;
        }
    }
    out
}

fn walk<'a>(node: tree_sitter::Node<'a>, out: &mut Vec<tree_sitter::Node<'a>>) {
    out.push(node);
    let mut cursor = node.walk();
    for child in node.named_children(&mut cursor) {
        walk(child, out);
    }
}

#[test]
fn corpus_uses_every_op() {
    let mut parser = tree_sitter::Parser::new();
    parser
        .set_language(&tree_sitter_cuda_tile::LANGUAGE.into())
        .expect("load Tile IR grammar");
    let summary = std::env::var_os("OP_SUMMARY").is_some();
    let mut seen = BTreeSet::new();
    let inputs = corpus_inputs();
    assert!(
        inputs.len() > 20,
        "found only {} corpus cases",
        inputs.len()
    );
    for (label, src) in &inputs {
        let tree = parser.parse(src, None).unwrap();
        assert!(!tree.root_node().has_error(), "{label}: parse error");
        if summary {
            eprintln!("== {label}");
        }
        let mut nodes = Vec::new();
        walk(tree.root_node(), &mut nodes);
        for node in nodes {
            let text = |n: tree_sitter::Node| n.utf8_text(src.as_bytes()).unwrap().to_string();
            match node.kind() {
                "module" | "entry" | "global" => {
                    seen.insert(node.kind().to_string());
                }
                "operation" => {
                    let name = text(node.child_by_field_name("name").unwrap());
                    let short = name.trim_matches('"').trim_start_matches("cuda_tile.");
                    seen.insert(short.to_string());
                    if summary {
                        let mut cursor = node.walk();
                        let operands: Vec<String> = node
                            .children_by_field_name("operand", &mut cursor)
                            .map(|n| match n.kind() {
                                "keyword" | "value_use" | "string_literal" => text(n),
                                kind => kind.to_string(),
                            })
                            .collect();
                        let types = node
                            .child_by_field_name("types")
                            .map(|t| format!(" : {}", text(t)))
                            .unwrap_or_default();
                        let results = node
                            .child_by_field_name("result_types")
                            .map(|t| format!(" -> {}", text(t)))
                            .unwrap_or_default();
                        eprintln!("  {name} [{}]{types}{results}", operands.join(" "));
                    }
                }
                _ => {}
            }
        }
    }
    let missing: Vec<&str> = OPS
        .iter()
        .copied()
        .filter(|op| !seen.contains(*op))
        .collect();
    assert!(
        missing.is_empty(),
        "ops not used by the corpus: {missing:?}"
    );
}
