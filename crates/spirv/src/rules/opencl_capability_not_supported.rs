//! SPV027 `opencl-capability-not-supported`.

use speclint_base::rules::rules;

rules! {
    OPENCL_CAPABILITY_NOT_SUPPORTED = "SPV027" "opencl-capability-not-supported" Error fix=false {
        summary: "The module declares a capability the configured OpenCL environment does not support",
        explanation: "Each OpenCL version and profile supports a set of capabilities, some only when the device has an extension or (from OpenCL 3.0) an optional feature. `Shader` and the graphics capabilities are never allowed; `Int64` needs the full profile or `cles_khr_int64`; `Float16` needs `cl_khr_fp16`; `Generic` pointers, pipes and device-side enqueue are OpenCL 2.0 features, optional in 3.0. Configure the device's extensions and features with `[spirv]` settings.",
        example: "OpCapability Shader   ; SPV027",
    }
}
