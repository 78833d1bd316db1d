//! SPV005 `spirv-forward-reference`.

use speclint_base::rules::rules;

rules! {
    SPIRV_FORWARD_REFERENCE = "SPV005" "spirv-forward-reference" Error fix=false {
        summary: "An id is used before its definition where the specification forbids it",
        explanation: "Forward references are allowed only in a few places: names, decorations, entry points and execution modes, `OpTypeForwardPointer`, branch targets and `OpPhi` operands, and calls to functions defined later. Anywhere else the definition must come first (SPIR-V 2.4 Logical Layout of a Module; 2.16 Validation Rules).",
        example: "%p = OpTypePointer CrossWorkgroup %uint   ; SPV005: %uint is defined below\n%uint = OpTypeInt 32 0",
    }
}
