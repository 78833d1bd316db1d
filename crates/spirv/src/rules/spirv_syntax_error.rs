//! SPV001 `spirv-syntax-error`.

use speclint_base::rules::rules;

rules! {
    SPIRV_SYNTAX_ERROR = "SPV001" "spirv-syntax-error" Error fix=false {
        summary: "The text does not follow the SPIR-V assembly syntax",
        explanation: "The assembler syntax is `%result = OpName operand…` or `OpName operand…`, one instruction per line, with ids written `%name` or `%123`, literals as numbers or quoted strings and enumerants by name (masks joined with `|`). speclint recovers at the next line and reports every error. A binary module that is truncated or whose word counts do not add up is reported here too.",
        example: "%1 = OpTypeInt 32 0 \"x   ; SPV001: unterminated string",
    }
}
