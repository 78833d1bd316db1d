//! Conversions from the core's model (byte offsets, protocol-neutral diagnostics and fixes) to
//! LSP types.

use crate::core::diagnostic::{Diagnostic, Fix, Severity, TextEdit};
use crate::core::navigation::{DocumentSymbol, SymbolKind};
use crate::core::text::{ColumnUnit, LineIndex, TextRange};
use crate::core::{signature, workspace_symbols};
use crate::core::{Completion, CompletionKind, Hover};
use std::collections::HashMap;
use tower_lsp_server::ls_types as lsp;

/// The position encoding agreed with the client in `initialize`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum PositionEncoding {
    Utf8,
    #[default]
    Utf16,
}

impl PositionEncoding {
    pub fn unit(self) -> ColumnUnit {
        match self {
            PositionEncoding::Utf8 => ColumnUnit::Utf8,
            PositionEncoding::Utf16 => ColumnUnit::Utf16,
        }
    }

    pub fn kind(self) -> lsp::PositionEncodingKind {
        match self {
            PositionEncoding::Utf8 => lsp::PositionEncodingKind::UTF8,
            PositionEncoding::Utf16 => lsp::PositionEncodingKind::UTF16,
        }
    }
}

/// A text together with its line index: what every offset conversion needs.
#[derive(Clone, Copy)]
pub struct Lines<'a> {
    pub text: &'a str,
    pub index: &'a LineIndex,
    pub encoding: PositionEncoding,
}

pub fn position(lines: Lines, offset: usize) -> lsp::Position {
    let lc = lines
        .index
        .position(lines.text, offset, lines.encoding.unit());
    lsp::Position::new(lc.line, lc.col)
}

pub fn range(lines: Lines, range: TextRange) -> lsp::Range {
    lsp::Range::new(position(lines, range.start), position(lines, range.end))
}

pub fn severity(severity: Severity) -> lsp::DiagnosticSeverity {
    match severity {
        Severity::Error => lsp::DiagnosticSeverity::ERROR,
        Severity::Warning => lsp::DiagnosticSeverity::WARNING,
        Severity::Info => lsp::DiagnosticSeverity::INFORMATION,
        Severity::Hint => lsp::DiagnosticSeverity::HINT,
    }
}

pub const SOURCE: &str = "speclint";

pub fn diagnostic(lines: Lines, d: &Diagnostic) -> lsp::Diagnostic {
    lsp::Diagnostic {
        range: range(lines, d.range),
        severity: Some(severity(d.severity)),
        code: Some(lsp::NumberOrString::String(d.rule.code.to_string())),
        code_description: None,
        source: Some(SOURCE.to_string()),
        message: d.message.clone(),
        related_information: None,
        tags: None,
        data: None,
    }
}

pub fn hover(lines: Lines, hover: Hover) -> lsp::Hover {
    lsp::Hover {
        contents: lsp::HoverContents::Markup(lsp::MarkupContent {
            kind: lsp::MarkupKind::Markdown,
            value: hover.markdown,
        }),
        range: Some(range(lines, hover.range)),
    }
}

pub fn completion(lines: Lines, completion: Completion) -> lsp::CompletionItem {
    let kind = match completion.kind {
        CompletionKind::Instruction => lsp::CompletionItemKind::KEYWORD,
        CompletionKind::Modifier => lsp::CompletionItemKind::ENUM_MEMBER,
        CompletionKind::Directive => lsp::CompletionItemKind::KEYWORD,
        CompletionKind::Register => lsp::CompletionItemKind::VARIABLE,
        CompletionKind::SpecialRegister => lsp::CompletionItemKind::CONSTANT,
        CompletionKind::Label => lsp::CompletionItemKind::REFERENCE,
        CompletionKind::Function => lsp::CompletionItemKind::FUNCTION,
    };
    lsp::CompletionItem {
        text_edit: Some(lsp::CompletionTextEdit::Edit(lsp::TextEdit::new(
            range(lines, completion.replace),
            completion.label.clone(),
        ))),
        label: completion.label,
        kind: Some(kind),
        detail: Some(completion.detail),
        ..Default::default()
    }
}

/// A range of the document `uri` (navigation results are within the same document).
pub fn location(lines: Lines, uri: &lsp::Uri, range: TextRange) -> lsp::Location {
    lsp::Location::new(uri.clone(), self::range(lines, range))
}

pub fn symbol_kind(kind: SymbolKind) -> lsp::SymbolKind {
    match kind {
        SymbolKind::Module => lsp::SymbolKind::MODULE,
        SymbolKind::Function => lsp::SymbolKind::FUNCTION,
        SymbolKind::Variable => lsp::SymbolKind::VARIABLE,
        SymbolKind::Constant => lsp::SymbolKind::CONSTANT,
    }
}

/// A workspace symbol of the document `uri`.
pub fn workspace_symbol(
    lines: Lines,
    uri: &lsp::Uri,
    symbol: workspace_symbols::WorkspaceSymbol,
) -> lsp::WorkspaceSymbol {
    lsp::WorkspaceSymbol {
        name: symbol.name,
        kind: symbol_kind(symbol.kind),
        tags: None,
        container_name: symbol.container,
        location: lsp::OneOf::Left(location(lines, uri, symbol.range)),
        data: None,
    }
}

/// Signature help; parameter labels as offsets into the signature's label, in UTF-16 code
/// units (the protocol's unit for them whatever the position encoding).
pub fn signature_help(help: signature::SignatureHelp) -> lsp::SignatureHelp {
    let utf16 = |label: &str, at: usize| label[..at].encode_utf16().count() as u32;
    let signatures = help
        .signatures
        .into_iter()
        .map(|s| {
            let parameters = s
                .parameters
                .iter()
                .map(|p| lsp::ParameterInformation {
                    label: lsp::ParameterLabel::LabelOffsets([
                        utf16(&s.label, p.label.0),
                        utf16(&s.label, p.label.1),
                    ]),
                    documentation: (!p.documentation.is_empty())
                        .then(|| markdown(p.documentation.clone())),
                })
                .collect();
            lsp::SignatureInformation {
                documentation: (!s.documentation.is_empty()).then(|| markdown(s.documentation)),
                parameters: Some(parameters),
                active_parameter: s.active_parameter.map(|a| a as u32),
                label: s.label,
            }
        })
        .collect();
    lsp::SignatureHelp {
        signatures,
        active_signature: Some(0),
        active_parameter: Some(help.active_parameter as u32),
    }
}

fn markdown(value: String) -> lsp::Documentation {
    lsp::Documentation::MarkupContent(lsp::MarkupContent {
        kind: lsp::MarkupKind::Markdown,
        value,
    })
}

/// An outline entry and, nested, its children.
pub fn document_symbol(lines: Lines, symbol: DocumentSymbol) -> lsp::DocumentSymbol {
    let children: Vec<lsp::DocumentSymbol> = symbol
        .children
        .into_iter()
        .map(|child| document_symbol(lines, child))
        .collect();
    #[allow(deprecated)] // `deprecated` is a required field, superseded by `tags`.
    lsp::DocumentSymbol {
        name: symbol.name,
        detail: (!symbol.detail.is_empty()).then_some(symbol.detail),
        kind: symbol_kind(symbol.kind),
        tags: None,
        deprecated: None,
        range: range(lines, symbol.range),
        selection_range: range(lines, symbol.selection_range),
        children: (!children.is_empty()).then_some(children),
    }
}

pub fn text_edits(lines: Lines, fix: &Fix) -> Vec<lsp::TextEdit> {
    edits(lines, &fix.edits)
}

fn edits(lines: Lines, edits: &[TextEdit]) -> Vec<lsp::TextEdit> {
    edits
        .iter()
        .map(|e| lsp::TextEdit::new(range(lines, e.range), e.new_text.clone()))
        .collect()
}

/// Edits of one document as a workspace edit (a rename).
pub fn workspace_edit(
    lines: Lines,
    uri: &lsp::Uri,
    document_edits: &[TextEdit],
) -> lsp::WorkspaceEdit {
    lsp::WorkspaceEdit {
        changes: Some(HashMap::from([(uri.clone(), edits(lines, document_edits))])),
        document_changes: None,
        change_annotations: None,
    }
}

/// A quick-fix code action applying `fix` to the document `uri`.
pub fn quick_fix(
    lines: Lines,
    uri: &lsp::Uri,
    diagnostic: &Diagnostic,
    fix: &Fix,
    preferred: bool,
) -> lsp::CodeAction {
    let changes = HashMap::from([(uri.clone(), text_edits(lines, fix))]);
    lsp::CodeAction {
        title: fix.title.clone(),
        kind: Some(lsp::CodeActionKind::QUICKFIX),
        diagnostics: Some(vec![self::diagnostic(lines, diagnostic)]),
        edit: Some(lsp::WorkspaceEdit {
            changes: Some(changes),
            document_changes: None,
            change_annotations: None,
        }),
        command: None,
        is_preferred: preferred.then_some(true),
        disabled: None,
        data: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_follow_the_negotiated_encoding() {
        let text = "a\n/* é 😀 */ x\n";
        let index = LineIndex::new(text);
        let x = text.find('x').unwrap();
        let utf16 = Lines {
            text,
            index: &index,
            encoding: PositionEncoding::Utf16,
        };
        let utf8 = Lines {
            encoding: PositionEncoding::Utf8,
            ..utf16
        };
        assert_eq!(position(utf16, x), lsp::Position::new(1, 11));
        assert_eq!(position(utf8, x), lsp::Position::new(1, 14));
        assert_eq!(
            range(utf16, TextRange::new(x, x + 1)),
            lsp::Range::new(lsp::Position::new(1, 11), lsp::Position::new(1, 12))
        );
    }

    #[test]
    fn document_symbols_nest_and_omit_empty_parts() {
        let text = "k(p) { }\n";
        let index = LineIndex::new(text);
        let lines = Lines {
            text,
            index: &index,
            encoding: PositionEncoding::Utf16,
        };
        let symbol = DocumentSymbol {
            name: "k".to_string(),
            detail: ".entry".to_string(),
            kind: SymbolKind::Function,
            range: TextRange::new(0, 8),
            selection_range: TextRange::new(0, 1),
            children: vec![DocumentSymbol {
                name: "p".to_string(),
                detail: String::new(),
                kind: SymbolKind::Variable,
                range: TextRange::new(2, 3),
                selection_range: TextRange::new(2, 3),
                children: Vec::new(),
            }],
        };
        let converted = document_symbol(lines, symbol);
        assert_eq!(converted.kind, lsp::SymbolKind::FUNCTION);
        assert_eq!(converted.detail.as_deref(), Some(".entry"));
        assert_eq!(
            converted.range,
            lsp::Range::new(lsp::Position::new(0, 0), lsp::Position::new(0, 8))
        );
        let children = converted.children.expect("one child");
        assert_eq!(children[0].name, "p");
        assert_eq!(children[0].kind, lsp::SymbolKind::VARIABLE);
        assert_eq!(children[0].detail, None);
        assert_eq!(children[0].children, None);
    }
}
