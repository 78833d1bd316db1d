//! The host reference: each probed function evaluated in double precision by the C library's
//! `libm` (glibc on Linux, which Rust's `f64` methods call), on the probe's exact inputs.
//!
//! Why double and not an arbitrary-precision library: the probed results are f32 or f16, whose
//! ulp is 2^29 (or 2^42) times coarser than a double's. glibc documents its double functions
//! within a few double ulps ("Errors in Math Functions"), so the reference stays within
//! [`REFERENCE_ERROR_ULPS`] of the exact value in the probed type's ulps: the measured error is
//! the device's to 7 decimal places, and a correctly rounded result measures at most 0.5 ulp
//! plus that. This is the OpenCL conformance tests' method too. Doubles themselves cannot be
//! probed this way (the reference would be as coarse as the result), so they are refused.
//!
//! Functions libm lacks (`rsqrt`, the `*pi` family, `powr`, `degrees`...) are built from
//! correctly rounded double steps around one libm call, with an exact argument reduction where
//! a rounded one would lose the result (`sinpi` near an integer).

use std::f64::consts::PI;

/// The reference's own error, in ulps of the (f32 or f16) result, that a verdict allows on top
/// of the bound: a few double ulps, rounded far up.
pub const REFERENCE_ERROR_ULPS: f64 = 1.0 / (1u64 << 24) as f64;

unsafe extern "C" {
    fn erf(x: f64) -> f64;
    fn erfc(x: f64) -> f64;
    fn tgamma(x: f64) -> f64;
    fn exp10(x: f64) -> f64;
    fn asinh(x: f64) -> f64;
    fn acosh(x: f64) -> f64;
    fn atanh(x: f64) -> f64;
    fn logb(x: f64) -> f64;
    fn remainder(x: f64, y: f64) -> f64;
    fn fdim(x: f64, y: f64) -> f64;
    fn ldexp(x: f64, k: i32) -> f64;
}

/// What an argument is: a float of the probed format, or a 32-bit integer (`ldexp`'s k).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum ArgKind {
    Float,
    Int,
}

/// A function the probe can compute on the host, by its mathematical name (each language maps
/// its instruction to one: OpenCL.std `sin`, PTX `sin.approx.f32` ...).
#[derive(Clone, Copy, Debug)]
pub enum MathFunction {
    Unary(fn(f64) -> f64),
    Binary(fn(f64, f64) -> f64),
    Ternary(fn(f64, f64, f64) -> f64),
    /// A float and an integer.
    FloatInt(fn(f64, i32) -> f64),
}

impl MathFunction {
    pub fn arg_kinds(self) -> &'static [ArgKind] {
        use ArgKind::{Float, Int};
        match self {
            MathFunction::Unary(_) => &[Float],
            MathFunction::Binary(_) => &[Float, Float],
            MathFunction::Ternary(_) => &[Float, Float, Float],
            MathFunction::FloatInt(_) => &[Float, Int],
        }
    }

    pub fn arity(self) -> usize {
        self.arg_kinds().len()
    }

    /// `args` has [`Self::arity`] values; an integer argument is given as its (exact) value.
    pub fn eval(self, args: &[f64]) -> f64 {
        match self {
            MathFunction::Unary(f) => f(args[0]),
            MathFunction::Binary(f) => f(args[0], args[1]),
            MathFunction::Ternary(f) => f(args[0], args[1], args[2]),
            MathFunction::FloatInt(f) => f(args[0], args[1] as i32),
        }
    }
}

/// The reference of a function by its C / OpenCL name, `None` when it has none.
pub fn by_name(name: &str) -> Option<MathFunction> {
    use MathFunction::{Binary, FloatInt, Ternary, Unary};
    Some(match name {
        "sin" => Unary(f64::sin),
        "cos" => Unary(f64::cos),
        "tan" => Unary(f64::tan),
        "asin" => Unary(f64::asin),
        "acos" => Unary(f64::acos),
        "atan" => Unary(f64::atan),
        "sinh" => Unary(f64::sinh),
        "cosh" => Unary(f64::cosh),
        "tanh" => Unary(f64::tanh),
        "asinh" => Unary(|x| unsafe { asinh(x) }),
        "acosh" => Unary(|x| unsafe { acosh(x) }),
        "atanh" => Unary(|x| unsafe { atanh(x) }),
        "sinpi" => Unary(sinpi),
        "cospi" => Unary(cospi),
        "tanpi" => Unary(tanpi),
        "asinpi" => Unary(|x| x.asin() / PI),
        "acospi" => Unary(|x| x.acos() / PI),
        "atanpi" => Unary(|x| x.atan() / PI),
        "exp" => Unary(f64::exp),
        "exp2" => Unary(f64::exp2),
        "exp10" => Unary(|x| unsafe { exp10(x) }),
        "expm1" => Unary(f64::exp_m1),
        "log" => Unary(f64::ln),
        "log2" => Unary(f64::log2),
        "log10" => Unary(f64::log10),
        "log1p" => Unary(f64::ln_1p),
        "logb" => Unary(|x| unsafe { logb(x) }),
        "sqrt" => Unary(f64::sqrt),
        "rsqrt" => Unary(|x| 1.0 / x.sqrt()),
        "cbrt" => Unary(f64::cbrt),
        "erf" => Unary(|x| unsafe { erf(x) }),
        "erfc" => Unary(|x| unsafe { erfc(x) }),
        "tgamma" => Unary(|x| unsafe { tgamma(x) }),
        "fabs" => Unary(f64::abs),
        "floor" => Unary(f64::floor),
        "ceil" => Unary(f64::ceil),
        "trunc" => Unary(f64::trunc),
        "round" => Unary(f64::round),
        "rint" => Unary(f64::round_ties_even),
        "degrees" => Unary(|x| x * (180.0 / PI)),
        "radians" => Unary(|x| x * (PI / 180.0)),
        // The arithmetic operations (Tile IR's addf, subf, mulf, divf): a double holds the
        // product of two f32 exactly and the others within half a double ulp.
        "add" => Binary(|x, y| x + y),
        "subtract" => Binary(|x, y| x - y),
        "multiply" => Binary(|x, y| x * y),
        "divide" => Binary(|x, y| x / y),
        "atan2" => Binary(f64::atan2),
        "atan2pi" => Binary(|y, x| y.atan2(x) / PI),
        "pow" => Binary(f64::powf),
        "powr" => Binary(powr),
        "hypot" => Binary(f64::hypot),
        "fmod" => Binary(|x, y| x % y),
        "remainder" => Binary(|x, y| unsafe { remainder(x, y) }),
        "fdim" => Binary(|x, y| unsafe { fdim(x, y) }),
        "copysign" => Binary(f64::copysign),
        "fma" => Ternary(f64::mul_add),
        "ldexp" => FloatInt(|x, k| unsafe { ldexp(x, k) }),
        "pown" => FloatInt(|x, n| x.powf(n as f64)),
        "rootn" => FloatInt(rootn),
        _ => return None,
    })
}

/// `x - 2k` for the integer `k` nearest `x / 2`: exact for any f32 or f16 `x`, in [-1, 1].
fn reduce_half_turns(x: f64) -> f64 {
    x - 2.0 * (x / 2.0).round()
}

/// sin(πx), reduced exactly to |r| <= 1/2 before the one rounded multiplication by π.
fn sinpi(x: f64) -> f64 {
    if !x.is_finite() {
        return f64::NAN;
    }
    let r = reduce_half_turns(x);
    // sin(π(1 - r)) = sin(πr); 1 - r is exact for |r| in [1/2, 1].
    let r = if r > 0.5 {
        1.0 - r
    } else if r < -0.5 {
        -1.0 - r
    } else {
        r
    };
    // sinpi(n) is +0 for positive integers n and -0 for negative ones (the sign of x).
    if r == 0.0 {
        return 0.0f64.copysign(x);
    }
    (PI * r).sin()
}

fn cospi(x: f64) -> f64 {
    if !x.is_finite() {
        return f64::NAN;
    }
    let r = reduce_half_turns(x).abs();
    // cos(πr) = sin(π(1/2 - r)); 1/2 - r is exact where the result is small (Sterbenz).
    let s = sinpi(0.5 - r);
    // cospi(n + 1/2) is +0.
    if s == 0.0 {
        0.0
    } else {
        s
    }
}

fn tanpi(x: f64) -> f64 {
    if !x.is_finite() {
        return f64::NAN;
    }
    let r = reduce_half_turns(x);
    let (s, c) = (sinpi(r), cospi(r));
    if c == 0.0 {
        // tanpi(n + 1/2): +inf for even n, -inf for odd n.
        let n = (x - 0.5).round();
        return if n.rem_euclid(2.0) == 0.0 {
            f64::INFINITY
        } else {
            f64::NEG_INFINITY
        };
    }
    if s == 0.0 {
        // tanpi(n) is ±0: +0 for even n ≥ 0, sign alternating with n and the sign of x.
        let n = x.round();
        let odd = n.rem_euclid(2.0) == 1.0;
        return if odd {
            (-0.0f64).copysign(-x)
        } else {
            0.0f64.copysign(x)
        };
    }
    s / c
}

/// x^(1/n) (OpenCL's rootn): exact steps for n = ±1, ±2, ±3; otherwise 1/n is rounded once,
/// which moves the result by at most |ln x| / |n| · 2^-53 relatively: 103/5 · 2^-53 at worst
/// (x = 2^-149, n = 5), 4e-8 ulp of f32, within [`REFERENCE_ERROR_ULPS`].
fn rootn(x: f64, n: i32) -> f64 {
    let odd = n % 2 != 0;
    if n == 0 || x.is_nan() || (x < 0.0 && !odd) {
        return f64::NAN;
    }
    if x == 0.0 {
        // ±0 keeps its sign for odd n; even n gives +0 or +inf.
        let sign = if odd { x } else { 1.0 };
        return if n > 0 {
            0.0f64.copysign(sign)
        } else {
            f64::INFINITY.copysign(sign)
        };
    }
    let magnitude = match n.unsigned_abs() {
        1 => x.abs(),
        2 => x.abs().sqrt(),
        3 => x.abs().cbrt(),
        m => x.abs().powf(1.0 / m as f64),
    };
    let magnitude = if n < 0 { 1.0 / magnitude } else { magnitude };
    magnitude.copysign(x)
}

/// OpenCL's powr: pow restricted to x >= 0, with its own special values (env spec, Additional
/// Requirements Beyond ISO/IEC 9899:TC2).
fn powr(x: f64, y: f64) -> f64 {
    if x.is_nan() || y.is_nan() || x < 0.0 {
        return f64::NAN;
    }
    let zero_x = x == 0.0;
    if ((zero_x || x.is_infinite()) && y == 0.0) || (x == 1.0 && y.is_infinite()) {
        return f64::NAN;
    }
    if zero_x {
        return if y < 0.0 { f64::INFINITY } else { 0.0 };
    }
    x.powf(y)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn eval(name: &str, args: &[f64]) -> f64 {
        by_name(name).unwrap().eval(args)
    }

    #[test]
    fn libm_and_built_references_agree_with_known_values() {
        assert!((eval("exp10", &[3.0]) - 1000.0).abs() < 1e-12);
        assert_eq!(eval("rsqrt", &[0.25]), 2.0);
        assert_eq!(eval("cbrt", &[-27.0]), -3.0);
        assert!((eval("erf", &[1.0]) - 0.842_700_792_949_714_9).abs() < 1e-15);
        assert_eq!(eval("fma", &[2.0, 3.0, 1.0]), 7.0);
        assert_eq!(eval("atan2pi", &[1.0, -1.0]), 0.75);
        assert!(by_name("lgamma").is_none());
    }

    #[test]
    fn sinpi_is_exact_at_integers_and_keeps_precision_near_them() {
        assert_eq!(sinpi(3.0).to_bits(), 0.0f64.to_bits());
        assert_eq!(sinpi(-4.0).to_bits(), (-0.0f64).to_bits());
        assert_eq!(sinpi(0.5), 1.0);
        assert_eq!(sinpi(-1.5), 1.0);
        // sin(π(2^20 + 2^-4)) = sin(π/16): a rounded πx would be off in the 4th digit.
        let x = 1048576.0625f64;
        assert!((sinpi(x) - (PI / 16.0).sin()).abs() < 1e-16);
        assert!(sinpi(f64::INFINITY).is_nan());
    }

    #[test]
    fn cospi_and_tanpi_special_values() {
        assert_eq!(cospi(0.0), 1.0);
        assert_eq!(cospi(2.5).to_bits(), 0.0f64.to_bits());
        assert_eq!(cospi(1.0), -1.0);
        assert_eq!(tanpi(0.5), f64::INFINITY);
        assert_eq!(tanpi(1.5), f64::NEG_INFINITY);
        assert!((tanpi(0.25) - 1.0).abs() < 1e-15);
        assert_eq!(tanpi(2.0).to_bits(), 0.0f64.to_bits());
        assert_eq!(tanpi(-2.0).to_bits(), (-0.0f64).to_bits());
        assert_eq!(tanpi(1.0).to_bits(), (-0.0f64).to_bits());
        assert_eq!(tanpi(-1.0).to_bits(), 0.0f64.to_bits());
    }

    #[test]
    fn integer_argument_functions() {
        assert_eq!(eval("ldexp", &[3.0, 4.0]), 48.0);
        assert_eq!(eval("ldexp", &[1.0, -1074.0]), f64::from_bits(1));
        assert_eq!(eval("pown", &[-2.0, 3.0]), -8.0);
        assert_eq!(eval("pown", &[f64::NAN, 0.0]), 1.0);
        assert_eq!(eval("rootn", &[-27.0, 3.0]), -3.0);
        assert_eq!(eval("rootn", &[16.0, -4.0]), 0.5);
        assert!(eval("rootn", &[-16.0, 4.0]).is_nan());
        assert!(eval("rootn", &[2.0, 0.0]).is_nan());
        assert_eq!(eval("rootn", &[-0.0, -3.0]), f64::NEG_INFINITY);
        assert_eq!(eval("rootn", &[-0.0, -2.0]), f64::INFINITY);
        assert_eq!(eval("rootn", &[-0.0, 2.0]).to_bits(), 0.0f64.to_bits());
        assert_eq!(eval("rootn", &[-0.0, 5.0]).to_bits(), (-0.0f64).to_bits());
        assert_eq!(
            by_name("ldexp").unwrap().arg_kinds(),
            [ArgKind::Float, ArgKind::Int]
        );
    }

    #[test]
    fn powr_follows_the_opencl_special_values() {
        assert!(powr(-2.0, 2.0).is_nan());
        assert!(powr(0.0, 0.0).is_nan());
        assert!(powr(f64::INFINITY, 0.0).is_nan());
        assert!(powr(1.0, f64::INFINITY).is_nan());
        assert_eq!(powr(-0.0, -3.0), f64::INFINITY);
        assert_eq!(powr(-0.0, 3.0).to_bits(), 0.0f64.to_bits());
        assert_eq!(powr(2.0, 10.0), 1024.0);
        assert_eq!(powr(5.0, 0.0), 1.0);
    }
}
