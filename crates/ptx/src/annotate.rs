//! Code lenses and inlay hints for PTX: a summary above each kernel (`.entry`), the registers a
//! `%r<N>` declaration makes, and the declared type of register operands of instructions that
//! name no type themselves (`bar.sync %r1`, `call (%r2), f, (%r3)`): an instruction with a type
//! suffix says what its registers are already.

use super::ast::{Block, Function, Item, Operand, OperandKind, Statement, VarDecl};
use super::declarations::DeclKind;
use super::PtxAnalysis;
use speclint_base::annotations::{InlayHint, InlayHintKind, KernelSummary};
use speclint_base::text::TextRange;

fn slice(text: &str, range: TextRange) -> &str {
    text.get(range.start..range.end).unwrap_or("")
}

fn plural(count: usize, one: &str) -> String {
    format!("{count} {one}{}", if count == 1 { "" } else { "s" })
}

/// What the module is checked against: "PTX ISA 8.0 · sm_90", each value from the text or
/// naming where it came from when the settings override it.
pub fn module_summary(analysis: &PtxAnalysis) -> String {
    let header = &analysis.header;
    let version = match header.version {
        Some(version) if header.version_overridden => {
            format!("PTX ISA {version} ({})", header.version_origin)
        }
        Some(version) => format!("PTX ISA {version}"),
        None => "no .version".to_string(),
    };
    let target = match header.target {
        Some(target) if header.target_overridden => {
            format!("{target} ({})", header.target_origin)
        }
        Some(target) => target.to_string(),
        None => "no target".to_string(),
    };
    format!("{version} · {target}")
}

pub fn kernel_summaries(analysis: &PtxAnalysis, text: &str) -> Vec<KernelSummary> {
    let module = module_summary(analysis);
    analysis
        .kernels(text)
        .filter_map(|kernel| {
            let name = kernel.name?;
            let params: usize = kernel.params.iter().map(|p| p.declarators.len()).sum();
            Some(KernelSummary {
                kernel: slice(text, name).to_string(),
                range: TextRange::new(kernel.kind.start, name.end),
                summary: format!("{module} · {}", plural(params, "parameter")),
            })
        })
        .collect()
}

pub fn inlay_hints(analysis: &PtxAnalysis, text: &str, range: TextRange) -> Vec<InlayHint> {
    let mut hints = Vec::new();
    for item in &analysis.module.items {
        if !item.range().intersects(range) {
            continue;
        }
        match item {
            Item::Variable(decl) => register_ranges(decl, text, &mut hints),
            Item::Function(Function {
                body: Some(body), ..
            }) => block_hints(analysis, body, text, range, &mut hints),
            _ => {}
        }
    }
    hints.retain(|h| range.contains_offset(h.offset));
    hints
}

fn block_hints(
    analysis: &PtxAnalysis,
    block: &Block,
    text: &str,
    range: TextRange,
    hints: &mut Vec<InlayHint>,
) {
    for statement in &block.statements {
        match statement {
            Statement::Variable(decl) if decl.range.intersects(range) => {
                register_ranges(decl, text, hints)
            }
            Statement::Instruction(instruction) if instruction.range.intersects(range) => {
                if names_a_type(slice(text, instruction.opcode)) {
                    continue;
                }
                for operand in &instruction.operands {
                    register_types(analysis, operand, hints);
                }
            }
            Statement::Block(inner) if inner.range.intersects(range) => {
                block_hints(analysis, inner, text, range, hints)
            }
            _ => {}
        }
    }
}

/// `%r<4>` declares `%r0..%r3`: shown after the `>`.
fn register_ranges(decl: &VarDecl, text: &str, hints: &mut Vec<InlayHint>) {
    for declarator in &decl.declarators {
        let Some(count) = declarator.range_count.filter(|&n| n > 0) else {
            continue;
        };
        let after_name = &text[declarator.name.end..decl.range.end];
        let Some(close) = after_name.find('>') else {
            continue;
        };
        let name = slice(text, declarator.name);
        hints.push(InlayHint {
            offset: declarator.name.end + close + 1,
            label: format!("{name}0..{name}{}", count - 1),
            kind: InlayHintKind::Other,
            tooltip: Some(format!("{} registers", count)),
        });
    }
}

/// Whether an opcode token (`add.sat.s32`) has a type among its modifiers.
fn names_a_type(opcode: &str) -> bool {
    opcode
        .match_indices('.')
        .map(|(i, _)| {
            let rest = &opcode[i..];
            let end = rest[1..].find('.').map_or(rest.len(), |e| e + 1);
            &rest[..end]
        })
        .any(super::syntax_is_type)
}

/// `: .b32` after each register the operand names (inside vectors and lists too).
fn register_types(analysis: &PtxAnalysis, operand: &Operand, hints: &mut Vec<InlayHint>) {
    match &operand.kind {
        OperandKind::Name => {
            let symbols = &analysis.symbols;
            let found = symbols
                .uses
                .binary_search_by_key(&operand.range.start, |(r, _)| r.start);
            let Ok(at) = found else { return };
            let (used, index) = symbols.uses[at];
            let declaration = &symbols.declarations[index];
            if used != operand.range || declaration.kind != DeclKind::Register {
                return;
            }
            let Some(ty) = &declaration.ty else { return };
            let label = match &declaration.vector {
                Some(vector) => format!(": {vector}{ty}"),
                None => format!(": {ty}"),
            };
            hints.push(InlayHint {
                offset: operand.range.end,
                label,
                kind: InlayHintKind::Type,
                tooltip: None,
            });
        }
        OperandKind::Vector(items) | OperandKind::List(items) => {
            for item in items {
                register_types(analysis, item, hints);
            }
        }
        OperandKind::Negated(inner) => register_types(analysis, inner, hints),
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::header::Overrides;

    const KERNELS: &str = ".version 8.0\n.target sm_90\n.address_size 64\n\n\
        .func f(.param .b32 x)\n{\n\tret;\n}\n\n\
        .visible .entry k(.param .u64 out, .param .u32 n)\n{\n\
        \t.reg .b32 %r<4>;\n\t.reg .pred %p;\n\
        \tld.param.u32 %r1, [n];\n\
        \tbar.sync %r1;\n\
        \tcall f, (%r2);\n\
        \t@%p bra DONE;\n\
        DONE:\n\tret;\n}\n";

    fn analysis(text: &str) -> PtxAnalysis {
        crate::analyze(text, &Overrides::default(), true)
    }

    #[test]
    fn each_kernel_gets_a_summary_and_functions_none() {
        let summaries = kernel_summaries(&analysis(KERNELS), KERNELS);
        assert_eq!(summaries.len(), 1);
        let summary = &summaries[0];
        assert_eq!(summary.kernel, "k");
        assert_eq!(summary.summary, "PTX ISA 8.0 · sm_90 · 2 parameters");
        assert_eq!(slice(KERNELS, summary.range), ".entry k");
    }

    #[test]
    fn overridden_header_values_name_their_origin() {
        let overrides = Overrides {
            target: speclint_spec_db::Target::parse("sm_80"),
            target_origin: Some("speclint.toml"),
            ..Default::default()
        };
        let analysis = crate::analyze(KERNELS, &overrides, true);
        let summaries = kernel_summaries(&analysis, KERNELS);
        assert_eq!(
            summaries[0].summary,
            "PTX ISA 8.0 · sm_80 (speclint.toml) · 2 parameters"
        );
    }

    /// The offset just after the `nth` occurrence of `needle`.
    fn after(needle: &str, nth: usize) -> usize {
        KERNELS.match_indices(needle).nth(nth).unwrap().0 + needle.len()
    }

    #[test]
    fn hints_resolve_register_ranges_and_untyped_operands() {
        let all = TextRange::new(0, KERNELS.len());
        let hints = inlay_hints(&analysis(KERNELS), KERNELS, all);
        let shown: Vec<(usize, &str)> =
            hints.iter().map(|h| (h.offset, h.label.as_str())).collect();
        // `ld.param.u32` names its type: no hint on its `%r1`; `bra`'s guard is not an
        // operand, and its label is not a register.
        assert_eq!(
            shown,
            [
                (after("%r<4>", 0), "%r0..%r3"),
                (after("sync %r1", 0), ": .b32"),
                (after("(%r2", 0), ": .b32"),
            ]
        );
        assert_eq!(hints[1].kind, InlayHintKind::Type);
        // Only the hints in the range asked for.
        let line = TextRange::new(after("call", 0), after("(%r2)", 0));
        let hints = inlay_hints(&analysis(KERNELS), KERNELS, line);
        assert_eq!(hints.len(), 1);
        assert_eq!(hints[0].offset, after("(%r2", 0));
    }
}
