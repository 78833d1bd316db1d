//! SPV022 `opencl-builtin-variable`: a `BuiltIn` variable is one the environment defines, for
//! the configured OpenCL version and device, an `Input` variable of the built-in's type.

use crate::environment::context::{
    device_has_extension, id_name, report, Context, Device, DECORATION_BUILTIN,
};
use crate::facts::{describe, enumerant_name, storage, storage_class_name, Decoration, Type};
use crate::module::{IdIndex, Instruction, Value};
use speclint_base::diagnostic::Diagnostic;
use speclint_base::rules::rules;
use speclint_spec_db::spirv::env;

rules! {
    OPENCL_BUILTIN_VARIABLE = "SPV022" "opencl-builtin-variable" Error fix=false {
        summary: "A built-in variable has the wrong storage class or type",
        explanation: "The built-in variables OpenCL defines (`GlobalInvocationId`, `LocalInvocationId`, `WorkDim`, `SubgroupSize`, …) are `Input` variables of the type the environment specification gives them: a 3-component vector or scalar of 32-bit or 64-bit integers, by addressing model. A built-in the environment does not define is an error.",
        example: "OpDecorate %gid BuiltIn GlobalInvocationId\n%gid = OpVariable %_ptr_CrossWorkgroup_v3ulong CrossWorkgroup   ; SPV022",
    }
}

/// The built-in `decoration` makes of `variable`, defined by `definition`; other decorations,
/// and `BuiltIn` on what is not a variable (SPV034), are not this rule's.
pub(crate) fn check_builtin(
    cx: &Context,
    device: &Device,
    variable: IdIndex,
    decoration: &Decoration,
    definition: &Instruction,
    diagnostics: &mut Vec<Diagnostic>,
) {
    if decoration.kind != DECORATION_BUILTIN || definition.name() != "OpVariable" {
        return;
    }
    let Some(value) = decoration.parameter else {
        return;
    };
    let name = enumerant_name("BuiltIn", value as u32);
    let decoration_range = cx.module.instructions[decoration.instruction as usize].range;
    let Some(spec) = env::builtin(name) else {
        report(
            diagnostics,
            &OPENCL_BUILTIN_VARIABLE,
            decoration_range,
            "builtin-allowed",
            format!("the OpenCL environment does not define the {name} built-in"),
        );
        return;
    };
    let opencl = cx.settings.opencl;
    if spec.min_opencl > opencl {
        report(
            diagnostics,
            &OPENCL_BUILTIN_VARIABLE,
            decoration_range,
            "builtin-allowed",
            format!(
                "the {name} built-in (`{}`) needs OpenCL {}; the module is checked for OpenCL {opencl}",
                spec.opencl_c, spec.min_opencl
            ),
        );
    } else if !spec.extension.is_empty() && !device_has_extension(cx, spec.extension) {
        report(
            diagnostics,
            &OPENCL_BUILTIN_VARIABLE,
            decoration_range,
            "builtin-allowed",
            format!(
                "the {name} built-in needs {}, which the configured device does not list",
                spec.extension
            ),
        );
    } else if !spec.condition.is_empty() && !device.subgroups {
        report(
            diagnostics,
            &OPENCL_BUILTIN_VARIABLE,
            decoration_range,
            "builtin-allowed",
            format!(
                "the {name} built-in needs sub-group support ({}), which the module does not declare or the configured device lacks",
                spec.condition
            ),
        );
    }
    let ops = cx.module.operands(definition);
    let storage = match ops.first().map(|o| o.value) {
        Some(Value::Enum(s)) => s,
        _ => return,
    };
    if storage != storage::INPUT {
        report(
            diagnostics,
            &OPENCL_BUILTIN_VARIABLE,
            definition.range,
            "builtin-input-storage",
            format!(
                "built-in variable {} ({name}) is in the {} storage class; built-ins are Input variables",
                id_name(cx, variable),
                storage_class_name(storage)
            ),
        );
    }
    let (Some(bits), Some(pointer_type)) = (cx.facts.address_bits(), definition.result_type) else {
        return;
    };
    let Some(Type::Pointer { pointee, .. }) = cx.facts.types.get(&pointer_type) else {
        return;
    };
    let (count, width) = spec.ty.shape(bits);
    let actual = match cx.facts.types.get(pointee) {
        Some(Type::Int { width, .. }) => Some((1, *width)),
        Some(Type::Vector { component, count }) => match cx.facts.types.get(component) {
            Some(Type::Int { width, .. }) => Some((*count, *width)),
            _ => None,
        },
        _ => None,
    };
    if actual != Some((count, width)) {
        let expected = if count == 1 {
            format!("a {width}-bit integer")
        } else {
            format!("a vector of {count} {width}-bit integers")
        };
        report(
            diagnostics,
            &OPENCL_BUILTIN_VARIABLE,
            definition.range,
            "builtin-type",
            format!(
                "built-in {name} is {}; under Physical{bits} it is {expected}",
                describe(cx.facts, *pointee, 0)
            ),
        );
    }
}

#[cfg(test)]
mod tests {
    use crate::environment::test_support::*;

    #[test]
    fn builtins_follow_storage_type_and_addressing() {
        let clean = module(&format!(
            "OpCapability Int64\nOpEntryPoint Kernel %k \"k\" %gid\nOpDecorate %gid BuiltIn GlobalInvocationId\n{KERNEL_TYPES}%ulong = OpTypeInt 64 0\n%v3 = OpTypeVector %ulong 3\n%p = OpTypePointer Input %v3\n%gid = OpVariable %p Input\n%k = OpFunction %void None %fn\n%l = OpLabel\nOpReturn\nOpFunctionEnd\n"
        ));
        assert_eq!(findings(&clean, OpenClVersion::V3_0), vec![]);
        let wrong_width =
            clean.replace("%v3 = OpTypeVector %ulong 3", "%v3 = OpTypeVector %uint 3");
        assert_eq!(
            findings(&wrong_width, OpenClVersion::V3_0),
            vec![("SPV022", "%gid = OpVariable %p Input".into())]
        );
        let wrong_storage = clean
            .replace("OpTypePointer Input", "OpTypePointer CrossWorkgroup")
            .replace("%p Input", "%p CrossWorkgroup");
        assert_eq!(
            codes(&findings(&wrong_storage, OpenClVersion::V3_0)),
            vec!["SPV022"]
        );
        let shader_builtin = clean.replace("BuiltIn GlobalInvocationId", "BuiltIn FragCoord");
        assert!(findings(&shader_builtin, OpenClVersion::V3_0)
            .contains(&("SPV022", "OpDecorate %gid BuiltIn FragCoord".into())));
        let too_new = clean.replace(
            "BuiltIn GlobalInvocationId",
            "BuiltIn EnqueuedWorkgroupSize",
        );
        assert_eq!(
            codes(&findings(&too_new, OpenClVersion::V1_2)),
            vec!["SPV022"]
        );
        assert_eq!(findings(&too_new, OpenClVersion::V2_0), vec![]);
    }
}
