//! `speclint probe`, the language-neutral part: the inputs swept, the host reference, the
//! measurement of a device's results against it and the verdict against a bound. Languages
//! name the functions they can probe, give the bound their spec states and build the kernel
//! (`spirv::probe` for OpenCL.std); the CLI runs it on a device.

pub mod bound;
pub mod format;
pub mod measure;
pub mod reference;
pub mod sweep;

use serde::Serialize;

use crate::core::language::Input;
use crate::run::kernel::ScalarType;
use crate::run::runner::{ArgValue, Execution, Launch, Program, RunError, Runner};
use bound::{Clause, Domain, Limit};
use format::FloatFormat;
use measure::{Measurement, Subnormals};
use reference::{ArgKind, MathFunction};

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
    let inputs = inputs(plan, settings);
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
    let mut report = assess(plan, settings, &inputs, &outputs);
    report.device = execution.device;
    report.kernel_ns = execution.kernel_ns;
    Ok(report)
}

/// The inputs `run` feeds `plan`'s kernel: the sweep, and for a clause over a range of inputs
/// ([-2pi, 2pi]) inputs of its own, evenly spread in value (random bit patterns rarely land
/// there). A bound over every input (OpenCL.std's) adds none.
pub fn inputs(plan: &ProbePlan, settings: SweepSettings) -> Vec<Vec<u32>> {
    let kinds = plan.reference.arg_kinds();
    let mut inputs = sweep::inputs(plan.format, kinds, settings.count, settings.seed);
    if kinds == [ArgKind::Float] {
        inputs[0].extend(sweep::within(
            plan.format,
            &plan.bound.focus(),
            settings.count,
            settings.seed,
        ));
    }
    inputs
}

/// Measures `outputs`, the results of `plan`'s function on `inputs` (from [`inputs`]), and
/// judges them by the plan's bound: the report `run` gives, without a device's name or time.
/// A form that may flush subnormals (PTX `.ftz`) is measured so whatever `settings` says.
pub fn assess(
    plan: &ProbePlan,
    settings: SweepSettings,
    inputs: &[Vec<u32>],
    outputs: &[u32],
) -> ProbeReport {
    let subnormals = if plan.bound.may_flush {
        Subnormals::MayFlush
    } else {
        settings.subnormals
    };
    let measurement = measure::measure(
        plan.format,
        plan.reference,
        inputs,
        outputs,
        subnormals,
        &plan.bound.clauses,
    );
    let verdict = judge(&measurement, &plan.bound);
    ProbeReport {
        function: plan.title.clone(),
        format: plan.format.name(),
        arguments: plan.reference.arg_kinds(),
        subnormals,
        device: String::new(),
        bound: plan.bound.clone(),
        measurement,
        verdict,
        kernel_ns: None,
    }
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

/// The bound a spec states for a probed form, as the clauses it can be judged by.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ProbeBound {
    /// As the spec-db writes it (`<= 4 ulp`, `correctly rounded`).
    pub text: String,
    /// What the bound requires, clause by clause (one ulp figure over every input for
    /// OpenCL.std; `sin.approx.f32`: an absolute error over each of two ranges). Empty for a
    /// bound the probe cannot read (implementation-defined, prose without a figure): the
    /// figures are reported unjudged.
    pub clauses: Vec<Clause>,
    /// The table it comes from.
    pub section: String,
    /// The spec lets the form flush subnormal inputs and results to a zero of their sign (PTX
    /// `.ftz`): measured with [`Subnormals::MayFlush`] whatever the device does.
    pub may_flush: bool,
}

impl ProbeBound {
    /// At most `ulps` on every input.
    pub fn ulps(text: String, ulps: f64, section: String) -> ProbeBound {
        ProbeBound {
            text,
            clauses: vec![Clause::all(Limit::Ulps { ulps })],
            section,
            may_flush: false,
        }
    }

    /// A bound without a figure to judge by.
    pub fn unjudged(text: String, section: String) -> ProbeBound {
        ProbeBound {
            text,
            clauses: Vec::new(),
            section,
            may_flush: false,
        }
    }

    /// The ulp figure of a bound that is one ulp figure over every input (OpenCL.std's).
    pub fn allowed_ulps(&self) -> Option<f64> {
        match self.clauses[..] {
            [Clause {
                limit: Limit::Ulps { ulps },
                domain: Domain::All,
            }] => Some(ulps),
            _ => None,
        }
    }

    /// The bounded intervals the clauses speak of, each once, for the sweep to fill.
    pub fn focus(&self) -> Vec<bound::Interval> {
        let mut intervals: Vec<bound::Interval> = Vec::new();
        for clause in &self.clauses {
            if let Domain::Within(within) = &clause.domain {
                for i in within.iter().filter(|i| i.is_bounded()) {
                    if !intervals.contains(i) {
                        intervals.push(i.clone());
                    }
                }
            }
        }
        intervals
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    /// Every clause holds on its inputs and every special value is as required.
    Pass,
    Fail,
    /// The bound has no clause the probe can read: nothing to judge.
    Unjudged,
}

/// Passes when no judged special value mismatches and every clause holds over its domain, up
/// to the reference's own error (counted in [`measure::measure`]).
pub fn judge(measurement: &Measurement, bound: &ProbeBound) -> Verdict {
    if bound.clauses.is_empty() {
        return Verdict::Unjudged;
    }
    if measurement.special_mismatches == 0 && measurement.clauses.iter().all(|c| c.over == 0) {
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

    fn bound(allowed: f64) -> ProbeBound {
        ProbeBound::ulps(format!("<= {allowed} ulp"), allowed, String::new())
    }

    fn verdict(outputs: &[u32], bound: &ProbeBound) -> Verdict {
        let exp2 = reference::by_name("exp2").unwrap();
        let inputs = vec![vec![3.0f32.to_bits(), 0.5f32.to_bits()]];
        let m = measure(
            FloatFormat::F32,
            exp2,
            &inputs,
            outputs,
            Subnormals::Kept,
            &bound.clauses,
        );
        judge(&m, bound)
    }

    #[test]
    fn the_verdict_follows_the_bound_and_the_special_values() {
        let two_ulps_off = f32::from_bits(8.0f32.to_bits() + 2).to_bits();
        let outputs = vec![two_ulps_off, 2f32.sqrt().to_bits()];
        assert_eq!(verdict(&outputs, &bound(3.0)), Verdict::Pass);
        assert_eq!(verdict(&outputs, &bound(1.0)), Verdict::Fail);
        let unjudged = ProbeBound::unjudged(String::new(), String::new());
        assert_eq!(verdict(&outputs, &unjudged), Verdict::Unjudged);
        let nan_for_a_number = vec![two_ulps_off, f32::NAN.to_bits()];
        assert_eq!(verdict(&nan_for_a_number, &bound(3.0)), Verdict::Fail);
        assert_eq!(bound(3.0).allowed_ulps(), Some(3.0));
        assert_eq!(unjudged.allowed_ulps(), None);
    }

    #[test]
    fn only_a_bound_over_ranges_adds_inputs_to_the_sweep() {
        use crate::spirv::probe::{plan, Table};
        use speclint_spec_db::spirv::opencl_std::Profile;
        let settings = SweepSettings {
            count: 4096,
            seed: 9,
            subnormals: Subnormals::Kept,
        };
        let full = Table {
            profile: Profile::Full,
            relaxed: false,
        };
        // OpenCL.std: one ulp figure over every input, the sweep alone.
        let sin = plan("sin", FloatFormat::F32, full).unwrap();
        let kinds = sin.reference.arg_kinds();
        assert_eq!(
            inputs(&sin, settings),
            sweep::inputs(FloatFormat::F32, kinds, 4096, 9)
        );
        // PTX sin: [-2pi, 2pi] and [-100pi, 100pi] each get a quarter of the count more.
        let ptx = crate::ptx::probe::plan("sin.approx.f32").unwrap();
        let swept = sweep::inputs(FloatFormat::F32, kinds, 4096, 9)[0].len();
        assert_eq!(inputs(&ptx, settings)[0].len(), swept + 2 * (1024 + 2));
        // A .ftz form is measured as may-flush whatever the settings say.
        let ftz = crate::ptx::probe::plan("sin.approx.ftz.f32").unwrap();
        let xs = inputs(&ftz, settings);
        let outputs: Vec<u32> = (xs[0].iter())
            .map(|&b| (f32::from_bits(b) as f64).sin() as f32)
            .map(f32::to_bits)
            .collect();
        let report = assess(&ftz, settings, &xs, &outputs);
        assert_eq!(report.subnormals, Subnormals::MayFlush);
        assert_eq!(report.verdict, Verdict::Pass, "{:?}", report.measurement);
        let report = assess(&ptx, settings, &xs, &outputs);
        assert_eq!(report.subnormals, Subnormals::Kept);
    }
}
