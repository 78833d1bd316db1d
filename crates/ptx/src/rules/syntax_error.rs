//! PTX001 `syntax-error`.

use speclint_base::rules::rules;

rules! {
    SYNTAX_ERROR = "PTX001" "syntax-error" Error fix=false {
        summary: "The text does not follow the PTX grammar",
        explanation: "The parser could not read this part of the module. speclint recovers after each error and reports every one, so fix them from the top: a later error may be a consequence of an earlier one. Common causes are a missing `;`, an unbalanced brace, a misspelt directive or an operand that is not a register, immediate, address or vector.",
        example: "add.s32 %r1, %r2, %r3     // missing ';'\nadd.s32 %r1, %r2, %r3;    // fixed",
    }
}
