//! CUDA005: `%c0`, `%r1`: an operand modifier, which nvcc does not take.

use speclint_base::rules::rules;

rules! {
    OPERAND_MODIFIER = "CUDA005" "operand-modifier" Error fix=false {
        summary: "A `%` followed by a letter and a digit reads as an operand modifier, which nvcc rejects",
        explanation: "In an asm template, `%` followed by one letter and then a digit (`%c0`, `%r1`) is an operand with a GNU modifier. nvcc 13.5 supports no modifiers and rejects the statement (\"Asm operand modifier not supported\"), so a PTX register named like `%r1` cannot be written in a template: write `%%r1`, or give the register a name that does not read as a modifier (`%rx`, `r1`). Other `%` names (`%laneid`, `%tid.x`) pass through as written.",
        example: "asm(\"{ .reg .b32 %r1; mov.u32 %r1, 1; mov.u32 %0, %r1; }\" : \"=r\"(x));   // CUDA005\nasm(\"{ .reg .b32 %%r1; mov.u32 %%r1, 1; mov.u32 %0, %%r1; }\" : \"=r\"(x));",
    }
}
