//! PTX for editors: semantic tokens (the lexer's tokens, classified by the syntax model and the
//! symbol table: opcodes and their modifiers, directives, state spaces, types, registers,
//! parameters, labels, functions), folding ranges (function bodies, blocks, block comments),
//! selection ranges (token, operand, opcode, statement, blocks, function) and highlights
//! (destination operands written, other uses read).

use super::ast::{Block, Instruction, Item, Operand, OperandKind, Statement};
use super::declarations::DeclKind;
use super::navigate;
use super::opcode::{candidate_entries, match_forms, Opcode};
use super::parse::{lexemes, Lexeme};
use super::PtxAnalysis;
use speclint_base::navigation::{Highlight, HighlightKind};
use speclint_base::semantic::{SemanticToken, TokenKind, TokenModifiers};
use speclint_base::structure::{word_at, Fold};
use speclint_base::text::TextRange;
use std::collections::HashMap;

/// Comments (`// …`, `/* … */`), skipping strings.
fn comments(text: &str) -> Vec<TextRange> {
    let b = text.as_bytes();
    let mut found = Vec::new();
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'"' => {
                i += 1;
                while i < b.len() && b[i] != b'"' && b[i] != b'\n' {
                    i += if b[i] == b'\\' { 2 } else { 1 };
                }
                i += 1;
            }
            b'/' if b.get(i + 1) == Some(&b'/') => {
                let end = text[i..].find('\n').map_or(b.len(), |n| i + n);
                found.push(TextRange::new(i, end.min(b.len())));
                i = end;
            }
            b'/' if b.get(i + 1) == Some(&b'*') => {
                let end = text[i + 2..].find("*/").map_or(b.len(), |n| i + 2 + n + 2);
                found.push(TextRange::new(i, end));
                i = end;
            }
            _ => i += 1,
        }
    }
    found
}

fn kind_of(declaration: DeclKind) -> TokenKind {
    match declaration {
        DeclKind::Register | DeclKind::Variable => TokenKind::Variable,
        DeclKind::Parameter => TokenKind::Parameter,
        DeclKind::Label => TokenKind::Label,
        DeclKind::Function => TokenKind::Function,
    }
}

/// `.name` outside an opcode: a state space, a type, a directive, else a modifier.
fn dotted_kind(name: &str) -> TokenKind {
    let base = name.split("::").next().unwrap_or(name);
    if speclint_spec_db::is_state_space(name) || speclint_spec_db::ptx::state_space(base).is_some()
    {
        TokenKind::Keyword
    } else if super::syntax_is_type(base) {
        TokenKind::Type
    } else if speclint_spec_db::ptx::directive(base).is_some()
        || super::syntax_known_directive(base)
    {
        TokenKind::Directive
    } else {
        TokenKind::Modifier
    }
}

/// `ex2.approx.f16`: the opcode, then each `.modifier` (`.x`: a property after a register).
fn split_dotted(text: &str, range: TextRange, head: TokenKind, tokens: &mut Vec<SemanticToken>) {
    let word = &text[range.start..range.end];
    let mut start = 0;
    let rest_kind = if head == TokenKind::Opcode {
        TokenKind::Modifier
    } else {
        head
    };
    for (i, part) in word.split('.').enumerate() {
        let end = start + part.len();
        // Each part after the first keeps its dot.
        let (from, kind) = if i == 0 {
            (start, head)
        } else {
            (start - 1, rest_kind)
        };
        tokens.push(SemanticToken::new(
            TextRange::new(range.start + from, range.start + end),
            kind,
        ));
        start = end + 1;
    }
}

pub fn semantic_tokens(analysis: &PtxAnalysis, text: &str) -> Vec<SemanticToken> {
    let mut opcodes: HashMap<usize, TextRange> = HashMap::new();
    let mut targets: Vec<TextRange> = Vec::new();
    for item in &analysis.module.items {
        match item {
            Item::Function(function) => {
                if let Some(body) = &function.body {
                    collect_opcodes(body, &mut opcodes);
                }
            }
            Item::Target { names, .. } => targets.extend(names),
            _ => {}
        }
    }
    let symbols = &analysis.symbols;
    let mut named: HashMap<usize, (TextRange, TokenKind, TokenModifiers)> = HashMap::new();
    for &(at, d) in &symbols.uses {
        named.insert(
            at.start,
            (
                at,
                kind_of(symbols.declarations[d].kind),
                TokenModifiers::NONE,
            ),
        );
    }
    for d in &symbols.declarations {
        let mut modifiers = TokenModifiers::DECLARATION;
        if !d.is_declaration_only {
            modifiers = modifiers | TokenModifiers::DEFINITION;
        }
        named.insert(
            d.name_range.start,
            (d.name_range, kind_of(d.kind), modifiers),
        );
    }

    let mut tokens: Vec<SemanticToken> = comments(text)
        .into_iter()
        .map(|range| SemanticToken::new(range, TokenKind::Comment))
        .collect();
    for (range, lexeme) in lexemes(text) {
        let word = &text[range.start..range.end];
        match lexeme {
            Lexeme::Word => {
                if let Some(&opcode) = opcodes.get(&range.start) {
                    split_dotted(text, opcode, TokenKind::Opcode, &mut tokens);
                } else if let Some(&(name, kind, modifiers)) = named.get(&range.start) {
                    tokens.push(SemanticToken::new(name, kind).with(modifiers));
                    if name.end < range.end {
                        let rest = TextRange::new(name.end, range.end);
                        split_dotted(text, rest, TokenKind::Property, &mut tokens);
                    }
                } else if word.starts_with('%') {
                    let base = word.split('.').next().unwrap_or(word);
                    if speclint_spec_db::ptx::special_register(base).is_some() {
                        let special = TokenModifiers::DEFAULT_LIBRARY | TokenModifiers::READONLY;
                        let head = TextRange::new(range.start, range.start + base.len());
                        tokens.push(SemanticToken::new(head, TokenKind::Variable).with(special));
                        let rest = TextRange::new(head.end, range.end);
                        split_dotted(text, rest, TokenKind::Property, &mut tokens);
                    }
                } else if targets.contains(&range) {
                    tokens.push(SemanticToken::new(range, TokenKind::EnumMember));
                }
            }
            Lexeme::Dotted => tokens.push(SemanticToken::new(range, dotted_kind(word))),
            Lexeme::Number => tokens.push(SemanticToken::new(range, TokenKind::Number)),
            Lexeme::String => tokens.push(SemanticToken::new(range, TokenKind::String)),
            Lexeme::Other => {}
        }
    }
    mark_deprecated(analysis, &mut tokens);
    tokens
}

/// Tokens inside what the check reported as deprecated (PTX012: an instruction form, a
/// modifier, a directive) carry the `deprecated` modifier.
fn mark_deprecated(analysis: &PtxAnalysis, tokens: &mut [SemanticToken]) {
    let mut deprecated: Vec<TextRange> = analysis
        .diagnostics
        .iter()
        .filter(|d| super::rules::deprecated::is_deprecation(d))
        .map(|d| d.range)
        .collect();
    if deprecated.is_empty() {
        return;
    }
    deprecated.sort_by_key(|r| r.start);
    for token in tokens.iter_mut().filter(|t| t.kind != TokenKind::Comment) {
        let before = deprecated.partition_point(|r| r.start <= token.range.start);
        let inside = before > 0 && token.range.end <= deprecated[before - 1].end;
        if inside {
            *token = token.with(TokenModifiers::DEPRECATED);
        }
    }
}

fn collect_opcodes(block: &Block, opcodes: &mut HashMap<usize, TextRange>) {
    for statement in &block.statements {
        match statement {
            Statement::Instruction(instruction) => {
                opcodes.insert(instruction.opcode.start, instruction.opcode);
            }
            Statement::Block(inner) => collect_opcodes(inner, opcodes),
            _ => {}
        }
    }
}

/// Function bodies, nested blocks and block comments that span lines.
pub fn folding_ranges(analysis: &PtxAnalysis, text: &str) -> Vec<Fold> {
    fn blocks(block: &Block, folds: &mut Vec<Fold>) {
        for statement in &block.statements {
            if let Statement::Block(inner) = statement {
                folds.push(Fold::region(inner.range));
                blocks(inner, folds);
            }
        }
    }
    let mut folds: Vec<Fold> = comments(text)
        .into_iter()
        .filter(|c| text[c.start..].starts_with("/*"))
        .map(Fold::comment)
        .collect();
    for item in &analysis.module.items {
        if let Item::Function(function) = item {
            if let Some(body) = &function.body {
                folds.push(Fold::region(TextRange::new(
                    function.range.start,
                    body.range.end,
                )));
                blocks(body, &mut folds);
            }
        }
    }
    folds
}

/// The constructs around `offset`: the token (`.approx` in an opcode, `%r1`), the operand and
/// the operands it is part of, the opcode, the statement, each block, the function.
pub fn selection_ranges(analysis: &PtxAnalysis, text: &str, offset: usize) -> Vec<TextRange> {
    let mut ranges = Vec::new();
    if let Some(word) = word_at(text, offset, b"%") {
        let dotted = word.start > 0 && text.as_bytes()[word.start - 1] == b'.';
        ranges.push(TextRange::new(word.start - usize::from(dotted), word.end));
    }
    for item in &analysis.module.items {
        let range = item.range();
        if !range.contains_offset(offset) {
            continue;
        }
        ranges.push(range);
        if let Item::Function(function) = item {
            if let Some(body) = &function.body {
                in_block(body, offset, &mut ranges);
            }
        }
    }
    ranges
}

fn in_block(block: &Block, offset: usize, ranges: &mut Vec<TextRange>) {
    if !block.range.contains_offset(offset) {
        return;
    }
    ranges.push(block.range);
    for statement in &block.statements {
        match statement {
            Statement::Block(inner) => in_block(inner, offset, ranges),
            Statement::Instruction(instruction) if instruction.range.contains_offset(offset) => {
                ranges.push(instruction.range);
                ranges.push(instruction.opcode);
                for operand in &instruction.operands {
                    in_operand(operand, offset, ranges);
                }
            }
            Statement::Variable(decl) => ranges.push(decl.range),
            Statement::Label { range, .. } => ranges.push(*range),
            _ => {}
        }
    }
}

fn in_operand(operand: &Operand, offset: usize, ranges: &mut Vec<TextRange>) {
    if !operand.range.contains_offset(offset) {
        return;
    }
    ranges.push(operand.range);
    match &operand.kind {
        OperandKind::Vector(inner) | OperandKind::List(inner) => {
            inner.iter().for_each(|o| in_operand(o, offset, ranges))
        }
        OperandKind::PredicatePair { first, second } => {
            in_operand(first, offset, ranges);
            in_operand(second, offset, ranges);
        }
        OperandKind::Negated(inner) => in_operand(inner, offset, ranges),
        _ => {}
    }
}

/// Every occurrence of the name at `offset`: declarations and the destination operands of the
/// instructions (by the form the opcode matches) are written, other uses read.
pub fn highlights(analysis: &PtxAnalysis, text: &str, offset: usize) -> Vec<Highlight> {
    let all = navigate::references(analysis, text, offset, true);
    let uses = navigate::references(analysis, text, offset, false);
    let written = destination_names(analysis, text, &uses);
    all.into_iter()
        .map(|range| Highlight {
            range,
            kind: if uses
                .binary_search_by_key(&range.start, |r| r.start)
                .is_err()
                || written.contains(&range)
            {
                HighlightKind::Write
            } else {
                HighlightKind::Read
            },
        })
        .collect()
}

/// The names among `uses` (sorted) that instructions write: those in destination operands.
fn destination_names(analysis: &PtxAnalysis, text: &str, uses: &[TextRange]) -> Vec<TextRange> {
    fn walk(block: &Block, text: &str, uses: &[TextRange], out: &mut Vec<TextRange>) {
        for statement in &block.statements {
            match statement {
                Statement::Block(inner) => walk(inner, text, uses, out),
                Statement::Instruction(instruction) => {
                    let first = uses.partition_point(|u| u.start < instruction.range.start);
                    let holds_a_use = uses
                        .get(first)
                        .is_some_and(|u| u.end <= instruction.range.end);
                    if holds_a_use {
                        destinations(instruction, text, out);
                    }
                }
                _ => {}
            }
        }
    }
    let mut out = Vec::new();
    for item in &analysis.module.items {
        if let Item::Function(function) = item {
            if let Some(body) = &function.body {
                walk(body, text, uses, &mut out);
            }
        }
    }
    out
}

/// The names an instruction's destination operands write, per the form its opcode matches.
fn destinations(instruction: &Instruction, text: &str, out: &mut Vec<TextRange>) {
    let opcode_text = &text[instruction.opcode.start..instruction.opcode.end];
    let opcode = Opcode::split(opcode_text, instruction.opcode.start);
    let entries: Vec<_> = candidate_entries(&opcode)
        .into_iter()
        .filter(|e| e.has_forms())
        .collect();
    let matches = match_forms(&entries, &opcode.modifier_texts());
    let Some(found) = matches.iter().find(|m| m.is_exact()).or(matches.first()) else {
        return;
    };
    for (operand, spec) in instruction.operands.iter().zip(found.form.operands) {
        if spec.is_destination {
            written_names(operand, out);
        }
    }
}

/// The registers an operand in a destination position names (not those of an address: the
/// memory is written, not the register).
fn written_names(operand: &Operand, out: &mut Vec<TextRange>) {
    match &operand.kind {
        OperandKind::Name => out.push(operand.range),
        OperandKind::Vector(inner) | OperandKind::List(inner) => {
            inner.iter().for_each(|o| written_names(o, out))
        }
        OperandKind::PredicatePair { first, second } => {
            written_names(first, out);
            written_names(second, out);
        }
        _ => {}
    }
}
