//! SPV027 `opencl-capability-not-supported`: capabilities the configured OpenCL version and
//! device do not support.

use crate::requirements::context::Context;
use speclint_base::diagnostic::Diagnostic;
use speclint_base::rules::rules;
use speclint_base::text::TextRange;
use speclint_spec_db::spirv::env::CapabilityStatus;

rules! {
    OPENCL_CAPABILITY_NOT_SUPPORTED = "SPV027" "opencl-capability-not-supported" Error fix=false {
        summary: "The module declares a capability the configured OpenCL environment does not support",
        explanation: "Each OpenCL version and profile supports a set of capabilities, some only when the device has an extension or (from OpenCL 3.0) an optional feature. `Shader` and the graphics capabilities are never allowed; `Int64` needs the full profile or `cles_khr_int64`; `Float16` needs `cl_khr_fp16`; `Generic` pointers, pipes and device-side enqueue are OpenCL 2.0 features, optional in 3.0. The capabilities a device supports only when it supports `ImageBasic` (`LiteralSampler`, `Sampled1D`, `Image1D`, `SampledBuffer`, `ImageBuffer`) need `ImageBasic` declared as well, as spirv-val requires. Configure the device's extensions and features with `[spirv]` settings.",
        example: "OpCapability Shader   ; SPV027",
    }
}

/// A declared capability of `status` (`supported`: whether the device has what an optional one
/// needs) that is not one of the embedded profile's limits (SPV032).
pub(crate) fn check_capability(
    cx: &Context,
    capability: &str,
    status: CapabilityStatus,
    supported: bool,
    range: TextRange,
    diagnostics: &mut Vec<Diagnostic>,
) {
    let message = match status {
        CapabilityStatus::Optional { condition } if !supported => {
            format!("{capability} needs `{condition}`, which the configured device does not list")
        }
        CapabilityStatus::NotAllowed => format!(
            "OpenCL {} does not support the {capability} capability",
            cx.settings.opencl
        ),
        _ => return,
    };
    diagnostics.push(Diagnostic::new(
        &OPENCL_CAPABILITY_NOT_SUPPORTED,
        range,
        message,
    ));
}

/// The capabilities an OpenCL environment supports only when it supports `ImageBasic` (OpenCL
/// SPIR-V Env, required_capabilities.asciidoc, SPIR-V 1.0; `ImageReadWrite` implies it).
const WITH_IMAGE_BASIC: [&str; 5] = [
    "LiteralSampler",
    "Sampled1D",
    "Image1D",
    "SampledBuffer",
    "ImageBuffer",
];

/// A declared image capability the environment supports in a module without `ImageBasic`:
/// spirv-val 2023.1 rejects it ("not allowed by OpenCL ... (or requires extension or
/// capability)").
pub(crate) fn check_image_capability(
    cx: &Context,
    capability: &str,
    range: TextRange,
    diagnostics: &mut Vec<Diagnostic>,
) {
    if !WITH_IMAGE_BASIC.contains(&capability) || cx.facts.has_capability("ImageBasic") {
        return;
    }
    diagnostics.push(Diagnostic::new(
        &OPENCL_CAPABILITY_NOT_SUPPORTED,
        range,
        format!(
            "an OpenCL device supports {capability} only when it supports ImageBasic, which the module does not declare [OpenCL SPIR-V Env, required_capabilities.asciidoc#required-capabilities-1.0]"
        ),
    ));
}
