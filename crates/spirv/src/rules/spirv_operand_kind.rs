//! SPV008 `spirv-operand-kind`.

use speclint_base::rules::rules;

rules! {
    SPIRV_OPERAND_KIND = "SPV008" "spirv-operand-kind" Error fix=true {
        summary: "An operand is not of the kind the grammar expects",
        explanation: "An id was written where a literal is expected or the reverse, an enumerant is not one of its operand kind's (a misspelt `StorageClass`, a mask bit of another kind), or a literal does not fit its width. The fix offers the closest enumerant names.",
        example: "%p = OpTypePointer CrossWorkgrup %uint   ; SPV008: not a StorageClass",
    }
}
