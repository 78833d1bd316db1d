//! PTX014 `withdrawn-form`: a form ptxas no longer takes for the module's version and target.

use crate::header::Header;
use crate::opcode::{text_of, FormMatch, Opcode};
use speclint_base::diagnostic::Diagnostic;
use speclint_base::rules::rules;

rules! {
    WITHDRAWN_FORM = "PTX014" "withdrawn-form" Error fix=false {
        summary: "The form is no longer supported for this `.version` and `.target`",
        explanation: "Some forms were not only deprecated but withdrawn: from a PTX ISA version on, on newer targets, ptxas rejects them. The non-`.sync` `shfl` and `vote` are the main case: from PTX ISA 6.4 on sm_70 and later they must be written `shfl.sync` / `vote.sync` with a member mask. The message names the version and target from which the form is withdrawn and what replaces it.",
        example: ".version 7.0\n.target sm_80\nshfl.up.b32 %r1, %r2, 1, 0;                    // PTX014\nshfl.sync.up.b32 %r1, %r2, 1, 0, 0xffffffff;  // fixed",
    }
}

/// PTX014 for form `m`, withdrawn for the module's version and target (see `withdrawal`).
pub(crate) fn report(
    opcode: &Opcode,
    m: &FormMatch,
    facts: &[&str],
    header: &Header,
) -> Diagnostic {
    let withdrawn = withdrawal(m, facts, header).unwrap_or_default();
    let shown = text_of(opcode);
    Diagnostic::new(
        &WITHDRAWN_FORM,
        opcode.range,
        format!(
            "`{shown}` is not supported {withdrawn}{} (PTX ISA §{})",
            if m.form.deprecated.is_empty() {
                String::new()
            } else {
                format!(": {}", m.form.deprecated)
            },
            m.form.citation.section
        ),
    )
}

/// "from PTX ISA 6.4 on sm_70 and later" when the form or a combination of its modifiers is
/// withdrawn for this module's version and target.
pub(crate) fn withdrawal(m: &FormMatch, modifiers: &[&str], header: &Header) -> Option<String> {
    let withdrawn = std::iter::once(m.form.withdrawn).chain(
        m.instruction
            .conditional
            .iter()
            .filter(|c| c.applies_to(modifiers))
            .map(|c| c.withdrawn),
    );
    withdrawn
        .filter(|w| w.applies(header.version, header.target))
        .map(|w| {
            let mut parts = Vec::new();
            if let Some(v) = w.from.version {
                parts.push(format!("from PTX ISA {v}"));
            }
            if let Some(t) = w.from.targets.first() {
                parts.push(format!("on {t} and later"));
            }
            parts.join(" ")
        })
        .next()
}
