//! SPV021 `opencl-kernel-signature`: a kernel returns void and takes only the argument types
//! OpenCL allows.

use crate::environment::context::{
    report, Context, DECORATION_FUNC_PARAM_ATTR, EXECUTION_MODEL_KERNEL,
};
use crate::facts::{describe, storage, storage_class_name, Facts, Type};
use crate::module::{IdIndex, Value};
use rustc_hash::FxHashSet;
use speclint_base::diagnostic::Diagnostic;
use speclint_base::rules::rules;

rules! {
    OPENCL_KERNEL_SIGNATURE = "SPV021" "opencl-kernel-signature" Error fix=false {
        summary: "A kernel returns a value or has an argument type OpenCL does not allow",
        explanation: "An entry point's function returns `void`. Its parameters may not be `bool` (or contain one), may not be pointers to the `Function` or `Private` storage classes, and `size_t`-like integers follow the addressing model's width.",
        example: "%k = OpFunction %uint None %fn   ; SPV021: a kernel returns void",
    }
}

// FuncParamAttr values (SPIR-V 1.6, section 3).
const FUNC_PARAM_ATTR_BYVAL: u64 = 2;

/// Every kernel's return type and argument types.
pub(crate) fn check_kernel_signatures(cx: &Context, diagnostics: &mut Vec<Diagnostic>) {
    let mut seen: FxHashSet<IdIndex> = FxHashSet::default();
    // Block-invoke kernels of device-side enqueue take their block literal as a Generic
    // pointer (an OpenCL 2.0 feature's additional argument type).
    let invoked: FxHashSet<IdIndex> = cx
        .module
        .instructions
        .iter()
        .filter(|i| i.name().starts_with("OpEnqueueKernel") || i.name().starts_with("OpGetKernel"))
        .flat_map(|i| cx.module.operands(i))
        .filter(|o| o.name() == "Invoke")
        .filter_map(|o| match o.value {
            Value::Id(id) => Some(id),
            _ => None,
        })
        .collect();
    for entry in &cx.facts.entry_points {
        if entry.model != EXECUTION_MODEL_KERNEL || !seen.insert(entry.function) {
            continue;
        }
        let Some(function) = cx.module.definition(entry.function) else {
            continue;
        };
        if function.name() != "OpFunction" {
            continue;
        }
        if let Some(result_type) = function.result_type {
            if !matches!(cx.facts.types.get(&result_type), Some(Type::Void) | None) {
                // On the entry point's function operand: declaring it a kernel is what
                // makes the return type wrong.
                let entry_inst = &cx.module.instructions[entry.instruction as usize];
                report(
                    diagnostics,
                    &OPENCL_KERNEL_SIGNATURE,
                    cx.module
                        .operands(entry_inst)
                        .get(1)
                        .map_or(entry_inst.range, |o| o.range()),
                    "kernel-return-void",
                    format!(
                        "kernel `{}` returns {}; a kernel returns void",
                        entry.name,
                        describe(cx.facts, result_type, 0)
                    ),
                );
            }
        }
        let Some(&index) = cx.facts.function_index.get(&entry.function) else {
            continue;
        };
        // llvm-spirv wraps the invoke function in a kernel that calls it.
        let block_invoke = invoked.contains(&entry.function)
            || cx.facts.functions[index]
                .calls
                .iter()
                .any(|(callee, _)| invoked.contains(callee));
        for &parameter in &cx.facts.functions[index].parameters {
            let Some(ty) = cx.facts.value_types.get(&parameter).copied() else {
                continue;
            };
            match cx.facts.types.get(&ty) {
                // A struct passed by value: a Function pointer decorated FuncParamAttr ByVal,
                // as llvm-spirv and every OpenCL driver read it.
                Some(Type::Pointer {
                    storage: storage::FUNCTION,
                    ..
                }) if has_func_param_attr(cx.facts, parameter, FUNC_PARAM_ATTR_BYVAL) => continue,
                Some(Type::Pointer {
                    storage: storage::GENERIC,
                    ..
                }) if block_invoke => continue,
                _ => {}
            }
            if let Some((rule_id, problem)) = kernel_argument_problem(cx.facts, ty) {
                let range = cx
                    .module
                    .definition(parameter)
                    .map_or(function.range, |i| i.range);
                report(
                    diagnostics,
                    &OPENCL_KERNEL_SIGNATURE,
                    range,
                    rule_id,
                    format!(
                        "kernel `{}` has an argument of type {}: {problem}",
                        entry.name,
                        describe(cx.facts, ty, 0)
                    ),
                );
            }
        }
    }
}

fn has_func_param_attr(facts: &Facts, id: IdIndex, attribute: u64) -> bool {
    facts.decorations.get(&id).is_some_and(|list| {
        list.iter()
            .any(|d| d.kind == DECORATION_FUNC_PARAM_ATTR && d.parameter == Some(attribute))
    })
}

/// Why a type cannot be a kernel argument (common_properties.asciidoc, Kernel Arguments).
fn kernel_argument_problem(facts: &Facts, ty: IdIndex) -> Option<(&'static str, String)> {
    let t = facts.types.get(&ty)?;
    match t {
        Type::Int { width, signed } => {
            if !matches!(width, 8 | 16 | 32 | 64) || *signed {
                return Some((
                    "kernel-arg-int-signedness",
                    "integer arguments are 8, 16, 32 or 64 bits wide with no signedness".into(),
                ));
            }
            None
        }
        Type::Float { width } => (!matches!(width, 16 | 32 | 64)).then(|| {
            (
                "kernel-arg-types",
                "float arguments are 16, 32 or 64 bits wide".into(),
            )
        }),
        Type::Vector { component, .. } => match facts.types.get(component) {
            Some(Type::Int { .. } | Type::Float { .. }) | None => None,
            Some(_) => Some((
                "kernel-arg-types",
                "vector arguments have integer or float components".into(),
            )),
        },
        Type::Pointer { storage, .. } => (!matches!(
            *storage,
            storage::CROSS_WORKGROUP | storage::WORKGROUP | storage::UNIFORM_CONSTANT
        ))
        .then(|| {
            (
                "kernel-arg-pointer-storage",
                format!(
                    "pointer arguments point into CrossWorkgroup, Workgroup or UniformConstant memory, not {}",
                    storage_class_name(*storage)
                ),
            )
        }),
        Type::Struct { .. } => struct_member_problem(facts, ty).map(|member| {
            (
                "kernel-arg-struct-members",
                format!(
                    "struct arguments have only integer, float, struct, vector or pointer members, not {member}"
                ),
            )
        }),
        Type::Image(_) | Type::Sampler => None,
        Type::Opaque("OpTypePipe" | "OpTypeQueue") => None,
        _ => Some((
            "kernel-arg-types",
            "kernel arguments are integers, floats, structs, vectors, pointers, samplers, images, pipes or queues".into(),
        )),
    }
}

/// The first disallowed member type of a struct argument, nested structs included.
fn struct_member_problem(facts: &Facts, ty: IdIndex) -> Option<String> {
    let mut stack = vec![ty];
    let mut visited: FxHashSet<IdIndex> = FxHashSet::default();
    while let Some(current) = stack.pop() {
        if !visited.insert(current) {
            continue;
        }
        let Some(Type::Struct { members }) = facts.types.get(&current) else {
            continue;
        };
        for &member in members {
            match facts.types.get(&member) {
                Some(Type::Struct { .. }) => stack.push(member),
                Some(Type::Int { .. } | Type::Float { .. } | Type::Pointer { .. }) | None => {}
                Some(Type::Vector { component, .. })
                    if matches!(
                        facts.types.get(component),
                        Some(Type::Int { .. } | Type::Float { .. })
                    ) => {}
                Some(_) => return Some(describe(facts, member, 0)),
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use crate::environment::test_support::*;

    #[test]
    fn a_void_kernel_with_allowed_arguments_is_clean() {
        let text = module(&format!(
            "OpEntryPoint Kernel %k \"k\"\nOpDecorate %s FuncParamAttr ByVal\n{KERNEL_TYPES}%float = OpTypeFloat 32\n%v4 = OpTypeVector %float 4\n%st = OpTypeStruct %uint %v4\n%pg = OpTypePointer CrossWorkgroup %uint\n%pf = OpTypePointer Function %st\n%kfn = OpTypeFunction %void %pg %uint %v4 %pf\n%k = OpFunction %void None %kfn\n%a = OpFunctionParameter %pg\n%b = OpFunctionParameter %uint\n%c = OpFunctionParameter %v4\n%s = OpFunctionParameter %pf\n%l = OpLabel\nOpReturn\nOpFunctionEnd\n"
        ));
        assert_eq!(findings(&text, OpenClVersion::V1_2), vec![]);
    }

    #[test]
    fn kernel_return_type_and_bad_arguments_are_reported() {
        let text = module(&format!(
            "OpEntryPoint Kernel %k \"k\"\n{KERNEL_TYPES}%bool = OpTypeBool\n%st = OpTypeStruct %uint %bool\n%pp = OpTypePointer Private %uint\n%kfn = OpTypeFunction %uint %bool %st %pp\n%k = OpFunction %uint None %kfn\n%a = OpFunctionParameter %bool\n%b = OpFunctionParameter %st\n%c = OpFunctionParameter %pp\n%l = OpLabel\n%z = OpConstant %uint 0\nOpReturnValue %z\nOpFunctionEnd\n"
        ));
        let found = findings(&text, OpenClVersion::V2_0);
        assert_eq!(
            found,
            vec![
                ("SPV021", "%k".into()),
                ("SPV021", "%a = OpFunctionParameter %bool".into()),
                ("SPV021", "%b = OpFunctionParameter %st".into()),
                ("SPV021", "%c = OpFunctionParameter %pp".into()),
            ]
        );
    }
}
