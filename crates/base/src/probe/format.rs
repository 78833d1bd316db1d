//! The floating-point formats a probe measures (binary16 and binary32), by their bit patterns:
//! decoding to double, the size of an ulp, and C99's `%a` spelling for reports.

use std::fmt::Write as _;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FloatFormat {
    F16,
    F32,
}

impl FloatFormat {
    pub fn name(self) -> &'static str {
        match self {
            FloatFormat::F16 => "f16",
            FloatFormat::F32 => "f32",
        }
    }

    pub fn bits(self) -> u32 {
        match self {
            FloatFormat::F16 => 16,
            FloatFormat::F32 => 32,
        }
    }

    /// Significand digits, the hidden bit included.
    pub fn mantissa_digits(self) -> i32 {
        match self {
            FloatFormat::F16 => 11,
            FloatFormat::F32 => 24,
        }
    }

    /// The exponent of the smallest normal number.
    pub fn min_exponent(self) -> i32 {
        match self {
            FloatFormat::F16 => -14,
            FloatFormat::F32 => -126,
        }
    }

    /// The exponent of the largest finite number.
    pub fn max_exponent(self) -> i32 {
        match self {
            FloatFormat::F16 => 15,
            FloatFormat::F32 => 127,
        }
    }

    fn exponent_bits(self) -> u32 {
        match self {
            FloatFormat::F16 => 5,
            FloatFormat::F32 => 8,
        }
    }

    fn fraction_bits(self) -> u32 {
        self.mantissa_digits() as u32 - 1
    }

    pub fn sign_mask(self) -> u32 {
        1 << (self.bits() - 1)
    }

    fn exponent_mask(self) -> u32 {
        ((1 << self.exponent_bits()) - 1) << self.fraction_bits()
    }

    fn fraction_mask(self) -> u32 {
        (1 << self.fraction_bits()) - 1
    }

    /// The value of a bit pattern, exactly (every f16 and f32 is a double; a NaN stays NaN).
    pub fn to_f64(self, bits: u32) -> f64 {
        match self {
            FloatFormat::F32 => f32::from_bits(bits) as f64,
            FloatFormat::F16 => {
                let negative = bits & 0x8000 != 0;
                let exponent = ((bits >> 10) & 0x1f) as i32;
                let fraction = (bits & 0x3ff) as f64;
                let magnitude = match exponent {
                    0 => fraction * 2f64.powi(-24),
                    31 if fraction == 0.0 => f64::INFINITY,
                    // A NaN keeps its sign (copysign reads it) and its payload, and is made
                    // quiet, as converting an f32 does: OpenCL need not support signalling
                    // NaNs, and libm answers pow(sNaN, 0) with NaN rather than 1.
                    31 => f64::from_bits(0x7ff8_0000_0000_0000 | ((bits as u64 & 0x3ff) << 42)),
                    e => (1024.0 + fraction) * 2f64.powi(e - 25),
                };
                if negative {
                    -magnitude
                } else {
                    magnitude
                }
            }
        }
    }

    pub fn is_nan(self, bits: u32) -> bool {
        bits & self.exponent_mask() == self.exponent_mask() && bits & self.fraction_mask() != 0
    }

    pub fn is_subnormal(self, bits: u32) -> bool {
        bits & self.exponent_mask() == 0 && bits & self.fraction_mask() != 0
    }

    /// Zero, infinity or NaN.
    pub fn is_special(self, bits: u32) -> bool {
        let exponent = bits & self.exponent_mask();
        exponent == self.exponent_mask() || (exponent == 0 && bits & self.fraction_mask() == 0)
    }

    /// A bit pattern with its sign, exponent and fraction fields.
    pub fn compose(self, negative: bool, biased_exponent: u32, fraction: u32) -> u32 {
        (if negative { self.sign_mask() } else { 0 })
            | (biased_exponent << self.fraction_bits()) & self.exponent_mask()
            | fraction & self.fraction_mask()
    }

    pub fn exponent_bias(self) -> i32 {
        self.max_exponent()
    }

    /// The size of one ulp at `value` (taken as the ulp of the binade `value` lies in, the
    /// upper one at a power of two, and the subnormal spacing below the normal range).
    pub fn ulp_at(self, value: f64) -> f64 {
        let exponent = if value == 0.0 || !value.is_finite() {
            self.min_exponent()
        } else {
            binade(value).max(self.min_exponent())
        };
        2f64.powi(exponent - (self.mantissa_digits() - 1))
    }

    /// C99's `%a` spelling of a bit pattern: `0x1.921fb6p+1`, `-0x0.000002p-126`, `inf`, `nan`.
    pub fn hex(self, bits: u32) -> String {
        let value = self.to_f64(bits);
        let sign = if bits & self.sign_mask() != 0 {
            "-"
        } else {
            ""
        };
        if value.is_nan() {
            return format!("{sign}nan");
        }
        if value.is_infinite() {
            return format!("{sign}inf");
        }
        let fraction_bits = self.fraction_bits();
        // Hex digits hold the fraction shifted left to a multiple of 4 bits.
        let digits = fraction_bits.div_ceil(4);
        let fraction = (bits & self.fraction_mask()) << (digits * 4 - fraction_bits);
        let biased = (bits & self.exponent_mask()) >> fraction_bits;
        let (lead, exponent) = match biased {
            0 if fraction == 0 => (0, 0),
            0 => (0, self.min_exponent()),
            e => (1, e as i32 - self.exponent_bias()),
        };
        let mut out = format!("{sign}0x{lead}.");
        let _ = write!(out, "{:0width$x}", fraction, width = digits as usize);
        let _ = write!(out, "p{exponent:+}");
        out
    }
}

/// floor(log2(|value|)) of a finite non-zero double, exactly.
fn binade(value: f64) -> i32 {
    let bits = value.to_bits();
    let biased = ((bits >> 52) & 0x7ff) as i32;
    if biased == 0 {
        // A double subnormal: far below any probed format's range.
        -1075
    } else {
        biased - 1023
    }
}

#[cfg(test)]
mod tests {
    use super::FloatFormat::{F16, F32};

    #[test]
    fn f16_decodes_every_class() {
        assert_eq!(F16.to_f64(0x3c00), 1.0);
        assert_eq!(F16.to_f64(0xc000), -2.0);
        assert_eq!(F16.to_f64(0x7bff), 65504.0);
        assert_eq!(F16.to_f64(0x0001), 2f64.powi(-24));
        assert_eq!(F16.to_f64(0x0400), 2f64.powi(-14));
        assert_eq!(F16.to_f64(0xfc00), f64::NEG_INFINITY);
        assert!(F16.to_f64(0x7e00).is_nan());
        assert_eq!(F16.to_f64(0x8000).to_bits(), (-0.0f64).to_bits());
        assert!(F16.to_f64(0xfe00).is_nan() && F16.to_f64(0xfe00).is_sign_negative());
        assert!(F16.to_f64(0x7e00).is_sign_positive());
        assert!(F32.to_f64(0xffc0_0000).is_sign_negative());
        // Signalling NaNs arrive quiet, from either format.
        let quiet = |v: f64| v.to_bits() & (1 << 51) != 0;
        assert!(quiet(F16.to_f64(0x7d00)) && quiet(F32.to_f64(0x7fa0_0000)));
        for bits in 0..=0xffffu32 {
            let v = F16.to_f64(bits);
            assert_eq!(F16.is_nan(bits), v.is_nan(), "{bits:#x}");
            assert_eq!(F16.is_subnormal(bits), v != 0.0 && v.abs() < 2f64.powi(-14));
        }
    }

    #[test]
    fn ulp_is_the_binade_spacing_and_the_subnormal_spacing_below() {
        assert_eq!(F32.ulp_at(1.0), 2f64.powi(-23));
        assert_eq!(F32.ulp_at(1.999), 2f64.powi(-23));
        assert_eq!(F32.ulp_at(0.75), 2f64.powi(-24));
        assert_eq!(F32.ulp_at(1e-40), 2f64.powi(-149));
        assert_eq!(F32.ulp_at(0.0), 2f64.powi(-149));
        assert_eq!(F16.ulp_at(1000.0), 0.5);
        assert_eq!(F16.ulp_at(1e-7), 2f64.powi(-24));
    }

    #[test]
    fn hex_spells_like_c99_percent_a() {
        assert_eq!(F32.hex(0x4049_0fdb), "0x1.921fb6p+1");
        assert_eq!(F32.hex(0x3f80_0000), "0x1.000000p+0");
        assert_eq!(F32.hex(0x8000_0001), "-0x0.000002p-126");
        assert_eq!(F32.hex(0x0000_0000), "0x0.000000p+0");
        assert_eq!(F32.hex(0xff80_0000), "-inf");
        assert_eq!(F16.hex(0x3c01), "0x1.004p+0");
        assert_eq!(F16.hex(0x7e00), "nan");
    }
}
