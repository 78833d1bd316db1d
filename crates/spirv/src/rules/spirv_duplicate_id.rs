//! SPV004 `spirv-duplicate-id`: a result id that a second instruction defines again.

use speclint_base::diagnostic::Diagnostic;
use speclint_base::rules::rules;
use speclint_base::text::TextRange;

rules! {
    SPIRV_DUPLICATE_ID = "SPV004" "spirv-duplicate-id" Error fix=false {
        summary: "An id is defined by more than one instruction",
        explanation: "Each result id is defined exactly once in a module (static single assignment).",
        example: "%a = OpConstant %uint 1\n%a = OpConstant %uint 2   ; SPV004",
    }
}

/// A second definition, at `range`, of the id `name`.
pub(crate) fn duplicate_id(name: &str, range: TextRange) -> Diagnostic {
    Diagnostic::new(
        &SPIRV_DUPLICATE_ID,
        range,
        format!("{name} is already defined"),
    )
}

/// Whether a finding is this rule's: an id defined twice.
pub(crate) fn is_duplicate_id(diagnostic: &Diagnostic) -> bool {
    diagnostic.rule.code == SPIRV_DUPLICATE_ID.code
}
