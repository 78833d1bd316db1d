//! Compares a device's results with the host reference, element by element: the error in ulps
//! of the probed format (against the unrounded double reference, as the OpenCL conformance
//! tests measure it), and the special values (NaN, infinities, the sign of an exact zero) that
//! must match exactly.

use serde::Serialize;

use super::format::FloatFormat;
use super::reference::{ArgKind, MathFunction};

/// How a device may treat subnormals.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Subnormals {
    /// The device supports them (OpenCL's `CL_FP_DENORM`): they are measured like any number.
    Kept,
    /// The device may flush them to zero: a subnormal input may be read as a zero of its sign,
    /// and a zero is accepted where the exact result is below the normal range.
    MayFlush,
}

/// One compared element: its inputs, the device's result and the reference.
#[derive(Clone, Debug, Serialize)]
pub struct Sample {
    pub index: usize,
    /// Bit patterns, one per argument.
    pub inputs: Vec<u32>,
    pub device: u32,
    pub reference: f64,
    /// Signed: positive when the device's result is above the reference. NaN for a mismatch.
    pub error_ulps: f64,
    /// Why a special value does not match, for a mismatch.
    pub mismatch: Option<&'static str>,
}

#[derive(Clone, Debug, Serialize)]
pub struct Measurement {
    pub count: usize,
    /// The largest |error| in ulps over the elements that are not mismatches.
    pub max_error_ulps: f64,
    pub worst: Option<Sample>,
    /// Elements whose error is above `allowed_ulps` (0 when no bound was given).
    pub over_bound: usize,
    pub special_mismatches: usize,
    /// The first few mismatches, in input order.
    pub mismatch_examples: Vec<Sample>,
}

const MISMATCH_EXAMPLES: usize = 8;

enum Outcome {
    Ulps(f64),
    Mismatch(&'static str),
}

/// Measures `outputs` (bit patterns, one per element) against `function` on `inputs` (one
/// vector of bit patterns per argument). `allowed_ulps` counts the elements above it.
pub fn measure(
    format: FloatFormat,
    function: MathFunction,
    inputs: &[Vec<u32>],
    outputs: &[u32],
    subnormals: Subnormals,
    allowed_ulps: Option<f64>,
) -> Measurement {
    assert_eq!(inputs.len(), function.arity());
    let count = outputs.len();
    let mut m = Measurement {
        count,
        max_error_ulps: 0.0,
        worst: None,
        over_bound: 0,
        special_mismatches: 0,
        mismatch_examples: Vec::new(),
    };
    let kinds = function.arg_kinds();
    let mut args = vec![0.0; inputs.len()];
    for (index, &device) in outputs.iter().enumerate() {
        for ((arg, input), &kind) in args.iter_mut().zip(inputs).zip(kinds) {
            *arg = argument(format, kind, input[index]);
        }
        let reference = function.eval(&args);
        let mut outcome = compare(format, device, reference, subnormals);
        let bits: Vec<u32> = inputs.iter().map(|input| input[index]).collect();
        if subnormals == Subnormals::MayFlush
            && !matches!(outcome, Outcome::Ulps(e) if e == 0.0)
            && (bits.iter().zip(kinds))
                .any(|(&b, &k)| k == ArgKind::Float && format.is_subnormal(b))
        {
            let flushed: Vec<f64> = (args.iter().zip(&bits).zip(kinds))
                .map(|((&a, &b), &k)| {
                    if k == ArgKind::Float && format.is_subnormal(b) {
                        0.0f64.copysign(a)
                    } else {
                        a
                    }
                })
                .collect();
            let alternative = compare(format, device, function.eval(&flushed), subnormals);
            if better(&alternative, &outcome) {
                outcome = alternative;
            }
        }
        let sample = |error_ulps, mismatch| Sample {
            index,
            inputs: bits.clone(),
            device,
            reference,
            error_ulps,
            mismatch,
        };
        match outcome {
            Outcome::Mismatch(why) => {
                m.special_mismatches += 1;
                if m.mismatch_examples.len() < MISMATCH_EXAMPLES {
                    m.mismatch_examples.push(sample(f64::NAN, Some(why)));
                }
            }
            Outcome::Ulps(error) => {
                if allowed_ulps.is_some_and(|allowed| error.abs() > allowed) {
                    m.over_bound += 1;
                }
                if m.worst.is_none() || error.abs() > m.max_error_ulps {
                    m.max_error_ulps = error.abs();
                    m.worst = Some(sample(error, None));
                }
            }
        }
    }
    m
}

/// An input's value: a float of `format`, or an integer's (exact in a double).
pub fn argument(format: FloatFormat, kind: ArgKind, bits: u32) -> f64 {
    match kind {
        ArgKind::Float => format.to_f64(bits),
        ArgKind::Int => bits as i32 as f64,
    }
}

fn better(a: &Outcome, b: &Outcome) -> bool {
    match (a, b) {
        (Outcome::Ulps(x), Outcome::Ulps(y)) => x.abs() < y.abs(),
        (Outcome::Ulps(_), Outcome::Mismatch(_)) => true,
        _ => false,
    }
}

fn compare(
    format: FloatFormat,
    device_bits: u32,
    reference: f64,
    subnormals: Subnormals,
) -> Outcome {
    let device = format.to_f64(device_bits);
    if reference.is_nan() {
        return if device.is_nan() {
            Outcome::Ulps(0.0)
        } else {
            Outcome::Mismatch("NaN expected")
        };
    }
    if device.is_nan() {
        return Outcome::Mismatch("NaN where the result is a number");
    }
    if reference.is_infinite() {
        return if device == reference {
            Outcome::Ulps(0.0)
        } else {
            Outcome::Mismatch("infinity expected")
        };
    }
    if reference == 0.0 && device == 0.0 {
        return if reference.is_sign_negative() == device.is_sign_negative() {
            Outcome::Ulps(0.0)
        } else {
            Outcome::Mismatch("zero of the wrong sign")
        };
    }
    let smallest_normal = 2f64.powi(format.min_exponent());
    if subnormals == Subnormals::MayFlush && device == 0.0 && reference.abs() < smallest_normal {
        return Outcome::Ulps(0.0);
    }
    Outcome::Ulps(ulp_error(format, device, reference))
}

/// The signed error of `device` against the finite `reference`, in ulps of `format` at the
/// reference. An infinite result counts as the next power of two above the largest finite
/// number, so that an overflow within the bound is not an error (the conformance tests' rule).
pub fn ulp_error(format: FloatFormat, device: f64, reference: f64) -> f64 {
    let beyond_largest = 2f64.powi(format.max_exponent() + 1);
    // Round to nearest overflows from the largest finite number plus half an ulp.
    let overflow_threshold = beyond_largest - format.ulp_at(reference.abs().min(f64::MAX)) / 2.0;
    if device.is_infinite()
        && device.is_sign_negative() == reference.is_sign_negative()
        && reference.abs() >= overflow_threshold
    {
        return 0.0;
    }
    let device = if device.is_infinite() {
        beyond_largest.copysign(device)
    } else {
        device
    };
    (device - reference) / format.ulp_at(reference)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::probe::reference::by_name;

    fn f32_bits(values: &[f32]) -> Vec<u32> {
        values.iter().map(|v| v.to_bits()).collect()
    }

    #[test]
    fn a_result_off_by_three_ulps_measures_three() {
        let sqrt = by_name("sqrt").unwrap();
        let inputs = vec![f32_bits(&[4.0, 2.0, 9.0])];
        // sqrt(4) = 2 exactly; three ulps above 2 is 2 + 3 * 2^-22.
        let wrong = f32::from_bits(2.0f32.to_bits() + 3);
        let outputs = f32_bits(&[wrong, 2f32.sqrt(), 3.0]);
        let m = measure(
            FloatFormat::F32,
            sqrt,
            &inputs,
            &outputs,
            Subnormals::Kept,
            Some(2.0),
        );
        assert_eq!(m.max_error_ulps, 3.0);
        let worst = m.worst.unwrap();
        assert_eq!(worst.index, 0);
        assert_eq!(worst.error_ulps, 3.0);
        assert_eq!(m.over_bound, 1);
        assert_eq!(m.special_mismatches, 0);
    }

    #[test]
    fn a_correctly_rounded_result_measures_at_most_half_an_ulp() {
        let sqrt = by_name("sqrt").unwrap();
        let xs: Vec<f32> = (1..2000).map(|i| i as f32 * 0.37).collect();
        let outputs: Vec<f32> = xs.iter().map(|x| x.sqrt()).collect();
        let m = measure(
            FloatFormat::F32,
            sqrt,
            &[f32_bits(&xs)],
            &f32_bits(&outputs),
            Subnormals::Kept,
            None,
        );
        assert!(m.max_error_ulps <= 0.5, "{}", m.max_error_ulps);
        assert!(m.max_error_ulps > 0.49, "{}", m.max_error_ulps);
    }

    #[test]
    fn a_correctly_rounded_quotient_measures_half_an_ulp_and_one_three_off_measures_three() {
        let divide = by_name("divide").unwrap();
        // f32 division is IEEE's, correctly rounded to nearest even.
        let xs: Vec<f32> = (1..3000).map(|i| i as f32 * 0.731 - 1000.0).collect();
        let ys: Vec<f32> = (1..3000).map(|i| (i as f32).sqrt() * 1.37e-3).collect();
        let quotients: Vec<f32> = xs.iter().zip(&ys).map(|(x, y)| x / y).collect();
        let inputs = [f32_bits(&xs), f32_bits(&ys)];
        let m = measure(
            FloatFormat::F32,
            divide,
            &inputs,
            &f32_bits(&quotients),
            Subnormals::Kept,
            Some(0.5),
        );
        assert!(m.max_error_ulps <= 0.5, "{}", m.max_error_ulps);
        assert!(m.max_error_ulps > 0.49, "{}", m.max_error_ulps);
        assert_eq!((m.over_bound, m.special_mismatches), (0, 0));
        // 6 / 3 = 2 exactly: three ulps above it measures 3.
        let off = f32::from_bits(2.0f32.to_bits() + 3);
        let m = measure(
            FloatFormat::F32,
            divide,
            &[f32_bits(&[6.0, 1.0]), f32_bits(&[3.0, 0.0])],
            &f32_bits(&[off, f32::INFINITY]),
            Subnormals::Kept,
            Some(2.0),
        );
        assert_eq!(m.max_error_ulps, 3.0);
        assert_eq!((m.over_bound, m.special_mismatches), (1, 0));
    }

    #[test]
    fn below_a_power_of_two_the_ulp_is_the_binade_of_the_reference() {
        // The reference just under 1 has ulps of 2^-24: 1.0 returned for 1 - 2^-24 is 1 ulp off.
        let e = ulp_error(FloatFormat::F32, 1.0, 1.0 - 2f64.powi(-24));
        assert_eq!(e, 1.0);
        assert_eq!(ulp_error(FloatFormat::F32, 2f64.powi(-149), 0.0), 1.0);
    }

    #[test]
    fn special_values_must_match_exactly() {
        let log = by_name("log").unwrap();
        let inputs = vec![f32_bits(&[-1.0, 0.0, f32::INFINITY, 1.0, 1.0, 0.5])];
        let outputs = f32_bits(&[
            0.0,
            f32::NEG_INFINITY,
            f32::MAX,
            -0.0,
            f32::NAN,
            -std::f32::consts::LN_2,
        ]);
        let m = measure(
            FloatFormat::F32,
            log,
            &inputs,
            &outputs,
            Subnormals::Kept,
            None,
        );
        assert_eq!(m.special_mismatches, 4);
        let why: Vec<_> = m
            .mismatch_examples
            .iter()
            .map(|s| s.mismatch.unwrap())
            .collect();
        assert_eq!(
            why,
            [
                "NaN expected",
                "infinity expected",
                "zero of the wrong sign",
                "NaN where the result is a number"
            ]
        );
        assert!(m.max_error_ulps < 0.5);
        assert_eq!(m.worst.unwrap().index, 5);
    }

    #[test]
    fn an_overflow_to_infinity_counts_from_two_to_the_128() {
        let exp = by_name("exp").unwrap();
        // exp(0x1.62e430p+6) is above FLT_MAX plus half an ulp: infinity is correctly rounded.
        // exp of the float below it is about 124 ulps under 2^128: infinity is that far off.
        let over = f32::from_bits(0x42b1_7218);
        let under = f32::from_bits(0x42b1_7217);
        let m = measure(
            FloatFormat::F32,
            exp,
            &[f32_bits(&[over, under])],
            &f32_bits(&[f32::INFINITY, f32::INFINITY]),
            Subnormals::Kept,
            None,
        );
        assert_eq!(m.special_mismatches, 0);
        let worst = m.worst.unwrap();
        assert_eq!(worst.index, 1);
        assert!(
            (120.0..130.0).contains(&worst.error_ulps),
            "{}",
            worst.error_ulps
        );
        assert_eq!(
            ulp_error(FloatFormat::F32, f64::INFINITY, (over as f64).exp()),
            0.0
        );
    }

    #[test]
    fn flushed_subnormals_pass_only_where_the_device_may_flush() {
        let sqrt = by_name("sqrt").unwrap();
        let tiny = f32::from_bits(1); // 2^-149: sqrt is 2^-74.5, a normal number
        let inputs = vec![f32_bits(&[tiny])];
        let outputs = f32_bits(&[0.0]);
        let kept = measure(
            FloatFormat::F32,
            sqrt,
            &inputs,
            &outputs,
            Subnormals::Kept,
            None,
        );
        assert!(kept.max_error_ulps > 1e6);
        let flush = measure(
            FloatFormat::F32,
            sqrt,
            &inputs,
            &outputs,
            Subnormals::MayFlush,
            None,
        );
        assert_eq!(flush.max_error_ulps, 0.0);
        assert_eq!(flush.special_mismatches, 0);
    }
}
