//! CUDA005: `%c0`, `%r1`: an operand modifier, which nvcc does not take.

use speclint_base::diagnostic::Diagnostic;
use speclint_base::rules::rules;
use speclint_base::text::TextRange;

rules! {
    OPERAND_MODIFIER = "CUDA005" "operand-modifier" Error fix=false {
        summary: "A `%` followed by a letter and a digit reads as an operand modifier, which nvcc rejects",
        explanation: "In an asm template, `%` followed by one letter and then a digit (`%c0`, `%r1`) is an operand with a GNU modifier. nvcc 13.5 supports no modifiers and rejects the statement (\"Asm operand modifier not supported\"), so a PTX register named like `%r1` cannot be written in a template: write `%%r1`, or give the register a name that does not read as a modifier (`%rx`, `r1`). Other `%` names (`%laneid`, `%tid.x`) pass through as written.",
        example: "asm(\"{ .reg .b32 %r1; mov.u32 %r1, 1; mov.u32 %0, %r1; }\" : \"=r\"(x));   // CUDA005\nasm(\"{ .reg .b32 %%r1; mov.u32 %%r1, 1; mov.u32 %0, %%r1; }\" : \"=r\"(x));",
    }
}

/// `%r1` at `reference` in `text`: the finding spans the letter and the operand number after it.
pub fn report(text: &str, reference: TextRange) -> Diagnostic {
    let mut end = reference.end;
    while text.as_bytes().get(end).is_some_and(u8::is_ascii_digit) {
        end += 1;
    }
    let range = TextRange::new(reference.start, end);
    let written = text.get(range.start..range.end).unwrap_or("");
    Diagnostic::new(
        &OPERAND_MODIFIER,
        range,
        format!("nvcc reads `{written}` as an operand with a modifier, which it does not support; write `%%` for a `%` that belongs to the PTX"),
    )
}
