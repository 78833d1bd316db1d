//! Id operands that must name a particular kind of instruction, whatever its type (SPV016):
//! the operands of the debug-information sets, whose targets
//! `speclint_spec_db::spirv::debug_info` lists.

use super::facts::{Facts, Type};
use super::module::{Instruction, Module, Operand, Value};
use super::rules;
use crate::core::diagnostic::{Diagnostic, Severity};
use speclint_spec_db::spirv::debug_info;

/// The checks of one instruction.
pub fn check_instruction(
    text: &str,
    module: &Module,
    facts: &Facts,
    inst: &Instruction,
    diagnostics: &mut Vec<Diagnostic>,
) {
    if let Some((set, extended)) = inst.extended {
        if debug_info::SETS.contains(&set.name) {
            debug_operands(
                text,
                module,
                facts,
                inst,
                set.name,
                extended.name,
                diagnostics,
            );
        }
    }
}

fn id_text<'t>(text: &'t str, operand: &Operand) -> &'t str {
    let range = operand.range();
    &text[range.start..range.end]
}

/// The debug instructions' id operands name the instructions their set's specification says;
/// a non-semantic operand standing for a literal names a 32-bit unsigned `OpConstant`.
fn debug_operands(
    text: &str,
    module: &Module,
    facts: &Facts,
    inst: &Instruction,
    set: &'static str,
    instruction: &'static str,
    diagnostics: &mut Vec<Diagnostic>,
) {
    let operands = module.operands(inst);
    // The set's own operands follow the extended instruction's number.
    let first = operands
        .iter()
        .position(|o| matches!(o.value, Value::ExtInst(_)))
        .map_or(operands.len(), |i| i + 1);
    let non_semantic = set == debug_info::SETS[1];
    // A pair operand binds as two ids of one name: the first, third, … are first halves.
    let mut pair_halves = 0usize;
    for operand in &operands[first..] {
        let name = operand.name();
        let pair = debug_info::operand_rules(instruction, name).any(|r| !r.pair_second.is_empty());
        let second_half = pair && {
            pair_halves += 1;
            pair_halves % 2 == 0
        };
        let Value::Id(id) = operand.value else {
            continue;
        };
        let Some(definition) = module.definition(id) else {
            continue;
        };
        let named = match definition.extended {
            Some((other, ext)) if other.name == set => ext.name,
            _ => definition.name(),
        };
        if non_semantic {
            if let Some(constant) = debug_info::constant_operand(instruction, name) {
                let unsigned_32 = definition.name() == "OpConstant"
                    && matches!(
                        facts.type_of(id),
                        Some(Type::Int {
                            width: 32,
                            signed: false
                        })
                    );
                if !unsigned_32 {
                    let what = format!("a 32-bit unsigned integer OpConstant, not {named}");
                    report_debug(
                        diagnostics,
                        operand,
                        text,
                        (set, instruction),
                        &what,
                        constant.enforced,
                        "",
                    );
                }
                continue;
            }
        }
        let allowed = |rule: &debug_info::OperandRule| {
            if second_half {
                rule.pair_second
            } else {
                rule.names
            }
        };
        if let Some(rule) =
            debug_info::operand_rules(instruction, name).find(|r| !allowed(r).contains(&named))
        {
            let what = format!("the result of {}, not {named}", either(allowed(rule)));
            report_debug(
                diagnostics,
                operand,
                text,
                (set, instruction),
                &what,
                rule.enforced,
                rule.note,
            );
        }
    }
}

fn report_debug(
    diagnostics: &mut Vec<Diagnostic>,
    operand: &Operand,
    text: &str,
    (set, instruction): (&str, &str),
    what: &str,
    enforced: bool,
    note: &str,
) {
    let subject = format!(
        "{set} {instruction}: `{}` (`{}`) must be {what}",
        operand.name(),
        id_text(text, operand)
    );
    let note = if note.is_empty() {
        String::new()
    } else {
        format!("; {note}")
    };
    let mut diagnostic = if enforced {
        Diagnostic::new(
            &rules::OPERAND_TARGET,
            operand.range(),
            format!("{subject} (spirv-val 2023.1 rejects it{note})"),
        )
    } else {
        Diagnostic::new(
            &rules::OPERAND_TARGET,
            operand.range(),
            format!(
                "{subject}, by the {set} specification; spirv-val 2023.1 does not check it and \
                 accepts the module{note}"
            ),
        )
    };
    if !enforced {
        diagnostic.severity = Severity::Warning;
    }
    diagnostics.push(diagnostic);
}

/// `a`, `a or b`, `a, b or c`.
fn either(names: &[&str]) -> String {
    match names {
        [] => String::new(),
        [one] => (*one).to_string(),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
    }
}
