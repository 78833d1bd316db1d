//! SPV010 `spirv-missing-extension`.

use speclint_base::rules::rules;

rules! {
    SPIRV_MISSING_EXTENSION = "SPV010" "spirv-missing-extension" Error fix=true {
        summary: "The module uses an extension's instruction or enumerant without `OpExtension`",
        explanation: "What an extension adds may only be used when the module names the extension with `OpExtension` (unless the module's SPIR-V version has it in core). The fix adds the `OpExtension`.",
        example: "OpCapability Float16Buffer\n%x = OpSubgroupShuffleINTEL …   ; SPV010: needs SPV_INTEL_subgroups",
    }
}
