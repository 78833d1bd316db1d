//! SPV020 `opencl-memory-and-execution-model`.

use speclint_base::rules::rules;

rules! {
    OPENCL_MEMORY_AND_EXECUTION_MODEL = "SPV020" "opencl-memory-and-execution-model" Error fix=false {
        summary: "The memory model, addressing model or execution model is not OpenCL's",
        explanation: "An OpenCL module uses the `OpenCL` memory model, the `Physical32` or `Physical64` addressing model (matching the device's address width) and the `Kernel` execution model for its entry points (OpenCL SPIR-V Environment, Validation Rules).",
        example: "OpMemoryModel Logical GLSL450   ; SPV020",
    }
}
