//! CUDA003: a template that is not all string literals.

use speclint_base::diagnostic::Diagnostic;
use speclint_base::rules::rules;
use speclint_base::text::TextRange;

rules! {
    PARTIAL_TEMPLATE = "CUDA003" "partial-template" Info fix=false {
        summary: "An asm template is only partly made of string literals and was checked in part",
        explanation: "speclint reads the PTX of an `asm` statement from its string literals. Where a piece of the template is something else (a macro name, stringizing `#x` in a `#define`, a literal under an `#if` whose condition speclint cannot evaluate) or the operand lists could not be read (a directive among them), the text the compiler will see is not known. The literal pieces are still checked, but only for what they show on their own: findings that could depend on the missing pieces (syntax, undeclared names, unused operands, the statements next to a missing piece) are left out. This note says so; it is never an error.",
        example: "asm(\"ld.\" CACHE_OP \".u32 %0, [%1];\" : \"=r\"(x) : \"l\"(p));   // CUDA003: `CACHE_OP` is not a literal",
    }
}

/// A statement that could not be read in full: its PTX is not checked.
pub fn unreadable(keyword: TextRange) -> Diagnostic {
    Diagnostic::new(
        &PARTIAL_TEMPLATE,
        keyword,
        "this asm statement could not be read in full (a preprocessor directive among its operands, or a syntax error); its PTX is not checked",
    )
}

/// A template piece that is not a string literal (`written` is its source text).
pub fn not_a_literal(written: &str, gap: TextRange) -> Diagnostic {
    let shown: String = written.trim().chars().take(40).collect();
    Diagnostic::new(
        &PARTIAL_TEMPLATE,
        gap,
        format!("`{shown}` is not a string literal, so this template is checked only where its pieces are"),
    )
}

/// A literal of the template under an `#if` among the literals whose condition speclint cannot
/// evaluate (at `piece`).
pub fn unknown_condition(piece: TextRange) -> Diagnostic {
    Diagnostic::new(
        &PARTIAL_TEMPLATE,
        piece,
        "this literal sits under an `#if` speclint cannot evaluate, so this template is checked only where its other pieces are",
    )
}
