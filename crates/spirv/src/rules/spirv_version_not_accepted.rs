//! SPV012 `spirv-version-not-accepted`.

use speclint_base::rules::rules;

rules! {
    SPIRV_VERSION_NOT_ACCEPTED = "SPV012" "spirv-version-not-accepted" Error fix=false {
        summary: "The configured OpenCL version does not accept the module's SPIR-V version",
        explanation: "Devices report the SPIR-V versions they accept; the environment specification guarantees some: OpenCL 1.2 (with `cl_khr_il_program`), 2.0 and 2.1 devices accept SPIR-V 1.0, OpenCL 2.2 devices 1.0 to 1.2, OpenCL 3.1 devices 1.0 to 1.4, and OpenCL 3.0 guarantees none. A module newer than the configured OpenCL version guarantees is reported unless the device's versions are configured (`[spirv] spirv-versions`). Set `--opencl-version` to the OpenCL version the module is for. Assembly with no `; Version:` line takes its version from `--spirv-version` (`[spirv] spirv-version`); without one it is checked against every version the device accepts (the newest where one must be chosen), and a hint under this code states that assumption.",
        example: "; Version: 1.4   (checked with --opencl-version 2.2)   ; SPV012",
    }
}
