//! SPV003 `spirv-undefined-id`: an id used and never defined, reported at its first use.

use speclint_base::diagnostic::Diagnostic;
use speclint_base::rules::rules;
use speclint_base::text::TextRange;

rules! {
    SPIRV_UNDEFINED_ID = "SPV003" "spirv-undefined-id" Error fix=false {
        summary: "An id is used but never defined",
        explanation: "Every id an instruction refers to must be the result of some instruction in the module (forward references are allowed only where the specification allows them, see SPV005).",
        example: "%3 = OpIAdd %uint %1 %x   ; SPV003: %x is not defined",
    }
}

/// The first use, at `range` of `text`, of an id that nothing defines.
pub(crate) fn undefined_id(text: &str, range: TextRange) -> Diagnostic {
    Diagnostic::new(
        &SPIRV_UNDEFINED_ID,
        range,
        format!("{} is not defined", &text[range.start..range.end]),
    )
}
