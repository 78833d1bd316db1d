//! SPV020 `opencl-memory-and-execution-model`: the module's memory, addressing and execution
//! models, and the widths of its integer, float and vector types.

use crate::environment::context::{report, Context, EXECUTION_MODEL_KERNEL};
use crate::facts::{enumerant_name, Type};
use crate::module::Instruction;
use speclint_base::diagnostic::Diagnostic;
use speclint_base::rules::rules;

rules! {
    OPENCL_MEMORY_AND_EXECUTION_MODEL = "SPV020" "opencl-memory-and-execution-model" Error fix=false {
        summary: "The memory model, addressing model or execution model is not OpenCL's",
        explanation: "An OpenCL module uses the `OpenCL` memory model, the `Physical32` or `Physical64` addressing model (matching the device's address width) and the `Kernel` execution model for its entry points (OpenCL SPIR-V Environment, Validation Rules).",
        example: "OpMemoryModel Logical GLSL450   ; SPV020",
    }
}

// Enumerant values (SPIR-V 1.6, section 3).
const ADDRESSING_PHYSICAL32: u32 = 1;
const ADDRESSING_PHYSICAL64: u32 = 2;
const MEMORY_MODEL_OPENCL: u32 = 2;

/// The memory model, the addressing model and the entry points' execution models.
pub(crate) fn check_models(cx: &Context, diagnostics: &mut Vec<Diagnostic>) {
    if let Some((addressing, memory, index)) = cx.facts.memory_model {
        let inst = &cx.module.instructions[index as usize];
        let ops = cx.module.operands(inst);
        if addressing != ADDRESSING_PHYSICAL32 && addressing != ADDRESSING_PHYSICAL64 {
            report(
                diagnostics,
                &OPENCL_MEMORY_AND_EXECUTION_MODEL,
                ops.first().map_or(inst.range, |o| o.range()),
                "addressing-model-physical",
                format!(
                    "the addressing model is {}; OpenCL uses Physical32 or Physical64 (the device's address width)",
                    enumerant_name("AddressingModel", addressing)
                ),
            );
        }
        if memory != MEMORY_MODEL_OPENCL {
            report(
                diagnostics,
                &OPENCL_MEMORY_AND_EXECUTION_MODEL,
                ops.get(1).map_or(inst.range, |o| o.range()),
                "memory-model-opencl",
                format!(
                    "the memory model is {}; OpenCL modules use the OpenCL memory model",
                    enumerant_name("MemoryModel", memory)
                ),
            );
        }
    }
    for entry in &cx.facts.entry_points {
        if entry.model != EXECUTION_MODEL_KERNEL {
            let inst = &cx.module.instructions[entry.instruction as usize];
            report(
                diagnostics,
                &OPENCL_MEMORY_AND_EXECUTION_MODEL,
                cx.module
                    .operands(inst)
                    .first()
                    .map_or(inst.range, |o| o.range()),
                "execution-model-kernel",
                format!(
                    "entry point `{}` uses the {} execution model; OpenCL entry points are Kernel",
                    entry.name,
                    enumerant_name("ExecutionModel", entry.model)
                ),
            );
        }
    }
}

/// A type OpenCL cannot have: a signed integer, or an integer, float or vector of a width or
/// size OpenCL has no type of.
pub(crate) fn check_type_declaration(
    cx: &Context,
    inst: &Instruction,
    ty: &Type,
    diagnostics: &mut Vec<Diagnostic>,
) {
    match ty {
        Type::Int { width, signed } => {
            if *signed {
                report(
                    diagnostics,
                    &OPENCL_MEMORY_AND_EXECUTION_MODEL,
                    cx.module
                        .operands(inst)
                        .get(1)
                        .map_or(inst.range, |o| o.range()),
                    "int-no-signedness",
                    "OpTypeInt has Signedness 1; OpenCL integer types carry no signedness (0)"
                        .into(),
                );
            }
            if !matches!(width, 8 | 16 | 32 | 64) {
                report(
                    diagnostics,
                    &OPENCL_MEMORY_AND_EXECUTION_MODEL,
                    inst.range,
                    "int-widths",
                    format!("OpTypeInt {width}: OpenCL integers are 8, 16, 32 or 64 bits wide"),
                );
            }
        }
        Type::Float { width } if !matches!(width, 16 | 32 | 64) => report(
            diagnostics,
            &OPENCL_MEMORY_AND_EXECUTION_MODEL,
            inst.range,
            "float-widths",
            format!("OpTypeFloat {width}: OpenCL floats are 16, 32 or 64 bits wide"),
        ),
        Type::Vector { count, .. } if !matches!(count, 2 | 3 | 4 | 8 | 16) => report(
            diagnostics,
            &OPENCL_MEMORY_AND_EXECUTION_MODEL,
            inst.range,
            "vector-sizes",
            format!("a vector of {count} components: OpenCL vectors have 2, 3, 4, 8 or 16"),
        ),
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use crate::environment::test_support::*;

    #[test]
    fn logical_addressing_and_glsl_memory_model_are_reported_on_their_operands() {
        let text = "OpCapability Addresses\nOpCapability Kernel\nOpMemoryModel Logical GLSL450\nOpEntryPoint Kernel %k \"k\"\n%void = OpTypeVoid\n%fn = OpTypeFunction %void\n%k = OpFunction %void None %fn\n%l = OpLabel\nOpReturn\nOpFunctionEnd\n";
        let found = findings(text, OpenClVersion::V3_0);
        assert!(found.contains(&("SPV020", "Logical".into())), "{found:?}");
        assert!(found.contains(&("SPV020", "GLSL450".into())), "{found:?}");
    }
}
