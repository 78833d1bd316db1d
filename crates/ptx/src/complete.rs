//! Completions for PTX: instruction names, the modifiers an instruction's forms allow after
//! `opcode.`, directives at the start of a line, and the names an operand may use (registers
//! and variables declared in the function or module, labels, special registers).

use super::ast::Item;
use super::declarations::DeclKind;
use super::opcode::match_forms;
use super::PtxAnalysis;
use speclint_base::ide::{Completion, CompletionKind};
use speclint_base::text::TextRange;
use speclint_spec_db::{ptx, Instruction};

/// Registers of a `%r<N>` range offered one by one, up to this many.
const MAX_RANGE_NAMES: u32 = 64;

pub fn complete(analysis: &PtxAnalysis, text: &str, offset: usize) -> Vec<Completion> {
    let offset = speclint_base::text::floor_char_boundary(text, offset.min(text.len()));
    let bytes = text.as_bytes();
    let word_start = {
        let mut i = offset;
        while i > 0
            && matches!(bytes[i - 1], b'a'..=b'z' | b'A'..=b'Z' | b'0'..=b'9' | b'_' | b'$' | b'%' | b'.' | b':')
        {
            i -= 1;
        }
        i
    };
    let word = &text[word_start..offset];
    let line_start = speclint_base::text::line_start_of(text, word_start);
    let before = text[line_start..word_start].trim();
    // A guard (`@%p`, `@!%p`) or a label (`L1:`) may come before the opcode, and so may
    // statements on the same line (inline asm often has one line).
    let at_statement_start = before.is_empty()
        || (before.starts_with('@') && !before.contains(' '))
        || before.ends_with([':', ';', '{', '}']);

    if word.starts_with('.') && before.is_empty() {
        return directives(word, TextRange::new(word_start, offset));
    }
    if at_statement_start && !word.starts_with('%') && !word.starts_with('.') {
        return match word.rfind('.') {
            Some(dot) => modifiers(
                &word[..dot],
                &word[dot..],
                TextRange::new(word_start + dot, offset),
            ),
            None => instructions(word, TextRange::new(word_start, offset)),
        };
    }
    names(analysis, word, TextRange::new(word_start, offset), offset)
}

fn instructions(prefix: &str, replace: TextRange) -> Vec<Completion> {
    ptx::OPCODE_INDEX
        .iter()
        .filter(|(head, _)| head.starts_with(prefix))
        .filter_map(|(head, _)| {
            let entry = ptx::entries_with_head(head).next()?;
            Some(Completion {
                label: head.to_string(),
                kind: CompletionKind::Instruction,
                detail: format!("{} (PTX ISA §{})", entry.summary, entry.citation.section),
                replace,
            })
        })
        .collect()
}

/// The modifiers any form of the instruction allows (the opcode so far is `opcode`).
/// The modifiers that can come next: the unfilled slots of every form that takes all the
/// modifiers typed so far (`ld.global.` offers `.v4` and `.ca`, not `.shared` or `.approx`).
fn modifiers(opcode: &str, prefix: &str, replace: TextRange) -> Vec<Completion> {
    let head = opcode.split('.').next().unwrap_or(opcode);
    let typed: Vec<String> = opcode
        .split('.')
        .skip(1)
        .filter(|s| !s.is_empty())
        .map(|s| format!(".{s}"))
        .collect();
    let typed: Vec<&str> = typed.iter().map(String::as_str).collect();
    let entries: Vec<&'static Instruction> = ptx::entries_with_head(head).collect();
    let mut found: Vec<Completion> = Vec::new();
    for m in match_forms(&entries, &typed) {
        if m.unplaced().count() > 0 {
            continue;
        }
        for (slot, filled) in m.form.slots.iter().zip(&m.modifier_of_slot) {
            if filled.is_some() {
                continue;
            }
            for modifier in slot.alternatives {
                if !modifier.starts_with(prefix) || found.iter().any(|c| c.label == *modifier) {
                    continue;
                }
                let kind = if ptx::is_type_token(modifier) {
                    "type"
                } else {
                    "modifier"
                };
                found.push(Completion {
                    detail: format!(
                        "{kind} of `{}` (PTX ISA §{})",
                        m.instruction.opcode, m.instruction.citation.section
                    ),
                    label: modifier.to_string(),
                    kind: CompletionKind::Modifier,
                    replace,
                });
            }
        }
    }
    found
}

fn directives(prefix: &str, replace: TextRange) -> Vec<Completion> {
    let facts = ptx::DIRECTIVES.iter().chain(ptx::STATE_SPACES.iter());
    let mut found: Vec<Completion> = facts
        .filter(|f| f.name.starts_with(prefix))
        .map(|f| Completion {
            label: f.name.to_string(),
            kind: CompletionKind::Directive,
            detail: format!("{} (PTX ISA §{})", f.summary, f.citation.section),
            replace,
        })
        .collect();
    found.dedup_by(|a, b| a.label == b.label);
    found
}

/// Registers, variables, parameters and functions visible here, labels of this function and
/// special registers.
fn names(
    analysis: &PtxAnalysis,
    prefix: &str,
    replace: TextRange,
    offset: usize,
) -> Vec<Completion> {
    let functions: Vec<TextRange> = analysis
        .module
        .items
        .iter()
        .filter_map(|item| match item {
            Item::Function(f) => Some(f.range),
            _ => None,
        })
        .collect();
    let owner = |at: usize| functions.iter().find(|r| r.contains_offset(at)).copied();
    let here = owner(offset);
    // Functions are visible everywhere; other names at module scope or in this function.
    let visible = |at: usize, kind: DeclKind| {
        kind == DeclKind::Function || owner(at).is_none_or(|f| Some(f) == here)
    };
    let mut found: Vec<Completion> = Vec::new();
    let mut push = |label: String, kind: CompletionKind, detail: String| {
        if label.starts_with(prefix) && !found.iter().any(|c| c.label == label) {
            found.push(Completion {
                label,
                kind,
                detail,
                replace,
            });
        }
    };
    for decl in &analysis.symbols.declarations {
        if !visible(decl.name_range.start, decl.kind) {
            continue;
        }
        // A vector variable's type is its length and element type (`.v4 .u32`).
        let vector = decl
            .vector
            .as_deref()
            .map(|v| format!(" {v}"))
            .unwrap_or_default();
        let detail = format!(
            "{}{vector} {}",
            decl.kind.describe(),
            decl.ty.as_deref().unwrap_or("")
        );
        let kind = match decl.kind {
            DeclKind::Label => CompletionKind::Label,
            DeclKind::Function => CompletionKind::Function,
            _ => CompletionKind::Register,
        };
        match decl.range_count {
            Some(count) => {
                for n in 0..count.min(MAX_RANGE_NAMES) {
                    push(
                        format!("{}{n}", decl.name),
                        kind,
                        detail.trim_end().to_string(),
                    );
                }
            }
            None => push(decl.name.clone(), kind, detail.trim_end().to_string()),
        }
    }
    if prefix.starts_with('%') || prefix.is_empty() {
        for special in ptx::SPECIAL_REGISTERS {
            push(
                special.fact.name.to_string(),
                CompletionKind::SpecialRegister,
                format!("{} {}", special.ty, special.fact.summary),
            );
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use crate::{analyze, header::Overrides};

    fn labels(source: &str) -> Vec<String> {
        let offset = source.find("$0").expect("a $0 cursor marker");
        let text = source.replacen("$0", "", 1);
        let analysis = analyze(&text, &Overrides::default(), true);
        super::complete(&analysis, &text, offset)
            .into_iter()
            .map(|c| c.label)
            .collect()
    }

    fn module(body: &str) -> String {
        format!(".version 8.0\n.target sm_90\n.address_size 64\n.visible .entry k()\n{{\n    .reg .b32 %r<4>;\n    .reg .f32 %f<2>;\n{body}\n$L_end:\n    ret;\n}}\n")
    }

    #[test]
    fn instruction_names_at_statement_start() {
        let found = labels(&module("    ad$0"));
        assert!(
            found.contains(&"add".to_string()) && found.contains(&"addc".to_string()),
            "{found:?}"
        );
        assert!(!found.contains(&"mul".to_string()));
        assert!(labels(&module("    @%p1 rc$0")).contains(&"rcp".to_string()));
        assert!(labels(&module("    ret; ad$0")).contains(&"add".to_string()));
        assert!(labels(&module("    { ad$0")).contains(&"add".to_string()));
        // A lone `\r` ends a line (as in LSP): the statement starts after it.
        let lone_cr = module("    ret;\r    ad$0").replace('\n', "\r");
        assert!(labels(&lone_cr).contains(&"add".to_string()));
    }

    #[test]
    fn modifiers_the_forms_allow_after_a_dot() {
        let found = labels(&module("    rcp.$0"));
        for expected in [".approx", ".rn", ".ftz", ".f32", ".f64"] {
            assert!(
                found.contains(&expected.to_string()),
                "{expected} missing from {found:?}"
            );
        }
        assert!(!found.contains(&".sat".to_string()));
        let typed = labels(&module("    rcp.rn.$0"));
        assert!(
            !typed.contains(&".rn".to_string()) && typed.contains(&".f32".to_string()),
            "{typed:?}"
        );
    }

    #[test]
    fn modifiers_follow_what_is_typed_in_every_family() {
        let global = labels(&module("    ld.global.$0"));
        for expected in [".v4", ".ca", ".u32", ".L1::evict_last"] {
            assert!(
                global.contains(&expected.to_string()),
                "{expected}: {global:?}"
            );
        }
        assert!(!global.contains(&".shared".to_string()), "{global:?}");
        let cp = labels(&module("    cp.$0"));
        assert!(cp.contains(&".async".to_string()), "{cp:?}");
        let bulk = labels(&module("    cp.async.bulk.tensor.$0"));
        assert!(bulk.contains(&".2d".to_string()), "{bulk:?}");
        let wgmma = labels(&module("    wgmma.$0"));
        assert!(wgmma.contains(&".mma_async".to_string()), "{wgmma:?}");
    }

    #[test]
    fn directives_at_line_start() {
        let found = labels(&module("    .re$0"));
        assert!(
            found.contains(&".reg".to_string()) && found.contains(&".reqntid".to_string()),
            "{found:?}"
        );
    }

    #[test]
    fn registers_labels_and_special_registers_in_operands() {
        let found = labels(&module("    add.s32 %r1, %r$0"));
        assert!(
            found.contains(&"%r3".to_string()) && !found.contains(&"%r4".to_string()),
            "{found:?}"
        );
        assert!(labels(&module("    mov.u32 %r1, %ti$0")).contains(&"%tid".to_string()));
        assert!(labels(&module("    bra $L$0")).contains(&"$L_end".to_string()));
    }

    #[test]
    fn a_vector_register_is_offered_with_its_vector_type() {
        let source = module("    .reg .v4 .u32 quad;\n    mov.v4.u32 quad, qu$0");
        let offset = source.find("$0").expect("a $0 cursor marker");
        let text = source.replacen("$0", "", 1);
        let analysis = analyze(&text, &Overrides::default(), true);
        let quad = super::complete(&analysis, &text, offset)
            .into_iter()
            .find(|c| c.label == "quad")
            .expect("quad is offered");
        assert_eq!(quad.detail, "register .v4 .u32");
    }
}
