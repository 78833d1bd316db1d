//! PTX: syntax tree -> module model (header, symbols) -> diagnostics; hovers over the result.

pub mod header;
pub mod hover;
pub mod instructions;
pub mod opcode;
pub mod operand_types;
pub mod symbols;
pub mod syntax;

use crate::core::diagnostic::Diagnostic;
use header::{Header, Overrides};
use instructions::InstructionContext;
use symbols::{DeclKind, SymbolWalker, Symbols};
use syntax::named_children;
use tree_sitter::{Node, Tree};

/// Everything one check of a PTX module produced; hovers read it back.
pub struct PtxAnalysis {
    pub tree: Tree,
    pub header: Header,
    pub symbols: Symbols,
    pub diagnostics: Vec<Diagnostic>,
}

/// Does this text look like PTX? (`.ptx` is also used by other formats.)
pub fn sniff(text: &str) -> bool {
    text.lines()
        .map(str::trim_start)
        .filter(|l| !l.is_empty() && !l.starts_with("//"))
        .take(50)
        .any(|l| {
            l.starts_with(".version")
                || l.starts_with(".target")
                || l.starts_with(".entry")
                || l.starts_with(".visible")
        })
}

pub fn analyze(text: &str, tree: Tree, overrides: &Overrides) -> PtxAnalysis {
    let root = tree.root_node();
    let mut diagnostics = syntax::syntax_errors(&tree, text);
    let header = header::read(root, text, overrides, &mut diagnostics);
    let mut walker = SymbolWalker::new(text);

    // Module scope first, so functions and variables may be used before their declaration.
    let top: Vec<Node> = named_children(root);
    for &node in &top {
        match node.kind() {
            "variable_declaration" => walker.declare_variables(node, DeclKind::Variable),
            "function_definition" | "function_declaration" => walker.declare_function(node),
            _ => {}
        }
    }
    for &node in &top {
        if node.kind() == "function_definition" {
            check_function(node, &header, &mut walker, &mut diagnostics);
        }
    }

    diagnostics.append(&mut walker.diagnostics);
    diagnostics.sort_by_key(|d| (d.range.start, d.rule.code));
    PtxAnalysis {
        header,
        symbols: walker.symbols,
        diagnostics,
        tree,
    }
}

fn check_function(
    function: Node,
    header: &Header,
    walker: &mut SymbolWalker,
    diagnostics: &mut Vec<Diagnostic>,
) {
    let body = function.child_by_field_name("body");
    walker.push_scope();
    for list in ["return_params", "params"] {
        if let Some(params) = function.child_by_field_name(list) {
            for param in named_children(params)
                .into_iter()
                .filter(|p| p.kind() == "parameter")
            {
                walker.declare_variables(param, DeclKind::Parameter);
            }
        }
    }
    walker.begin_function(body);
    if let Some(body) = body {
        check_block(body, body, header, walker, diagnostics);
    }
    walker.end_function();
    walker.pop_scope();
}

fn check_block(
    block: Node,
    body: Node,
    header: &Header,
    walker: &mut SymbolWalker,
    diagnostics: &mut Vec<Diagnostic>,
) {
    walker.push_scope();
    let statements = named_children(block);
    // Declarations anywhere in a block are visible throughout it.
    for &statement in &statements {
        if statement.kind() == "variable_declaration" {
            walker.declare_variables(statement, DeclKind::Variable);
        }
    }
    for &statement in &statements {
        match statement.kind() {
            "instruction_statement" => {
                let mut ctx = InstructionContext {
                    header,
                    symbols: walker,
                    function_body: Some(body),
                    diagnostics,
                };
                instructions::check(statement, &mut ctx);
            }
            "block" => check_block(statement, body, header, walker, diagnostics),
            _ => {}
        }
    }
    walker.pop_scope();
}
