//! SPV004 `spirv-duplicate-id`.

use speclint_base::rules::rules;

rules! {
    SPIRV_DUPLICATE_ID = "SPV004" "spirv-duplicate-id" Error fix=false {
        summary: "An id is defined by more than one instruction",
        explanation: "Each result id is defined exactly once in a module (static single assignment).",
        example: "%a = OpConstant %uint 1\n%a = OpConstant %uint 2   ; SPV004",
    }
}
