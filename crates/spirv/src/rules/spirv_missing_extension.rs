//! SPV010 `spirv-missing-extension`: what an extension adds, used without its `OpExtension`; the
//! fix declares it.

use crate::requirements::context::{InsertionPoints, Need};
use speclint_base::diagnostic::Diagnostic;
use speclint_base::rules::rules;
use speclint_base::text::{quoted_list, TextRange};
use speclint_spec_db::spirv::grammar::SpirvVersion;

rules! {
    SPIRV_MISSING_EXTENSION = "SPV010" "spirv-missing-extension" Error fix=true {
        summary: "The module uses an extension's instruction or enumerant without `OpExtension`",
        explanation: "What an extension adds may only be used when the module names the extension with `OpExtension` (unless the module's SPIR-V version has it in core). The fix adds the `OpExtension`.",
        example: "OpCapability Float16Buffer\n%x = OpSubgroupShuffleINTEL …   ; SPV010: needs SPV_INTEL_subgroups",
    }
}

/// A use, not in the module's SPIR-V `version` and of no declared extension, that an extension
/// adds (and core does not have, or has only in a later version); whether it is reported.
pub(crate) fn check_extension<W: Fn() -> String>(
    need: &Need<W>,
    version: SpirvVersion,
    range: TextRange,
    insert_at: &InsertionPoints,
    diagnostics: &mut Vec<Diagnostic>,
) -> bool {
    let added_by_extension =
        !need.extensions.is_empty() && (!need.in_core || need.version.is_some_and(|v| v > version));
    if !added_by_extension {
        return false;
    }
    let mut diagnostic = Diagnostic::new(
        &SPIRV_MISSING_EXTENSION,
        range,
        format!(
            "{} needs the {} extension{}",
            (need.what)(),
            quoted_list(need.extensions.iter().copied()),
            match need.version {
                Some(v) => format!(" (or SPIR-V {v}, the module is {version})"),
                None => String::new(),
            }
        ),
    );
    for extension in need.extensions.iter().take(3) {
        // Safe: as for capabilities, it declares what the module already uses.
        diagnostic = diagnostic.with_fix(
            insert_at
                .extension()
                .declare(&format!("OpExtension \"{extension}\""))
                .safe(),
        );
    }
    diagnostics.push(diagnostic);
    true
}
