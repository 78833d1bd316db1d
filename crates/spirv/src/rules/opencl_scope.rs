//! SPV024 `opencl-scope`.

use speclint_base::rules::rules;

rules! {
    OPENCL_SCOPE = "SPV024" "opencl-scope" Error fix=false {
        summary: "An execution or memory scope is not allowed here in this OpenCL version",
        explanation: "Scope operands are 32-bit integers; their values are checked where they are constants (a computed scope is allowed: only the Shader validation rules ask for constants). OpenCL 1.2 allows control barriers only at `Workgroup` execution scope and atomics only at `Device` memory scope; no OpenCL version allows the `Invocation` scope for atomics; `Subgroup` scope needs the subgroups capability; `OpGroupAsyncCopy` and `OpGroupWaitEvents` take `Workgroup` execution scope. A decoration's scope (`UniformId`) is not an instruction's scope and is not checked here.",
        example: "OpControlBarrier %device %workgroup %seq_cst   ; SPV024 under OpenCL 1.2",
    }
}
