//! PTX007 `target-unsupported-by-version`: a `.target` the module's `.version` does not know.

use crate::header::{newest_version, Header};
use speclint_base::diagnostic::{Diagnostic, Fix};
use speclint_base::rules::rules;
use speclint_base::text::TextRange;
use speclint_spec_db::ptx;

rules! {
    TARGET_UNSUPPORTED_BY_VERSION = "PTX007" "target-unsupported-by-version" Error fix=true {
        summary: "The `.target` is not supported by the module's `.version`",
        explanation: "Each target architecture was introduced by a PTX ISA version (chapter 13 of the ISA). A module may only name targets its `.version` knows; the fix raises `.version` to the one that introduced the target.",
        example: ".version 7.0\n.target sm_90    // PTX007: sm_90 needs PTX ISA 7.8",
    }
}

/// PTX007: each `.target` name must have been introduced by the module's `.version` or earlier.
pub(crate) fn check_targets_against_version(
    names: &[TextRange],
    source: &str,
    header: &Header,
    diagnostics: &mut Vec<Diagnostic>,
) {
    let Some(version) = header.version else {
        return;
    };
    for &name in names {
        let name_text = source.get(name.start..name.end).unwrap_or("");
        match ptx::version_introducing_target(name_text) {
            Some(intro) if intro.version > version => {
                let against = if header.version_overridden {
                    format!(
                        "the check uses PTX ISA {version} ({})",
                        header.version_origin
                    )
                } else {
                    format!("the module declares `.version {version}`")
                };
                let mut diagnostic = Diagnostic::new(
                    &TARGET_UNSUPPORTED_BY_VERSION,
                    name,
                    format!(
                        "`.target {name_text}` needs PTX ISA {} or later, but {against} (PTX ISA §{})",
                        intro.version, intro.citation.section
                    ),
                );
                if let (Some(version_range), false) =
                    (header.version_range, header.version_overridden)
                {
                    // Unsafe: a higher `.version` needs a newer driver and toolchain.
                    diagnostic = diagnostic.with_fix(Fix::replace(
                        format!("Raise `.version` to {}", intro.version),
                        version_range,
                        intro.version.to_string(),
                    ));
                }
                diagnostics.push(diagnostic);
            }
            Some(_) => {}
            // A name the database does not know is only an error for versions the database
            // covers (a newer ISA may have introduced it).
            None if version <= newest_version() => diagnostics.push(Diagnostic::new(
                &TARGET_UNSUPPORTED_BY_VERSION,
                name,
                format!("unknown target `{name_text}` for PTX ISA {version}"),
            )),
            None => {}
        }
    }
}
