//! PTX009 `duplicate-declaration`.

use speclint_base::rules::rules;

rules! {
    DUPLICATE_DECLARATION = "PTX009" "duplicate-declaration" Error fix=false {
        summary: "A name is declared twice in the same scope",
        explanation: "Registers and variables must be unique within their scope (a nested `{ }` block may shadow outer names), labels within their function, and functions and module-scope variables within the module (a declaration followed by one definition is allowed).",
        example: ".reg .b32 %r1;\n.reg .b32 %r1;   // PTX009",
    }
}
