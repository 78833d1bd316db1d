//! Tree-sitter grammar for the textual (MLIR) form of NVIDIA Tile IR, the `cuda_tile` dialect
//! (Tile IR 13.1 - 13.3).
//!
//! ```
//! let mut parser = tree_sitter::Parser::new();
//! parser
//!     .set_language(&tree_sitter_cuda_tile::LANGUAGE.into())
//!     .expect("load Tile IR grammar");
//! let src = "cuda_tile.module @m {\n  entry @k() {\n    return\n  }\n}\n";
//! let tree = parser.parse(src, None).unwrap();
//! assert!(!tree.root_node().has_error());
//! ```
//!
//! Operations are parsed generically (results, op name, a flat operand section, types,
//! regions); the node kinds and field names are documented in `NODES.md` (a contract with the
//! analysis core).

use tree_sitter_language::LanguageFn;

extern "C" {
    fn tree_sitter_cuda_tile() -> *const ();
}

/// The tree-sitter [`LanguageFn`] for Tile IR.
pub const LANGUAGE: LanguageFn = unsafe { LanguageFn::from_raw(tree_sitter_cuda_tile) };

/// The content of the `node-types.json` file for this grammar.
pub const NODE_TYPES: &str = include_str!("../../src/node-types.json");

/// The syntax highlighting query for Tile IR.
pub const HIGHLIGHTS_QUERY: &str = include_str!("../../queries/highlights.scm");

#[cfg(test)]
mod tests {
    fn parse(src: &str) -> tree_sitter::Tree {
        let mut parser = tree_sitter::Parser::new();
        parser
            .set_language(&super::LANGUAGE.into())
            .expect("Error loading Tile IR parser");
        parser.parse(src, None).expect("parse")
    }

    fn text<'a>(node: tree_sitter::Node, src: &'a str) -> &'a str {
        node.utf8_text(src.as_bytes()).unwrap()
    }

    #[test]
    fn test_can_load_grammar() {
        let mut parser = tree_sitter::Parser::new();
        parser
            .set_language(&super::LANGUAGE.into())
            .expect("Error loading Tile IR parser");
    }

    #[test]
    fn parses_small_kernel() {
        let src = r#"
cuda_tile.module @kernels {
  entry @add(%a: tile<ptr<f32>>, %n: tile<i32>) {
    %c = constant <f32: 1.0> : tile<4xf32>
    %s = addf %c, %c rounding<nearest_even> : tile<4xf32>
    return
  }
}
"#;
        let tree = parse(src);
        let root = tree.root_node();
        assert!(!root.has_error(), "{}", root.to_sexp());
        let module = root.named_child(0).unwrap();
        assert_eq!(module.kind(), "module");
        assert_eq!(
            text(module.child_by_field_name("name").unwrap(), src),
            "@kernels"
        );
        let entry = module
            .child_by_field_name("body")
            .unwrap()
            .named_child(0)
            .unwrap();
        assert_eq!(entry.kind(), "entry");
        assert_eq!(
            text(entry.child_by_field_name("name").unwrap(), src),
            "@add"
        );
        let block = entry
            .child_by_field_name("body")
            .unwrap()
            .named_child(0)
            .unwrap();
        assert_eq!(block.kind(), "block");
        let add = block.named_child(1).unwrap();
        assert_eq!(add.kind(), "operation");
        assert_eq!(text(add.child_by_field_name("name").unwrap(), src), "addf");
        let mut cursor = add.walk();
        let operands: Vec<&str> = add
            .children_by_field_name("operand", &mut cursor)
            .map(|n| text(n, src))
            .collect();
        assert_eq!(operands, ["%c", "%c", "rounding<nearest_even>"]);
        let types = add.child_by_field_name("types").unwrap();
        assert_eq!(text(types, src), "tile<4xf32>");
    }

    #[test]
    fn garbage_is_local() {
        let src = "cuda_tile.module @m {\n  entry @a() { return }\n  entry @b() {\n    %x = addf %y, ] : tile<f32>\n    return\n  }\n  entry @c() { return }\n}\n";
        let tree = parse(src);
        let root = tree.root_node();
        assert!(root.has_error());
        let body = root
            .named_child(0)
            .unwrap()
            .child_by_field_name("body")
            .unwrap();
        let entries = (0..body.named_child_count())
            .filter_map(|i| body.named_child(i as _))
            .filter(|n| n.kind() == "entry")
            .count();
        assert_eq!(entries, 3, "{}", root.to_sexp());
    }

    #[test]
    fn node_types_is_json() {
        assert!(super::NODE_TYPES.trim_start().starts_with('['));
    }

    #[test]
    fn highlights_query_compiles() {
        tree_sitter::Query::new(&super::LANGUAGE.into(), super::HIGHLIGHTS_QUERY)
            .expect("highlights.scm");
    }
}
