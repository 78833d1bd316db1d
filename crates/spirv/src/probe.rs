//! `speclint probe` for OpenCL.std functions: which functions can be probed, the bound the
//! environment spec's accuracy tables give each (the same spec-db tables hovers show), and the
//! SPIR-V kernel that applies one element-wise to input buffers.

use std::fmt::Write as _;

use speclint_spec_db::spirv::opencl_std::{self, Bound, Precision, Profile, Revision, TypeRule};

use speclint_base::probe::format::FloatFormat;
use speclint_base::probe::reference::{self, ArgKind};
use speclint_base::probe::{
    Likeness, Listing, Planned, ProbeBound, ProbeLaunch, ProbeOptions, ProbePlan, Prober,
};

const KERNEL_NAME: &str = "probe";

/// The accuracy table a probe is judged against.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Table {
    pub profile: Profile,
    /// `-cl-fast-relaxed-math`: judged by the relaxed table. Only the bound is looked up: the
    /// runner passes no build options yet, so the command does not offer it.
    pub relaxed: bool,
}

/// SPIR-V's side of `speclint probe`: the OpenCL.std functions (`sin`, `OpenCL.std.sin`),
/// judged by the environment spec's full or embedded profile table.
pub struct OpenClStd;

impl OpenClStd {
    fn table(options: &ProbeOptions) -> Table {
        Table {
            profile: if options.embedded_profile {
                Profile::Embedded
            } else {
                Profile::Full
            },
            relaxed: false,
        }
    }
}

impl Prober for OpenClStd {
    fn plan(&self, name: &str, options: &ProbeOptions) -> Planned {
        let name = name.strip_prefix("OpenCL.std.").unwrap_or(name);
        match plan(name, options.format, OpenClStd::table(options)) {
            Ok(plan) => Planned::Found(plan),
            Err(error) => Planned::Unknown {
                likeness: Likeness::Plain,
                error,
            },
        }
    }

    fn listing(&self, options: &ProbeOptions) -> Listing {
        let table = OpenClStd::table(options);
        let plans: Vec<ProbePlan> = probeable()
            .into_iter()
            .filter_map(|name| plan(name, options.format, table).ok())
            .collect();
        let section = plans.first().map_or("", |p| p.bound.section.as_str());
        Listing {
            heading: format!("{} bounds: {section}", options.format.name()),
            name_width: 12,
            entries: (plans.iter())
                .map(|p| {
                    let name = p.title.trim_start_matches("OpenCL.std ").to_string();
                    (name, p.bound.text.clone())
                })
                .collect(),
        }
    }
}

/// Plans a probe of the OpenCL.std function `name`, or says why it cannot be probed.
pub fn plan(name: &str, format: FloatFormat, table: Table) -> Result<ProbePlan, String> {
    let function = opencl_std::function(name)
        .ok_or_else(|| format!("`{name}` is not an OpenCL.std instruction"))?;
    let reference = reference::by_name(function.name).ok_or_else(|| {
        format!(
            "OpenCL.std `{}` has no host reference: the probe covers {}",
            function.name,
            probeable().join(", ")
        )
    })?;
    // Every probed function is float gentype -> float gentype of the same type.
    let arity = function.operands.len();
    if arity != reference.arity()
        || !matches!(function.result, TypeRule::Value(_))
        || function
            .operands
            .iter()
            .any(|o| !matches!(o, TypeRule::Value(_)))
    {
        return Err(format!(
            "OpenCL.std `{}` does not take and return floats of one type",
            function.name
        ));
    }
    if table.relaxed && format != FloatFormat::F32 {
        return Err("the relaxed-math table covers f32 only".to_string());
    }
    let precision = match format {
        FloatFormat::F16 => Precision::F16,
        FloatFormat::F32 => Precision::F32,
    };
    let bound = bound(function.name, precision, table);
    Ok(ProbePlan {
        title: format!("OpenCL.std {}", function.name),
        format,
        reference,
        bound,
        kernel: kernel(function.name, format, reference.arg_kinds()),
        kernel_name: KERNEL_NAME.to_string(),
        language: crate::LANGUAGE_ID,
        multiply_kernel: multiply_kernel(format),
        launch: ProbeLaunch::THREAD_PER_ELEMENT,
    })
}

/// The OpenCL.std functions with a host reference, in instruction-set order.
pub fn probeable() -> Vec<&'static str> {
    (0..200)
        .filter_map(opencl_std::function_by_opcode)
        .filter(|f| reference::by_name(f.name).is_some())
        .map(|f| f.name)
        .collect()
}

fn bound(name: &str, precision: Precision, table: Table) -> ProbeBound {
    let Some(accuracy) = opencl_std::accuracy(
        name,
        precision,
        table.profile,
        table.relaxed,
        Revision::Current,
    ) else {
        return ProbeBound::unjudged("no bound in the accuracy tables".to_string(), String::new());
    };
    let allowed_ulps = match accuracy.bound {
        // A correctly rounded result is within half an ulp of the exact value.
        Bound::CorrectlyRounded => Some(0.5),
        Bound::Ulp(n) => Some(n),
        // A scalar is a vector of one.
        Bound::UlpPerComponent {
            base,
            per_component,
        } => Some(base + per_component),
        Bound::Derived {
            non_derived_ulp, ..
        } => non_derived_ulp,
        // Absolute errors, argument-dependent bounds and the rest are reported, not judged.
        _ => None,
    };
    let text = accuracy.text.to_string();
    let section = accuracy.table.section.to_string();
    match allowed_ulps {
        Some(ulps) => ProbeBound::ulps(text, ulps, section),
        None => ProbeBound::unjudged(text, section),
    }
}

/// A kernel `probe(out, in0, ...)`: work-item i stores `name(in0[i], ...)` in `out[i]`; each
/// input buffer holds floats of `format` or 32-bit integers, as `args` says.
pub fn kernel(name: &str, format: FloatFormat, args: &[ArgKind]) -> String {
    let operands: String = (0..args.len()).map(|a| format!(" %x{a}")).collect();
    let result = format!("%r = OpExtInst %float %std {name}{operands}");
    kernel_text(&format!("OpenCL.std {name}"), format, args, &result)
}

/// A kernel `probe(out, a, b)` storing `a[i] * b[i]` (OpFMul): with the smallest subnormal
/// and 1, it shows whether the device keeps subnormals.
pub fn multiply_kernel(format: FloatFormat) -> String {
    kernel_text(
        "OpFMul",
        format,
        &[ArgKind::Float; 2],
        "%r = OpFMul %float %x0 %x1",
    )
}

/// The kernel around `result`, the instruction that computes `%r` from `%x0`, `%x1` ...
fn kernel_text(title: &str, format: FloatFormat, args: &[ArgKind], result: &str) -> String {
    let width = format.bits();
    let mut k = String::new();
    let _ = writeln!(k, "; speclint probe: {title} on {}", format.name());
    k.push_str("OpCapability Addresses\nOpCapability Kernel\nOpCapability Int64\n");
    if format == FloatFormat::F16 {
        k.push_str("OpCapability Float16\n");
    }
    k.push_str("%std = OpExtInstImport \"OpenCL.std\"\n");
    k.push_str("OpMemoryModel Physical64 OpenCL\n");
    let _ = writeln!(k, "OpEntryPoint Kernel %probe \"{KERNEL_NAME}\" %gid");
    k.push_str("OpDecorate %gid BuiltIn GlobalInvocationId\nOpDecorate %gid Constant\n");
    k.push_str("%void = OpTypeVoid\n%ulong = OpTypeInt 64 0\n");
    k.push_str("%v3ulong = OpTypeVector %ulong 3\n%gid_ptr = OpTypePointer Input %v3ulong\n");
    let _ = writeln!(k, "%float = OpTypeFloat {width}");
    k.push_str("%buffer = OpTypePointer CrossWorkgroup %float\n");
    let has_int = args.contains(&ArgKind::Int);
    if has_int {
        k.push_str("%uint = OpTypeInt 32 0\n%int_buffer = OpTypePointer CrossWorkgroup %uint\n");
    }
    let (types, buffers): (Vec<_>, Vec<_>) = args
        .iter()
        .map(|kind| match kind {
            ArgKind::Float => ("%float", "%buffer"),
            ArgKind::Int => ("%uint", "%int_buffer"),
        })
        .unzip();
    let _ = writeln!(
        k,
        "%kernel_type = OpTypeFunction %void %buffer {}",
        buffers.join(" ")
    );
    k.push_str("%gid = OpVariable %gid_ptr Input\n");
    k.push_str("%probe = OpFunction %void None %kernel_type\n");
    k.push_str("%out = OpFunctionParameter %buffer\n");
    for (a, buffer) in buffers.iter().enumerate() {
        let _ = writeln!(k, "%in{a} = OpFunctionParameter {buffer}");
    }
    k.push_str("%entry = OpLabel\n");
    k.push_str("%ids = OpLoad %v3ulong %gid Aligned 32\n");
    k.push_str("%i = OpCompositeExtract %ulong %ids 0\n");
    let align = |ty: &str| if ty == "%uint" { 4 } else { width / 8 };
    for (a, (ty, buffer)) in types.iter().zip(&buffers).enumerate() {
        let _ = writeln!(k, "%p{a} = OpInBoundsPtrAccessChain {buffer} %in{a} %i");
        let _ = writeln!(k, "%x{a} = OpLoad {ty} %p{a} Aligned {}", align(ty));
    }
    let _ = writeln!(k, "{result}");
    k.push_str("%po = OpInBoundsPtrAccessChain %buffer %out %i\n");
    let _ = writeln!(k, "OpStore %po %r Aligned {}", width / 8);
    k.push_str("OpReturn\nOpFunctionEnd\n");
    k
}

#[cfg(test)]
mod tests {
    use super::*;

    const FULL: Table = Table {
        profile: Profile::Full,
        relaxed: false,
    };

    #[test]
    fn bounds_come_from_the_full_profile_table() {
        let sin = plan("sin", FloatFormat::F32, FULL).unwrap();
        assert_eq!(sin.title, "OpenCL.std sin");
        assert_eq!(sin.bound.text, "<= 4 ulp");
        assert_eq!(sin.bound.allowed_ulps(), Some(4.0));
        assert!(
            sin.bound.section.contains("Full Profile"),
            "{}",
            sin.bound.section
        );
        assert_eq!(
            plan("fma", FloatFormat::F32, FULL)
                .unwrap()
                .bound
                .allowed_ulps(),
            Some(0.5)
        );
        assert_eq!(
            plan("fabs", FloatFormat::F32, FULL)
                .unwrap()
                .bound
                .allowed_ulps(),
            Some(0.0)
        );
        let half = plan("sqrt", FloatFormat::F16, FULL).unwrap();
        assert_eq!(half.bound.allowed_ulps(), Some(1.5));
        let embedded = Table {
            profile: Profile::Embedded,
            relaxed: false,
        };
        let sin = plan("sin", FloatFormat::F32, embedded).unwrap();
        assert!(sin.bound.section.contains("Embedded"));
        let relaxed = Table {
            profile: Profile::Full,
            relaxed: true,
        };
        let sin = plan("sin", FloatFormat::F32, relaxed).unwrap();
        assert!(sin.bound.allowed_ulps().is_none(), "{:?}", sin.bound);
    }

    #[test]
    fn functions_without_a_reference_or_of_other_types_are_refused() {
        let err = plan("lgamma_r", FloatFormat::F32, FULL).unwrap_err();
        assert!(err.contains("no host reference"), "{err}");
        assert!(err.contains("sinpi"), "{err}");
        assert!(plan("sine", FloatFormat::F32, FULL)
            .unwrap_err()
            .contains("not an OpenCL.std"));
        assert!(probeable().len() >= 40, "{:?}", probeable());
    }

    #[test]
    fn the_kernel_applies_the_function_per_work_item() {
        let k = kernel("atan2", FloatFormat::F32, &[ArgKind::Float; 2]);
        assert!(k.contains("%kernel_type = OpTypeFunction %void %buffer %buffer %buffer\n"));
        assert!(k.contains("%r = OpExtInst %float %std atan2 %x0 %x1\n"));
        let h = kernel("exp", FloatFormat::F16, &[ArgKind::Float]);
        assert!(
            h.contains("OpCapability Float16\n%float = OpTypeFloat 16")
                || h.contains("OpTypeFloat 16")
        );
        assert!(h.contains("Aligned 2"));
        let l = kernel("ldexp", FloatFormat::F16, &[ArgKind::Float, ArgKind::Int]);
        assert!(l.contains("%kernel_type = OpTypeFunction %void %buffer %buffer %int_buffer\n"));
        assert!(l.contains("%x1 = OpLoad %uint %p1 Aligned 4\n"));
        assert!(l.contains("%r = OpExtInst %float %std ldexp %x0 %x1\n"));
    }

    #[test]
    fn every_probe_kernel_passes_speclints_own_checks() {
        use crate::{analyze, SpirvSettings};
        let settings = SpirvSettings {
            extensions: Some(vec!["cl_khr_fp16".to_string()]),
            ..SpirvSettings::default()
        };
        // The kernels have no `; Version:` line: the hint that states the version assumed is
        // no problem of theirs.
        let problems = |analysis: &crate::SpirvAnalysis| -> Vec<String> {
            analysis
                .diagnostics
                .iter()
                .filter(|d| d.severity != speclint_base::diagnostic::Severity::Hint)
                .map(|d| format!("{}: {}", d.rule.code, d.message))
                .collect()
        };
        for name in probeable() {
            for format in [FloatFormat::F32, FloatFormat::F16] {
                let plan = plan(name, format, FULL).unwrap();
                let analysis = analyze(&plan.kernel, &settings);
                assert!(
                    problems(&analysis).is_empty(),
                    "{name} {format:?}: {:?}\n{}",
                    analysis.diagnostics,
                    plan.kernel
                );
            }
        }
        for format in [FloatFormat::F32, FloatFormat::F16] {
            let analysis = analyze(&multiply_kernel(format), &settings);
            assert!(problems(&analysis).is_empty(), "{:?}", analysis.diagnostics);
        }
        let f32_only = SpirvSettings {
            extensions: Some(vec![]),
            ..SpirvSettings::default()
        };
        let half = plan("exp", FloatFormat::F16, FULL).unwrap();
        assert!(!problems(&analyze(&half.kernel, &f32_only)).is_empty());
    }

    #[test]
    fn one_ulp_figure_over_every_input_is_the_sweep_alone() {
        use speclint_probe::measure::Subnormals;
        use speclint_probe::{inputs, sweep, SweepSettings};
        let settings = SweepSettings {
            count: 4096,
            seed: 9,
            subnormals: Subnormals::Kept,
        };
        let full = Table {
            profile: Profile::Full,
            relaxed: false,
        };
        let sin = plan("sin", FloatFormat::F32, full).unwrap();
        let kinds = sin.reference.arg_kinds();
        assert_eq!(
            inputs(&sin, settings),
            sweep::inputs(FloatFormat::F32, kinds, 4096, 9)
        );
    }
}
