//! SPV034 `opencl-decoration`: decorations on the kinds of ids they apply to.

use crate::environment::context::{
    id_name, report, report_check, Context, DECORATION_BUILTIN, DECORATION_FUNC_PARAM_ATTR,
};
use crate::facts::{describe, enumerant_name, Decoration, Facts, Type};
use crate::module::{IdIndex, Instruction, Module, Operand, Value};
use speclint_base::diagnostic::Diagnostic;
use speclint_base::rules::rules;

rules! {
    OPENCL_DECORATION = "SPV034" "opencl-decoration" Error fix=false {
        summary: "A decoration is not allowed on this target or in OpenCL",
        explanation: "Decorations apply to particular kinds of ids: `FuncParamAttr` to function parameters and return values (the `OpFunction`), `BuiltIn` to variables, `Alignment` to pointers; `LinkageAttributes` needs the `Linkage` capability, and a variable it imports (`Import`) has no initializer (SPIR-V 2.16.1). Some decorations have no meaning in OpenCL. spirv-val 2023.1 checks the targets of `BuiltIn`, `Constant` and the no-wrap decorations, not those of `FuncParamAttr`, `FPRoundingMode`, `FPFastMathMode`, `SaturatedConversion` or `Alignment`: those findings are warnings that say so.",
        example: "OpDecorate %uint FuncParamAttr NoAlias   ; SPV034: %uint is a type",
    }
}

// Decorations (SPIR-V 1.6, section 3).
const LINKAGE_ATTRIBUTES: u32 = 41;
/// The `Import` linkage type.
const LINKAGE_IMPORT: u32 = 1;
const DECORATION_CONSTANT: u32 = 22;
const DECORATION_SATURATED_CONVERSION: u32 = 28;
const DECORATION_FP_ROUNDING_MODE: u32 = 39;
const DECORATION_FP_FAST_MATH_MODE: u32 = 40;
const DECORATION_ALIGNMENT: u32 = 44;
const DECORATION_NO_SIGNED_WRAP: u32 = 4469;
const DECORATION_NO_UNSIGNED_WRAP: u32 = 4470;

/// Whether `decoration` may decorate `target`, defined by `definition`: the kinds of ids each
/// decoration applies to, and `Alignment`'s value.
pub(crate) fn check_decoration(
    cx: &Context,
    target: IdIndex,
    decoration: &Decoration,
    definition: &Instruction,
    diagnostics: &mut Vec<Diagnostic>,
) {
    let facts = cx.facts;
    let decoration_range = cx.module.instructions[decoration.instruction as usize].range;
    let name = definition.name();
    let decoration_name = enumerant_name("Decoration", decoration.kind);
    let wrong_target = |what: &str| {
        format!(
            "{decoration_name} applies to {what}; {} is defined by {name}",
            id_name(cx, target)
        )
    };
    let result_scalar = definition
        .result_type
        .and_then(|t| facts.types.get(&t))
        .and_then(|t| facts.scalar_of(t));
    match decoration.kind {
        // On a variable, SPV022 checks the built-in itself.
        DECORATION_BUILTIN if name != "OpVariable" => report_check(
            diagnostics,
            &OPENCL_DECORATION,
            decoration_range,
            "builtin-target",
            wrong_target("variables"),
        ),
        // On an OpFunction it describes the return value (`Zext`, `Sext`).
        DECORATION_FUNC_PARAM_ATTR if !matches!(name, "OpFunctionParameter" | "OpFunction") => {
            report_check(
                diagnostics,
                &OPENCL_DECORATION,
                decoration_range,
                "func-param-attr-target",
                wrong_target("function parameters and function return values (OpFunction)"),
            )
        }
        DECORATION_CONSTANT if name != "OpVariable" => report_check(
            diagnostics,
            &OPENCL_DECORATION,
            decoration_range,
            "constant-target",
            wrong_target("global variables"),
        ),
        DECORATION_ALIGNMENT => {
            let pointer = definition
                .result_type
                .and_then(|t| facts.types.get(&t))
                .filter(|t| matches!(t, Type::Pointer { .. }));
            match pointer {
                None => report(
                    diagnostics,
                    &OPENCL_DECORATION,
                    decoration_range,
                    "alignment",
                    wrong_target("pointers"),
                ),
                Some(Type::Pointer { pointee, .. }) => {
                    if let (Some(alignment), Some(natural)) =
                        (decoration.parameter, natural_alignment(facts, *pointee))
                    {
                        if !alignment.is_power_of_two() {
                            report(
                                diagnostics,
                                &OPENCL_DECORATION,
                                decoration_range,
                                "alignment",
                                format!("Alignment {alignment} is not a power of two"),
                            );
                        } else if name == "OpVariable" && alignment < natural {
                            report(
                                diagnostics,
                                &OPENCL_DECORATION,
                                decoration_range,
                                "alignment",
                                format!(
                                    "Alignment {alignment} is below the natural alignment ({natural}) of {}; accesses through {} are undefined",
                                    describe(facts, *pointee, 0),
                                    id_name(cx, target)
                                ),
                            );
                        }
                    }
                }
                Some(_) => {}
            }
        }
        DECORATION_SATURATED_CONVERSION => {
            let ok = definition.opcode.is_some_and(|o| o.class == "Conversion")
                && !matches!(name, "OpSatConvertSToU" | "OpSatConvertUToS")
                && matches!(result_scalar, Some(Type::Int { .. }));
            if !ok {
                report_check(
                    diagnostics,
                    &OPENCL_DECORATION,
                    decoration_range,
                    "saturated-conversion-target",
                    wrong_target("conversions to integer types (other than OpSatConvert*)"),
                );
            }
        }
        DECORATION_FP_ROUNDING_MODE => {
            let ok =
                definition.opcode.is_some_and(|o| o.class == "Conversion") || name == "OpExtInst";
            if !ok {
                report_check(
                    diagnostics,
                    &OPENCL_DECORATION,
                    decoration_range,
                    "fp-rounding-mode-target",
                    wrong_target("floating-point conversion instructions"),
                );
            }
        }
        DECORATION_FP_FAST_MATH_MODE => {
            let ok = matches!(result_scalar, Some(Type::Float { .. }))
                || name.starts_with("OpFOrd")
                || name.starts_with("OpFUnord")
                || matches!(name, "OpExtInst" | "OpFunctionCall");
            if !ok {
                report_check(
                    diagnostics,
                    &OPENCL_DECORATION,
                    decoration_range,
                    "fp-fast-math-mode-target",
                    wrong_target("floating-point instructions"),
                );
            }
        }
        DECORATION_NO_SIGNED_WRAP | DECORATION_NO_UNSIGNED_WRAP => {
            let ok = matches!(
                name,
                "OpIAdd" | "OpISub" | "OpIMul" | "OpShiftLeftLogical" | "OpExtInst"
            ) || (decoration.kind == DECORATION_NO_SIGNED_WRAP && name == "OpSNegate");
            if !ok {
                report_check(
                    diagnostics,
                    &OPENCL_DECORATION,
                    decoration_range,
                    "no-wrap-target",
                    wrong_target(
                        "OpIAdd, OpISub, OpIMul, OpShiftLeftLogical, OpSNegate (NoSignedWrap) and OpExtInst",
                    ),
                );
            }
        }
        _ => {}
    }
}

/// Scalars and vectors are aligned to their size, 3-vectors like 4-vectors
/// (common_properties.asciidoc, Alignment of Types). `None` for aggregates.
fn natural_alignment(facts: &Facts, ty: IdIndex) -> Option<u64> {
    let scalar = |ty: &IdIndex| match facts.types.get(ty)? {
        Type::Int { width, .. } | Type::Float { width } => Some(u64::from(*width / 8)),
        _ => None,
    };
    match facts.types.get(&ty)? {
        // A vector's components are scalars; a malformed vector of vectors (even of itself,
        // through a forward reference) has no natural alignment.
        Type::Vector { component, count } => {
            Some(scalar(component)? * u64::from(if *count == 3 { 4 } else { *count }))
        }
        _ => scalar(&ty),
    }
}

/// An `OpVariable` with an `initializer` that `LinkageAttributes … Import` declares defined in
/// another module (SPIR-V 1.6 / 2.16.1 Universal Validation Rules).
pub(crate) fn check_imported_initializer(
    module: &Module,
    facts: &Facts,
    inst: &Instruction,
    initializer: &Operand,
    diagnostics: &mut Vec<Diagnostic>,
) {
    let imported = inst
        .result
        .is_some_and(|variable| is_imported(module, facts, variable));
    if imported {
        diagnostics.push(Diagnostic::new(
            &OPENCL_DECORATION,
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
            module.operands(decorate).iter().any(|o| {
                o.kind.get().name == "LinkageType" && o.value == Value::Enum(LINKAGE_IMPORT)
            })
        })
}

#[cfg(test)]
mod tests {
    use crate::environment::test_support::*;

    #[test]
    fn decorations_apply_to_their_targets() {
        let text = module(&format!(
            "OpEntryPoint Kernel %k \"k\"\nOpDecorate %k FuncParamAttr NoCapture\nOpDecorate %c Alignment 4\nOpDecorate %sum NoSignedWrap\nOpDecorate %a FuncParamAttr NoCapture\nOpDecorate %conv SaturatedConversion\nOpDecorate %sum SaturatedConversion\n{KERNEL_TYPES}%float = OpTypeFloat 32\n%c = OpConstant %uint 1\n%pg = OpTypePointer CrossWorkgroup %uint\n%kfn = OpTypeFunction %void %pg\n%k = OpFunction %void None %kfn\n%a = OpFunctionParameter %pg\n%l = OpLabel\n%x = OpLoad %uint %a\n%sum = OpIAdd %uint %x %c\n%f = OpConvertUToF %float %sum\n%conv = OpConvertFToU %uint %f\nOpReturn\nOpFunctionEnd\n"
        ));
        assert_eq!(
            findings(&text, OpenClVersion::V2_0),
            vec![
                ("SPV034", "OpDecorate %c Alignment 4".into()),
                ("SPV034", "OpDecorate %sum SaturatedConversion".into()),
            ]
        );
    }
}
