//! PTX008 `undeclared-identifier`: a register, label, variable or function used but never
//! declared (or, for a function, declared only below its use).

use crate::ast::Block;
use crate::declarations::{DeclKind, Declaration};
use speclint_base::diagnostic::{Diagnostic, Fix};
use speclint_base::rules::rules;
use speclint_base::text::TextRange;

rules! {
    UNDECLARED_IDENTIFIER = "PTX008" "undeclared-identifier" Error fix=true {
        summary: "A register, label, variable or function is used but never declared",
        explanation: "Every register must be declared with `.reg` (a range `%r<N>` declares `%r0` … `%r(N-1)`), every label defined in the same function, every variable and function declared in the module before use. The fix declares a missing register with the type the instruction expects.",
        example: ".reg .b32 %r<3>;\nadd.s32 %r1, %r2, %r3;   // PTX008: %r3 is outside %r<3>",
    }
}

/// A function named before its declaration (a call above the function, with no prototype).
pub(crate) fn used_before_declaration(
    name: &str,
    at: TextRange,
    decl: &Declaration,
) -> Option<Diagnostic> {
    (decl.kind == DeclKind::Function && at.start < decl.visible_from).then(|| {
        Diagnostic::new(
            &UNDECLARED_IDENTIFIER,
            at,
            format!(
                "function `{name}` is used before its declaration; add a prototype above this use"
            ),
        )
    })
}

/// A name nothing declares, used at `at`. `hint` says which register range is near; with
/// the type the instruction expects, the fix declares a missing register in `function_body`.
pub(crate) fn undeclared(
    name: &str,
    at: TextRange,
    hint: Option<String>,
    expected_type: Option<&str>,
    function_body: Option<&Block>,
) -> Diagnostic {
    let what = if name.starts_with('%') {
        "register"
    } else {
        "name"
    };
    let mut diagnostic = Diagnostic::new(
        &UNDECLARED_IDENTIFIER,
        at,
        format!("{what} `{name}` is not declared"),
    );
    if let Some(hint) = hint {
        diagnostic.message.push_str(&format!(" ({hint})"));
    }
    if name.starts_with('%') {
        if let (Some(ty), Some(body)) = (expected_type, function_body) {
            let at = body.range.start + 1;
            // Unsafe: the name may be a typo for a declared one.
            diagnostic = diagnostic.with_fix(Fix::insert(
                format!("Declare `.reg {ty} {name}`"),
                at,
                format!("\n\t.reg {ty} {name};"),
            ));
        }
    }
    diagnostic
}
