//! SPV029 `opencl-half-without-float16`: with `Float16Buffer` and without `Float16`, no
//! instruction computes a half value.

use crate::environment::context::{report, Context};
use crate::facts::{describe, Facts, Type};
use crate::module::{IdIndex, Instruction};
use rustc_hash::FxHashSet;
use speclint_base::diagnostic::Diagnostic;
use speclint_base::rules::rules;

rules! {
    OPENCL_HALF_WITHOUT_FLOAT16 = "SPV029" "opencl-half-without-float16" Error fix=false {
        summary: "Half-precision values are used beyond memory while only `Float16Buffer` is declared",
        explanation: "With `Float16Buffer` and without `Float16`, 16-bit floats may only be pointed to, loaded and stored through conversion functions (`vload_half`, `vstore_half`); any other instruction with a 16-bit float operand or result needs the `Float16` capability (`cl_khr_fp16`).",
        example: "OpCapability Float16Buffer\n%r = OpFAdd %half %a %b   ; SPV029",
    }
}

/// The set the instruction pass fills with the types that hold a 16-bit float other than
/// through a pointer; `None` when `Float16` is declared or `Float16Buffer` is not (then half
/// values are unrestricted or impossible).
pub(crate) fn restricted_half_types(facts: &Facts) -> Option<FxHashSet<IdIndex>> {
    let half_restricted = facts.has_capability("Float16Buffer") && !facts.has_capability("Float16");
    half_restricted.then(FxHashSet::default)
}

/// Adds the type `result`, declared as `ty`, to `half_types` where it holds a half value.
pub(crate) fn record_half_type(half_types: &mut FxHashSet<IdIndex>, result: IdIndex, ty: &Type) {
    let holds_half = match ty {
        Type::Float { width: 16 } => true,
        Type::Vector { component, .. } => half_types.contains(component),
        Type::Matrix { column, .. } => half_types.contains(column),
        Type::Array { element, .. } | Type::RuntimeArray { element } => {
            half_types.contains(element)
        }
        Type::Struct { members } => members.iter().any(|m| half_types.contains(m)),
        _ => false,
    };
    if holds_half {
        half_types.insert(result);
    }
}

/// An instruction that produces a value of one of `half_types`.
pub(crate) fn check_half_result(
    cx: &Context,
    half_types: Option<&FxHashSet<IdIndex>>,
    inst: &Instruction,
    diagnostics: &mut Vec<Diagnostic>,
) {
    let (Some(half_types), Some(ty), Some(opcode)) = (half_types, inst.result_type, inst.opcode)
    else {
        return;
    };
    if half_types.contains(&ty) {
        report(
            diagnostics,
            &OPENCL_HALF_WITHOUT_FLOAT16,
            inst.range,
            "float16-buffer-only",
            format!(
                "{} produces a {} value, but the module declares only Float16Buffer: half values may only be pointed to and read or written through vload_half/vstore_half (declare Float16, cl_khr_fp16, to compute with them)",
                opcode.name,
                describe(cx.facts, ty, 0)
            ),
        );
    }
}

#[cfg(test)]
mod tests {
    use crate::environment::test_support::*;

    #[test]
    fn half_values_need_float16_beyond_pointers() {
        let text = "OpCapability Addresses\nOpCapability Kernel\nOpCapability Float16Buffer\n%std = OpExtInstImport \"OpenCL.std\"\nOpMemoryModel Physical64 OpenCL\nOpEntryPoint Kernel %k \"k\"\n%void = OpTypeVoid\n%uint = OpTypeInt 32 0\n%ulong = OpTypeInt 64 0\n%float = OpTypeFloat 32\n%half = OpTypeFloat 16\n%ph = OpTypePointer CrossWorkgroup %half\n%kfn = OpTypeFunction %void %ph\n%z = OpConstant %ulong 0\n%k = OpFunction %void None %kfn\n%a = OpFunctionParameter %ph\n%l = OpLabel\n%f = OpExtInst %float %std vload_half %z %a\n%h = OpLoad %half %a\nOpReturn\nOpFunctionEnd\n";
        let text = text.replace(
            "OpCapability Float16Buffer\n",
            "OpCapability Float16Buffer\nOpCapability Int64\n",
        );
        assert_eq!(
            findings(&text, OpenClVersion::V3_0),
            vec![("SPV029", "%h = OpLoad %half %a".into())]
        );
        let with_float16 = text.replace("OpCapability Float16Buffer\n", "OpCapability Float16\n");
        assert_eq!(findings(&with_float16, OpenClVersion::V3_0), vec![]);
    }
}
