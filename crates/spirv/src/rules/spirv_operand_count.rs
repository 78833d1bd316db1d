//! SPV007 `spirv-operand-count`.

use speclint_base::rules::rules;

rules! {
    SPIRV_OPERAND_COUNT = "SPV007" "spirv-operand-count" Error fix=false {
        summary: "The instruction has too many or too few operands",
        explanation: "Each instruction's operands are fixed by the grammar (some are optional or repeated); the message names the operands the instruction expects.",
        example: "%3 = OpIAdd %uint %1   ; SPV007: expects Operand 1 and Operand 2",
    }
}
