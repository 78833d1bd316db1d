//! SPV011 `spirv-version-too-low`: instructions and enumerants newer than the module's SPIR-V
//! version, or removed before it.

use crate::environment::context::{finding, spirv_val_check};
use crate::requirements::context::Need;
use speclint_base::diagnostic::Diagnostic;
use speclint_base::rules::rules;
use speclint_base::text::TextRange;
use speclint_spec_db::spirv::env::SpirvVal;
use speclint_spec_db::spirv::grammar::SpirvVersion;

rules! {
    SPIRV_VERSION_TOO_LOW = "SPV011" "spirv-version-too-low" Error fix=false {
        summary: "An instruction or enumerant is newer than the module's SPIR-V version",
        explanation: "The module's header (`; Version: 1.0` in assembly, the version word in binary; for assembly without one, `--spirv-version`) says which SPIR-V version it is; instructions and enumerants introduced later may be used only through the extension that added them. spirv-val 2023.1 does not check the version of an instruction that needs a capability (`OpSizeOf` in a SPIR-V 1.0 module): that is a warning that says so.",
        example: "; Version: 1.0\n%r = OpGroupNonUniformElect %bool %scope   ; SPV011: needs SPIR-V 1.3",
    }
}

/// A use, of no declared extension, that the module's SPIR-V `version` does not have yet, or
/// that was removed before `earliest`, the oldest version the module may be.
pub(crate) fn check_version<W: Fn() -> String>(
    need: &Need<W>,
    version: SpirvVersion,
    earliest: SpirvVersion,
    range: TextRange,
    diagnostics: &mut Vec<Diagnostic>,
) {
    if let Some(needed) = need.version.filter(|v| *v > version) {
        let check = spirv_val_check(need.version_check);
        diagnostics.push(finding(
            &SPIRV_VERSION_TOO_LOW,
            range,
            format!(
                "{} needs SPIR-V {needed}; the module is SPIR-V {version}",
                (need.what)()
            ),
            check.spirv_val == SpirvVal::Misses,
            "",
        ));
    } else if let Some(last) = need.last_version.filter(|last| earliest > *last) {
        diagnostics.push(Diagnostic::new(
            &SPIRV_VERSION_TOO_LOW,
            range,
            format!(
                "{} was removed after SPIR-V {last}; the module is SPIR-V {version}",
                (need.what)()
            ),
        ));
    }
}
