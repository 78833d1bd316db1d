//! What the tests of the environment's rules share: a kernel header and the findings of the
//! environment's codes.

pub(crate) use crate::{analyze, SpirvSettings};
pub(crate) use speclint_spec_db::spirv::env::{self, OpenClVersion};

pub(crate) const HEADER: &str =
    "OpCapability Addresses\nOpCapability Kernel\nOpMemoryModel Physical64 OpenCL\n";

pub(crate) fn settings(opencl: OpenClVersion) -> SpirvSettings {
    SpirvSettings {
        opencl,
        ..SpirvSettings::default()
    }
}

/// (code, text of the reported range) for every finding of the environment's codes.
pub(crate) fn findings_with(text: &str, settings: &SpirvSettings) -> Vec<(&'static str, String)> {
    analyze(text, settings)
        .diagnostics
        .iter()
        .filter(|d| ("SPV020".."SPV035").contains(&d.rule.code) && d.rule.code != "SPV027")
        .map(|d| (d.rule.code, text[d.range.start..d.range.end].to_string()))
        .collect()
}

pub(crate) fn findings(text: &str, opencl: OpenClVersion) -> Vec<(&'static str, String)> {
    findings_with(text, &settings(opencl))
}

pub(crate) fn module(body: &str) -> String {
    format!("{HEADER}{body}")
}

pub(crate) fn codes(found: &[(&'static str, String)]) -> Vec<&'static str> {
    found.iter().map(|(c, _)| *c).collect()
}

pub(crate) const KERNEL_TYPES: &str =
    "%void = OpTypeVoid\n%fn = OpTypeFunction %void\n%uint = OpTypeInt 32 0\n";

/// A kernel with one `OpControlBarrier` of these execution scope, memory scope and semantics.
pub(crate) fn barrier(exec: u32, mem: u32, semantics: u32) -> String {
    module(&format!(
        "OpEntryPoint Kernel %k \"k\"\n{KERNEL_TYPES}%e = OpConstant %uint {exec}\n%m = OpConstant %uint {mem}\n%s = OpConstant %uint {semantics}\n%k = OpFunction %void None %fn\n%l = OpLabel\nOpControlBarrier %e %m %s\nOpReturn\nOpFunctionEnd\n"
    ))
}
