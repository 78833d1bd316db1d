//! PTX006 `version-too-low`: the form needs a newer `.version` than the module's.

use crate::header::Header;
use speclint_base::diagnostic::{Diagnostic, Fix};
use speclint_base::rules::rules;
use speclint_base::text::TextRange;
use speclint_spec_db::Version;

rules! {
    VERSION_TOO_LOW = "PTX006" "version-too-low" Error fix=true {
        summary: "The instruction form needs a newer `.version`",
        explanation: "The form, type or modifier used here was introduced in a later PTX ISA version than the module's `.version` (or the `--ptx-version` override). The message names the version needed and the section; the fix raises `.version`.",
        example: ".version 7.0\nex2.approx.ftz.bf16 %h1, %h2;   // PTX006: needs PTX ISA 7.8",
    }
}

/// PTX006 when `what` needs a newer PTX ISA version than the module's: `needed` is the
/// highest unmet version and the section that says so, as `report_unmet` found it.
pub(crate) fn diagnostic(
    range: TextRange,
    what: &str,
    needed: Option<(Version, &str)>,
    header: &Header,
) -> Option<Diagnostic> {
    let ((needed, section), have) = (needed?, header.version?);
    let against = if header.version_overridden {
        format!("the check uses PTX ISA {have} ({})", header.version_origin)
    } else {
        format!("the module is `.version {have}`")
    };
    let mut d = Diagnostic::new(
        &VERSION_TOO_LOW,
        range,
        format!("`{what}` requires PTX ISA {needed} or later, but {against} (PTX ISA §{section})"),
    );
    if let (Some(r), false) = (header.version_range, header.version_overridden) {
        // Unsafe: a higher `.version` needs a newer driver and toolchain.
        d = d.with_fix(Fix::replace(
            format!("Raise `.version` to {needed}"),
            r,
            needed.to_string(),
        ));
    }
    Some(d)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_the_version_needed_and_raises_it() {
        let header = Header {
            version: Version::parse("7.0"),
            version_range: Some(TextRange::new(9, 12)),
            ..Header::default()
        };
        let at = TextRange::new(20, 30);
        let needed = Some((Version::parse("7.8").unwrap(), "9.7.3.1"));
        let d = diagnostic(at, "ex2.approx.ftz.bf16", needed, &header).unwrap();
        assert_eq!(
            d.message,
            "`ex2.approx.ftz.bf16` requires PTX ISA 7.8 or later, but the module is `.version 7.0` (PTX ISA §9.7.3.1)"
        );
        assert_eq!(d.fixes[0].edits[0].new_text, "7.8");
        assert!(diagnostic(at, "x", None, &header).is_none());
        // Against an overridden version there is no `.version` to raise.
        let overridden = Header {
            version_overridden: true,
            version_origin: "--ptx-version",
            ..header
        };
        assert!(diagnostic(at, "x", needed, &overridden)
            .unwrap()
            .fixes
            .is_empty());
    }
}
