//! `speclint probe`, the language-neutral part: the inputs swept, the measurement of a
//! device's results against the host reference and the verdict against a bound. Languages
//! name the functions they can probe, give the bound their spec states and build the kernel
//! (their `Prober`, with the plan types of `speclint_base::probe`); the CLI runs it on a
//! device.

pub mod measure;
pub mod sweep;

use serde::Serialize;

use measure::{Measurement, Subnormals};
use speclint_base::language::Input;
use speclint_base::probe::format::FloatFormat;
use speclint_base::probe::reference::ArgKind;
use speclint_base::probe::{ProbeBound, ProbeLaunch, ProbePlan};
use speclint_base::run::kernel::ScalarType;
use speclint_base::run::runner::{ArgValue, Execution, Launch, Program, RunError, Runner};

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
    use measure::{measure, Subnormals};
    use speclint_base::probe::reference;

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
}
