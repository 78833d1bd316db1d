//! CUDA010: an operand whose C++ type is not what its constraint takes.

use speclint_base::diagnostic::Diagnostic;
use speclint_base::rules::rules;
use speclint_base::text::TextRange;

rules! {
    CONSTRAINT_TYPE_MISMATCH = "CUDA010" "constraint-type-mismatch" Error fix=false {
        summary: "An operand's C++ type does not match its constraint",
        explanation: "Each constraint letter takes one kind of C++ value: `h` a 2-byte integer, `r` a 4-byte integer, `l` an 8-byte integer or a pointer, `q` a 16-byte integer, `f` a `float`, `d` a `double`. nvcc 13.5 rejects any other (\"asm operand type size(2) does not match type/size implied by constraint 'r'\"), a `float` for `r` and an `unsigned` for `f` included: cast the value (`(unsigned)h`, `__float_as_uint(x)`) or pick the letter of its type. speclint judges the expressions whose type the text makes plain: casts, literals, and variables and parameters declared with a scalar type before the statement.",
        example: "unsigned short h = …;\nasm(\"cvt.u32.u16 %0, %1;\" : \"=r\"(r) : \"r\"(h));   // CUDA010: `h` is 2 bytes\nasm(\"cvt.u32.u16 %0, %1;\" : \"=r\"(r) : \"h\"(h));",
    }
}

/// `"r"(h)` at `range`: `h` is `ty` (`have`), the constraint takes `want`.
pub fn report(
    constraint: &str,
    expression: &str,
    ty: &str,
    have: &str,
    want: &str,
    range: TextRange,
) -> Diagnostic {
    Diagnostic::new(
        &CONSTRAINT_TYPE_MISMATCH,
        range,
        format!("`{expression}` is {have} (`{ty}`), but the constraint \"{constraint}\" takes {want}; nvcc rejects it (\"asm operand type size does not match type/size implied by constraint\")"),
    )
}
