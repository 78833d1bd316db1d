//! PTX005 `target-too-low`: the form needs a newer `.target` than the module's.

use crate::header::Header;
use speclint_base::diagnostic::{Diagnostic, Fix};
use speclint_base::rules::rules;
use speclint_base::text::TextRange;
use speclint_spec_db::Target;

rules! {
    TARGET_TOO_LOW = "PTX005" "target-too-low" Error fix=true {
        summary: "The instruction form needs a newer `.target`",
        explanation: "The form, type or modifier used here is only available on newer GPU architectures than the module's `.target` (or the `--target` override). The message names the target that is needed and the spec section that says so; the fix raises `.target`. Architecture-specific targets such as `sm_90a` are required exactly; family targets such as `sm_100f` accept later members of the family.",
        example: ".target sm_80\nex2.approx.ftz.bf16 %h1, %h2;   // PTX005: needs sm_90",
    }
}

/// PTX005 when `what` needs a newer target than the module's: `needed` is the strongest
/// unmet target list and the section that says so, as `report_unmet` found it.
pub(crate) fn diagnostic(
    range: TextRange,
    what: &str,
    needed: Option<(&'static [Target], &str)>,
    header: &Header,
) -> Option<Diagnostic> {
    let ((needed, section), have) = (needed?, header.target?);
    let names: Vec<String> = needed.iter().map(|t| t.to_string()).collect();
    let wording = if needed
        .iter()
        .all(|t| t.suffix == speclint_spec_db::TargetSuffix::Plain)
    {
        format!("`.target {}` or higher", names.join("`, `"))
    } else {
        format!("`.target {}`", names.join("` or `"))
    };
    let against = if header.target_overridden {
        format!("the check targets {have} ({})", header.target_origin)
    } else {
        format!("the module targets {have}")
    };
    let mut d = Diagnostic::new(
        &TARGET_TOO_LOW,
        range,
        format!("`{what}` requires {wording}, but {against} (PTX ISA §{section})"),
    );
    if let (Some(r), false) = (header.target_range, header.target_overridden) {
        // Unsafe: a higher `.target` drops the GPUs the module ran on.
        d = d.with_fixes(
            names
                .iter()
                .map(|n| Fix::replace(format!("Raise `.target` to {n}"), r, n.clone())),
        );
    }
    Some(d)
}
