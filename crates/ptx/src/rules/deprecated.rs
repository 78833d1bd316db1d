//! PTX012 `deprecated`: an instruction form, modifier or directive the PTX ISA deprecates.

use crate::opcode::FormMatch;
use speclint_base::diagnostic::Diagnostic;
use speclint_base::rules::rules;
use speclint_base::text::TextRange;
use speclint_spec_db::Instruction;

rules! {
    DEPRECATED = "PTX012" "deprecated" Warning fix=false {
        summary: "The form is deprecated by the PTX ISA",
        explanation: "The spec marks this instruction form, modifier or directive as deprecated; it still assembles for now but may be removed. The message says what to use instead.",
        example: ".maxnctapersm 4   // PTX012: use .minnctapersm",
    }
}

/// PTX012 for an instruction known only from the catalog, when the spec deprecates it.
pub(crate) fn catalog_entry(range: TextRange, entry: &Instruction) -> Option<Diagnostic> {
    if entry.deprecated.is_empty() {
        return None;
    }
    Some(Diagnostic::new(
        &DEPRECATED,
        range,
        format!("`{}` is deprecated: {}", entry.opcode, entry.deprecated),
    ))
}

/// PTX012 for the matched form `m` written `shown`: one for the form's own deprecation and
/// one for each deprecated combination of the modifiers written.
pub(crate) fn form(
    range: TextRange,
    shown: &str,
    m: &FormMatch,
    modifiers: &[&str],
    diagnostics: &mut Vec<Diagnostic>,
) {
    let deprecations = std::iter::once(m.form.deprecated)
        .chain(
            m.instruction
                .conditional
                .iter()
                .filter(|c| c.applies_to(modifiers))
                .map(|c| c.deprecated),
        )
        .filter(|d| !d.is_empty());
    for message in deprecations {
        diagnostics.push(Diagnostic::new(
            &DEPRECATED,
            range,
            format!("`{shown}` is deprecated: {message}"),
        ));
    }
}

/// PTX012 for a performance directive of a function (`.maxnctapersm`) the spec deprecates.
pub(crate) fn directive(
    keyword: TextRange,
    name: &str,
    fact: &speclint_spec_db::NamedFact,
) -> Option<Diagnostic> {
    if fact.deprecated.is_empty() {
        return None;
    }
    Some(Diagnostic::new(
        &DEPRECATED,
        keyword,
        format!(
            "`{name}` is deprecated: {} (PTX ISA §{})",
            fact.deprecated, fact.citation.section
        ),
    ))
}

/// Whether `diagnostic` is a PTX012 finding (the editor marks what it covers as deprecated).
pub(crate) fn is_deprecation(diagnostic: &Diagnostic) -> bool {
    std::ptr::eq(diagnostic.rule, &DEPRECATED)
}
