//! PTX003 `invalid-modifier-combination`.

use speclint_base::rules::rules;

rules! {
    INVALID_MODIFIER_COMBINATION = "PTX003" "invalid-modifier-combination" Error fix=true {
        summary: "No form of the instruction allows these modifiers and types together",
        explanation: "Every PTX instruction has a fixed set of syntax forms. This one uses a modifier the instruction does not have, or a combination of modifiers and types that none of its forms allows (for example `.sat` is only defined for `add.s32`, `.ftz` only for `.f32`). The message lists the forms that exist; hover the opcode for the full table.",
        example: "add.sat.u32 %r1, %r2, %r3;   // PTX003: .sat applies only to .s32\nadd.sat.s32 %r1, %r2, %r3;   // fixed",
    }
}
