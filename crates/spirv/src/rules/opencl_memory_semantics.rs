//! SPV025 `opencl-memory-semantics`: memory-semantics operands (validation_rules.asciidoc).

use crate::environment::context::{applies, report, Context, ScopeOperand};
use speclint_base::diagnostic::Diagnostic;
use speclint_base::rules::rules;

rules! {
    OPENCL_MEMORY_SEMANTICS = "SPV025" "opencl-memory-semantics" Error fix=false {
        summary: "Memory semantics are not allowed here in this OpenCL version",
        explanation: "In OpenCL 1.2 control barriers use sequentially-consistent semantics and atomics relaxed semantics; at most one ordering bit may be set; semantics operands are 32-bit integers, checked where they are constants.",
        example: "OpAtomicIAdd … %device %acquire_release …   ; SPV025 under OpenCL 1.2",
    }
}

// Memory semantics bits (SPIR-V 1.6, section 3).
const SEMANTICS_ORDER_BITS: u64 = 0x2 | 0x4 | 0x8 | 0x10;
const SEMANTICS_SEQ_CST: u64 = 0x10;

/// A memory-semantics operand: a 32-bit integer, and where it is a constant, at most one
/// ordering bit, and the ordering the configured OpenCL version asks for.
pub(crate) fn check_semantics_operand(
    cx: &Context,
    operand: &ScopeOperand,
    diagnostics: &mut Vec<Diagnostic>,
) {
    if let Some(message) = operand.not_a_32_bit_integer(cx, "memory semantics") {
        report(
            diagnostics,
            &OPENCL_MEMORY_SEMANTICS,
            operand.range,
            "barrier-memory-order",
            message,
        );
        return;
    }
    let Some(value) = operand.constant else {
        return;
    };
    semantics(cx, operand, value, diagnostics);
}

fn semantics(cx: &Context, operand: &ScopeOperand, value: u64, diagnostics: &mut Vec<Diagnostic>) {
    let name = operand.inst.name();
    let range = operand.range;
    let (is_atomic, is_barrier) = (operand.is_atomic, operand.is_barrier);
    let order = value & SEMANTICS_ORDER_BITS;
    if order.count_ones() > 1 {
        report(
            diagnostics,
            &OPENCL_MEMORY_SEMANTICS,
            range,
            if is_atomic { "atomic-memory-order" } else { "barrier-memory-order" },
            format!(
                "the memory semantics {value:#x} of {name} set {} ordering bits (Acquire, Release, AcquireRelease, SequentiallyConsistent); at most one is allowed",
                order.count_ones()
            ),
        );
        return;
    }
    if is_barrier && applies(cx, "barrier-opencl12") && order != SEMANTICS_SEQ_CST {
        report(
            diagnostics,
            &OPENCL_MEMORY_SEMANTICS,
            range,
            "barrier-opencl12",
            format!(
                "the memory semantics {value:#x} of {name} are not SequentiallyConsistent: OpenCL 1.2 barriers order memory sequentially-consistently"
            ),
        );
    }
    if is_atomic && applies(cx, "atomic-opencl12") && order != 0 {
        report(
            diagnostics,
            &OPENCL_MEMORY_SEMANTICS,
            range,
            "atomic-opencl12",
            format!(
                "the memory semantics {value:#x} of {name} are not Relaxed: OpenCL 1.2 atomics are relaxed"
            ),
        );
    }
}

#[cfg(test)]
mod tests {
    use crate::environment::test_support::*;

    #[test]
    fn barrier_semantics_follow_the_opencl_version() {
        // Workgroup scopes with relaxed semantics: OpenCL 1.2 barriers are sequentially
        // consistent, later versions take any one ordering.
        assert_eq!(
            findings(&barrier(2, 2, 0x100), OpenClVersion::V1_2),
            vec![("SPV025", "%s".into())]
        );
        assert_eq!(findings(&barrier(2, 2, 0x100), OpenClVersion::V2_0), vec![]);
        // Acquire and Release together: never.
        for v in OpenClVersion::ALL {
            assert_eq!(
                findings(&barrier(2, 2, 0x2 | 0x4), v),
                vec![("SPV025", "%s".into())],
                "{v}"
            );
        }
    }
}
