//! SPV024 `opencl-scope`: execution and memory scope operands (validation_rules.asciidoc).

use crate::environment::context::{applies, report, report_check, Context, Device, ScopeOperand};
use crate::facts::enumerant_name;
use speclint_base::diagnostic::Diagnostic;
use speclint_base::rules::rules;

rules! {
    OPENCL_SCOPE = "SPV024" "opencl-scope" Error fix=false {
        summary: "An execution or memory scope is not allowed here in this OpenCL version",
        explanation: "Scope operands are 32-bit integers; their values are checked where they are constants (a computed scope is allowed: only the Shader validation rules ask for constants). OpenCL 1.2 allows control barriers only at `Workgroup` execution scope and atomics only at `Device` memory scope; no OpenCL version allows the `Invocation` scope for atomics; `Subgroup` scope needs the subgroups capability; `OpGroupAsyncCopy` and `OpGroupWaitEvents` take `Workgroup` execution scope. A decoration's scope (`UniformId`) is not an instruction's scope and is not checked here.",
        example: "OpControlBarrier %device %workgroup %seq_cst   ; SPV024 under OpenCL 1.2",
    }
}

// Scopes (SPIR-V 1.6, section 3).
const SCOPE_CROSS_DEVICE: u64 = 0;
const SCOPE_DEVICE: u64 = 1;
const SCOPE_WORKGROUP: u64 = 2;
const SCOPE_SUBGROUP: u64 = 3;
const SCOPE_INVOCATION: u64 = 4;

/// A scope operand: a 32-bit integer (spirv-val checks its type and its value), and where it is
/// a constant, a scope the instruction may take in the configured OpenCL version.
pub(crate) fn check_scope_operand(
    cx: &Context,
    device: &Device,
    operand: &ScopeOperand,
    diagnostics: &mut Vec<Diagnostic>,
) {
    if let Some(message) = operand.not_a_32_bit_integer(cx, "scope") {
        report_check(
            diagnostics,
            &OPENCL_SCOPE,
            operand.range,
            "scope-operand",
            message,
        );
        return;
    }
    let Some(value) = operand.constant else {
        return;
    };
    scope(cx, device, operand, value, diagnostics);
}

fn scope(
    cx: &Context,
    device: &Device,
    operand: &ScopeOperand,
    value: u64,
    diagnostics: &mut Vec<Diagnostic>,
) {
    let inst = operand.inst;
    let range = operand.range;
    let (is_atomic, is_barrier) = (operand.is_atomic, operand.is_barrier);
    let name = inst.name();
    let opcode = inst.opcode.expect("checked by the caller");
    let scope_name =
        |v: u64| u32::try_from(v).map_or("an unknown scope", |v| enumerant_name("Scope", v));
    if u32::try_from(value)
        .ok()
        .and_then(|v| {
            speclint_spec_db::spirv::grammar::operand_kind("Scope")?.enumerant_by_value(v)
        })
        .is_none()
    {
        report_check(
            diagnostics,
            &OPENCL_SCOPE,
            range,
            "scope-operand",
            format!("{value} is not a Scope value"),
        );
        return;
    }
    if name == "OpReadClockKHR" {
        if !matches!(value, SCOPE_DEVICE | SCOPE_WORKGROUP | SCOPE_SUBGROUP) {
            report_check(
                diagnostics,
                &OPENCL_SCOPE,
                range,
                "read-clock-scope",
                format!(
                    "OpReadClockKHR at {} scope: OpenCL clocks are Device, Workgroup or Subgroup",
                    scope_name(value)
                ),
            );
        }
        return;
    }
    let mut problem = |rule_id: &str, message: String| {
        report(diagnostics, &OPENCL_SCOPE, range, rule_id, message)
    };
    let subgroup_unsupported = |problem: &mut dyn FnMut(&str, String)| {
        problem(
            "subgroup-scope-needs-subgroups",
            format!(
                "{name} uses Subgroup scope, which needs sub-groups (OpenCL 2.1+, __opencl_c_subgroups, or cl_khr_subgroups); the module declares no sub-group capability or the configured OpenCL {} device lacks them",
                cx.settings.opencl
            ),
        )
    };
    if operand.name == "Execution" {
        let (allowed, rule_id): (&[u64], &str) = if matches!(
            name,
            "OpGroupAsyncCopy" | "OpGroupWaitEvents" | "OpUntypedGroupAsyncCopyKHR"
        ) {
            (&[SCOPE_WORKGROUP], "group-async-copy-scope-workgroup")
        } else if opcode.class == "Non-Uniform" || name == "OpGroupNonUniformRotateKHR" {
            (&[SCOPE_SUBGROUP], "non-uniform-exec-scope")
        } else if opcode.capabilities.contains(&"GroupUniformArithmeticKHR") {
            (&[SCOPE_WORKGROUP], "uniform-group-exec-scope")
        } else if opcode.class == "Group" {
            (&[SCOPE_WORKGROUP, SCOPE_SUBGROUP], "group-exec-scope")
        } else {
            (&[SCOPE_WORKGROUP, SCOPE_SUBGROUP], "exec-scope")
        };
        if !allowed.contains(&value) {
            let list: Vec<&str> = allowed.iter().map(|v| scope_name(*v)).collect();
            problem(
                rule_id,
                format!(
                    "{name} at {} execution scope: OpenCL allows {}",
                    scope_name(value),
                    list.join(" or ")
                ),
            );
        } else if value == SCOPE_SUBGROUP && !device.subgroups {
            subgroup_unsupported(&mut problem);
        }
        return;
    }
    // Memory scope.
    if is_barrier {
        if applies(cx, "barrier-opencl12") {
            if value != SCOPE_WORKGROUP {
                problem(
                    "barrier-opencl12",
                    format!(
                        "{name} at {} memory scope: OpenCL 1.2 barriers use Workgroup memory scope",
                        scope_name(value)
                    ),
                );
            }
        } else if value == SCOPE_SUBGROUP && !device.subgroups {
            subgroup_unsupported(&mut problem);
        } else if !matches!(
            value,
            SCOPE_CROSS_DEVICE | SCOPE_DEVICE | SCOPE_WORKGROUP | SCOPE_INVOCATION | SCOPE_SUBGROUP
        ) {
            problem(
                "barrier-memory-scope",
                format!("{name} at {} memory scope", scope_name(value)),
            );
        }
    } else if is_atomic {
        if applies(cx, "atomic-opencl12") {
            if value != SCOPE_DEVICE {
                problem(
                    "atomic-opencl12",
                    format!(
                        "{name} at {} memory scope: OpenCL 1.2 atomics use Device memory scope",
                        scope_name(value)
                    ),
                );
            }
        } else if value == SCOPE_INVOCATION {
            problem(
                "atomic-memory-scope",
                format!("{name} at Invocation memory scope: OpenCL atomics use CrossDevice, Device, Workgroup or Subgroup"),
            );
        } else if value == SCOPE_SUBGROUP && !device.subgroups {
            subgroup_unsupported(&mut problem);
        } else if !matches!(
            value,
            SCOPE_CROSS_DEVICE | SCOPE_DEVICE | SCOPE_WORKGROUP | SCOPE_SUBGROUP
        ) {
            problem(
                "atomic-memory-scope",
                format!("{name} at {} memory scope", scope_name(value)),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::environment::test_support::*;

    #[test]
    fn barrier_scopes_and_semantics_follow_the_opencl_version() {
        // Workgroup, Workgroup, SequentiallyConsistent | WorkgroupMemory: valid everywhere.
        for v in OpenClVersion::ALL {
            assert_eq!(findings(&barrier(2, 2, 0x110), v), vec![], "{v}");
        }
        // Device memory scope and relaxed semantics: 1.2 only.
        assert_eq!(
            findings(&barrier(2, 1, 0x100), OpenClVersion::V1_2),
            vec![("SPV024", "%m".into()), ("SPV025", "%s".into())]
        );
        assert_eq!(findings(&barrier(2, 1, 0x100), OpenClVersion::V2_0), vec![]);
        // Device execution scope: never.
        assert_eq!(
            findings(&barrier(1, 2, 0x110), OpenClVersion::V3_0),
            vec![("SPV024", "%e".into())]
        );
        // Subgroup execution scope: 2.1+, never 1.2; 2.0 only with cl_khr_subgroups.
        assert_eq!(findings(&barrier(3, 2, 0x110), OpenClVersion::V2_1), vec![]);
        assert_eq!(
            codes(&findings(&barrier(3, 2, 0x110), OpenClVersion::V1_2)),
            vec!["SPV024"]
        );
        let no_subgroups = SpirvSettings {
            extensions: Some(vec![]),
            ..settings(OpenClVersion::V2_0)
        };
        assert_eq!(
            codes(&findings_with(&barrier(3, 2, 0x110), &no_subgroups)),
            vec!["SPV024"]
        );
        // Two ordering bits.
        assert_eq!(
            findings(&barrier(2, 2, 0x2 | 0x4), OpenClVersion::V3_0),
            vec![("SPV025", "%s".into())]
        );
    }

    #[test]
    fn scope_operands_are_32_bit_integers_and_checked_where_constant() {
        // A computed scope or semantics (a kernel argument, a call's result) is allowed: only the
        // Shader rules ask for constants. A 64-bit one, constant or not, is not.
        let text = module(&format!(
            "OpCapability Int64\nOpEntryPoint Kernel %k \"k\"\n{KERNEL_TYPES}%ulong = OpTypeInt 64 0\n%wide = OpConstant %ulong 2\n%s = OpConstant %uint 0x110\n%sfn = OpTypeFunction %uint\n%kfn = OpTypeFunction %void %uint %ulong\n%scope_of = OpFunction %uint None %sfn\n%sl = OpLabel\nOpReturnValue %s\nOpFunctionEnd\n%k = OpFunction %void None %kfn\n%x = OpFunctionParameter %uint\n%wide_x = OpFunctionParameter %ulong\n%l = OpLabel\n%called = OpFunctionCall %uint %scope_of\nOpMemoryBarrier %x %s\nOpControlBarrier %called %x %x\nOpMemoryBarrier %wide %s\nOpMemoryBarrier %wide_x %s\nOpReturn\nOpFunctionEnd\n"
        ));
        assert_eq!(
            findings(&text, OpenClVersion::V2_0),
            vec![("SPV024", "%wide".into()), ("SPV024", "%wide_x".into())]
        );
    }

    #[test]
    fn a_uniform_id_scope_is_not_an_execution_scope() {
        // Device is no execution scope OpenCL allows for instructions, but UniformId's scope only
        // says over which invocations the value is uniform.
        let text = module(&format!(
            "OpCapability UniformDecoration\nOpEntryPoint Kernel %k \"k\"\nOpDecorateId %v UniformId %device\n{KERNEL_TYPES}%device = OpConstant %uint 1\n%kfn = OpTypeFunction %void %uint\n%k = OpFunction %void None %kfn\n%x = OpFunctionParameter %uint\n%l = OpLabel\n%v = OpIAdd %uint %x %x\nOpReturn\nOpFunctionEnd\n"
        ));
        assert_eq!(findings(&text, OpenClVersion::V3_0), vec![]);
    }

    #[test]
    fn async_copy_takes_workgroup_execution_scope() {
        let text = module(&format!(
            "OpCapability Int64\nOpEntryPoint Kernel %k \"k\"\n{KERNEL_TYPES}%ulong = OpTypeInt 64 0\n%ev = OpTypeEvent\n%pg = OpTypePointer CrossWorkgroup %uint\n%pl = OpTypePointer Workgroup %uint\n%pev = OpTypePointer Function %ev\n%kfn = OpTypeFunction %void %pg %pl\n%dev = OpConstant %uint 1\n%n = OpConstant %ulong 16\n%one = OpConstant %ulong 1\n%one32 = OpConstant %uint 1\n%none = OpConstantNull %ev\n%k = OpFunction %void None %kfn\n%g = OpFunctionParameter %pg\n%lo = OpFunctionParameter %pl\n%l = OpLabel\n%evs = OpVariable %pev Function\n%e = OpGroupAsyncCopy %ev %dev %lo %g %n %one %none\nOpStore %evs %e\nOpGroupWaitEvents %dev %one32 %evs\nOpReturn\nOpFunctionEnd\n"
        ));
        assert_eq!(
            findings(&text, OpenClVersion::V2_0),
            vec![("SPV024", "%dev".into()), ("SPV024", "%dev".into())]
        );
    }
}
