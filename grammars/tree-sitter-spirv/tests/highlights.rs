//! The highlight query gives each kind of token of a disassembled module the capture the other
//! grammars of this repository use for the same kind of thing (opcodes as `@function.builtin`
//! like PTX opcodes, ids as `@variable` like PTX registers, ...).

use tree_sitter::StreamingIterator;

const SRC: &str = r#"; SPIR-V
; Version: 1.0
          %1 = OpExtInstImport "OpenCL.std"
               OpMemoryModel Physical64 OpenCL
               OpDecorate %sum FPFastMathMode NotNaN|NotInf
  %float_n1_5 = OpConstant %float -1.5
         %ulong = OpTypeInt !64 0
         %72 = OpExtInst %uint %1 printf %fmt %x
"#;

fn leaves<'a>(node: tree_sitter::Node<'a>, out: &mut Vec<tree_sitter::Node<'a>>) {
    if node.child_count() == 0 {
        out.push(node);
    }
    let mut cursor = node.walk();
    for child in node.children(&mut cursor) {
        leaves(child, out);
    }
}

/// `(text, capture)` for every capture, in document order (the first capture of a node wins),
/// and the leaves of the tree that no capture covers.
fn captures() -> (Vec<(String, String)>, Vec<String>) {
    let language: tree_sitter::Language = tree_sitter_spirv::LANGUAGE.into();
    let mut parser = tree_sitter::Parser::new();
    parser.set_language(&language).unwrap();
    let tree = parser.parse(SRC, None).unwrap();
    assert!(
        !tree.root_node().has_error(),
        "{}",
        tree.root_node().to_sexp()
    );
    let query = tree_sitter::Query::new(&language, tree_sitter_spirv::HIGHLIGHTS_QUERY).unwrap();
    let mut cursor = tree_sitter::QueryCursor::new();
    let mut seen = std::collections::HashSet::new();
    let mut out = Vec::new();
    let mut it = cursor.captures(&query, tree.root_node(), SRC.as_bytes());
    while let Some((m, index)) = it.next() {
        let capture = m.captures[*index];
        if seen.insert(capture.node.id()) {
            out.push((
                capture.node.utf8_text(SRC.as_bytes()).unwrap().to_string(),
                query.capture_names()[capture.index as usize].to_string(),
            ));
        }
    }
    let mut all = Vec::new();
    leaves(tree.root_node(), &mut all);
    let uncovered = all
        .iter()
        .filter(|n| !seen.contains(&n.id()))
        .map(|n| n.utf8_text(SRC.as_bytes()).unwrap().to_string())
        .collect();
    (out, uncovered)
}

#[test]
fn each_token_kind_gets_its_capture() {
    let (got, uncovered) = captures();
    let capture_of = |text: &str| -> &str {
        got.iter()
            .find(|(t, _)| t == text)
            .map(|(_, c)| c.as_str())
            .unwrap_or_else(|| panic!("no capture for `{text}` in {got:?}"))
    };
    for (text, capture) in [
        ("; SPIR-V", "comment"),
        ("; Version: 1.0", "comment"),
        ("%1", "variable"),
        ("=", "operator"),
        ("OpExtInstImport", "function.builtin"),
        ("\"OpenCL.std\"", "string"),
        ("OpMemoryModel", "function.builtin"),
        ("Physical64", "constant.builtin"),
        ("OpenCL", "constant.builtin"),
        ("NotNaN", "constant.builtin"),
        ("|", "operator"),
        ("NotInf", "constant.builtin"),
        ("-1.5", "number.float"),
        ("!64", "number"),
        ("0", "number"),
        ("OpExtInst", "function.builtin"),
        ("printf", "function.builtin"),
        ("%fmt", "variable"),
    ] {
        assert_eq!(capture_of(text), capture, "capture of `{text}`");
    }
    // Every token is highlighted: nothing falls through the query.
    assert!(uncovered.is_empty(), "not highlighted: {uncovered:?}");
}
