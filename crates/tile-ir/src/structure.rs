//! Tile IR for editors: semantic tokens (the lexer's tokens, classified by the syntax model,
//! the checker's definitions and uses, and the spec's types and enums), folding ranges (every
//! op with regions: module, entry, for, if, loop, reduce…) and selection ranges (token,
//! bracketed group, op, region, enclosing ops).

use super::ast::{File, OpId};
use super::checker::{DefKind, Target};
use super::lex::Kind;
use super::TileIrAnalysis;
use speclint_base::semantic::{SemanticToken, TokenKind, TokenModifiers};
use speclint_base::structure::Fold;
use speclint_base::text::TextRange;
use std::collections::{HashMap, HashSet};

/// `//` comments: they lie in the gaps between tokens (strings are tokens).
fn comments(file: &File, text: &str) -> Vec<TextRange> {
    let mut found = Vec::new();
    let mut gap_start = 0;
    let ends = file
        .tokens
        .iter()
        .map(|t| t.range())
        .chain([TextRange::empty(text.len())]);
    for token in ends {
        let mut at = gap_start;
        while let Some(i) = text[at..token.start.max(at)].find("//") {
            let start = at + i;
            let end = text[start..].find('\n').map_or(text.len(), |n| start + n);
            found.push(TextRange::new(start, end.min(token.start.max(start))));
            at = end.min(token.start.max(start));
            if at >= token.start {
                break;
            }
        }
        gap_start = token.end;
    }
    found
}

fn value_kind(kind: DefKind) -> TokenKind {
    match kind {
        DefKind::Argument => TokenKind::Parameter,
        DefKind::Result | DefKind::IterValue | DefKind::InductionVariable => TokenKind::Variable,
    }
}

pub fn semantic_tokens(analysis: &TileIrAnalysis, text: &str) -> Vec<SemanticToken> {
    let file = &analysis.file;
    let facts = &analysis.facts;
    let db = speclint_spec_db::tile_ir::db();
    let enum_cases: HashSet<&str> = db
        .enums
        .iter()
        .flat_map(|e| e.cases.iter().map(|c| c.keyword.as_str()))
        .collect();

    let mut tokens: Vec<SemanticToken> = comments(file, text)
        .into_iter()
        .map(|range| SemanticToken::new(range, TokenKind::Comment))
        .collect();
    // Op names first: they win over the lexer's class (a generic op's name is a string).
    tokens.extend(
        file.ops
            .iter()
            .map(|op| SemanticToken::new(op.name_range, TokenKind::Opcode)),
    );
    let mut named: HashMap<usize, SemanticToken> = HashMap::new();
    for &(range, target) in &facts.uses {
        let (kind, definition) = match target {
            Target::Value(i) => (value_kind(facts.values[i].kind), facts.values[i].range),
            Target::Symbol(i) => {
                let symbol = &facts.symbols[i];
                let kind = match file.ops[symbol.op].name.as_str() {
                    "global" => TokenKind::Variable,
                    _ => TokenKind::Function,
                };
                (kind, symbol.range)
            }
        };
        let mut token = SemanticToken::new(range, kind);
        if range == definition {
            token = token.with(TokenModifiers::DECLARATION | TokenModifiers::DEFINITION);
        }
        named.insert(range.start, token);
    }
    for (i, token) in file.tokens.iter().enumerate() {
        let range = token.range();
        let word = &text[range.start..range.end];
        let next_is_equals = file.tokens.get(i + 1).is_some_and(|next| {
            next.kind == Kind::Punct && &text[next.range().start..next.range().end] == "="
        });
        let kind = match token.kind {
            Kind::Value | Kind::Symbol => match named.get(&range.start) {
                Some(named) => {
                    tokens.push(*named);
                    continue;
                }
                None => TokenKind::Variable,
            },
            Kind::Ident if db.element_type(word).is_some() || db.type_fact(word).is_some() => {
                TokenKind::Type
            }
            Kind::Ident if next_is_equals => TokenKind::Property,
            Kind::Ident if enum_cases.contains(word) => TokenKind::EnumMember,
            Kind::Ident => TokenKind::Keyword,
            Kind::BangIdent | Kind::Shape => TokenKind::Type,
            Kind::HashIdent => TokenKind::Property,
            Kind::BlockLabel => TokenKind::Label,
            Kind::Integer | Kind::Float => TokenKind::Number,
            Kind::String => TokenKind::String,
            Kind::Arrow | Kind::Punct | Kind::Unknown => continue,
        };
        tokens.push(SemanticToken::new(range, kind));
    }
    tokens
}

/// Every op with a region folds (module, entry, for, if, loop, reduce…).
pub fn folding_ranges(analysis: &TileIrAnalysis) -> Vec<Fold> {
    analysis
        .file
        .ops
        .iter()
        .filter(|op| !op.regions.is_empty())
        .map(|op| Fold::region(op.range))
        .collect()
}

/// The token at `offset`, the bracketed groups around it in its op (`tile<4x8xf32>`), the op,
/// each region and op around it.
pub fn selection_ranges(analysis: &TileIrAnalysis, text: &str, offset: usize) -> Vec<TextRange> {
    let file = &analysis.file;
    let mut ranges: Vec<TextRange> = Vec::new();
    let at = file.tokens.partition_point(|t| t.range().end < offset);
    if let Some(token) = file
        .tokens
        .get(at)
        .filter(|t| t.range().contains_offset(offset))
    {
        ranges.push(token.range());
    }
    let mut innermost: Option<OpId> = None;
    for (id, op) in file.ops.iter().enumerate() {
        if !op.range.contains_offset(offset) {
            continue;
        }
        ranges.push(op.range);
        ranges.extend(
            op.regions
                .iter()
                .map(|r| r.range)
                .filter(|r| r.contains_offset(offset)),
        );
        if innermost.is_none_or(|i| file.ops[i].range.start <= op.range.start) {
            innermost = Some(id);
        }
    }
    if let Some(op) = innermost {
        ranges.extend(groups_around(file, text, op, offset));
    }
    ranges
}

/// The `(…)`, `<…>` and `[…]` groups of an op's own tokens that hold `offset`, each with the
/// word before it (`tile<…>`).
fn groups_around(file: &File, text: &str, op: OpId, offset: usize) -> Vec<TextRange> {
    let body = &file.ops[op].body;
    let mut open: Vec<usize> = Vec::new();
    let mut groups = Vec::new();
    for (position, &token) in body.iter().enumerate() {
        if file.kind(token) != Kind::Punct {
            continue;
        }
        let range = file.range(token);
        match file.text(text, token).as_bytes().first() {
            Some(b'(' | b'<' | b'[') => open.push(position),
            Some(b')' | b'>' | b']') => {
                let Some(start) = open.pop() else { continue };
                let mut first = file.range(body[start]).start;
                if let Some(&before) = start.checked_sub(1).and_then(|p| body.get(p)) {
                    if file.kind(before) == Kind::Ident {
                        first = file.range(before).start;
                    }
                }
                let group = TextRange::new(first, range.end);
                if group.contains_offset(offset) {
                    groups.push(group);
                }
            }
            _ => {}
        }
    }
    groups
}
