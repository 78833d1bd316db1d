//! PTX013 `module-header`: `.version`, `.target` or `.address_size` missing, repeated or
//! misplaced. `header::read` walks the directives; these functions decide and report.

use crate::header::newest_version;
use speclint_base::diagnostic::{Diagnostic, Fix};
use speclint_base::rules::rules;
use speclint_base::text::TextRange;
use speclint_spec_db::Version;

rules! {
    MODULE_HEADER = "PTX013" "module-header" Error fix=true {
        summary: "`.version`, `.target` or `.address_size` is missing, repeated or misplaced",
        explanation: "A PTX module starts with `.version`, followed by `.target` (and optionally `.address_size`), before any other statement. speclint checks the module against the `.version` and `.target` it declares, so without them it can only assume the newest ones.",
        example: ".target sm_90\n.version 8.0     // PTX013: .version must come first",
    }
}

/// A `.version` or `.target` directive (`directive`) after the first one.
pub(crate) fn repeated(directive: &str, range: TextRange) -> Diagnostic {
    Diagnostic::new(
        &MODULE_HEADER,
        range,
        format!("`{directive}` appears more than once"),
    )
}

/// The `.version` directive at statement `position` of the module, which must be the first.
pub(crate) fn version_not_first(position: usize, range: TextRange) -> Option<Diagnostic> {
    (position > 0).then(|| {
        Diagnostic::new(
            &MODULE_HEADER,
            range,
            "`.version` must be the first statement of the module (before `.target`)",
        )
    })
}

/// The number of `.version`, at `number`, as read (None when it is no MAJOR.MINOR).
pub(crate) fn version_number(parsed: Option<Version>, number: TextRange) -> Option<Diagnostic> {
    parsed.is_none().then(|| {
        Diagnostic::new(
            &MODULE_HEADER,
            number,
            "`.version` needs a MAJOR.MINOR number",
        )
    })
}

/// No `.version` at all: reported at the first statement, with the newest version to insert.
pub(crate) fn missing_version(first_statement: TextRange) -> Diagnostic {
    Diagnostic::new(
        &MODULE_HEADER,
        first_statement,
        "the module has no `.version` directive; it is checked against the newest PTX ISA version",
    )
    // Unsafe: the newest version is a guess at the author's toolchain.
    .with_fix(Fix::insert(
        "Insert `.version`",
        0,
        format!(".version {}\n", newest_version()),
    ))
}

/// No `.target`: reported at `at` (the statement after `.version`), with `.target sm_90` to
/// insert at `insert_at` (after the header directives).
pub(crate) fn missing_target(at: TextRange, insert_at: usize) -> Diagnostic {
    let fix_text = if insert_at == 0 {
        ".target sm_90\n".to_string()
    } else {
        "\n.target sm_90".to_string()
    };
    Diagnostic::new(
        &MODULE_HEADER,
        at,
        "the module has no `.target` directive; target requirements are not checked",
    )
    // Unsafe: sm_90 is a guess at the target.
    .with_fix(Fix::insert("Insert `.target sm_90`", insert_at, fix_text))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn version_comes_first_and_has_a_number() {
        let at = TextRange::new(0, 12);
        assert!(version_not_first(0, at).is_none());
        assert!(version_not_first(1, at).is_some());
        assert!(version_number(Version::parse("8.0"), at).is_none());
        assert!(version_number(None, at).is_some());
        assert_eq!(
            repeated(".target", at).message,
            "`.target` appears more than once"
        );
    }

    #[test]
    fn a_missing_target_is_inserted_on_a_line_of_its_own() {
        let at = TextRange::new(0, 5);
        let first = missing_target(at, 0);
        assert_eq!(first.fixes[0].edits[0].new_text, ".target sm_90\n");
        let after_version = missing_target(at, 12);
        assert_eq!(after_version.fixes[0].edits[0].new_text, "\n.target sm_90");
        assert_eq!(after_version.fixes[0].edits[0].range, TextRange::empty(12));
    }
}
