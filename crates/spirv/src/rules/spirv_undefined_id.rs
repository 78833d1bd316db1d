//! SPV003 `spirv-undefined-id`.

use speclint_base::rules::rules;

rules! {
    SPIRV_UNDEFINED_ID = "SPV003" "spirv-undefined-id" Error fix=false {
        summary: "An id is used but never defined",
        explanation: "Every id an instruction refers to must be the result of some instruction in the module (forward references are allowed only where the specification allows them, see SPV005).",
        example: "%3 = OpIAdd %uint %1 %x   ; SPV003: %x is not defined",
    }
}
