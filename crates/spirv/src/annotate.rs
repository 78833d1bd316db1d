//! Code lenses and inlay hints for SPIR-V: a summary above each kernel's `OpFunction` (the
//! OpenCL version and profile it was checked against, the module's SPIR-V version, the
//! parameter count), and what the type of each function parameter and variable is (`%p:
//! pointer to float32 in CrossWorkgroup`), which the text only names by id.

use super::facts;
use super::SpirvAnalysis;
use speclint_base::annotations::{InlayHint, InlayHintKind, KernelSummary};
use speclint_base::text::TextRange;
use speclint_spec_db::spirv::env::Profile;

/// `ExecutionModel Kernel`.
const KERNEL: u32 = 6;

/// What the module is checked against: "OpenCL 3.0 full profile · SPIR-V 1.0".
pub fn module_summary(analysis: &SpirvAnalysis) -> String {
    let settings = &analysis.settings;
    let profile = match settings.profile {
        Profile::Full => "full",
        Profile::Embedded => "embedded",
    };
    let spirv = analysis
        .version
        .map_or("no SPIR-V version".to_string(), |v| format!("SPIR-V {v}"));
    format!("OpenCL {} {profile} profile · {spirv}", settings.opencl)
}

pub fn kernel_summaries(analysis: &SpirvAnalysis, text: &str) -> Vec<KernelSummary> {
    let _ = text;
    let module = module_summary(analysis);
    let facts = &analysis.facts;
    facts
        .entry_points
        .iter()
        .filter(|entry| entry.model == KERNEL)
        .filter_map(|entry| {
            let function = &facts.functions[*facts.function_index.get(&entry.function)?];
            let definition = &analysis.module.instructions[function.start as usize];
            let parameters = function.parameters.len();
            Some(KernelSummary {
                kernel: entry.name.clone(),
                range: definition.range,
                summary: format!(
                    "{module} · {parameters} parameter{}",
                    if parameters == 1 { "" } else { "s" }
                ),
            })
        })
        .collect()
}

pub fn inlay_hints(analysis: &SpirvAnalysis, text: &str, range: TextRange) -> Vec<InlayHint> {
    let _ = text;
    let module = &analysis.module;
    let facts = &analysis.facts;
    module
        .instructions
        .iter()
        .filter(|inst| inst.range.intersects(range))
        .filter(|inst| matches!(inst.name(), "OpFunctionParameter" | "OpVariable"))
        .filter_map(|inst| {
            let id = inst.result?;
            let name = module.ids[id as usize].definition_range?;
            let ty = *facts.value_types.get(&id)?;
            range.contains_offset(name.end).then(|| InlayHint {
                offset: name.end,
                label: format!(": {}", facts::describe(facts, ty, 0)),
                kind: InlayHintKind::Type,
                tooltip: None,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{analyze, SpirvSettings};

    const MODULE: &str = "; SPIR-V\n; Version: 1.0\nOpCapability Addresses\nOpCapability Kernel\nOpMemoryModel Physical64 OpenCL\nOpEntryPoint Kernel %k \"scale\"\n%void = OpTypeVoid\n%float = OpTypeFloat 32\n%ptr = OpTypePointer CrossWorkgroup %float\n%fptr = OpTypePointer Function %float\n%fn = OpTypeFunction %void %ptr\n%k = OpFunction %void None %fn\n%p = OpFunctionParameter %ptr\n%entry = OpLabel\n%t = OpVariable %fptr Function\n%x = OpLoad %float %p Aligned 4\nOpStore %t %x\nOpReturn\nOpFunctionEnd\n";

    /// The offset after the id defined on the line that starts with `definition`.
    fn after(definition: &str) -> usize {
        MODULE.find(&format!("\n{definition} =")).unwrap() + 1 + definition.len()
    }

    #[test]
    fn each_kernel_gets_the_environment_and_parameter_count() {
        let analysis = analyze(MODULE, &SpirvSettings::default());
        let summaries = kernel_summaries(&analysis, MODULE);
        assert_eq!(summaries.len(), 1);
        assert_eq!(summaries[0].kernel, "scale");
        assert_eq!(
            summaries[0].summary,
            format!(
                "OpenCL {} full profile · SPIR-V 1.0 · 1 parameter",
                SpirvSettings::default().opencl
            )
        );
        let range = summaries[0].range;
        assert_eq!(
            &MODULE[range.start..range.end],
            "%k = OpFunction %void None %fn"
        );
    }

    #[test]
    fn parameters_and_variables_show_their_type() {
        let analysis = analyze(MODULE, &SpirvSettings::default());
        let hints = inlay_hints(&analysis, MODULE, TextRange::new(0, MODULE.len()));
        let shown: Vec<(usize, &str)> =
            hints.iter().map(|h| (h.offset, h.label.as_str())).collect();
        assert_eq!(
            shown,
            [
                (after("%p"), ": pointer to float32 in CrossWorkgroup"),
                (after("%t"), ": pointer to float32 in Function"),
            ]
        );
    }
}
