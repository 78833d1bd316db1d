//! SPV026 `opencl-atomic-type`: the types and storage classes atomics operate on.

use crate::environment::context::{report, report_check, Context};
use crate::facts::{describe, storage, storage_class_name, Type};
use crate::module::{Instruction, Value};
use speclint_base::diagnostic::Diagnostic;
use speclint_base::rules::rules;

rules! {
    OPENCL_ATOMIC_TYPE = "SPV026" "opencl-atomic-type" Error fix=false {
        summary: "An atomic operates on a type or storage class OpenCL does not allow",
        explanation: "Atomic instructions operate on 32-bit integers, on 64-bit integers only with the `Int64Atomics` capability, on floats only with the float-atomics capabilities, and only through pointers to `CrossWorkgroup`, `Workgroup` or `Function` memory (`Function` is valid but its behaviour is undefined), or `Generic` memory where the module declares `GenericPointer`. spirv-val 2023.1 accepts atomics on 8-bit and 16-bit integers, so those are warnings that say so.",
        example: "%r = OpAtomicIAdd %ulong %p %dev %relaxed %one   ; SPV026 without Int64Atomics",
    }
}

/// An atomic instruction's value type and pointer storage class (validation_rules.asciidoc).
pub(crate) fn check_atomic(cx: &Context, inst: &Instruction, diagnostics: &mut Vec<Diagnostic>) {
    let facts = cx.facts;
    let name = inst.name();
    let ops = cx.module.operands(inst);
    let pointer = ops.iter().find(|o| o.name() == "Pointer");
    if let Some(pointer) = pointer {
        if let Value::Id(p) = pointer.value {
            if let Some(Type::Pointer { storage, .. }) = facts.type_of(p) {
                if !matches!(
                    *storage,
                    storage::FUNCTION
                        | storage::WORKGROUP
                        | storage::CROSS_WORKGROUP
                        | storage::GENERIC
                ) {
                    report(
                        diagnostics,
                        &OPENCL_ATOMIC_TYPE,
                        pointer.range(),
                        "atomic-pointer-storage",
                        format!(
                            "{name} on a pointer into {} memory; OpenCL atomics work on Function, Workgroup, CrossWorkgroup or Generic memory",
                            storage_class_name(*storage)
                        ),
                    );
                }
            }
        }
    }
    if matches!(name, "OpAtomicFlagTestAndSet" | "OpAtomicFlagClear") {
        return;
    }
    // The value type: the result's, or for OpAtomicStore the stored value's.
    let value_type = inst.result_type.or_else(|| {
        ops.iter()
            .find(|o| o.name() == "Value")
            .and_then(|o| match o.value {
                Value::Id(v) => facts.value_types.get(&v).copied(),
                _ => None,
            })
    });
    let Some(value_type) = value_type else { return };
    let problem = match facts.types.get(&value_type) {
        Some(Type::Int { width: 32, .. }) | None => None,
        Some(Type::Int { width: 64, .. }) => (!facts.has_capability("Int64Atomics")).then(|| {
            "64-bit atomics need the Int64Atomics capability (cl_khr_int64_base_atomics)"
                .to_string()
        }),
        Some(Type::Float { width }) => {
            let needed = match name {
                "OpAtomicFAddEXT" => Some(format!("AtomicFloat{width}AddEXT")),
                "OpAtomicFMinEXT" | "OpAtomicFMaxEXT" => {
                    Some(format!("AtomicFloat{width}MinMaxEXT"))
                }
                // OpenCL C has atomic_xchg on float (1.1) and atomic_float / atomic_double
                // loads, stores and exchanges (2.0, doubles with the 64-bit atomics), which
                // producers emit as these instructions on floats: accepted, a deliberate
                // reading of "32-bit integer types only" that keeps real code clean.
                "OpAtomicLoad" | "OpAtomicStore" | "OpAtomicExchange" => match width {
                    32 => None,
                    64 => Some("Int64Atomics".to_string()),
                    _ => Some(format!("AtomicFloat{width}AddEXT")),
                },
                _ => {
                    return report(
                        diagnostics,
                        &OPENCL_ATOMIC_TYPE,
                        inst.range,
                        "atomic-32bit-only",
                        format!("{name} on a {width}-bit float: OpenCL integer atomics operate on 32-bit integers (64-bit with Int64Atomics)"),
                    )
                }
            };
            needed
                .filter(|c| !facts.has_capability(c))
                .map(|c| format!("atomics on {width}-bit floats need the {c} capability"))
        }
        Some(Type::Int { width: 8 | 16, .. }) => {
            return report_check(
                diagnostics,
                &OPENCL_ATOMIC_TYPE,
                inst.range,
                "atomic-narrow-integer",
                format!(
                    "{name}: atomics operate on 32-bit integers (64-bit with Int64Atomics), not {}",
                    describe(facts, value_type, 0)
                ),
            );
        }
        Some(_) => Some(format!(
            "atomics operate on 32-bit integers (64-bit with Int64Atomics), not {}",
            describe(facts, value_type, 0)
        )),
    };
    if let Some(problem) = problem {
        report(
            diagnostics,
            &OPENCL_ATOMIC_TYPE,
            inst.range,
            "atomic-32bit-only",
            format!("{name}: {problem}"),
        );
    }
}

#[cfg(test)]
mod tests {
    use crate::environment::test_support::*;

    fn atomic(storage: &str, ty: &str, scope: u32, semantics: u32, extra: &str) -> String {
        module(&format!(
            "{extra}OpEntryPoint Kernel %k \"k\"\n{KERNEL_TYPES}%float = OpTypeFloat 32\n%ushort = OpTypeInt 16 0\n%ulong = OpTypeInt 64 0\n%p = OpTypePointer {storage} {ty}\n%kfn = OpTypeFunction %void %p\n%sc = OpConstant %uint {scope}\n%se = OpConstant %uint {semantics}\n%k = OpFunction %void None %kfn\n%a = OpFunctionParameter %p\n%l = OpLabel\n%r = OpAtomicLoad {ty} %a %sc %se\nOpReturn\nOpFunctionEnd\n"
        ))
    }

    #[test]
    fn atomics_follow_scope_semantics_type_and_storage_rules() {
        let extra = "OpCapability Int16\nOpCapability Int64\n";
        assert_eq!(
            findings(
                &atomic("CrossWorkgroup", "%uint", 1, 0, extra),
                OpenClVersion::V1_2
            ),
            vec![]
        );
        // OpenCL 1.2: Device scope, relaxed order.
        assert_eq!(
            findings(
                &atomic("CrossWorkgroup", "%uint", 2, 0x2, extra),
                OpenClVersion::V1_2
            ),
            vec![("SPV024", "%sc".into()), ("SPV025", "%se".into())]
        );
        assert_eq!(
            findings(
                &atomic("CrossWorkgroup", "%uint", 2, 0x2, extra),
                OpenClVersion::V2_0
            ),
            vec![]
        );
        // Invocation scope: no atomic may use it.
        assert_eq!(
            findings(
                &atomic("CrossWorkgroup", "%uint", 4, 0, extra),
                OpenClVersion::V3_0
            ),
            vec![("SPV024", "%sc".into())]
        );
        // 16-bit, 64-bit without Int64Atomics, Input storage.
        assert_eq!(
            codes(&findings(
                &atomic("CrossWorkgroup", "%ushort", 1, 0, extra),
                OpenClVersion::V3_0
            )),
            vec!["SPV026"]
        );
        assert_eq!(
            codes(&findings(
                &atomic("CrossWorkgroup", "%ulong", 1, 0, extra),
                OpenClVersion::V3_0
            )),
            vec!["SPV026"]
        );
        let with_int64_atomics = format!("{extra}OpCapability Int64Atomics\n");
        assert_eq!(
            findings(
                &atomic("CrossWorkgroup", "%ulong", 1, 0, &with_int64_atomics),
                OpenClVersion::V3_0
            ),
            vec![]
        );
        assert_eq!(
            findings(&atomic("Input", "%uint", 1, 0, extra), OpenClVersion::V3_0),
            vec![
                ("SPV021", "%a = OpFunctionParameter %p".into()),
                ("SPV026", "%a".into())
            ]
        );
        // A 32-bit float load (atomic_float) is accepted.
        assert_eq!(
            findings(
                &atomic("CrossWorkgroup", "%float", 1, 0, extra),
                OpenClVersion::V2_0
            ),
            vec![]
        );
    }
}
