//! Tree-sitter grammar for SPIR-V assembly, the text form SPIRV-Tools' `spirv-dis` writes and
//! `spirv-as` reads.
//!
//! ```
//! let mut parser = tree_sitter::Parser::new();
//! parser.set_language(&tree_sitter_spirv::LANGUAGE.into()).expect("load SPIR-V grammar");
//! let tree = parser.parse("OpCapability Kernel\n%void = OpTypeVoid\n", None).unwrap();
//! assert!(!tree.root_node().has_error());
//! ```
//!
//! The node kinds and field names are documented in `NODES.md` (a contract with the analysis
//! core).

use tree_sitter_language::LanguageFn;

extern "C" {
    fn tree_sitter_spirv() -> *const ();
}

/// The tree-sitter [`LanguageFn`] for SPIR-V assembly.
pub const LANGUAGE: LanguageFn = unsafe { LanguageFn::from_raw(tree_sitter_spirv) };

/// The content of the `node-types.json` file for this grammar.
pub const NODE_TYPES: &str = include_str!("../../src/node-types.json");

/// The syntax highlighting query for SPIR-V assembly.
pub const HIGHLIGHTS_QUERY: &str = include_str!("../../queries/highlights.scm");

#[cfg(test)]
mod tests {
    fn parse(src: &str) -> tree_sitter::Tree {
        let mut parser = tree_sitter::Parser::new();
        parser
            .set_language(&super::LANGUAGE.into())
            .expect("Error loading SPIR-V parser");
        parser.parse(src, None).expect("parse")
    }

    fn text<'a>(node: tree_sitter::Node, src: &'a str) -> &'a str {
        node.utf8_text(src.as_bytes()).unwrap()
    }

    #[test]
    fn instructions_split_where_spirv_as_splits_them() {
        // No line breaks at all: `%b =` and `OpReturn` still start new instructions.
        let src = "%f = OpFunction %void None %fn %b = OpLabel OpReturn OpFunctionEnd";
        let tree = parse(src);
        let root = tree.root_node();
        assert!(!root.has_error(), "{}", root.to_sexp());
        let opcodes: Vec<&str> = (0..root.named_child_count())
            .map(|i| root.named_child(i as _).unwrap())
            .map(|n| text(n.child_by_field_name("opcode").unwrap(), src))
            .collect();
        assert_eq!(
            opcodes,
            ["OpFunction", "OpLabel", "OpReturn", "OpFunctionEnd"]
        );
        let first = root.named_child(0).unwrap();
        assert_eq!(
            text(first.child_by_field_name("result").unwrap(), src),
            "%f"
        );
        let mut cursor = first.walk();
        let operands: Vec<&str> = first
            .children_by_field_name("operand", &mut cursor)
            .map(|n| text(n, src))
            .collect();
        assert_eq!(operands, ["%void", "None", "%fn"]);
    }

    #[test]
    fn extended_instruction_is_a_field_of_the_instruction() {
        let src = "%r = OpExtInst %uint %std printf %fmt %x\n";
        let tree = parse(src);
        let inst = tree.root_node().named_child(0).unwrap();
        assert_eq!(inst.kind(), "instruction");
        let ext = inst.child_by_field_name("extended_instruction").unwrap();
        assert_eq!(
            (ext.kind(), text(ext, src)),
            ("extended_instruction", "printf")
        );
        // `OpExtInstImport` is an ordinary opcode, not `OpExtInst` followed by `Import`.
        let tree = parse("%std = OpExtInstImport \"OpenCL.std\"\n");
        let inst = tree.root_node().named_child(0).unwrap();
        assert!(inst.child_by_field_name("extended_instruction").is_none());
        assert_eq!(
            inst.child_by_field_name("opcode")
                .unwrap()
                .byte_range()
                .len(),
            "OpExtInstImport".len()
        );
    }

    #[test]
    fn garbage_is_local() {
        let src =
            "OpCapability Kernel\n= OpBogus\n%void = OpTypeVoid\n% OpNop\n%int = OpTypeInt 32 0\n";
        let tree = parse(src);
        let root = tree.root_node();
        assert!(root.has_error());
        let results: Vec<&str> = (0..root.named_child_count())
            .map(|i| root.named_child(i as _).unwrap())
            .filter_map(|n| n.child_by_field_name("result"))
            .map(|n| text(n, src))
            .collect();
        assert_eq!(results, ["%void", "%int"], "{}", root.to_sexp());
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
