//! Id operands that must name a particular kind of instruction, whatever its type (SPV016):
//! a value operand that names a type, an `OpVariable` initializer that is not a constant or a
//! module-scope variable, and the operands of the debug-information sets, whose targets
//! `speclint_spec_db::spirv::debug_info` lists. Also an imported variable with an initializer
//! (SPV034), found on the same `OpVariable`.

use super::facts::{describe, Facts, Type};
use super::module::{Instruction, Module, Operand, Value};
use super::rules;
use speclint_base::diagnostic::{Diagnostic, Severity};
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
            &rules::SPIRV_OPERAND_TARGET,
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
            &rules::SPIRV_OPERAND_TARGET,
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
            &rules::OPENCL_DECORATION,
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
            pair_halves.is_multiple_of(2)
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
            &rules::SPIRV_OPERAND_TARGET,
            operand.range(),
            format!("{subject} (spirv-val 2023.1 rejects it{note})"),
        )
    } else {
        Diagnostic::new(
            &rules::SPIRV_OPERAND_TARGET,
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

#[cfg(test)]
mod tests {
    use crate::{analyze, SpirvSettings};

    const PRELUDE: &str = "; SPIR-V\n; Version: 1.0\nOpCapability Addresses\nOpCapability Kernel\n%dbg = OpExtInstImport \"OpenCL.DebugInfo.100\"\nOpMemoryModel Physical64 OpenCL\n%file = OpString \"k.cl\"\n%name = OpString \"e\"\n%void = OpTypeVoid\n%uint = OpTypeInt 32 0\n%uint_0 = OpConstant %uint 0\n%uint_32 = OpConstant %uint 32\n%src = OpExtInst %void %dbg DebugSource %file\n%cu = OpExtInst %void %dbg DebugCompilationUnit 65536 5 %src OpenCL_C\n%int = OpExtInst %void %dbg DebugTypeBasic %name %uint_32 Signed\n";

    /// (code, severity, text at the finding) of the SPV016 findings.
    fn findings(body: &str) -> Vec<(&'static str, &'static str, String)> {
        let text = format!("{PRELUDE}{body}");
        analyze(&text, &SpirvSettings::default())
            .diagnostics
            .iter()
            .filter(|d| d.rule.code == "SPV016")
            .map(|d| {
                let at = text[d.range.start..d.range.end].to_string();
                (d.rule.code, d.severity.as_str(), at)
            })
            .collect()
    }

    #[test]
    fn an_enums_values_are_constants_and_its_names_strings() {
        let enumerators = |pairs: &str| {
            findings(&format!(
                "%e = OpExtInst %void %dbg DebugTypeEnum %name %int %src 1 0 %cu %uint_32 None {pairs}\n"
            ))
        };
        assert_eq!(enumerators("%uint_0 %name %uint_32 %name"), []);
        assert_eq!(
            enumerators("%uint_0 %name %name %uint_32"),
            [
                ("SPV016", "error", "%name".to_string()),
                ("SPV016", "error", "%uint_32".to_string())
            ]
        );
    }

    #[test]
    fn an_undefined_or_missing_operand_is_no_spv016() {
        // SPV003 and SPV007 report these; nothing here guesses what the id was meant to be.
        assert_eq!(
            findings("%t = OpExtInst %void %dbg DebugTypedef %name %nowhere %src 1 0 %cu\n"),
            []
        );
        assert_eq!(
            findings("%t = OpExtInst %void %dbg DebugTypedef %name\n"),
            []
        );
    }

    #[test]
    fn unchecked_rules_are_warnings() {
        assert_eq!(
            findings("%m = OpExtInst %void %dbg DebugMacroDef %cu 1 %name\n"),
            [("SPV016", "warning", "%cu".to_string())]
        );
    }

    #[test]
    fn names_and_decorations_may_name_types() {
        let text = "; SPIR-V\n; Version: 1.0\nOpCapability Addresses\nOpCapability Kernel\nOpMemoryModel Physical64 OpenCL\nOpName %uint \"uint\"\nOpDecorate %ptr Alignment 4\n%uint = OpTypeInt 32 0\n%ptr = OpTypePointer CrossWorkgroup %uint\n";
        let analysis = analyze(text, &SpirvSettings::default());
        assert!(
            !analysis.diagnostics.iter().any(|d| d.rule.code == "SPV016"),
            "{:?}",
            analysis.diagnostics
        );
    }
}
