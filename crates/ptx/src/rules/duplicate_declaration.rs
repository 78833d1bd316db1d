//! PTX009 `duplicate-declaration`: a name declared twice in the same scope.

use crate::declarations::Declaration;
use speclint_base::diagnostic::Diagnostic;
use speclint_base::rules::rules;
use speclint_base::text::TextRange;

rules! {
    DUPLICATE_DECLARATION = "PTX009" "duplicate-declaration" Error fix=false {
        summary: "A name is declared twice in the same scope",
        explanation: "Registers and variables must be unique within their scope (a nested `{ }` block may shadow outer names), labels within their function, and functions and module-scope variables within the module (a declaration followed by one definition is allowed).",
        example: ".reg .b32 %r1;\n.reg .b32 %r1;   // PTX009",
    }
}

/// A register that a range of the same scope declares too (`%r2` beside `%r<4>`); `overlap`
/// says which.
pub(crate) fn overlap(at: TextRange, overlap: String) -> Diagnostic {
    Diagnostic::new(&DUPLICATE_DECLARATION, at, overlap)
}

/// `decl` where `earlier` of the same name is in scope: a declaration (`.extern`, prototype)
/// may be followed by one definition, anything else is declared twice.
pub(crate) fn redeclared(earlier: &Declaration, decl: &Declaration) -> Option<Diagnostic> {
    if earlier.is_declaration_only || decl.is_declaration_only {
        return None;
    }
    Some(Diagnostic::new(
        &DUPLICATE_DECLARATION,
        decl.name_range,
        format!(
            "{} `{}` is already declared in this scope",
            decl.kind.describe(),
            decl.name
        ),
    ))
}
