//! SPV012 `spirv-version-not-accepted`: the module's SPIR-V version against the versions the
//! configured OpenCL version guarantees or the device accepts.
//! configured OpenCL version guarantees or the device accepts.

use crate::requirements::context::Context;
use speclint_base::diagnostic::{Diagnostic, Severity};
use speclint_base::rules::rules;
use speclint_base::text::TextRange;
use speclint_spec_db::spirv::env::{self, OpenClVersion};

rules! {
    SPIRV_VERSION_NOT_ACCEPTED = "SPV012" "spirv-version-not-accepted" Error fix=false {
        summary: "The configured OpenCL version does not accept the module's SPIR-V version",
        explanation: "Devices report the SPIR-V versions they accept; the environment specification guarantees some: OpenCL 1.2 (with `cl_khr_il_program`), 2.0 and 2.1 devices accept SPIR-V 1.0, OpenCL 2.2 devices 1.0 to 1.2, OpenCL 3.1 devices 1.0 to 1.4, and OpenCL 3.0 guarantees none. A module newer than the configured OpenCL version guarantees is reported unless the device's versions are configured (`[spirv] spirv-versions`). Set `--opencl-version` to the OpenCL version the module is for. Assembly with no `; Version:` line takes its version from `--spirv-version` (`[spirv] spirv-version`); without one it is checked against every version the device accepts (the newest where one must be chosen), and a hint under this code states that assumption.",
        example: "; Version: 1.4   (checked with --opencl-version 2.2)   ; SPV012",
    }
}

/// The module's version, and without a `; Version:` line, a hint that says what is assumed.
pub(crate) fn check_version_accepted(cx: &Context, diagnostics: &mut Vec<Diagnostic>) {
    let settings = cx.settings;
    let opencl = settings.opencl;
    let (version, source) = crate::module_version(cx.header, settings);
    if source == crate::VersionSource::Assumed {
        let mut hint = Diagnostic::new(
            &SPIRV_VERSION_NOT_ACCEPTED,
            TextRange::empty(0),
            format!(
                "the module has no `; Version:` line: checked against the SPIR-V versions OpenCL {opencl}{} accepts, as SPIR-V {version} (the newest) where one version must be chosen; set `--spirv-version` or `[spirv] spirv-version` to the module's version",
                if settings.spirv_versions.is_some() { " devices as configured" } else { "" }
            ),
        );
        hint.severity = Severity::Hint;
        diagnostics.push(hint);
    }
    let version_range = match (source, cx.header.version) {
        (crate::VersionSource::Header, Some((_, _, range))) => Some(range),
        (crate::VersionSource::Configured, _) => Some(TextRange::empty(0)),
        _ => None,
    };
    if let Some(range) = version_range {
        let accepted = match &settings.spirv_versions {
            Some(listed) => listed.contains(&version),
            None if opencl == OpenClVersion::V3_0 => env::may_accept_spirv(opencl, version),
            None => env::spirv_versions(opencl).contains(&version),
        };
        if !accepted {
            let guaranteed: Vec<String> = env::spirv_versions(opencl)
                .iter()
                .map(|v| v.to_string())
                .collect();
            diagnostics.push(Diagnostic::new(
                &SPIRV_VERSION_NOT_ACCEPTED,
                range,
                format!(
                    "OpenCL {opencl} {} SPIR-V {version}{}",
                    if settings.spirv_versions.is_some() {
                        "devices as configured do not accept"
                    } else {
                        "does not guarantee"
                    },
                    if guaranteed.is_empty() {
                        String::new()
                    } else {
                        format!(" (it guarantees {})", guaranteed.join(", "))
                    }
                ),
            ));
        }
    }
}

/// Whether a finding is this rule's hint that the module has no version line, which a binary
/// module, whose header has its version, does not get.
pub(crate) fn is_assumed_version_hint(diagnostic: &Diagnostic) -> bool {
    diagnostic.rule.code == SPIRV_VERSION_NOT_ACCEPTED.code && diagnostic.severity == Severity::Hint
}
