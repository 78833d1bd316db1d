//! CUDA009: an input operand that an instruction of the PTX writes.

use speclint_base::diagnostic::Diagnostic;
use speclint_base::rules::rules;
use speclint_base::text::TextRange;

rules! {
    INPUT_WRITTEN = "CUDA009" "input-operand-written" Warning fix=false {
        summary: "An input operand is written by the PTX",
        explanation: "An input operand is one the asm only reads: the compiler may keep the value in the same register afterwards, or give the register of an input to another value that is still live. An instruction of the template that writes it (a destination operand, per the instruction's forms in the PTX ISA) changes a register the compiler does not expect to change, which corrupts values around the statement. Make it an output with `+` (read and written) or `=` (written), or write the result to a register declared in the template (`{ .reg .b32 t; ... }`). nvcc accepts it, so this is a warning; templates that are not all string literals, and instructions speclint cannot match to a form, are not checked for it.",
        example: "asm(\"add.u32 %0, %0, 1;\" :: \"r\"(x));   // CUDA009: `%0` is written\nasm(\"add.u32 %0, %0, 1;\" : \"+r\"(x));",
    }
}

/// Input operand `index` (`"r"(x)` at `range`), which the PTX writes.
pub fn report(index: usize, constraint: &str, expression: &str, range: TextRange) -> Diagnostic {
    Diagnostic::new(
        &INPUT_WRITTEN,
        range,
        format!(
            "input operand {index} (\"{constraint}\"({})) is written by the PTX: the compiler assumes an input keeps its value; make it `+{constraint}` among the outputs",
            expression.trim()
        ),
    )
}
