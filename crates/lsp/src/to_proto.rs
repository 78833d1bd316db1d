//! Conversions from the core's model (byte offsets, protocol-neutral diagnostics and fixes) to
//! LSP types.

use speclint_base::diagnostic::{Diagnostic, Fix, Severity, TextEdit};
use speclint_base::ide::{Completion, CompletionKind, Hover};
use speclint_base::navigation::{DocumentSymbol, Highlight, HighlightKind, SymbolKind};
use speclint_base::semantic::{SemanticToken, TokenKind, TokenModifiers};
use speclint_base::structure::{Fold, FoldKind};
use speclint_base::text::{ColumnUnit, LineIndex, TextRange};
use speclint_base::{signature, workspace_symbols};
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

/// The legend's token types, by `TokenKind`. Standard LSP types only, so that every client's
/// theme colours them: opcodes and other keywords share `keyword`, directives are `macro`.
const TOKEN_TYPES: [(TokenKind, lsp::SemanticTokenType); 14] = [
    (TokenKind::Opcode, lsp::SemanticTokenType::KEYWORD),
    (TokenKind::Modifier, lsp::SemanticTokenType::MODIFIER),
    (TokenKind::Directive, lsp::SemanticTokenType::MACRO),
    (TokenKind::Type, lsp::SemanticTokenType::TYPE),
    (TokenKind::Variable, lsp::SemanticTokenType::VARIABLE),
    (TokenKind::Parameter, lsp::SemanticTokenType::PARAMETER),
    (TokenKind::Label, lsp::SemanticTokenType::new("label")),
    (TokenKind::Function, lsp::SemanticTokenType::FUNCTION),
    (TokenKind::EnumMember, lsp::SemanticTokenType::ENUM_MEMBER),
    (TokenKind::Property, lsp::SemanticTokenType::PROPERTY),
    (TokenKind::Number, lsp::SemanticTokenType::NUMBER),
    (TokenKind::String, lsp::SemanticTokenType::STRING),
    (TokenKind::Comment, lsp::SemanticTokenType::COMMENT),
    (TokenKind::Keyword, lsp::SemanticTokenType::KEYWORD),
];

/// The legend's modifiers, in the bit order of `TokenModifiers`.
const TOKEN_MODIFIERS: [lsp::SemanticTokenModifier; 5] = [
    lsp::SemanticTokenModifier::DECLARATION,
    lsp::SemanticTokenModifier::DEFINITION,
    lsp::SemanticTokenModifier::READONLY,
    lsp::SemanticTokenModifier::DEPRECATED,
    lsp::SemanticTokenModifier::DEFAULT_LIBRARY,
];

/// The legend advertised in `initialize`: each type once, in order of first use.
pub fn semantic_token_legend() -> lsp::SemanticTokensLegend {
    let mut token_types: Vec<lsp::SemanticTokenType> = Vec::new();
    for (_, ty) in TOKEN_TYPES {
        if !token_types.contains(&ty) {
            token_types.push(ty);
        }
    }
    debug_assert_eq!(TokenModifiers::ALL.len(), TOKEN_MODIFIERS.len());
    lsp::SemanticTokensLegend {
        token_types,
        token_modifiers: TOKEN_MODIFIERS.to_vec(),
    }
}

fn token_type_index(kind: TokenKind) -> u32 {
    let legend = semantic_token_legend();
    let types = TOKEN_TYPES;
    let ty = &types
        .iter()
        .find(|(k, _)| *k == kind)
        .expect("every kind")
        .1;
    legend
        .token_types
        .iter()
        .position(|t| t == ty)
        .expect("in the legend") as u32
}

/// Sorted tokens, delta-encoded in the client's position encoding. A token that spans lines
/// (a block comment) becomes one token per line, for clients without multiline support; the
/// lines outside `within` (a range request's range) are left out. One pass over the text: a
/// whole document has hundreds of thousands of tokens.
pub fn semantic_tokens(
    lines: Lines,
    tokens: &[SemanticToken],
    within: Option<TextRange>,
) -> lsp::SemanticTokens {
    let type_index: Vec<(TokenKind, u32)> = TOKEN_TYPES
        .iter()
        .map(|(kind, _)| (*kind, token_type_index(*kind)))
        .collect();
    let mut data = Vec::with_capacity(tokens.len());
    let mut cursor = ColumnCursor::new(lines);
    let (mut previous_line, mut previous_column) = (0u32, 0u32);
    for token in tokens {
        let token_type = type_index
            .iter()
            .find(|(k, _)| *k == token.kind)
            .map_or(0, |t| t.1);
        let mut start = token.range.start;
        while start < token.range.end {
            let line = cursor.move_to(start);
            let line_end = lines.index.line_range(lines.text, line).end;
            let end = token.range.end.min(line_end);
            let outside = within.is_some_and(|w| end <= w.start || start >= w.end);
            if end > start && !outside {
                let column = cursor.column(start);
                let length = cursor.units(&lines.text[start..end]);
                let line = line as u32;
                let delta_start = if line == previous_line {
                    column - previous_column
                } else {
                    column
                };
                data.push(lsp::SemanticToken {
                    delta_line: line - previous_line,
                    delta_start,
                    length,
                    token_type,
                    token_modifiers_bitset: token.modifiers.bits() as u32,
                });
                (previous_line, previous_column) = (line, column);
            }
            if line + 1 >= lines.index.line_count() {
                break;
            }
            start = lines.index.line_start(line + 1);
        }
    }
    lsp::SemanticTokens {
        result_id: None,
        data,
    }
}

/// Columns of increasing offsets, counted from the last one on the same line.
struct ColumnCursor<'a> {
    lines: Lines<'a>,
    line: usize,
    offset: usize,
    column: u32,
}

impl<'a> ColumnCursor<'a> {
    fn new(lines: Lines<'a>) -> Self {
        ColumnCursor {
            lines,
            line: 0,
            offset: 0,
            column: 0,
        }
    }

    /// Moves to the line of `offset` (at or after the current one); returns it.
    fn move_to(&mut self, offset: usize) -> usize {
        let index = self.lines.index;
        let line =
            if index.line_start(self.line + 1) > offset || self.line + 1 >= index.line_count() {
                self.line
            } else {
                index.line_of(offset)
            };
        if line != self.line || offset < self.offset {
            self.line = line;
            self.offset = index.line_start(line);
            self.column = 0;
        }
        line
    }

    /// The column of `offset`, on the current line.
    fn column(&mut self, offset: usize) -> u32 {
        self.column += self.units(&self.lines.text[self.offset..offset]);
        self.offset = offset;
        self.column
    }

    fn units(&self, text: &str) -> u32 {
        let count = match self.lines.encoding {
            _ if text.is_ascii() => text.len(),
            PositionEncoding::Utf8 => text.len(),
            PositionEncoding::Utf16 => text.encode_utf16().count(),
        };
        count as u32
    }
}

pub fn folding_range(lines: Lines, fold: Fold) -> lsp::FoldingRange {
    lsp::FoldingRange {
        start_line: position(lines, fold.range.start).line,
        start_character: None,
        end_line: position(lines, fold.range.end).line,
        end_character: None,
        kind: Some(match fold.kind {
            FoldKind::Region => lsp::FoldingRangeKind::Region,
            FoldKind::Comment => lsp::FoldingRangeKind::Comment,
        }),
        collapsed_text: None,
    }
}

/// A selection chain (innermost first) as nested LSP selection ranges.
pub fn selection_range(lines: Lines, chain: &[TextRange]) -> lsp::SelectionRange {
    let mut nested: Option<Box<lsp::SelectionRange>> = None;
    for &outer_to_inner in chain.iter().rev() {
        nested = Some(Box::new(lsp::SelectionRange {
            range: range(lines, outer_to_inner),
            parent: nested,
        }));
    }
    match nested {
        Some(innermost) => *innermost,
        None => lsp::SelectionRange {
            range: range(lines, TextRange::empty(0)),
            parent: None,
        },
    }
}

pub fn document_highlight(lines: Lines, highlight: Highlight) -> lsp::DocumentHighlight {
    lsp::DocumentHighlight {
        range: range(lines, highlight.range),
        kind: Some(match highlight.kind {
            HighlightKind::Write => lsp::DocumentHighlightKind::WRITE,
            HighlightKind::Read => lsp::DocumentHighlightKind::READ,
            HighlightKind::Text => lsp::DocumentHighlightKind::TEXT,
        }),
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
    fn multi_line_tokens_are_split_per_line_and_delta_encoded() {
        let text = "/* a\né */ x\n";
        let index = LineIndex::new(text);
        let lines = Lines {
            text,
            index: &index,
            encoding: PositionEncoding::Utf16,
        };
        let x = text.find('x').unwrap();
        let tokens = [
            SemanticToken::new(TextRange::new(0, x - 1), TokenKind::Comment),
            SemanticToken::new(TextRange::new(x, x + 1), TokenKind::Variable)
                .with(TokenModifiers::READONLY),
        ];
        let data = semantic_tokens(lines, &tokens, None).data;
        let fields: Vec<[u32; 5]> = data
            .iter()
            .map(|t| {
                [
                    t.delta_line,
                    t.delta_start,
                    t.length,
                    t.token_type,
                    t.token_modifiers_bitset,
                ]
            })
            .collect();
        let comment = token_type_index(TokenKind::Comment);
        let variable = token_type_index(TokenKind::Variable);
        // "/* a" on line 0, "é */" (4 UTF-16 units) on line 1, then x two units after it.
        assert_eq!(
            fields,
            vec![
                [0, 0, 4, comment, 0],
                [1, 0, 4, comment, 0],
                [0, 5, 1, variable, 4]
            ]
        );
    }

    #[test]
    fn token_columns_count_from_the_line_start_in_either_encoding() {
        let text = "a é b\r\nc";
        let index = LineIndex::new(text);
        let tokens: Vec<SemanticToken> = ["a", "b", "c"]
            .iter()
            .map(|name| {
                let at = text.find(name).unwrap();
                SemanticToken::new(TextRange::new(at, at + 1), TokenKind::Variable)
            })
            .collect();
        let starts = |encoding| {
            let lines = Lines {
                text,
                index: &index,
                encoding,
            };
            semantic_tokens(lines, &tokens, None)
                .data
                .iter()
                .map(|t| (t.delta_line, t.delta_start, t.length))
                .collect::<Vec<_>>()
        };
        assert_eq!(
            starts(PositionEncoding::Utf16),
            [(0, 0, 1), (0, 4, 1), (1, 0, 1)]
        );
        assert_eq!(
            starts(PositionEncoding::Utf8),
            [(0, 0, 1), (0, 5, 1), (1, 0, 1)]
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

    /// Every token kind and modifier reaches the client under its LSP name; the modifiers'
    /// bits are the legend's order.
    #[test]
    fn token_kinds_and_modifiers_have_their_legend_names() {
        let legend = semantic_token_legend();
        let kinds = [
            TokenKind::Opcode,
            TokenKind::Modifier,
            TokenKind::Directive,
            TokenKind::Keyword,
            TokenKind::Type,
            TokenKind::Variable,
            TokenKind::Parameter,
            TokenKind::Label,
            TokenKind::Function,
            TokenKind::EnumMember,
            TokenKind::Property,
            TokenKind::Number,
            TokenKind::String,
            TokenKind::Comment,
        ];
        let names: Vec<&str> = kinds
            .iter()
            .map(|&kind| legend.token_types[token_type_index(kind) as usize].as_str())
            .collect();
        assert_eq!(
            names,
            [
                "keyword",
                "modifier",
                "macro",
                "keyword",
                "type",
                "variable",
                "parameter",
                "label",
                "function",
                "enumMember",
                "property",
                "number",
                "string",
                "comment"
            ]
        );
        let modifiers: Vec<&str> = TokenModifiers::ALL
            .iter()
            .map(|m| legend.token_modifiers[m.bits().trailing_zeros() as usize].as_str())
            .collect();
        assert_eq!(
            modifiers,
            [
                "declaration",
                "definition",
                "readonly",
                "deprecated",
                "defaultLibrary"
            ]
        );
    }

    /// Parameter labels are offsets in UTF-16 units whatever the position encoding, and a
    /// signature with no active operand (the cursor past the operands) says none.
    #[test]
    fn signature_labels_count_utf16_units_and_an_active_operand_may_be_absent() {
        let label = "op %a, %rest… : type".to_string();
        let rest = label.find("%rest").unwrap();
        let help = signature::SignatureHelp {
            signatures: vec![signature::Signature {
                label: label.clone(),
                documentation: String::new(),
                parameters: vec![
                    signature::Parameter {
                        label: (3, 5),
                        documentation: "the first".into(),
                    },
                    signature::Parameter {
                        label: (rest, rest + "%rest…".len()),
                        documentation: String::new(),
                    },
                ],
                active_parameter: None,
            }],
            active_parameter: 1,
        };
        let converted = signature_help(help);
        let signature = &converted.signatures[0];
        let offsets: Vec<[u32; 2]> = signature
            .parameters
            .as_ref()
            .unwrap()
            .iter()
            .map(|p| match p.label {
                lsp::ParameterLabel::LabelOffsets(offsets) => offsets,
                lsp::ParameterLabel::Simple(_) => panic!("a label by name"),
            })
            .collect();
        // `…` is three bytes but one UTF-16 unit.
        assert_eq!(offsets, [[3, 5], [7, 13]]);
        assert_eq!(signature.active_parameter, None);
        assert_eq!(converted.active_parameter, Some(1));
        let documented: Vec<bool> = (signature.parameters.as_ref().unwrap().iter())
            .map(|p| p.documentation.is_some())
            .collect();
        assert_eq!(documented, [true, false]);
    }
}
