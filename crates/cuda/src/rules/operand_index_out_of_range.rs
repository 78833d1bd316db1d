//! CUDA001: `%N` with no operand N.

use speclint_base::diagnostic::Diagnostic;
use speclint_base::rules::rules;
use speclint_base::text::TextRange;

rules! {
    OPERAND_INDEX_OUT_OF_RANGE = "CUDA001" "operand-index-out-of-range" Error fix=false {
        summary: "A `%N` in an asm template names an operand the statement does not have",
        explanation: "The operands of an `asm` statement are numbered from 0: the outputs first, then the inputs, each `+` operand once. `%N` in the template stands for operand N, so N must be less than the number of operands. nvcc rejects a larger N (\"asm operand index requested is larger than the number of asm operands provided\"). A `%` that starts no operand is written `%%` (`%%laneid`).",
        example: "asm(\"mov.u32 %0, %2;\" : \"=r\"(x) : \"r\"(y));   // CUDA001: there is no operand 2\nasm(\"mov.u32 %0, %1;\" : \"=r\"(x) : \"r\"(y));",
    }
}

/// `written` (`%3`) names no operand of a statement with `operands` of them.
pub fn report(written: &str, range: TextRange, operands: usize) -> Diagnostic {
    let count = match operands {
        0 => "no operands".to_string(),
        1 => "one operand, %0".to_string(),
        n => format!("{n} operands, %0 to %{}", n - 1),
    };
    Diagnostic::new(
        &OPERAND_INDEX_OUT_OF_RANGE,
        range,
        format!(
            "`{written}` names no operand: the statement has {count}; write `%%` for a literal `%`"
        ),
    )
}
