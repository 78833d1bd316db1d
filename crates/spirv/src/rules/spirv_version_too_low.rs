//! SPV011 `spirv-version-too-low`.

use speclint_base::rules::rules;

rules! {
    SPIRV_VERSION_TOO_LOW = "SPV011" "spirv-version-too-low" Error fix=false {
        summary: "An instruction or enumerant is newer than the module's SPIR-V version",
        explanation: "The module's header (`; Version: 1.0` in assembly, the version word in binary; for assembly without one, `--spirv-version`) says which SPIR-V version it is; instructions and enumerants introduced later may be used only through the extension that added them. spirv-val 2023.1 does not check the version of an instruction that needs a capability (`OpSizeOf` in a SPIR-V 1.0 module): that is a warning that says so.",
        example: "; Version: 1.0\n%r = OpGroupNonUniformElect %bool %scope   ; SPV011: needs SPIR-V 1.3",
    }
}
