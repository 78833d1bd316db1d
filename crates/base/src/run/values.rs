//! Scalars as bytes: reading a literal into a type's little-endian encoding, and reading an
//! element back for the report. Half precision is converted here (round to nearest even), as
//! no dependency is needed for it.

use crate::run::kernel::ScalarType;

/// The little-endian bytes of `text` as a `ty`: integers in decimal or `0x` hex (negative ones
/// in two's complement), floats in any form Rust reads (`1.5`, `-2e-3`, `inf`, `nan`), or a
/// raw bit pattern `0x…` for a float.
pub fn encode_literal(text: &str, ty: ScalarType) -> Result<Vec<u8>, String> {
    let text = text.trim();
    if ty.is_float() {
        if let Some(hex) = text.strip_prefix("0x").or_else(|| text.strip_prefix("0X")) {
            let bits = u64::from_str_radix(hex, 16)
                .map_err(|_| format!("`{text}` is not a hexadecimal bit pattern"))?;
            return bits_to_bytes(bits, ty.size(), text, ty);
        }
        let value: f64 = text
            .parse()
            .map_err(|_| format!("`{text}` is not a number (a {ty} is expected)"))?;
        return Ok(encode_float(value, ty));
    }
    let (negative, digits) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text.strip_prefix('+').unwrap_or(text)),
    };
    let magnitude = match digits
        .strip_prefix("0x")
        .or_else(|| digits.strip_prefix("0X"))
    {
        Some(hex) => u64::from_str_radix(hex, 16),
        None => digits.parse::<u64>(),
    }
    .map_err(|_| format!("`{text}` is not an integer (a {ty} is expected)"))?;
    let bits = ty.size() as u32 * 8;
    let fits = if negative {
        ty.is_signed() && magnitude <= 1u64 << (bits - 1)
    } else if ty.is_signed() {
        magnitude < 1u64 << (bits - 1)
    } else {
        bits == 64 || magnitude < 1u64 << bits
    };
    if !fits {
        return Err(format!("`{text}` does not fit in a {ty}"));
    }
    let value = if negative {
        magnitude.wrapping_neg()
    } else {
        magnitude
    };
    Ok(value.to_le_bytes()[..ty.size()].to_vec())
}

fn bits_to_bytes(bits: u64, size: usize, text: &str, ty: ScalarType) -> Result<Vec<u8>, String> {
    if size < 8 && bits >> (size * 8) != 0 {
        return Err(format!("`{text}` has more bits than a {ty}"));
    }
    Ok(bits.to_le_bytes()[..size].to_vec())
}

/// `value` rounded to `ty` (a float type), little-endian.
pub fn encode_float(value: f64, ty: ScalarType) -> Vec<u8> {
    match ty {
        ScalarType::F64 => value.to_le_bytes().to_vec(),
        ScalarType::F32 => (value as f32).to_le_bytes().to_vec(),
        ScalarType::F16 => f64_to_f16_bits(value).to_le_bytes().to_vec(),
        ScalarType::Bf16 => f32_to_bf16_bits(value as f32).to_le_bytes().to_vec(),
        _ => encode_int(value as i64 as u64, ty),
    }
}

/// The low `ty.size()` bytes of `value`.
pub fn encode_int(value: u64, ty: ScalarType) -> Vec<u8> {
    value.to_le_bytes()[..ty.size()].to_vec()
}

/// Element `bytes` (exactly `ty.size()` of them) as a number, for min and max.
pub fn element_value(bytes: &[u8], ty: ScalarType) -> f64 {
    let raw = raw_bits(bytes);
    match ty {
        ScalarType::F64 => f64::from_bits(raw),
        ScalarType::F32 => f32::from_bits(raw as u32) as f64,
        ScalarType::F16 => f16_bits_to_f64(raw as u16),
        ScalarType::Bf16 => f32::from_bits((raw as u32) << 16) as f64,
        _ if ty.is_signed() => sign_extend(raw, ty) as f64,
        _ => raw as f64,
    }
}

/// Element `bytes` as the report writes it: integers exactly, floats in Rust's shortest
/// round-tripping form for their own width.
pub fn format_element(bytes: &[u8], ty: ScalarType) -> String {
    let raw = raw_bits(bytes);
    match ty {
        ScalarType::F64 => format!("{}", f64::from_bits(raw)),
        ScalarType::F32 => format!("{}", f32::from_bits(raw as u32)),
        ScalarType::F16 | ScalarType::Bf16 => format!("{}", element_value(bytes, ty) as f32),
        _ if ty.is_signed() => sign_extend(raw, ty).to_string(),
        _ => raw.to_string(),
    }
}

fn raw_bits(bytes: &[u8]) -> u64 {
    let mut word = [0u8; 8];
    word[..bytes.len().min(8)].copy_from_slice(&bytes[..bytes.len().min(8)]);
    u64::from_le_bytes(word)
}

fn sign_extend(raw: u64, ty: ScalarType) -> i64 {
    let shift = 64 - ty.size() as u32 * 8;
    ((raw << shift) as i64) >> shift
}

/// IEEE binary16 bits of `value`, rounded to nearest even (overflow to infinity, NaN kept
/// quiet).
pub fn f64_to_f16_bits(value: f64) -> u16 {
    let bits = value.to_bits();
    let sign = ((bits >> 48) & 0x8000) as u16;
    if value.is_nan() {
        return sign | 0x7e00;
    }
    let magnitude = value.abs();
    if magnitude >= 65520.0 {
        return sign | 0x7c00;
    }
    // Below the smallest normal (2^-14) the spacing is 2^-24: round there.
    if magnitude < f64::powi(2.0, -14) {
        let units = round_half_even(magnitude * f64::powi(2.0, 24));
        return sign | units as u16;
    }
    let exponent = ((bits >> 52) & 0x7ff) as i32 - 1023;
    let mantissa = bits & ((1u64 << 52) - 1);
    // 10 mantissa bits kept of 52: round the other 42 to nearest even.
    let mut kept = mantissa >> 42;
    let rest = mantissa & ((1u64 << 42) - 1);
    let half = 1u64 << 41;
    if rest > half || (rest == half && kept & 1 == 1) {
        kept += 1;
    }
    let mut biased = (exponent + 15) as u64;
    if kept == 1 << 10 {
        kept = 0;
        biased += 1;
    }
    if biased >= 31 {
        return sign | 0x7c00;
    }
    sign | ((biased as u16) << 10) | kept as u16
}

fn round_half_even(x: f64) -> f64 {
    let floor = x.floor();
    let diff = x - floor;
    if diff > 0.5 || (diff == 0.5 && floor % 2.0 != 0.0) {
        floor + 1.0
    } else {
        floor
    }
}

pub fn f16_bits_to_f64(bits: u16) -> f64 {
    let sign = if bits & 0x8000 != 0 { -1.0 } else { 1.0 };
    let exponent = ((bits >> 10) & 0x1f) as i32;
    let mantissa = (bits & 0x3ff) as f64;
    sign * match exponent {
        0 => mantissa * f64::powi(2.0, -24),
        31 if mantissa == 0.0 => f64::INFINITY,
        31 => f64::NAN,
        _ => (1.0 + mantissa / 1024.0) * f64::powi(2.0, exponent - 15),
    }
}

/// bfloat16 bits of `value`, rounded to nearest even.
pub fn f32_to_bf16_bits(value: f32) -> u16 {
    let bits = value.to_bits();
    if value.is_nan() {
        return ((bits >> 16) as u16) | 0x40;
    }
    let rounding = 0x7fff + ((bits >> 16) & 1);
    (bits.wrapping_add(rounding) >> 16) as u16
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integers_are_range_checked_and_twos_complement() {
        assert_eq!(
            encode_literal("-1", ScalarType::I16).unwrap(),
            vec![0xff, 0xff]
        );
        assert_eq!(
            encode_literal("0x10", ScalarType::U32).unwrap(),
            vec![16, 0, 0, 0]
        );
        assert_eq!(encode_literal("-128", ScalarType::I8).unwrap(), vec![0x80]);
        assert!(encode_literal("128", ScalarType::I8).is_err());
        assert!(encode_literal("-1", ScalarType::U32).is_err());
        assert!(encode_literal("256", ScalarType::U8).is_err());
        assert!(encode_literal("1.5", ScalarType::I32).is_err());
        assert_eq!(
            encode_literal("18446744073709551615", ScalarType::U64).unwrap(),
            vec![0xff; 8]
        );
    }

    #[test]
    fn floats_round_to_their_width() {
        assert_eq!(
            encode_literal("1.5", ScalarType::F32).unwrap(),
            1.5f32.to_le_bytes()
        );
        assert_eq!(f64_to_f16_bits(1.0), 0x3c00);
        assert_eq!(f64_to_f16_bits(65504.0), 0x7bff);
        assert_eq!(f64_to_f16_bits(65520.0), 0x7c00);
        assert_eq!(f64_to_f16_bits(f64::powi(2.0, -24)), 0x0001);
        assert_eq!(f64_to_f16_bits(-0.0), 0x8000);
        // 1 + 2^-11 is halfway between 1 and the next half: ties to even (1.0).
        assert_eq!(f64_to_f16_bits(1.0 + f64::powi(2.0, -11)), 0x3c00);
        assert_eq!(f64_to_f16_bits(1.0 + 3.0 * f64::powi(2.0, -11)), 0x3c02);
        for bits in (0u16..0x7c00).step_by(7) {
            assert_eq!(f64_to_f16_bits(f16_bits_to_f64(bits)), bits);
        }
        assert_eq!(f32_to_bf16_bits(1.0), 0x3f80);
        assert_eq!(
            encode_literal("0x3f800000", ScalarType::F32).unwrap(),
            1.0f32.to_le_bytes()
        );
    }

    #[test]
    fn elements_read_back() {
        assert_eq!(format_element(&[0xfe], ScalarType::I8), "-2");
        assert_eq!(format_element(&[0xfe], ScalarType::U8), "254");
        assert_eq!(
            format_element(&2.5f32.to_le_bytes(), ScalarType::F32),
            "2.5"
        );
        assert_eq!(
            element_value(&0x3c00u16.to_le_bytes(), ScalarType::F16),
            1.0
        );
    }
}
