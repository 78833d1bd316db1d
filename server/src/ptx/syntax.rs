//! Parsing with tree-sitter-ptx, node helpers, and syntax-error diagnostics.

use crate::core::diagnostic::Diagnostic;
use crate::core::rules;
use crate::core::text::TextRange;
use tree_sitter::{Node, Parser, Tree};

pub fn parser() -> Parser {
    let mut parser = Parser::new();
    parser
        .set_language(&tree_sitter_ptx::LANGUAGE.into())
        .expect("the bundled PTX grammar matches the tree-sitter runtime");
    parser
}

/// Parses `text`, reusing `old` (already edited to match) for an incremental parse.
pub fn parse(text: &str, old: Option<&Tree>) -> Tree {
    parser()
        .parse(text, old)
        .expect("parsing without a timeout or cancellation flag always yields a tree")
}

pub fn range(node: Node) -> TextRange {
    TextRange::new(node.start_byte(), node.end_byte())
}

pub fn text<'t>(node: Node, source: &'t str) -> &'t str {
    source.get(node.start_byte()..node.end_byte()).unwrap_or("")
}

pub fn named_children<'t>(node: Node<'t>) -> Vec<Node<'t>> {
    let mut cursor = node.walk();
    node.named_children(&mut cursor).collect()
}

pub fn children_by_field<'t>(node: Node<'t>, field: &str) -> Vec<Node<'t>> {
    let mut cursor = node.walk();
    node.children_by_field_name(field, &mut cursor).collect()
}

/// Every ERROR and MISSING node, reported once each (an ERROR's insides are not repeated).
pub fn syntax_errors(tree: &Tree, source: &str) -> Vec<Diagnostic> {
    let mut found = Vec::new();
    let mut stack = vec![tree.root_node()];
    while let Some(node) = stack.pop() {
        if !node.has_error() {
            continue;
        }
        if node.is_missing() {
            let what = node.kind();
            let at = node.start_byte();
            found.push(Diagnostic::new(
                &rules::SYNTAX_ERROR,
                TextRange::new(at, at),
                format!("syntax error: missing `{what}`"),
            ));
            continue;
        }
        if node.is_error() {
            found.push(error_node_diagnostic(node, source));
            continue;
        }
        let mut cursor = node.walk();
        let children: Vec<Node> = node.children(&mut cursor).collect();
        stack.extend(children.into_iter().rev());
    }
    found.sort_by_key(|d| d.range.start);
    found
}

fn error_node_diagnostic(node: Node, source: &str) -> Diagnostic {
    let full = text(node, source);
    // Keep the squiggle on the first line of the bad text.
    let first_line_len = full.find('\n').unwrap_or(full.len());
    let bad = full[..first_line_len].trim_end();
    let start = node.start_byte();
    let range = TextRange::new(start, start + bad.len().max(1).min(full.len().max(1)));
    let shown: String = bad.chars().take(40).collect();
    let ellipsis = if bad.chars().count() > 40 { "…" } else { "" };
    let message = if let Some(directive) = bad.strip_prefix('.').map(|r| {
        r.split(|c: char| !c.is_ascii_alphanumeric() && c != '_')
            .next()
            .unwrap_or("")
    }) {
        if !directive.is_empty()
            && speclint_spec_db::ptx::directive(&format!(".{directive}")).is_none()
        {
            format!("syntax error: unknown directive `.{directive}`")
        } else {
            format!("syntax error: unexpected `{shown}{ellipsis}`")
        }
    } else if bad.is_empty() {
        "syntax error".to_string()
    } else {
        format!("syntax error: unexpected `{shown}{ellipsis}`")
    };
    Diagnostic::new(&rules::SYNTAX_ERROR, range, message)
}
