//! SPV002 `spirv-unknown-opcode`: an opcode, or an extended instruction, no grammar has; the
//! fixes offer the closest names.

use crate::grammar_names::suggestion_distance;
use speclint_base::diagnostic::{Diagnostic, Fix};
use speclint_base::rules::rules;
use speclint_base::text::{closest, did_you_mean, TextRange};
use speclint_spec_db::spirv::grammar::{self, ExtendedSet};

rules! {
    SPIRV_UNKNOWN_OPCODE = "SPV002" "spirv-unknown-opcode" Error fix=true {
        summary: "No SPIR-V instruction (or extended instruction) has this name",
        explanation: "The opcode is not in the SPIR-V grammar speclint knows (SPIR-V 1.6 with the registered extensions), or an `OpExtInst` names an instruction its set does not have. The fix offers the closest names.",
        example: "%3 = OpIAddd %uint %1 %2   ; SPV002\n%3 = OpIAdd %uint %1 %2    ; fixed",
    }
}

/// An opcode `name`, at `range`, that the grammar does not have.
pub(crate) fn unknown_opcode(name: &str, range: TextRange) -> Diagnostic {
    let names = grammar::INSTRUCTIONS_BY_NAME.iter().map(|(n, _)| *n);
    let suggestions = closest(name, names, suggestion_distance);
    let diagnostic = Diagnostic::new(
        &SPIRV_UNKNOWN_OPCODE,
        range,
        format!("unknown opcode `{name}`{}", did_you_mean(&suggestions)),
    );
    // Unsafe: a suggestion is a guess at the opcode meant.
    with_replacements(diagnostic, range, suggestions)
}

/// An instruction `word`, at `range`, that the extended instruction set `set` does not have.
pub(crate) fn unknown_extended_instruction(
    set: &ExtendedSet,
    word: &str,
    range: TextRange,
) -> Diagnostic {
    let suggestions = closest(
        word,
        set.instructions.iter().map(|i| i.name),
        suggestion_distance,
    );
    let diagnostic = Diagnostic::new(
        &SPIRV_UNKNOWN_OPCODE,
        range,
        format!(
            "{} has no instruction `{word}`{}",
            set.name,
            did_you_mean(&suggestions)
        ),
    );
    // Unsafe: a suggestion is a guess at the instruction meant.
    with_replacements(diagnostic, range, suggestions)
}

fn with_replacements(
    mut diagnostic: Diagnostic,
    range: TextRange,
    suggestions: Vec<&str>,
) -> Diagnostic {
    for s in suggestions {
        diagnostic = diagnostic.with_fix(Fix::replace(format!("Replace with `{s}`"), range, s));
    }
    diagnostic
}
