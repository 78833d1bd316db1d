//! SPV028 `opencl-extended-instruction-set`: the extended instruction sets an OpenCL module may
//! import.

use crate::environment::context::{device_has_extension, report, Context};
use crate::module::{Instruction, Value};
use speclint_base::diagnostic::Diagnostic;
use speclint_base::rules::rules;
use speclint_spec_db::spirv::env;
use speclint_spec_db::spirv::grammar::SpirvVersion;

rules! {
    OPENCL_EXTENDED_INSTRUCTION_SET = "SPV028" "opencl-extended-instruction-set" Error fix=false {
        summary: "The module imports an extended instruction set OpenCL does not accept",
        explanation: "An OpenCL module may import `OpenCL.std` and the OpenCL debug information sets (`OpenCL.DebugInfo.100`, and the non-semantic sets); `GLSL.std.450` and unknown sets are not accepted.",
        example: "%1 = OpExtInstImport \"GLSL.std.450\"   ; SPV028",
    }
}

/// An `OpExtInstImport` (common_properties.asciidoc, Extended Instruction Sets).
pub(crate) fn check_import(cx: &Context, inst: &Instruction, diagnostics: &mut Vec<Diagnostic>) {
    let Some(operand) = cx.module.operands(inst).first() else {
        return;
    };
    let Value::Str(range) = operand.value else {
        return;
    };
    let name = range.text(cx.text);
    if name == "OpenCL.std" {
        return;
    }
    if name.starts_with("NonSemantic.") {
        // Non-semantic sets come with SPV_KHR_non_semantic_info (core in SPIR-V 1.6).
        let declared = cx
            .facts
            .extensions
            .iter()
            .any(|(e, _)| e == "SPV_KHR_non_semantic_info");
        if !declared && cx.version.is_some_and(|v| v < SpirvVersion::new(1, 6)) {
            report(
                diagnostics,
                &OPENCL_EXTENDED_INSTRUCTION_SET,
                operand.range(),
                "extended-instruction-sets",
                format!("importing `{name}` needs OpExtension \"SPV_KHR_non_semantic_info\" before SPIR-V 1.6"),
            );
        }
        return;
    }
    let granted_by = env::EXTENSIONS
        .iter()
        .find(|e| e.revision == env::Revision::Current && e.ext_inst_sets.contains(&name));
    match granted_by {
        Some(extension) if device_has_extension(cx, extension.name) => {}
        Some(extension) => report(
            diagnostics,
            &OPENCL_EXTENDED_INSTRUCTION_SET,
            operand.range(),
            "debug-info-needs-extension",
            format!(
                "importing `{name}` needs {}, which the configured device does not list",
                extension.name
            ),
        ),
        None => report(
            diagnostics,
            &OPENCL_EXTENDED_INSTRUCTION_SET,
            operand.range(),
            "extended-instruction-sets",
            format!(
                "OpenCL does not accept the `{name}` extended instruction set (OpenCL.std, OpenCL.DebugInfo.100 with cl_khr_spirv_extended_debug_info, NonSemantic.*)"
            ),
        ),
    }
}

#[cfg(test)]
mod tests {
    use crate::environment::test_support::*;

    #[test]
    fn only_opencl_extended_sets_are_imported() {
        let with = |set: &str| {
            module(&format!("%x = OpExtInstImport \"{set}\"\nOpEntryPoint Kernel %k \"k\"\n{KERNEL_TYPES}%k = OpFunction %void None %fn\n%l = OpLabel\nOpReturn\nOpFunctionEnd\n"))
        };
        // Imports come before the memory model.
        let place = |text: String| {
            let import = text
                .lines()
                .find(|l| l.contains("OpExtInstImport"))
                .unwrap()
                .to_string();
            text.replace(&format!("{import}\n"), "")
                .replace("OpMemoryModel", &format!("{import}\nOpMemoryModel"))
        };
        assert_eq!(
            findings(&place(with("OpenCL.std")), OpenClVersion::V1_2),
            vec![]
        );
        assert_eq!(
            findings(&place(with("GLSL.std.450")), OpenClVersion::V2_1),
            vec![("SPV028", "\"GLSL.std.450\"".into())]
        );
        let debug = place(with("OpenCL.DebugInfo.100"));
        assert_eq!(findings(&debug, OpenClVersion::V3_0), vec![]);
        let without = SpirvSettings {
            extensions: Some(vec!["cl_khr_fp16".into()]),
            ..settings(OpenClVersion::V3_0)
        };
        assert_eq!(codes(&findings_with(&debug, &without)), vec!["SPV028"]);
    }
}
