//! SPV033 `opencl-extension-not-supported`.

use speclint_base::rules::rules;

rules! {
    OPENCL_EXTENSION_NOT_SUPPORTED = "SPV033" "opencl-extension-not-supported" Error fix=false {
        summary: "The module declares an extension the OpenCL environment does not accept",
        explanation: "An OpenCL environment accepts only the SPIR-V extensions listed by the OpenCL SPIR-V environment specification (and those the device reports); `OpExtension` of an extension whose every feature is graphics-only (it needs `Shader` or the Vulkan memory model) is reported. Extensions the environment does not list describe their own changes to it (vendor and `ext` extensions): a registered one the grammar ties nothing to (SPIRV-Tools knows it, or the SPIR-V specification's change log names it) gets no finding, and an unknown name, or one the configured device extensions do not enable, is a warning; `SPV_KHR_non_semantic_info` (core in SPIR-V 1.6) is accepted, its `NonSemantic.*` imports are checked as imports. spirv-val 2023.1 accepts every `OpExtension`, so every finding of this rule is a warning that says so (the capabilities a graphics extension needs are errors under SPV027).",
        example: "OpExtension \"SPV_KHR_ray_tracing\"   ; SPV033",
    }
}
