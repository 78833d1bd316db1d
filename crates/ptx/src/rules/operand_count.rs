//! PTX010 `operand-count`.

use speclint_base::rules::rules;

rules! {
    OPERAND_COUNT = "PTX010" "operand-count" Error fix=false {
        summary: "The instruction has the wrong number of operands",
        explanation: "The form of the instruction determines how many operands it takes; the message lists them by the names the spec uses.",
        example: "add.s32 %r1, %r2;        // PTX010: expects d, a, b",
    }
}
