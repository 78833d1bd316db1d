//! Compares a device's results with the host reference, element by element: the error in ulps
//! of the probed format (against the unrounded double reference, as the OpenCL conformance
//! tests measure it), the absolute and the relative error, and the special values (NaN,
//! infinities, the sign of an exact zero) that must match exactly; then each clause of the
//! bound over the inputs of its domain.

use serde::Serialize;

use speclint_base::probe::bound::{Clause, Limit};
use speclint_base::probe::format::FloatFormat;
use speclint_base::probe::reference::{ArgKind, MathFunction, REFERENCE_ERROR_ULPS};

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
    /// `|device - reference|` (0 where an infinity is the rounded exact value, NaN for a
    /// mismatch).
    pub error_absolute: f64,
    /// `error_absolute / max(|reference|, smallest normal)` (see [`Limit::Relative`]).
    pub error_relative: f64,
    /// Why a special value does not match, for a mismatch.
    pub mismatch: Option<&'static str>,
}

/// One clause of the bound, measured over the inputs of its domain.
#[derive(Clone, Debug, Serialize)]
pub struct ClauseMeasurement {
    pub clause: Clause,
    /// Elements in the clause's domain that gave a number to compare.
    pub inputs: usize,
    /// The largest error in the clause's own unit (ulps, absolute or relative) over them.
    pub max_error: f64,
    pub worst: Option<Sample>,
    /// Elements in the domain beyond the limit (plus the reference's own error).
    pub over: usize,
}

#[derive(Clone, Debug, Serialize)]
pub struct Measurement {
    pub count: usize,
    /// The largest |error| in ulps over the judged elements that are not mismatches.
    pub max_error_ulps: f64,
    pub worst: Option<Sample>,
    /// Judged elements beyond at least one clause's limit (0 when the bound has no clause).
    pub over_bound: usize,
    pub special_mismatches: usize,
    /// The first few judged mismatches, in input order.
    pub mismatch_examples: Vec<Sample>,
    /// Each clause of the bound, in order.
    pub clauses: Vec<ClauseMeasurement>,
    /// Elements outside every clause's domain (`sin.approx.f32` at 1e30): measured, not
    /// judged. Always 0 for a bound without clauses, which is measured over every input.
    pub outside: usize,
    /// Of those, the one furthest from the reference in absolute error.
    pub outside_worst: Option<Sample>,
    /// Of those, the mismatches where the exact result is a finite number (a NaN for a finite
    /// sine): not judged either. A NaN or an infinity expected, and the result for a zero, an
    /// infinity or a NaN input, are judged everywhere.
    pub outside_mismatches: usize,
}

const MISMATCH_EXAMPLES: usize = 8;

#[derive(Clone, Copy)]
struct Errors {
    ulps: f64,
    absolute: f64,
    relative: f64,
}

enum Outcome {
    Error(Errors),
    Mismatch(&'static str),
}

const EXACT: Outcome = Outcome::Error(Errors {
    ulps: 0.0,
    absolute: 0.0,
    relative: 0.0,
});

/// Measures `outputs` (bit patterns, one per element) against `function` on `inputs` (one
/// vector of bit patterns per argument), for each of `clauses` over its domain. An element
/// outside every clause's domain is measured apart and not judged; with no clauses every
/// element is measured as judged.
pub fn measure(
    format: FloatFormat,
    function: MathFunction,
    inputs: &[Vec<u32>],
    outputs: &[u32],
    subnormals: Subnormals,
    clauses: &[Clause],
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
        clauses: (clauses.iter())
            .map(|clause| ClauseMeasurement {
                clause: clause.clone(),
                inputs: 0,
                max_error: 0.0,
                worst: None,
                over: 0,
            })
            .collect(),
        outside: 0,
        outside_worst: None,
        outside_mismatches: 0,
    };
    let kinds = function.arg_kinds();
    let mut args = vec![0.0; inputs.len()];
    let mut within = vec![false; clauses.len()];
    for (index, &device) in outputs.iter().enumerate() {
        for ((arg, input), &kind) in args.iter_mut().zip(inputs).zip(kinds) {
            *arg = argument(format, kind, input[index]);
        }
        let reference = function.eval(&args);
        let mut outcome = compare(format, device, reference, subnormals);
        let bits: Vec<u32> = inputs.iter().map(|input| input[index]).collect();
        if subnormals == Subnormals::MayFlush
            && !matches!(outcome, Outcome::Error(e) if e.ulps == 0.0)
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
        for (w, clause) in within.iter_mut().zip(clauses) {
            *w = clause.domain.contains(&args);
        }
        let judged = clauses.is_empty() || within.contains(&true);
        // A zero, an infinity or a NaN outside every clause still has the result the spec's
        // table of special cases gives it (rsqrt(+0) = +inf): exactly that, or a mismatch.
        let special_input =
            (bits.iter().zip(kinds)).any(|(&b, &k)| k == ArgKind::Float && format.is_special(b));
        if !judged && special_input && matches!(outcome, Outcome::Error(e) if e.ulps != 0.0) {
            outcome = Outcome::Mismatch("not the special case's result");
        }
        let sample = |errors: Errors, mismatch| Sample {
            index,
            inputs: bits.clone(),
            device,
            reference,
            error_ulps: errors.ulps,
            error_absolute: errors.absolute,
            error_relative: errors.relative,
            mismatch,
        };
        const NOT_A_NUMBER: Errors = Errors {
            ulps: f64::NAN,
            absolute: f64::NAN,
            relative: f64::NAN,
        };
        match outcome {
            Outcome::Mismatch(why) if judged || special_input || !reference.is_finite() => {
                m.special_mismatches += 1;
                if m.mismatch_examples.len() < MISMATCH_EXAMPLES {
                    m.mismatch_examples.push(sample(NOT_A_NUMBER, Some(why)));
                }
            }
            Outcome::Mismatch(_) => {
                m.outside += 1;
                m.outside_mismatches += 1;
            }
            Outcome::Error(errors) if !judged => {
                m.outside += 1;
                let worst = m.outside_worst.as_ref().map(|w| w.error_absolute);
                if worst.is_none_or(|w| errors.absolute > w) {
                    m.outside_worst = Some(sample(errors, None));
                }
            }
            Outcome::Error(errors) => {
                let mut over = false;
                for (c, _) in (m.clauses.iter_mut()).zip(&within).filter(|(_, &w)| w) {
                    let (error, limit) = clause_error(format, c.clause.limit, errors, reference);
                    c.inputs += 1;
                    if error > limit {
                        c.over += 1;
                        over = true;
                    }
                    if c.worst.is_none() || error > c.max_error {
                        c.max_error = error;
                        c.worst = Some(sample(errors, None));
                    }
                }
                if over {
                    m.over_bound += 1;
                }
                if m.worst.is_none() || errors.ulps.abs() > m.max_error_ulps {
                    m.max_error_ulps = errors.ulps.abs();
                    m.worst = Some(sample(errors, None));
                }
            }
        }
    }
    m
}

/// An element's error in `limit`'s unit, and the largest that passes: the limit plus the
/// reference's own error ([`REFERENCE_ERROR_ULPS`] of the format's ulp at the reference).
fn clause_error(format: FloatFormat, limit: Limit, errors: Errors, reference: f64) -> (f64, f64) {
    let margin = REFERENCE_ERROR_ULPS * format.ulp_at(reference);
    match limit {
        Limit::Ulps { ulps } => (errors.ulps.abs(), ulps + REFERENCE_ERROR_ULPS),
        Limit::Absolute { exponent } => (errors.absolute, 2f64.powf(exponent) + margin),
        Limit::Relative { exponent } => (
            errors.relative,
            2f64.powf(exponent) + margin / relative_scale(format, reference),
        ),
    }
}

/// What a relative error is relative to: |reference|, but at least the smallest normal number.
fn relative_scale(format: FloatFormat, reference: f64) -> f64 {
    reference.abs().max(2f64.powi(format.min_exponent()))
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
        (Outcome::Error(x), Outcome::Error(y)) => x.ulps.abs() < y.ulps.abs(),
        (Outcome::Error(_), Outcome::Mismatch(_)) => true,
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
            EXACT
        } else {
            Outcome::Mismatch("NaN expected")
        };
    }
    if device.is_nan() {
        return Outcome::Mismatch("NaN where the result is a number");
    }
    if reference.is_infinite() {
        return if device == reference {
            EXACT
        } else {
            Outcome::Mismatch("infinity expected")
        };
    }
    if reference == 0.0 && device == 0.0 {
        return if reference.is_sign_negative() == device.is_sign_negative() {
            EXACT
        } else {
            Outcome::Mismatch("zero of the wrong sign")
        };
    }
    let smallest_normal = 2f64.powi(format.min_exponent());
    if subnormals == Subnormals::MayFlush && device == 0.0 && reference.abs() < smallest_normal {
        return EXACT;
    }
    let ulps = ulp_error(format, device, reference);
    let absolute = if ulps == 0.0 {
        // Exact, or an infinity where the exact value rounds to it.
        0.0
    } else {
        (device - reference).abs()
    };
    Outcome::Error(Errors {
        ulps,
        absolute,
        relative: absolute / relative_scale(format, reference),
    })
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
    use speclint_base::probe::reference::by_name;

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
            &[Clause::all(Limit::Ulps { ulps: 2.0 })],
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
            &[],
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
            &[Clause::all(Limit::Ulps { ulps: 0.5 })],
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
            &[Clause::all(Limit::Ulps { ulps: 2.0 })],
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
            &[],
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
            &[],
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
            &[],
        );
        assert!(kept.max_error_ulps > 1e6);
        let flush = measure(
            FloatFormat::F32,
            sqrt,
            &inputs,
            &outputs,
            Subnormals::MayFlush,
            &[],
        );
        assert_eq!(flush.max_error_ulps, 0.0);
        assert_eq!(flush.special_mismatches, 0);
    }

    fn interval(low: f64, high: f64, text: &str) -> speclint_base::probe::bound::Interval {
        speclint_base::probe::bound::Interval {
            low,
            high,
            low_open: false,
            high_open: false,
            text: text.to_string(),
        }
    }

    fn absolute(exponent: f64, low: f64, high: f64) -> Clause {
        Clause {
            limit: Limit::Absolute { exponent },
            domain: speclint_base::probe::bound::Domain::Within(vec![interval(low, high, "")]),
        }
    }

    #[test]
    fn absolute_errors_are_judged_over_their_ranges_only() {
        use std::f64::consts::PI;
        let sin = by_name("sin").unwrap();
        let clauses = [
            absolute(-20.5, -2.0 * PI, 2.0 * PI),
            absolute(-14.7, -100.0 * PI, 100.0 * PI),
        ];
        let xs = [1.0f32, -3.0, 100.0, 1e6, f32::INFINITY];
        let inputs = vec![f32_bits(&xs)];
        let off = |x: f32, e: i32| ((x as f64).sin() + 2f64.powi(e)) as f32;
        let run = |outputs: &[f32]| {
            measure(
                FloatFormat::F32,
                sin,
                &inputs,
                &f32_bits(outputs),
                Subnormals::Kept,
                &clauses,
            )
        };
        // 2^-21 off within [-2pi, 2pi], 2^-15 off at 100, garbage at 1e6: within the bound.
        let good = run(&[
            off(1.0, -21),
            off(-3.0, -21),
            off(100.0, -15),
            5.0,
            f32::NAN,
        ]);
        assert_eq!(good.clauses[0].inputs, 2);
        assert_eq!(good.clauses[1].inputs, 3);
        assert_eq!(good.clauses[0].over + good.clauses[1].over, 0);
        let worst = good.clauses[1].worst.as_ref().unwrap();
        assert_eq!(worst.index, 2);
        assert!((good.clauses[1].max_error.log2() + 15.0).abs() < 0.1);
        // 2^-21 give or take the f32 rounding of the result (2^-25 at most).
        assert!((good.clauses[0].max_error.log2() + 21.0).abs() < 0.1);
        // 1e6 and infinity (whose NaN is right) are outside every range: measured apart.
        assert_eq!(good.outside, 2);
        assert_eq!(good.outside_worst.as_ref().unwrap().index, 3);
        assert!(good.outside_worst.as_ref().unwrap().error_absolute > 4.0);
        assert_eq!(good.over_bound, 0);
        assert_eq!(good.special_mismatches, 0);
        assert!(good.max_error_ulps < 1e6, "{}", good.max_error_ulps);
        // 2^-19 off at 1 breaks the first clause (not the second); 2^-14 at 100 the second.
        let bad = run(&[
            off(1.0, -19),
            off(-3.0, -21),
            off(100.0, -14),
            5.0,
            f32::NAN,
        ]);
        assert_eq!(bad.clauses[0].over, 1);
        assert_eq!(bad.clauses[1].over, 1);
        assert_eq!(bad.over_bound, 2);
        // A NaN for a finite sine outside the ranges is not judged; for infinity a number is.
        let nan = run(&[
            off(1.0, -21),
            off(-3.0, -21),
            off(100.0, -15),
            f32::NAN,
            0.5,
        ]);
        assert_eq!(nan.outside_mismatches, 1);
        assert_eq!(nan.special_mismatches, 1);
        assert_eq!(nan.mismatch_examples[0].index, 4);
    }

    #[test]
    fn relative_errors_scale_with_the_result_down_to_the_smallest_normal() {
        let exp2 = by_name("exp2").unwrap();
        let rel = [Clause::all(Limit::Relative { exponent: -9.9 })];
        // f16: 2^-20 is a subnormal result (spacing 2^-24); one spacing off is 2^-10 of the
        // smallest normal, within 2^-9.9. 16 overflows: infinity is the rounded result.
        let xs: Vec<u32> = [-20.0, 3.5, 16.0, -30.0]
            .iter()
            .map(|&x: &f64| f16_bits(x))
            .collect();
        let outputs = |near_11_3: f64| {
            vec![
                f16_bits(2f64.powi(-20) + 2f64.powi(-24)),
                f16_bits(near_11_3),
                0x7c00,
                0,
            ]
        };
        let m = measure(
            FloatFormat::F16,
            exp2,
            std::slice::from_ref(&xs),
            &outputs(2f64.powf(3.5)),
            Subnormals::Kept,
            &rel,
        );
        assert_eq!(m.clauses[0].inputs, 4);
        assert_eq!(m.clauses[0].over, 0, "{:?}", m.clauses[0]);
        assert!((m.clauses[0].max_error - 2f64.powi(-10)).abs() < 1e-12);
        // 11.3137 given as 11.3125 + 2 * 2^-7 = 11.328: relative error 2^-9.6, beyond.
        let m = measure(
            FloatFormat::F16,
            exp2,
            &[xs],
            &outputs(11.328125),
            Subnormals::Kept,
            &rel,
        );
        assert_eq!(m.clauses[0].over, 1);
        assert_eq!(m.clauses[0].worst.as_ref().unwrap().index, 1);
        assert!(m.clauses[0].max_error > 2f64.powf(-9.9));
    }

    /// The f16 bit pattern nearest `value` (positive, finite, within range), by search.
    fn f16_bits(value: f64) -> u32 {
        let (negative, magnitude) = (value < 0.0, value.abs());
        let mut bits = (0..0x7c00u32)
            .min_by(|&a, &b| {
                let da = (FloatFormat::F16.to_f64(a) - magnitude).abs();
                let db = (FloatFormat::F16.to_f64(b) - magnitude).abs();
                da.total_cmp(&db)
            })
            .unwrap();
        if negative {
            bits |= 0x8000;
        }
        bits
    }
}
