//! CUDA008: an output (`=`) or read-write (`+`) operand that the PTX never writes.

use speclint_base::diagnostic::Diagnostic;
use speclint_base::rules::rules;
use speclint_base::text::TextRange;

rules! {
    OUTPUT_ONLY_READ = "CUDA008" "output-operand-only-read" Warning fix=false {
        summary: "An output operand (`=` or `+`) is only read by the PTX, never written",
        explanation: "A constraint with `=` tells the compiler that the asm writes the operand, and `+` that it reads and writes it. Where no instruction of the template writes it (it is a source operand, the address of a load or store, the value a `st` or `red` writes to memory), the C++ variable of an `=` output is left with an unspecified value, and a `+` operand keeps its value while the compiler assumes it changed. It is usually an input listed among the outputs, or a swapped `%N`. Which operand positions an instruction writes comes from the forms in the PTX ISA (the destination operands). nvcc accepts it, so this is a warning; templates that are not all string literals, and instructions speclint cannot match to a form, are not checked for it.",
        example: "asm(\"st.global.u32 [%1], %0;\" : \"=r\"(v) : \"l\"(p));   // CUDA008: `%0` is only read\nasm(\"st.global.u32 [%1], %0;\" :: \"r\"(v), \"l\"(p));",
    }
}

/// Output operand `index` (`"=r"(v)` at `range`), which the PTX only reads.
pub fn report(
    index: usize,
    constraint: &str,
    expression: &str,
    read_write: bool,
    range: TextRange,
) -> Diagnostic {
    let consequence = if read_write {
        "`+` says the asm writes it, but it keeps its value"
    } else {
        "`=` says the asm writes it, so the C++ variable is left with an unspecified value"
    };
    Diagnostic::new(
        &OUTPUT_ONLY_READ,
        range,
        format!(
            "output operand {index} (\"{constraint}\"({})) is only read by the PTX, never written: {consequence}; pass it as an input (after the second `:`)",
            expression.trim()
        ),
    )
}
