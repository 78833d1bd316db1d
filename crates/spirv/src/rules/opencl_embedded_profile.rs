//! SPV032 `opencl-embedded-profile`.

use speclint_base::rules::rules;

rules! {
    OPENCL_EMBEDDED_PROFILE = "SPV032" "opencl-embedded-profile" Error fix=false {
        summary: "The module uses something the embedded profile does not have",
        explanation: "The embedded profile has no 64-bit integers unless the device supports `cles_khr_int64`, and supports fewer image formats and features. Check with `--opencl-profile full` if the module targets a full-profile device.",
        example: "OpCapability Int64   ; SPV032 with --opencl-profile embedded",
    }
}
