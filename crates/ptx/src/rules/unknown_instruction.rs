//! PTX002 `unknown-instruction`.

use speclint_base::rules::rules;

rules! {
    UNKNOWN_INSTRUCTION = "PTX002" "unknown-instruction" Error fix=true {
        summary: "No PTX instruction has this name",
        explanation: "The first segment of the opcode is not the name of any instruction in the PTX ISA. The fix offers the closest instruction names.",
        example: "ad.s32 %r1, %r2, %r3;   // PTX002\nadd.s32 %r1, %r2, %r3;  // fixed",
    }
}
