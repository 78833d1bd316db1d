//! SPV009 `spirv-missing-capability`.

use speclint_base::rules::rules;

rules! {
    SPIRV_MISSING_CAPABILITY = "SPV009" "spirv-missing-capability" Error fix=true {
        summary: "The module uses something that needs a capability it does not declare",
        explanation: "Instructions, enumerants and types may need a capability (`OpTypeInt 64` needs `Int64`, `Generic` storage needs `GenericPointer`). The module must declare one of them with `OpCapability`; a capability also declares the ones it depends on. The fix adds the `OpCapability`.",
        example: "%long = OpTypeInt 64 0   ; SPV009: needs Int64\nOpCapability Int64       ; fixed",
    }
}
