//! SPV009 `spirv-missing-capability`: what an instruction, an enumerant or a type needs, and the
//! capabilities the module declares; the fix declares one.

use crate::environment::context::{finding, spirv_val_check};
use crate::requirements::context::{Context, InsertionPoints, Need};
use speclint_base::diagnostic::Diagnostic;
use speclint_base::rules::rules;
use speclint_base::text::{quoted_list, TextRange};
use speclint_spec_db::spirv::env::SpirvVal;

rules! {
    SPIRV_MISSING_CAPABILITY = "SPV009" "spirv-missing-capability" Error fix=true {
        summary: "The module uses something that needs a capability it does not declare",
        explanation: "Instructions, enumerants and types may need a capability (`OpTypeInt 64` needs `Int64`, `Generic` storage needs `GenericPointer`). The module must declare one of them with `OpCapability`; a capability also declares the ones it depends on. `OpTypeImage` and `OpTypeSampler` in a kernel need `ImageBasic` (SPIR-V 1.6, 3.2.30 Capability); spirv-val 2023.1 does not require it, so that finding is a warning that says so. The fix adds the `OpCapability`.",
        example: "%long = OpTypeInt 64 0   ; SPV009: needs Int64\nOpCapability Int64       ; fixed",
    }
}

/// A use that needs a capability of which the module declares none.
pub(crate) fn check_capability<W: Fn() -> String>(
    cx: &Context,
    need: &Need<W>,
    range: TextRange,
    insert_at: &InsertionPoints,
    diagnostics: &mut Vec<Diagnostic>,
) {
    if need.capabilities.is_empty() || need.capabilities.iter().any(|c| cx.facts.has_capability(c))
    {
        return;
    }
    let list = quoted_list(need.capabilities.iter().copied());
    let message = format!(
        "{} needs the {} capability, which the module does not declare",
        (need.what)(),
        if need.capabilities.len() == 1 {
            list
        } else {
            format!("{list} (one of them)")
        }
    );
    // A capability spirv-val does not require where the grammar does not: a warning if it
    // accepts the module.
    let mut diagnostic = match need.capability_check.map(spirv_val_check) {
        Some(check) => finding(
            &SPIRV_MISSING_CAPABILITY,
            range,
            message,
            check.spirv_val == SpirvVal::Misses,
            &format!(" [{}]", check.section),
        ),
        None => Diagnostic::new(&SPIRV_MISSING_CAPABILITY, range, message),
    };
    for capability in need.capabilities.iter().take(3) {
        // Safe: declaring a capability the module already uses changes no instruction (a
        // choice among several is left to the author: `--fix` applies only lone fixes).
        diagnostic = diagnostic.with_fix(
            insert_at
                .capability()
                .declare(&format!("OpCapability {capability}"))
                .safe(),
        );
    }
    diagnostics.push(diagnostic);
}
