//! SPV016 `spirv-operand-target`: id operands that must name a particular kind of instruction,
//! whatever its type: a value operand that names a type, an `OpVariable` initializer that is not
//! a constant or a module-scope variable, and the operands of the debug-information sets, whose
//! targets `speclint_spec_db::spirv::debug_info` lists.

use crate::facts::{describe, Facts, Type};
use crate::module::{IdIndex, Instruction, Module, Operand, Value};
use speclint_base::diagnostic::{Diagnostic, Severity};
use speclint_base::rules::rules;
use speclint_spec_db::spirv::debug_info;

rules! {
    SPIRV_OPERAND_TARGET = "SPV016" "spirv-operand-target" Error fix=false {
        summary: "An id operand names an instruction of the wrong kind",
        explanation: "Some id operands must name a particular kind of instruction, whatever its type: a value operand names no type (`OpSizeOf` takes a pointer value, not a pointer type), an `OpVariable` initializer is a constant instruction or a module-scope `OpVariable` (not `OpUndef`, not a computed value), and the operands of the debug-information sets (`OpenCL.DebugInfo.100`, `NonSemantic.Shader.DebugInfo.100`) name the debug instructions their grammar operand stands for (a `DebugFunction`'s `Declaration` is a `DebugFunctionDeclaration`, a `Source` is a `DebugSource`, a `Name` is an `OpString`), and the non-semantic set passes the other set's literals as 32-bit unsigned `OpConstant`s. Constraints that spirv-val 2023.1 does not enforce are warnings that say so; where spirv-val is stricter than the specification (it rejects the `DebugInfoNone` llvm-spirv-15 writes as a `Declaration`), the message says that too.",
        example: "%s = OpSizeOf %uint %_ptr_CrossWorkgroup_uint   ; SPV016: a pointer type, not a pointer\n%f = OpExtInst %void %dbg DebugFunction %name %type %source 1 0 %cu %name FlagIsDefinition 1 %main %none   ; SPV016: Declaration must be a DebugFunctionDeclaration",
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
pub(crate) fn check_value_operands(
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
            &SPIRV_OPERAND_TARGET,
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

/// The `initializer` of an `OpVariable`, `id`, defined by `definition`: a constant instruction
/// or a module-scope variable (SPIR-V 1.6 / 3.3.8 OpVariable).
pub(crate) fn check_variable_initializer(
    text: &str,
    facts: &Facts,
    initializer: &Operand,
    id: IdIndex,
    definition: &Instruction,
    diagnostics: &mut Vec<Diagnostic>,
) {
    let module_scope_variable =
        definition.name() == "OpVariable" && facts.globals.iter().any(|&(g, _)| g == id);
    let constant = definition
        .opcode
        .is_some_and(|o| o.class == "Constant-Creation");
    // A type here is the value check's finding.
    if !constant && !module_scope_variable && !facts.types.contains_key(&id) {
        diagnostics.push(Diagnostic::new(
            &SPIRV_OPERAND_TARGET,
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
}

/// The debug instructions' id operands name the instructions their set's specification says;
/// a non-semantic operand standing for a literal names a 32-bit unsigned `OpConstant`.
pub(crate) fn check_debug_operands(
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
            &SPIRV_OPERAND_TARGET,
            operand.range(),
            format!("{subject} (spirv-val 2023.1 rejects it{note})"),
        )
    } else {
        Diagnostic::new(
            &SPIRV_OPERAND_TARGET,
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
