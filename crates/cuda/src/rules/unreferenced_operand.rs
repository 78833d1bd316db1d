//! CUDA002: an operand the template never names.

use speclint_base::diagnostic::Diagnostic;
use speclint_base::rules::rules;
use speclint_base::text::TextRange;

rules! {
    UNREFERENCED_OPERAND = "CUDA002" "unreferenced-operand" Warning fix=false {
        summary: "An operand of an asm statement is never used in its template",
        explanation: "Each operand is bound to a `%N` of the template. An operand no `%N` names is passed to the PTX but never used: an output stays unwritten (its C++ variable keeps an unspecified value) and an input is ignored. It is usually a swapped or mistyped index. nvcc accepts it, so this is a warning. Templates that are not all string literals (a macro among the pieces) are not checked for it; where `#if`s among the literals choose them, an operand is used if the literals of some target use it.",
        example: "asm(\"mov.u32 %0, 1;\" : \"=r\"(x) : \"r\"(y));    // CUDA002: operand 1 (`y`) is never used\nasm(\"mov.u32 %0, %1;\" : \"=r\"(x) : \"r\"(y));",
    }
}

/// Operand `index` (`expression`, at `range`), which the template never names.
pub fn report(index: usize, written: bool, expression: &str, range: TextRange) -> Diagnostic {
    let role = if written { "output" } else { "input" };
    Diagnostic::new(
        &UNREFERENCED_OPERAND,
        range,
        format!(
            "{role} operand {index} (`{}`) is never used: the template has no `%{index}`",
            expression.trim()
        ),
    )
}
