//! SPIR-V assembly for editors: semantic tokens (opcodes, ids by what defines them, types,
//! enumerants, literals, comments), folding ranges (functions, blocks, and runs of debug
//! names, decorations and types/constants) and selection ranges (token, operand, instruction,
//! block, function).

use super::module::{Instruction, Module, Value};
use super::SpirvAnalysis;
use speclint_base::semantic::{SemanticToken, TokenKind, TokenModifiers};
use speclint_base::structure::{word_at, Fold};
use speclint_base::text::TextRange;

/// `;` comments, skipping strings.
fn comments(text: &str) -> Vec<TextRange> {
    let b = text.as_bytes();
    let mut found = Vec::new();
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'"' => {
                i += 1;
                while i < b.len() && b[i] != b'"' {
                    i += if b[i] == b'\\' { 2 } else { 1 };
                }
                i += 1;
            }
            b';' => {
                let end = text[i..].find('\n').map_or(b.len(), |n| i + n);
                found.push(TextRange::new(i, end));
                i = end;
            }
            _ => i += 1,
        }
    }
    found
}

/// What an id is, by the instruction that defines it.
fn id_kind(defined_by: &str) -> (TokenKind, TokenModifiers) {
    match defined_by {
        "OpFunction" => (TokenKind::Function, TokenModifiers::NONE),
        "OpFunctionParameter" => (TokenKind::Parameter, TokenModifiers::NONE),
        "OpLabel" => (TokenKind::Label, TokenModifiers::NONE),
        "OpExtInstImport" => (TokenKind::Keyword, TokenModifiers::NONE),
        "OpTypeForwardPointer" => (TokenKind::Type, TokenModifiers::NONE),
        name if name.starts_with("OpType") => (TokenKind::Type, TokenModifiers::NONE),
        name if name.starts_with("OpConstant") || name.starts_with("OpSpecConstant") => {
            (TokenKind::Variable, TokenModifiers::READONLY)
        }
        _ => (TokenKind::Variable, TokenModifiers::NONE),
    }
}

fn id_token(module: &Module, range: TextRange, id: u32) -> SemanticToken {
    let defined_by = module.definition(id).map_or("", Instruction::name);
    let (kind, modifiers) = id_kind(defined_by);
    SemanticToken::new(range, kind).with(modifiers)
}

pub fn semantic_tokens(analysis: &SpirvAnalysis, text: &str) -> Vec<SemanticToken> {
    let module = &analysis.module;
    let mut tokens: Vec<SemanticToken> = comments(text)
        .into_iter()
        .map(|range| SemanticToken::new(range, TokenKind::Comment))
        .collect();
    for inst in &module.instructions {
        tokens.push(SemanticToken::new(inst.opcode_range, TokenKind::Opcode));
        if let Some(id) = inst.result {
            let defined = module.ids[id as usize]
                .definition_range
                .filter(|r| inst.range.start <= r.start && r.end <= inst.range.end);
            if let Some(range) = defined {
                let definition = TokenModifiers::DECLARATION | TokenModifiers::DEFINITION;
                tokens.push(id_token(module, range, id).with(definition));
            }
        }
        if let (Some(id), Some(range)) = (inst.result_type, module.result_type_range(text, inst)) {
            tokens.push(id_token(module, range, id));
        }
        for operand in module.operands(inst) {
            let range = operand.range();
            let token = match operand.value {
                Value::Id(id) => id_token(module, range, id),
                Value::Int(_) | Value::Float(_) => SemanticToken::new(range, TokenKind::Number),
                Value::Str(_) => SemanticToken::new(range, TokenKind::String),
                Value::Enum(_) => SemanticToken::new(range, TokenKind::EnumMember),
                Value::ExtInst(_) => SemanticToken::new(range, TokenKind::Function)
                    .with(TokenModifiers::DEFAULT_LIBRARY),
                Value::Invalid => continue,
            };
            tokens.push(token);
        }
    }
    tokens
}

/// The section an instruction belongs to, for folding runs of them.
fn section(name: &str, in_function: bool) -> Option<&'static str> {
    match name {
        _ if in_function => None,
        "OpName" | "OpMemberName" | "OpString" | "OpSource" | "OpSourceContinued"
        | "OpSourceExtension" => Some("debug"),
        _ if name.contains("Decorat") => Some("annotations"),
        _ if name.starts_with("OpType")
            || name.starts_with("OpConstant")
            || name.starts_with("OpSpecConstant")
            || matches!(name, "OpVariable" | "OpUndef") =>
        {
            Some("types")
        }
        _ => None,
    }
}

/// Functions (`OpFunction` … `OpFunctionEnd`), their blocks, and runs of debug names,
/// decorations and types/constants/globals.
pub fn folding_ranges(analysis: &SpirvAnalysis) -> Vec<Fold> {
    let mut folds = Vec::new();
    let mut function: Option<usize> = None;
    let mut block: Option<TextRange> = None;
    let mut run: Option<(&str, TextRange)> = None;
    for inst in &analysis.module.instructions {
        let name = inst.name();
        let current = section(name, function.is_some());
        match (run, current) {
            (Some((kind, range)), Some(now)) if kind == now => {
                run = Some((kind, TextRange::new(range.start, inst.range.end)))
            }
            _ => {
                folds.extend(run.map(|(_, range)| Fold::region(range)));
                run = current.map(|now| (now, inst.range));
            }
        }
        match name {
            "OpFunction" => function = Some(inst.range.start),
            "OpLabel" | "OpFunctionEnd" => {
                folds.extend(block.take().map(Fold::region));
                if name == "OpLabel" {
                    block = Some(inst.range);
                } else if let Some(start) = function.take() {
                    folds.push(Fold::region(TextRange::new(start, inst.range.end)));
                }
            }
            _ => {
                if let Some(open) = &mut block {
                    open.end = inst.range.end;
                }
            }
        }
    }
    folds.extend(run.map(|(_, range)| Fold::region(range)));
    folds
}

/// The token at `offset`, its operand, the instruction, its block and its function.
pub fn selection_ranges(analysis: &SpirvAnalysis, text: &str, offset: usize) -> Vec<TextRange> {
    let module = &analysis.module;
    let mut ranges: Vec<TextRange> = word_at(text, offset, b"%").into_iter().collect();
    let Some((index, inst)) = module.instruction_at(offset) else {
        return ranges;
    };
    ranges.push(inst.range);
    ranges.extend(
        module
            .operands(inst)
            .iter()
            .map(|o| o.range())
            .filter(|r| r.contains_offset(offset)),
    );
    let before = &module.instructions[..index as usize];
    let after = &module.instructions[index as usize..];
    let last_from = |names: &[&str]| before.iter().rev().find(|i| names.contains(&i.name()));
    let function_start = last_from(&["OpFunction", "OpFunctionEnd"])
        .filter(|i| i.name() == "OpFunction")
        .or((inst.name() == "OpFunction").then_some(inst));
    if let Some(start) = function_start {
        let end = after.iter().find(|i| i.name() == "OpFunctionEnd");
        if let Some(end) = end {
            ranges.push(TextRange::new(start.range.start, end.range.end));
        }
        let label = last_from(&["OpLabel", "OpFunction"])
            .filter(|i| i.name() == "OpLabel")
            .or((inst.name() == "OpLabel").then_some(inst));
        let block_end = after[1..]
            .iter()
            .take_while(|i| !matches!(i.name(), "OpLabel" | "OpFunctionEnd"))
            .last()
            .map_or(inst.range.end, |i| i.range.end);
        if let Some(label) = label {
            ranges.push(TextRange::new(label.range.start, block_end));
        }
    }
    ranges
}
