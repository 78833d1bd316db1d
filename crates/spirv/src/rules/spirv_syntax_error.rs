//! SPV001 `spirv-syntax-error`: text that is not SPIR-V assembly, and binary modules whose
//! structure does not add up.

use crate::binary::BinaryError;
use crate::parse::SyntaxError;
use speclint_base::diagnostic::Diagnostic;
use speclint_base::rules::rules;
use speclint_base::text::TextRange;

rules! {
    SPIRV_SYNTAX_ERROR = "SPV001" "spirv-syntax-error" Error fix=false {
        summary: "The text does not follow the SPIR-V assembly syntax",
        explanation: "The assembler syntax is `%result = OpName operand…` or `OpName operand…`, one instruction per line, with ids written `%name` or `%123`, literals as numbers or quoted strings and enumerants by name (masks joined with `|`). speclint recovers at the next line and reports every error. A binary module that is truncated or whose word counts do not add up is reported here too.",
        example: "%1 = OpTypeInt 32 0 \"x   ; SPV001: unterminated string",
    }
}

/// A syntax error of the assembly parser.
pub(crate) fn syntax_error(e: &SyntaxError) -> Diagnostic {
    Diagnostic::new(
        &SPIRV_SYNTAX_ERROR,
        e.range,
        format!("syntax error: {}", e.message),
    )
}

/// An error in a binary module's structure, reported at `at` in its disassembly.
pub(crate) fn malformed_binary(error: &BinaryError, at: TextRange) -> Diagnostic {
    Diagnostic::new(
        &SPIRV_SYNTAX_ERROR,
        at,
        format!("malformed binary: {error}"),
    )
}

/// A raw word operand (`!…`), `text` at `range`, that is not a number.
pub(crate) fn not_a_raw_word(text: &str, range: TextRange) -> Diagnostic {
    Diagnostic::new(
        &SPIRV_SYNTAX_ERROR,
        range,
        format!("`{text}` is not a raw word `!<number>`"),
    )
}
