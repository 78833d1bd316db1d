//! SPV033 `opencl-extension-not-supported`: the SPIR-V extensions an OpenCL environment accepts.

use crate::environment::context::{finding, spirv_val_check};
use crate::requirements::context::Context;
use speclint_base::diagnostic::Diagnostic;
use speclint_base::rules::rules;
use speclint_base::text::TextRange;
use speclint_spec_db::spirv::checks;
use speclint_spec_db::spirv::env::{self, OpenClVersion, SpirvVal};

rules! {
    OPENCL_EXTENSION_NOT_SUPPORTED = "SPV033" "opencl-extension-not-supported" Error fix=false {
        summary: "The module declares an extension the OpenCL environment does not accept",
        explanation: "An OpenCL environment accepts only the SPIR-V extensions listed by the OpenCL SPIR-V environment specification (and those the device reports); `OpExtension` of an extension whose every feature is graphics-only (it needs `Shader` or the Vulkan memory model; a capability nothing in the grammar needs, such as `SPV_EXT_descriptor_indexing`'s dynamic indexing of `ImageBuffer` arrays, counts only when the extension adds nothing else) is reported. Extensions the environment does not list describe their own changes to it (vendor and `ext` extensions): a registered one the grammar ties nothing to (SPIRV-Tools knows it, or the SPIR-V specification's change log names it) gets no finding, and an unknown name, or one the configured device extensions do not enable, is a warning; `SPV_KHR_non_semantic_info` (core in SPIR-V 1.6) is accepted, its `NonSemantic.*` imports are checked as imports. spirv-val 2023.1 accepts every `OpExtension`, so every finding of this rule is a warning that says so (the capabilities a graphics extension needs are errors under SPV027).",
        example: "OpExtension \"SPV_KHR_ray_tracing\"   ; SPV033",
    }
}

/// An `OpExtension` of `extension`, at `range`.
pub(crate) fn check_extension(
    cx: &Context,
    extension: &str,
    range: TextRange,
    diagnostics: &mut Vec<Diagnostic>,
) {
    let settings = cx.settings;
    let opencl = settings.opencl;
    // spirv-val accepts every OpExtension, so each finding here follows its check's (or
    // environment rule's) verdict: a warning.
    let (message, misses, cite) = if extension.starts_with("cl_") || extension.starts_with("cles_")
    {
        (
            format!(
                "`{extension}` is an OpenCL extension, not a SPIR-V one: modules declare what it allows with OpCapability, not OpExtension"
            ),
            env::rule("opextension-spirv-only").is_some_and(|r| r.spirv_val == SpirvVal::Misses),
            String::new(),
        )
    } else {
        let (message, check) = match (env::extension(extension), &settings.extensions) {
            // Listed by the environment: enabled by an OpenCL extension or core.
            (Some(spec), Some(device)) if !enabled_by_device(spec, device, opencl) => (
                format!(
                    "`{extension}` needs {} on the device, which the configured extensions do not list",
                    spec.enabled_by.join(" or ")
                ),
                "extension-not-on-device",
            ),
            (Some(_), _) => return,
            // Vendor extensions the environment does not list are the device's to report:
            // accepted unless the device's extensions are configured, or unless nothing
            // they add is usable outside graphics shaders.
            // Folded into SPIR-V 1.6 (SPIR-V 1.6, 4.42 Changes from Version 1.5): it adds
            // only the NonSemantic.* instruction sets, whose imports are checked with them.
            (None, _) if extension == "SPV_KHR_non_semantic_info" => return,
            (None, device) => match kernel_usability(extension) {
                Usability::Usable if device.is_none() => return,
                // Registered, so the grammar's silence says nothing against it.
                Usability::Unknown if checks::is_registered_extension(extension) => return,
                Usability::GraphicsOnly => (
                    format!(
                        "`{extension}` only adds graphics features (what it enables needs the Shader capability or the Vulkan memory model), which no OpenCL environment accepts"
                    ),
                    "extension-graphics-only",
                ),
                Usability::Unknown => (
                    format!(
                        "the OpenCL SPIR-V environment does not list the SPIR-V extension `{extension}` and speclint does not know it (neither the SPIR-V grammar nor the registered extensions name it); the environment leaves extensions it does not describe to their own specifications, so this is not checked"
                    ),
                    "extension-unknown",
                ),
                Usability::Usable => (
                    format!(
                        "the OpenCL SPIR-V environment does not list the SPIR-V extension `{extension}` and the configured device extensions do not name an OpenCL extension that enables it"
                    ),
                    "extension-not-on-device",
                ),
            },
        };
        let check = spirv_val_check(check);
        (
            message,
            check.spirv_val == SpirvVal::Misses,
            format!(" [{}]", check.section),
        )
    };
    diagnostics.push(finding(
        &OPENCL_EXTENSION_NOT_SUPPORTED,
        range,
        message,
        misses,
        &cite,
    ));
}

enum Usability {
    Usable,
    GraphicsOnly,
    Unknown,
}

/// Whether anything an extension adds to the grammar (capabilities, and instructions or
/// enumerants that need no capability) could be used in an OpenCL module: something not tied
/// to the Shader capability or the Vulkan memory model. A capability of the extension that
/// nothing in the grammar needs only permits a way of using what other capabilities give
/// (`StorageTexelBufferArrayDynamicIndexing`: arrays of `ImageBuffer` images indexed
/// dynamically); it counts only when the extension adds nothing else.
fn kernel_usability(extension: &str) -> Usability {
    use speclint_spec_db::spirv::grammar::{implied_capabilities, INSTRUCTIONS, OPERAND_KINDS};
    let graphics_only = |capability: &str| {
        capability.starts_with("VulkanMemoryModel")
            || implied_capabilities(capability).contains(&"Shader")
    };
    let needed = |capability: &str| {
        INSTRUCTIONS
            .iter()
            .any(|i| i.capabilities.contains(&capability))
            || OPERAND_KINDS.iter().any(|kind| {
                kind.enumerants
                    .iter()
                    .any(|e| e.capabilities.contains(&capability))
            })
    };
    // (what each feature needs, whether it is a capability nothing needs)
    let mut features: Vec<(&[&str], bool)> = Vec::new();
    for kind in OPERAND_KINDS {
        for enumerant in kind.enumerants {
            if enumerant.extensions.contains(&extension) {
                if kind.name == "Capability" {
                    features.push((
                        std::slice::from_ref(&enumerant.name),
                        !needed(enumerant.name),
                    ));
                } else {
                    features.push((enumerant.capabilities, false));
                }
            }
        }
    }
    for instruction in INSTRUCTIONS {
        if instruction.extensions.contains(&extension) {
            features.push((instruction.capabilities, false));
        }
    }
    let permissions_only = features.iter().all(|(_, permission)| *permission);
    let usable = features
        .iter()
        .filter(|(_, permission)| permissions_only || !permission)
        .any(|(capabilities, _)| {
            capabilities.is_empty() || capabilities.iter().any(|c| !graphics_only(c))
        });
    match (features.is_empty(), usable) {
        (_, true) => Usability::Usable,
        (false, false) => Usability::GraphicsOnly,
        (true, _) => Usability::Unknown,
    }
}

fn enabled_by_device(spec: &env::ExtensionSpec, device: &[String], opencl: OpenClVersion) -> bool {
    spec.required_in.is_some_and(|v| v <= opencl)
        || spec.enabled_by.is_empty()
        || spec
            .enabled_by
            .iter()
            .any(|e| device.iter().any(|d| d == e))
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
