//! PTX002 `unknown-instruction`: the opcode's first segment is no PTX instruction.

use crate::opcode::Opcode;
use speclint_base::diagnostic::{Diagnostic, Fix};
use speclint_base::rules::rules;
use speclint_base::text::{closest, did_you_mean};
use speclint_spec_db::ptx;

rules! {
    UNKNOWN_INSTRUCTION = "PTX002" "unknown-instruction" Error fix=true {
        summary: "No PTX instruction has this name",
        explanation: "The first segment of the opcode is not the name of any instruction in the PTX ISA. The fix offers the closest instruction names.",
        example: "ad.s32 %r1, %r2, %r3;   // PTX002\nadd.s32 %r1, %r2, %r3;  // fixed",
    }
}

/// PTX002 when the opcode's first segment names no PTX instruction, with the closest
/// instruction names as fixes.
pub(crate) fn check(opcode: &Opcode) -> Option<Diagnostic> {
    if ptx::is_known_head(opcode.head) {
        return None;
    }
    let suggestions = closest(
        opcode.head,
        ptx::OPCODE_INDEX.iter().map(|(h, _)| *h),
        |h| {
            // Never a name every character of which would change.
            2.max(h.len() / 4).min(h.len().saturating_sub(1))
        },
    );
    let diagnostic = Diagnostic::new(
        &UNKNOWN_INSTRUCTION,
        opcode.head_range,
        format!(
            "`{}` is not a PTX instruction{}",
            opcode.head,
            did_you_mean(&suggestions)
        ),
    );
    let diagnostic = diagnostic.with_fixes(
        suggestions
            .into_iter()
            // Unsafe: a suggestion is a guess at the instruction meant.
            .map(|s| Fix::replace(format!("Replace with `{s}`"), opcode.head_range, s)),
    );
    Some(diagnostic)
}

#[cfg(test)]
mod tests {
    use super::*;
    use speclint_base::text::TextRange;

    #[test]
    fn offers_the_closest_instruction_names() {
        let d = check(&Opcode::split("ad.s32", 0)).unwrap();
        assert!(d.message.starts_with("`ad` is not a PTX instruction"));
        assert_eq!(d.range, TextRange::new(0, 2));
        assert!(d.fixes.iter().any(|f| f.edits[0].new_text == "add"));
        assert!(check(&Opcode::split("add.s32", 0)).is_none());
    }
}
