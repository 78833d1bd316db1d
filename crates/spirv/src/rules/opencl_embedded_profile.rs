//! SPV032 `opencl-embedded-profile`: capabilities the full profile has and the embedded profile
//! does not.

use crate::requirements::context::Context;
use speclint_base::diagnostic::Diagnostic;
use speclint_base::rules::rules;
use speclint_base::text::TextRange;
use speclint_spec_db::spirv::env::{CapabilityStatus, Profile};

rules! {
    OPENCL_EMBEDDED_PROFILE = "SPV032" "opencl-embedded-profile" Error fix=false {
        summary: "The module uses something the embedded profile does not have",
        explanation: "The embedded profile has no 64-bit integers unless the device supports `cles_khr_int64`, and supports fewer image formats and features. Check with `--opencl-profile full` if the module targets a full-profile device.",
        example: "OpCapability Int64   ; SPV032 with --opencl-profile embedded",
    }
}

/// A declared capability of `status` in the configured profile and `full_profile` in the full
/// one (`supported`: whether the device has what an optional one needs); whether it is
/// reported, as a limit of the embedded profile.
pub(crate) fn check_capability(
    cx: &Context,
    capability: &str,
    status: CapabilityStatus,
    supported: bool,
    full_profile: CapabilityStatus,
    range: TextRange,
    diagnostics: &mut Vec<Diagnostic>,
) -> bool {
    let settings = cx.settings;
    if settings.profile != Profile::Embedded {
        return false;
    }
    let message = match status {
        CapabilityStatus::Optional { condition }
            if !supported && full_profile == CapabilityStatus::Required =>
        {
            format!("{capability} needs `{condition}`, which the configured device does not list")
        }
        CapabilityStatus::NotAllowed if full_profile != CapabilityStatus::NotAllowed => format!(
            "the embedded profile of OpenCL {} does not support the {capability} capability{}",
            settings.opencl,
            if capability == "Int64" {
                " (without cles_khr_int64)"
            } else {
                ""
            }
        ),
        _ => return false,
    };
    diagnostics.push(Diagnostic::new(&OPENCL_EMBEDDED_PROFILE, range, message));
    true
}
