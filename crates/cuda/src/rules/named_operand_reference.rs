//! CUDA004: `%[name]` in a template, which nvcc does not take.

use speclint_base::diagnostic::{Diagnostic, Fix};
use speclint_base::rules::rules;
use speclint_base::text::TextRange;

rules! {
    NAMED_OPERAND_REFERENCE = "CUDA004" "named-operand-reference" Error fix=true {
        summary: "A template names an operand as `%[name]`, which nvcc does not support",
        explanation: "GNU C lets an operand be given a name (`[out] \"=r\"(x)`) and the template refer to it as `%[out]`. nvcc 13.5 accepts the name in the operand list but stops with an internal error (\"symbolic operand reference not supported\") when the template uses it. Refer to the operand by its number. The rest of the statement is still checked with the name bound to its operand. The fix writes the number.",
        example: "asm(\"mov.u32 %[out], 1;\" : [out] \"=r\"(x));   // CUDA004\nasm(\"mov.u32 %0, 1;\" : [out] \"=r\"(x));",
    }
}

/// `written` (`%[x]`) names operand `index` by its name, which nvcc does not support; the fix
/// writes the number.
pub fn report(written: &str, range: TextRange, index: usize) -> Diagnostic {
    let mut diagnostic = Diagnostic::new(
        &NAMED_OPERAND_REFERENCE,
        range,
        format!("nvcc does not support operand names in templates (`{written}`); write `%{index}`"),
    );
    if written.starts_with("%[") {
        diagnostic = diagnostic.with_fix(Fix::replace(
            format!("Write `%{index}`"),
            range,
            format!("%{index}"),
        ));
    }
    diagnostic
}
