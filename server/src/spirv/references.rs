//! Id operands that must name a particular kind of instruction, whatever its type (SPV016):
//! a value operand that names a type, an `OpVariable` initializer that is not a constant or a
//! module-scope variable, and the operands of the debug-information sets, whose targets
//! `speclint_spec_db::spirv::debug_info` lists. Also an imported variable with an initializer
//! (SPV034), found on the same `OpVariable`.

use super::facts::{describe, Facts, Type};
use super::module::{Instruction, Module, Operand, Value};
use super::rules;
use crate::core::diagnostic::{Diagnostic, Severity};
use speclint_spec_db::spirv::debug_info;

/// The `LinkageAttributes` decoration and its `Import` linkage type.
const LINKAGE_ATTRIBUTES: u32 = 41;
const IMPORT: u32 = 1;

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
        return;
    }
    let Some(opcode) = inst.opcode else { return };
    value_operands(text, module, facts, inst, opcode, diagnostics);
    if opcode.name == "OpVariable" {
        variable_initializer(text, module, facts, inst, diagnostics);
    }
}

fn id_text<'t>(text: &'t str, operand: &Operand) -> &'t str {
    let range = operand.range();
    &text[range.start..range.end]
}

/// Operands that take a value (grammar kind `IdRef`) name no type: `OpSizeOf` takes a pointer,
/// not a pointer type. Instructions whose operands may be types (type declarations,
/// decorations, names, `OpFunction`'s function type) are left out, as spirv-val leaves them
/// out, and so are instructions of extensions (some take types: `OpCooperativeMatrixLengthKHR`).
fn value_operands(
    text: &str,
    module: &Module,
    facts: &Facts,
    inst: &Instruction,
    opcode: &speclint_spec_db::spirv::grammar::Instruction,
    diagnostics: &mut Vec<Diagnostic>,
) {
    let takes_types = matches!(opcode.class, "Type-Declaration" | "Annotation" | "Debug")
        || matches!(opcode.name, "OpFunction" | "OpExtInst" | "OpSpecConstantOp")
        || !opcode.extensions.is_empty();
    if takes_types {
        return;
    }
    for operand in module.operands(inst) {
        let Value::Id(id) = operand.value else {
            continue;
        };
        if operand.kind.get().name != "IdRef" || !facts.types.contains_key(&id) {
            continue;
        }
        diagnostics.push(Diagnostic::new(
            &rules::OPERAND_TARGET,
            operand.range(),
            format!(
                "`{}` of {} is `{}`, a type ({}): a value belongs here, not a type (spirv-val: \
                 operand cannot be a type)",
                operand.name(),
                opcode.name,
                id_text(text, operand),
                describe(facts, id, 0)
            ),
        ));
    }
}

/// An initializer is a constant instruction or a module-scope variable (SPIR-V 1.6 / 3.3.8
/// OpVariable); an imported variable has none (2.16.1 Universal Validation Rules).
fn variable_initializer(
    text: &str,
    module: &Module,
    facts: &Facts,
    inst: &Instruction,
    diagnostics: &mut Vec<Diagnostic>,
) {
    let Some(initializer) = module.operands(inst).get(1) else {
        return;
    };
    let Value::Id(id) = initializer.value else {
        return;
    };
    let Some(definition) = module.definition(id) else {
        return;
    };
    let module_scope_variable =
        definition.name() == "OpVariable" && facts.globals.iter().any(|&(g, _)| g == id);
    let constant = definition
        .opcode
        .is_some_and(|o| o.class == "Constant-Creation");
    // A type here is the value check's finding.
    if !constant && !module_scope_variable && !facts.types.contains_key(&id) {
        diagnostics.push(Diagnostic::new(
            &rules::OPERAND_TARGET,
            initializer.range(),
            format!(
                "the `Initializer` of OpVariable, `{}`, is the result of {}: an initializer is \
                 a constant instruction or a module-scope OpVariable (SPIR-V 1.6 / 3.3.8 Memory \
                 Instructions, OpVariable)",
                id_text(text, initializer),
                definition.name()
            ),
        ));
    }
    let imported = inst
        .result
        .is_some_and(|variable| is_imported(module, facts, variable));
    if imported {
        diagnostics.push(Diagnostic::new(
            &rules::DECORATION,
            initializer.range(),
            "a variable with `LinkageAttributes … Import` is defined in another module: it may \
             not have an initializer here (SPIR-V 1.6 / 2.16.1 Universal Validation Rules)",
        ));
    }
}

fn is_imported(module: &Module, facts: &Facts, variable: u32) -> bool {
    let Some(decorations) = facts.decorations.get(&variable) else {
        return false;
    };
    decorations
        .iter()
        .filter(|d| d.kind == LINKAGE_ATTRIBUTES)
        .filter_map(|d| module.instructions.get(d.instruction as usize))
        .any(|decorate| {
            module
                .operands(decorate)
                .iter()
                .any(|o| o.kind.get().name == "LinkageType" && o.value == Value::Enum(IMPORT))
        })
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
