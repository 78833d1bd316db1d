//! SPV025 `opencl-memory-semantics`.

use speclint_base::rules::rules;

rules! {
    OPENCL_MEMORY_SEMANTICS = "SPV025" "opencl-memory-semantics" Error fix=false {
        summary: "Memory semantics are not allowed here in this OpenCL version",
        explanation: "In OpenCL 1.2 control barriers use sequentially-consistent semantics and atomics relaxed semantics; at most one ordering bit may be set; semantics operands are 32-bit integers, checked where they are constants.",
        example: "OpAtomicIAdd … %device %acquire_release …   ; SPV025 under OpenCL 1.2",
    }
}
