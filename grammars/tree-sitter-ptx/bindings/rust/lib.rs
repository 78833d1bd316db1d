//! Tree-sitter grammar for NVIDIA PTX (ISA 9.0).
//!
//! ```
//! let mut parser = tree_sitter::Parser::new();
//! parser.set_language(&tree_sitter_ptx::LANGUAGE.into()).expect("load PTX grammar");
//! let tree = parser.parse(".version 9.0\n.target sm_90\n.address_size 64\n", None).unwrap();
//! assert!(!tree.root_node().has_error());
//! ```
//!
//! The node kinds and field names are documented in `NODES.md` (a contract with the
//! analysis core).

use tree_sitter_language::LanguageFn;

extern "C" {
    fn tree_sitter_ptx() -> *const ();
}

/// The tree-sitter [`LanguageFn`] for PTX.
pub const LANGUAGE: LanguageFn = unsafe { LanguageFn::from_raw(tree_sitter_ptx) };

/// The content of the `node-types.json` file for this grammar.
pub const NODE_TYPES: &str = include_str!("../../src/node-types.json");

/// The syntax highlighting query for PTX.
pub const HIGHLIGHTS_QUERY: &str = include_str!("../../queries/highlights.scm");

#[cfg(test)]
mod tests {
    fn parse(src: &str) -> tree_sitter::Tree {
        let mut parser = tree_sitter::Parser::new();
        parser
            .set_language(&super::LANGUAGE.into())
            .expect("Error loading PTX parser");
        parser.parse(src, None).expect("parse")
    }

    #[test]
    fn test_can_load_grammar() {
        let mut parser = tree_sitter::Parser::new();
        parser
            .set_language(&super::LANGUAGE.into())
            .expect("Error loading PTX parser");
    }

    #[test]
    fn parses_small_kernel() {
        let src = r#"
.version 9.0
.target sm_90
.address_size 64

.visible .entry k(.param .u64 p0, .param .u32 n)
.maxntid 256, 1, 1
{
    .reg .pred %p<2>;
    .reg .b32 %r<4>;
    .reg .b64 %rd<3>;
    ld.param.u64 %rd1, [p0];
    mov.u32 %r1, %tid.x;
    setp.ge.u32 %p1, %r1, 32;
    @%p1 bra $L__BB0_2;
    st.global.u32 [%rd1+4], %r1;
$L__BB0_2:
    ret;
}
"#;
        let tree = parse(src);
        let root = tree.root_node();
        assert!(!root.has_error(), "{}", root.to_sexp());
        let func = root.named_child(3).unwrap();
        assert_eq!(func.kind(), "function_definition");
        assert_eq!(
            func.child_by_field_name("name")
                .unwrap()
                .utf8_text(src.as_bytes())
                .unwrap(),
            "k"
        );
        assert_eq!(func.child_by_field_name("body").unwrap().kind(), "block");
    }

    #[test]
    fn garbage_is_local() {
        let src = ".version 9.0\n.bogus x;\n.entry a() { ret; }\n.entry b() { junk [; ret; }\n.entry c() { ret; }\n";
        let tree = parse(src);
        let root = tree.root_node();
        assert!(root.has_error());
        let defs = (0..root.named_child_count())
            .filter_map(|i| root.named_child(i as _))
            .filter(|n| n.kind() == "function_definition")
            .count();
        assert_eq!(defs, 3, "{}", root.to_sexp());
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
