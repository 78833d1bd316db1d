//! `speclint probe`, the language-neutral part: the inputs swept, the host reference, the
//! measurement of a device's results against it and the verdict against a bound. Languages
//! name the functions they can probe, give the bound their spec states and build the kernel
//! (`spirv::probe` for OpenCL.std); the CLI runs it on a device.

pub mod format;
pub mod measure;
pub mod reference;
pub mod sweep;

use serde::Serialize;

use crate::core::language::Input;
use crate::run::kernel::ScalarType;
use crate::run::runner::{ArgValue, Execution, Launch, Program, RunError, Runner};
use format::FloatFormat;
use measure::{Measurement, Subnormals};
use reference::{ArgKind, MathFunction, REFERENCE_ERROR_ULPS};

/// Work-items per work-group (threads per block) of a PTX or SPIR-V probe's launch, one per
/// element.
const BLOCK: usize = 64;

/// How a probe's launch covers its inputs: each block takes `elements_per_block` consecutive
/// elements (inputs are padded to a multiple of it), launched with `block` threads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ProbeLaunch {
    pub elements_per_block: usize,
    pub block: [u32; 3],
}

impl ProbeLaunch {
    /// One thread per element, [`BLOCK`] to a block (PTX, OpenCL kernels).
    pub const THREAD_PER_ELEMENT: ProbeLaunch = ProbeLaunch {
        elements_per_block: BLOCK,
        block: [BLOCK as u32, 1, 1],
    };
}

/// The inputs a bound holds for, where the spec states it for part of them only (`|rhs| in
/// [2^-126, 2^126]`): one argument's magnitude in a closed range. Elements outside are left
/// out of the measurement and counted.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Domain {
    /// How reports show it: `|rhs| in [2^-126, 2^126]`.
    pub text: String,
    /// Which argument (0 for the first).
    pub argument: usize,
    /// The smallest and the largest magnitude, inclusive.
    pub magnitude: [f64; 2],
}

impl Domain {
    /// Whether the element with these argument values is inside (a NaN is not).
    pub fn holds(&self, args: &[f64]) -> bool {
        let m = args[self.argument].abs();
        m >= self.magnitude[0] && m <= self.magnitude[1]
    }
}

/// What a language gives the driver to probe one function at one format.
#[derive(Debug)]
pub struct ProbePlan {
    /// How reports name it: `OpenCL.std sin`.
    pub title: String,
    pub format: FloatFormat,
    pub reference: MathFunction,
    pub bound: ProbeBound,
    /// The kernel's source in the language (its runner prepares it), named [`Self::kernel_name`],
    /// taking the output buffer and then one input buffer per argument.
    pub kernel: String,
    pub kernel_name: String,
    /// The language id whose runner prepares and launches the kernel.
    pub language: &'static str,
    /// A kernel of the same language and signature storing `a[i] * b[i]`, for
    /// [`keeps_subnormals`].
    pub multiply_kernel: String,
    /// How the kernels are launched over the inputs.
    pub launch: ProbeLaunch,
    /// Where the bound holds, when the spec restricts it; `None` for every input.
    pub domain: Option<Domain>,
}

/// What the sweep and the launch settings are.
#[derive(Clone, Copy, Debug)]
pub struct SweepSettings {
    pub count: usize,
    pub seed: u64,
    pub subnormals: Subnormals,
}

/// One probe's result.
#[derive(Debug, Serialize)]
pub struct ProbeReport {
    pub function: String,
    pub format: &'static str,
    pub arguments: &'static [ArgKind],
    pub subnormals: Subnormals,
    pub device: String,
    pub bound: ProbeBound,
    pub measurement: Measurement,
    pub verdict: Verdict,
    pub kernel_ns: Option<u64>,
    /// The plan's domain, and how many inputs were outside it (not measured).
    pub domain: Option<Domain>,
    pub outside_domain: usize,
}

/// Sweeps `plan`'s function on the device: prepares the kernel with `runner`, launches it
/// through `execute` (the caller's way to reach the device, a worker process) and measures
/// the results against the host reference.
pub fn run(
    plan: &ProbePlan,
    runner: &dyn Runner,
    settings: SweepSettings,
    execute: &dyn Fn(&Program, &Launch) -> Result<Execution, RunError>,
) -> Result<ProbeReport, RunError> {
    let format = plan.format;
    let kinds = plan.reference.arg_kinds();
    let inputs = sweep::inputs(format, kinds, settings.count, settings.seed);
    let count = inputs[0].len();
    let per_block = plan.launch.elements_per_block;
    let padded = count.div_ceil(per_block) * per_block;
    let element = match format {
        FloatFormat::F16 => ScalarType::F16,
        FloatFormat::F32 => ScalarType::F32,
    };
    let mut args = vec![ArgValue::Buffer {
        element,
        bytes: vec![0; padded * element.size()],
    }];
    for (input, kind) in inputs.iter().zip(kinds) {
        let element = match kind {
            ArgKind::Float => element,
            ArgKind::Int => ScalarType::I32,
        };
        let mut bytes = Vec::with_capacity(padded * element.size());
        for k in 0..padded {
            // Padding repeats the first input; its results are not read.
            let bits = input[if k < count { k } else { 0 }];
            bytes.extend_from_slice(&bits.to_le_bytes()[..element.size()]);
        }
        args.push(ArgValue::Buffer { element, bytes });
    }
    let program = runner.prepare(Input::Text(&plan.kernel))?;
    let launch = Launch {
        kernel: plan.kernel_name.clone(),
        grid: [(padded / per_block) as u32, 1, 1],
        block: plan.launch.block,
        shared_bytes: 0,
        args,
    };
    let execution = execute(&program, &launch)?;
    let out = execution
        .buffers
        .first()
        .and_then(|b| b.as_ref())
        .filter(|b| b.len() >= count * element.size())
        .ok_or_else(|| RunError::device("the probe kernel's output buffer did not come back"))?;
    let outputs: Vec<u32> = out
        .chunks_exact(element.size())
        .take(count)
        .map(|c| match *c {
            [a, b] => u16::from_le_bytes([a, b]) as u32,
            [a, b, c, d] => u32::from_le_bytes([a, b, c, d]),
            _ => unreachable!("f16 and f32 elements"),
        })
        .collect();
    // Elements outside the bound's domain are not measured; `kept` maps back to input order.
    let kept = in_domain(plan.domain.as_ref(), format, kinds, &inputs);
    let outside_domain = count - kept.len();
    let (inputs, outputs) = if outside_domain == 0 {
        (inputs, outputs)
    } else {
        let pick = |values: &[u32]| kept.iter().map(|&k| values[k]).collect::<Vec<u32>>();
        let inputs = inputs.iter().map(|input| pick(input)).collect();
        (inputs, pick(&outputs))
    };
    let mut measurement = measure::measure(
        format,
        plan.reference,
        &inputs,
        &outputs,
        settings.subnormals,
        plan.bound.allowed_ulps,
    );
    for sample in measurement
        .worst
        .iter_mut()
        .chain(measurement.mismatch_examples.iter_mut())
    {
        sample.index = kept[sample.index];
    }
    let verdict = judge(&measurement, &plan.bound);
    Ok(ProbeReport {
        function: plan.title.clone(),
        format: format.name(),
        arguments: kinds,
        subnormals: settings.subnormals,
        device: execution.device,
        bound: plan.bound.clone(),
        measurement,
        verdict,
        kernel_ns: execution.kernel_ns,
        domain: plan.domain.clone(),
        outside_domain,
    })
}

/// The indices of the elements of `inputs` (one vector of bit patterns per argument) inside
/// `domain`: all of them without one.
pub fn in_domain(
    domain: Option<&Domain>,
    format: FloatFormat,
    kinds: &[ArgKind],
    inputs: &[Vec<u32>],
) -> Vec<usize> {
    let count = inputs.first().map_or(0, Vec::len);
    (0..count)
        .filter(|&k| {
            domain.is_none_or(|domain| {
                let args: Vec<f64> = (inputs.iter().zip(kinds))
                    .map(|(input, &kind)| measure::argument(format, kind, input[k]))
                    .collect();
                domain.holds(&args)
            })
        })
        .collect()
}

/// Whether the device keeps subnormals, from `multiply_kernel` (a kernel named `kernel_name`
/// storing `a[i] * b[i]`, launched as `shape` says) run on the smallest and the largest
/// subnormal times one: a device that flushes them returns zeros.
pub fn keeps_subnormals(
    format: FloatFormat,
    multiply_kernel: &str,
    kernel_name: &str,
    shape: ProbeLaunch,
    runner: &dyn Runner,
    execute: &dyn Fn(&Program, &Launch) -> Result<Execution, RunError>,
) -> Result<bool, RunError> {
    let element = match format {
        FloatFormat::F16 => ScalarType::F16,
        FloatFormat::F32 => ScalarType::F32,
    };
    let one = format.compose(false, format.exponent_bias() as u32, 0);
    let smallest = 1;
    let largest = format.compose(false, 0, u32::MAX);
    let buffer = |values: &[u32]| ArgValue::Buffer {
        element,
        bytes: (0..shape.elements_per_block)
            .flat_map(|k| values[k % values.len()].to_le_bytes()[..element.size()].to_vec())
            .collect(),
    };
    let launch = Launch {
        kernel: kernel_name.to_string(),
        grid: [1, 1, 1],
        block: shape.block,
        shared_bytes: 0,
        args: vec![buffer(&[0]), buffer(&[smallest, largest]), buffer(&[one])],
    };
    let program = runner.prepare(Input::Text(multiply_kernel))?;
    let execution = execute(&program, &launch)?;
    let out = execution
        .buffers
        .first()
        .and_then(|b| b.as_ref())
        .ok_or_else(|| RunError::device("the subnormal check's output did not come back"))?;
    let product = |k: usize| {
        let bytes = &out[k * element.size()..(k + 1) * element.size()];
        bytes.iter().rev().fold(0u32, |acc, &b| acc << 8 | b as u32)
    };
    Ok(product(0) == smallest && product(1) == largest)
}

/// The bound a spec states for a probed form, as an ulp figure where it is one.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ProbeBound {
    /// As the spec-db writes it (`<= 4 ulp`, `correctly rounded`).
    pub text: String,
    /// The largest error in ulps it allows; `None` for a bound that is not a fixed number of
    /// ulps (an absolute error, implementation-defined): the figures are reported unjudged.
    pub allowed_ulps: Option<f64>,
    /// The table it comes from.
    pub section: String,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    /// Every element within the bound and every special value as required.
    Pass,
    Fail,
    /// The bound is not an ulp figure: nothing to judge.
    Unjudged,
}

/// Passes when no special value mismatches and the largest error is within the bound, up to
/// the reference's own error.
pub fn judge(measurement: &Measurement, bound: &ProbeBound) -> Verdict {
    let Some(allowed) = bound.allowed_ulps else {
        return Verdict::Unjudged;
    };
    if measurement.special_mismatches == 0
        && measurement.max_error_ulps <= allowed + REFERENCE_ERROR_ULPS
    {
        Verdict::Pass
    } else {
        Verdict::Fail
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use format::FloatFormat;
    use measure::{measure, Subnormals};
    use reference::ArgKind;

    fn bound(allowed: f64) -> ProbeBound {
        ProbeBound {
            text: format!("<= {allowed} ulp"),
            allowed_ulps: Some(allowed),
            section: String::new(),
        }
    }

    #[test]
    fn the_verdict_follows_the_bound_and_the_special_values() {
        let exp2 = reference::by_name("exp2").unwrap();
        let inputs = vec![vec![3.0f32.to_bits(), 0.5f32.to_bits()]];
        let two_ulps_off = f32::from_bits(8.0f32.to_bits() + 2).to_bits();
        let outputs = vec![two_ulps_off, 2f32.sqrt().to_bits()];
        let m = measure(
            FloatFormat::F32,
            exp2,
            &inputs,
            &outputs,
            Subnormals::Kept,
            None,
        );
        assert_eq!(judge(&m, &bound(3.0)), Verdict::Pass);
        assert_eq!(judge(&m, &bound(1.0)), Verdict::Fail);
        let unjudged = ProbeBound {
            allowed_ulps: None,
            ..bound(0.0)
        };
        assert_eq!(judge(&m, &unjudged), Verdict::Unjudged);
        let nan_for_a_number = vec![two_ulps_off, f32::NAN.to_bits()];
        let m = measure(
            FloatFormat::F32,
            exp2,
            &inputs,
            &nan_for_a_number,
            Subnormals::Kept,
            None,
        );
        assert_eq!(judge(&m, &bound(3.0)), Verdict::Fail);
    }

    #[test]
    fn elements_outside_the_domain_are_left_out() {
        let divisor_range = Domain {
            text: "|rhs| in [2^-126, 2^126]".to_string(),
            argument: 1,
            magnitude: [2f64.powi(-126), 2f64.powi(126)],
        };
        let bits = |values: &[f32]| values.iter().map(|v| v.to_bits()).collect::<Vec<u32>>();
        let inputs = vec![
            bits(&[1.0, 1.0, 1.0, 1.0, 1.0, 1.0]),
            bits(&[2.0, 1e-40, f32::MAX, -3.0, f32::NAN, -(2f32.powi(-126))]),
        ];
        let kinds = [ArgKind::Float, ArgKind::Float];
        let kept = in_domain(Some(&divisor_range), FloatFormat::F32, &kinds, &inputs);
        assert_eq!(kept, [0, 3, 5]);
        let all = in_domain(None, FloatFormat::F32, &kinds, &inputs);
        assert_eq!(all, [0, 1, 2, 3, 4, 5]);
    }
}
