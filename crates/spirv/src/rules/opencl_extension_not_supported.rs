//! SPV033 `opencl-extension-not-supported`.

use speclint_base::rules::rules;

rules! {
    OPENCL_EXTENSION_NOT_SUPPORTED = "SPV033" "opencl-extension-not-supported" Error fix=false {
        summary: "The module declares an extension the OpenCL environment does not accept",
        explanation: "An OpenCL environment accepts only the SPIR-V extensions listed by the OpenCL SPIR-V environment specification (and those the device reports); `OpExtension` of an extension whose every feature is graphics-only (it needs `Shader` or the Vulkan memory model) is reported. Extensions the environment does not list describe their own changes to it (vendor and `ext` extensions): a registered one the grammar ties nothing to (SPIRV-Tools knows it, or the SPIR-V specification's change log names it) gets no finding, and an unknown name, or one the configured device extensions do not enable, is a warning; `SPV_KHR_non_semantic_info` (core in SPIR-V 1.6) is accepted, its `NonSemantic.*` imports are checked as imports. spirv-val 2023.1 accepts every `OpExtension`, so every finding of this rule is a warning that says so (the capabilities a graphics extension needs are errors under SPV027).",
        example: "OpExtension \"SPV_KHR_ray_tracing\"   ; SPV033",
    }
}

#[cfg(test)]
mod tests {
    use crate::environment::test_support::*;

    #[test]
    fn extensions_the_environment_does_not_describe_are_warnings() {
        use speclint_base::diagnostic::Severity;
        let with = |extension: &str| {
            module(&format!(
                "OpExtension \"{extension}\"\nOpEntryPoint Kernel %k \"k\"\n{KERNEL_TYPES}%k = OpFunction %void None %fn\n%l = OpLabel\nOpReturn\nOpFunctionEnd\n"
            ))
        };
        let severities = |text: &str| -> Vec<(&'static str, Severity)> {
            analyze(text, &settings(OpenClVersion::V3_0))
                .diagnostics
                .iter()
                .filter(|d| d.rule.code == "SPV033")
                .map(|d| (d.rule.code, d.severity))
                .collect()
        };
        // The grammar ties nothing to it, but it is registered (the SPIR-V 1.6 change log):
        // nothing to report, as spirv-val accepts it.
        assert_eq!(severities(&with("SPV_EXT_image_raw10_raw12")), vec![]);
        // SPIRV-Tools knows it, the grammar does not: the same.
        assert_eq!(severities(&with("SPV_AMD_gcn_shader")), vec![]);
        // A name no one knows: speclint cannot judge it, so a warning.
        assert_eq!(
            severities(&with("SPV_KHR_does_not_exist")),
            vec![("SPV033", Severity::Warning)]
        );
        // Core in SPIR-V 1.6, only NonSemantic.* imports: nothing to report.
        assert_eq!(severities(&with("SPV_KHR_non_semantic_info")), vec![]);
        // Everything it adds needs Shader, but spirv-val accepts the OpExtension itself: a warning
        // that says so (the capabilities it would need are SPV027 errors).
        let multiview = analyze(&with("SPV_KHR_multiview"), &settings(OpenClVersion::V3_0));
        let multiview: Vec<_> = multiview
            .diagnostics
            .iter()
            .filter(|d| d.rule.code == "SPV033")
            .collect();
        assert_eq!(multiview.len(), 1);
        assert_eq!(multiview[0].severity, Severity::Warning);
        assert!(multiview[0].message.contains("spirv-val accepts it"));
    }
}
