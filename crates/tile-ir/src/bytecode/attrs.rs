//! Attribute values read from their text: dense constants (`<f32: [1.0, 2.0]>`), assume
//! predicates, optimization hints and reduce/scan identities, each written as the bytecode
//! stores it (constant-table data, or a tagged attribute).

use super::types::TypeTable;
use super::wire::{signed_varint, varint};
use super::Strings;

mod tag {
    pub const INTEGER: u8 = 0x01;
    pub const FLOAT: u8 = 0x02;
    pub const BOOL: u8 = 0x03;
    pub const DIV_BY: u8 = 0x08;
    pub const SAME_ELEMENTS: u8 = 0x09;
    pub const DICTIONARY: u8 = 0x0a;
    pub const OPTIMIZATION_HINTS: u8 = 0x0b;
    pub const BOUNDED: u8 = 0x0c;
}

/// A float format: exponent and mantissa widths, and whether the all-ones exponent is a
/// normal binade (the `FN` formats have no infinities).
#[derive(Clone, Copy)]
struct FloatFormat {
    exponent: u32,
    mantissa: u32,
    finite_only: bool,
}

fn float_format(elem: &str) -> Option<FloatFormat> {
    let (exponent, mantissa, finite_only) = match elem {
        "f16" => (5, 10, false),
        "bf16" => (8, 7, false),
        "tf32" => (8, 10, false),
        "f8E4M3FN" => (4, 3, true),
        "f8E5M2" => (5, 2, false),
        "f4E2M1FN" => (2, 1, true),
        // Unsigned: no sign bit, so only values from +0 up are written (element_bits).
        "fnv8E5M3FNU" => (5, 3, true),
        _ => return None,
    };
    Some(FloatFormat {
        exponent,
        mantissa,
        finite_only,
    })
}

/// Bytes per element in dense data.
pub fn element_bytes(elem: &str) -> Option<usize> {
    Some(match elem {
        "i1" | "i8" | "f8E4M3FN" | "f8E5M2" | "f8E8M0FNU" | "f4E2M1FN" | "fnv8E5M3FNU" | "i4" => 1,
        "i16" | "f16" | "bf16" => 2,
        "tf32" => 3,
        "i32" | "f32" => 4,
        "i64" | "f64" => 8,
        _ => return None,
    })
}

/// The bit pattern of `value` in a narrow float format, rounded to nearest even.
fn narrow_float(value: f64, f: FloatFormat) -> u64 {
    let sign = u64::from(value.is_sign_negative()) << (f.exponent + f.mantissa);
    let bias = (1i64 << (f.exponent - 1)) - 1;
    let all_ones = (1u64 << f.exponent) - 1;
    if value.is_nan() {
        return sign | (all_ones << f.mantissa) | ((1 << f.mantissa) - 1);
    }
    let magnitude = value.abs();
    if magnitude == 0.0 {
        return sign;
    }
    // Scale into units of the smallest subnormal, then round to an integer (ties to even).
    let (mut e, _) = (magnitude.log2().floor() as i64, 0);
    if e < 1 - bias {
        e = 1 - bias;
    }
    let unit = 2f64.powi((e - f.mantissa as i64) as i32);
    let scaled = magnitude / unit;
    let mut m = scaled.round() as u64;
    if (scaled - scaled.floor() - 0.5).abs() < f64::EPSILON && m % 2 == 1 {
        m -= 1; // a tie: to even
    }
    let mut biased = e + bias;
    if m >= 2 << f.mantissa {
        m >>= 1;
        biased += 1;
    }
    if m < 1 << f.mantissa {
        biased = 0; // subnormal
    }
    let max_biased = if f.finite_only {
        all_ones
    } else {
        all_ones - 1
    };
    if biased as u64 > max_biased {
        return sign | (all_ones << f.mantissa); // infinity (or NaN for FN formats)
    }
    sign | ((biased as u64) << f.mantissa) | (m & ((1 << f.mantissa) - 1))
}

/// One element of a constant as bits of `elem`'s width.
fn element_bits(elem: &str, word: &str) -> Result<u64, String> {
    let bad = || format!("cannot read `{word}` as {elem}");
    let (negative, digits) = match word.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, word),
    };
    if let Some(hex) = digits
        .strip_prefix("0x")
        .or_else(|| digits.strip_prefix("0X"))
    {
        let bits = u64::from_str_radix(hex, 16).map_err(|_| bad())?;
        return Ok(if negative { bits.wrapping_neg() } else { bits });
    }
    match word {
        "true" => return Ok(1),
        "false" => return Ok(0),
        _ => {}
    }
    if elem.starts_with('i') {
        let v: i128 = word.parse().map_err(|_| bad())?;
        return Ok(v as u64);
    }
    let value: f64 = match word {
        "inf" => f64::INFINITY,
        "-inf" => f64::NEG_INFINITY,
        "nan" => f64::NAN,
        _ => word.parse().map_err(|_| bad())?,
    };
    Ok(match elem {
        "f32" => u64::from((value as f32).to_bits()),
        "f64" => value.to_bits(),
        "f8E8M0FNU" => {
            // Exponent only: 2^(e - 127).
            (value.log2().round() as i64 + 127).clamp(0, 255) as u64
        }
        "fnv8E5M3FNU" if value < 0.0 => return Err(format!("{elem} has no sign: `{word}`")),
        "fnv8E5M3FNU" => narrow_float(value.abs(), float_format(elem).ok_or_else(bad)?),
        _ => narrow_float(value, float_format(elem).ok_or_else(bad)?),
    })
}

/// The elements of a literal (`1.0`, `[1, 2]`, `[[1, 2], [3, 4]]`), flattened.
fn literal_words(literal: &str) -> Vec<String> {
    literal
        .split(['[', ']', ','])
        .map(str::trim)
        .filter(|w| !w.is_empty())
        .map(str::to_string)
        .collect()
}

/// The data a `<ELEM: LITERAL>` constant stores: its elements little-endian (one element for
/// a splat); i1 lists packed eight to a byte.
pub fn dense_data(elem: &str, literal: &str) -> Result<Vec<u8>, String> {
    let width = element_bytes(elem).ok_or_else(|| format!("constants of {elem}"))?;
    let words = literal_words(literal);
    if words.is_empty() {
        return Err(format!("an empty constant `{literal}`"));
    }
    let bits: Vec<u64> = words
        .iter()
        .map(|w| element_bits(elem, w))
        .collect::<Result<_, _>>()?;
    let mut data = Vec::new();
    if elem == "i1" && bits.len() > 1 {
        for chunk in bits.chunks(8) {
            data.push(
                chunk
                    .iter()
                    .enumerate()
                    .fold(0u8, |byte, (i, b)| byte | (((b & 1) as u8) << i)),
            );
        }
        return Ok(data);
    }
    for b in bits {
        // An i1 splat is one byte of all ones or all zeros.
        let b = if elem == "i1" { (b & 1) * 0xff } else { b };
        data.extend_from_slice(&b.to_le_bytes()[..width]);
    }
    Ok(data)
}

/// Splits `<ELEM: LITERAL>` (or `dense<LITERAL>`, then `elem` from the type) into both parts.
pub fn split_constant(text: &str) -> Option<(&str, &str)> {
    let inner = text.trim().strip_prefix('<')?.strip_suffix('>')?;
    let (elem, literal) = inner.split_once(':')?;
    Some((elem.trim(), literal.trim()))
}

/// An integer attribute: tag, type, value masked to its width.
fn integer(
    types: &mut TypeTable,
    elem: &str,
    value: i128,
    out: &mut Vec<u8>,
) -> Result<(), String> {
    let bits = match elem {
        "i1" => 1,
        "i8" => 8,
        "i16" => 16,
        "i32" => 32,
        "i64" => 64,
        _ => return Err(format!("an integer of {elem}")),
    };
    out.push(tag::INTEGER);
    varint(types.element(elem).map_err(|e| e.0)?, out);
    varint((value as u64) & (u64::MAX >> (64 - bits)), out);
    Ok(())
}

/// `VALUE : TYPE` of an identity list (the type defaults to `fallback`).
pub fn identity(
    types: &mut TypeTable,
    text: &str,
    fallback: &str,
    out: &mut Vec<u8>,
) -> Result<(), String> {
    let (value, elem) = match text.split_once(':') {
        Some((v, t)) => (v.trim(), t.trim()),
        None => (text.trim(), fallback),
    };
    if elem.starts_with('i') {
        let bits = element_bits(elem, value)?;
        return integer(types, elem, bits as i64 as i128, out);
    }
    let bits = element_bits(elem, value)?;
    out.push(tag::FLOAT);
    varint(types.element(elem).map_err(|e| e.0)?, out);
    if element_bytes(elem) == Some(1) {
        out.push(bits as u8);
    } else {
        signed_varint(bits as i64, out);
    }
    Ok(())
}

/// The items of `[a, b]`, split at top-level commas.
pub fn top_level_items(list: &str) -> Vec<&str> {
    let inner = list.trim();
    let inner = inner
        .strip_prefix('[')
        .and_then(|s| s.strip_suffix(']'))
        .unwrap_or(inner);
    let mut items = Vec::new();
    let (mut depth, mut start) = (0i32, 0);
    for (i, c) in inner.char_indices() {
        match c {
            '[' | '<' | '{' | '(' => depth += 1,
            ']' | '>' | '}' | ')' => depth -= 1,
            ',' if depth == 0 => {
                items.push(inner[start..i].trim());
                start = i + 1;
            }
            _ => {}
        }
    }
    let last = inner[start..].trim();
    if !last.is_empty() {
        items.push(last);
    }
    items
}

/// `div_by<16>`, `div_by<1, every 16 along 0>`, `bounded<0, ?>`.
pub fn assume_predicate(text: &str, out: &mut Vec<u8>) -> Result<(), String> {
    let text = text.trim();
    let text = text.strip_prefix("#cuda_tile.").unwrap_or(text);
    let bad = || format!("assume predicate `{text}`");
    let (name, args) = text.split_once('<').ok_or_else(bad)?;
    let args = args.strip_suffix('>').ok_or_else(bad)?;
    let parts: Vec<&str> = args.split(',').map(str::trim).collect();
    let int = |w: &str| w.parse::<i64>().map_err(|_| bad());
    match name.trim() {
        "div_by" => {
            out.push(tag::DIV_BY);
            varint(int(parts[0])? as u64, out);
            let (mut every, mut along) = (None, None);
            if let Some(rest) = parts.get(1) {
                let words: Vec<&str> = rest.split_whitespace().collect();
                for pair in words.chunks(2) {
                    match pair {
                        ["every", n] => every = Some(int(n)?),
                        ["along", n] => along = Some(int(n)?),
                        _ => return Err(bad()),
                    }
                }
            }
            out.push(u8::from(every.is_some()) | (u8::from(along.is_some()) << 1));
            for v in every.into_iter().chain(along) {
                signed_varint(v, out);
            }
        }
        "bounded" if parts.len() == 2 => {
            out.push(tag::BOUNDED);
            let bound = |w: &str| if w == "?" { Ok(None) } else { int(w).map(Some) };
            let (lower, upper) = (bound(parts[0])?, bound(parts[1])?);
            out.push(u8::from(lower.is_some()) | (u8::from(upper.is_some()) << 1));
            for v in lower.into_iter().chain(upper) {
                signed_varint(v, out);
            }
        }
        "same_elements" => {
            out.push(tag::SAME_ELEMENTS);
            let values = args
                .trim()
                .trim_start_matches('[')
                .trim_end_matches(']')
                .split(',')
                .map(|w| int(w.trim()))
                .collect::<Result<Vec<_>, _>>()?;
            // A count, then each value as 8 little-endian bytes (found by probing the reader).
            super::wire::fixed_int_list(&values, 8, out);
        }
        _ => return Err(format!("{} (not encoded)", bad())),
    }
    Ok(())
}

/// `<default = {occupancy = 2}, sm_100 = {latency = 3, allow_tma = false}>`: per target, a
/// dictionary of i32 and bool entries. Tagged when `tagged`.
pub fn optimization_hints(
    strings: &mut Strings,
    types: &mut TypeTable,
    text: &str,
    tagged: bool,
    out: &mut Vec<u8>,
) -> Result<(), String> {
    let inner = text
        .trim()
        .strip_prefix('<')
        .and_then(|s| s.strip_suffix('>'))
        .ok_or_else(|| format!("optimization hints `{text}`"))?;
    if tagged {
        out.push(tag::OPTIMIZATION_HINTS);
    }
    let targets = top_level_items(inner);
    varint(targets.len() as u64, out);
    for target in targets {
        let (arch, dict) = target
            .split_once('=')
            .ok_or_else(|| format!("optimization hint `{target}`"))?;
        varint(strings.id(arch.trim().trim_matches('"')), out);
        let entries = dict
            .trim()
            .strip_prefix('{')
            .and_then(|s| s.strip_suffix('}'))
            .ok_or_else(|| format!("optimization hint `{target}`"))?;
        out.push(tag::DICTIONARY);
        let entries = top_level_items(entries);
        varint(entries.len() as u64, out);
        for entry in entries {
            let (key, value) = entry
                .split_once('=')
                .ok_or_else(|| format!("hint `{entry}`"))?;
            varint(strings.id(key.trim()), out);
            match value.trim() {
                "true" | "false" => {
                    out.push(tag::BOOL);
                    out.push(u8::from(value.trim() == "true"));
                }
                number => {
                    let n: i128 = number.parse().map_err(|_| format!("hint `{entry}`"))?;
                    let id = types.i32();
                    out.push(tag::INTEGER);
                    varint(id, out);
                    varint((n as u64) & u64::from(u32::MAX), out);
                }
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn narrow_floats() {
        let f16 = float_format("f16").unwrap();
        assert_eq!(narrow_float(1.0, f16), 0x3c00);
        assert_eq!(narrow_float(2.0, f16), 0x4000);
        assert_eq!(narrow_float(-0.5, f16), 0xb800);
        assert_eq!(narrow_float(65504.0, f16), 0x7bff);
        assert_eq!(narrow_float(1e6, f16), 0x7c00);
        assert_eq!(narrow_float(6e-8, f16), 0x0001);
        let bf16 = float_format("bf16").unwrap();
        assert_eq!(narrow_float(1.0, bf16), 0x3f80);
        let e4m3 = float_format("f8E4M3FN").unwrap();
        assert_eq!(narrow_float(1.0, e4m3), 0x38);
        assert_eq!(narrow_float(448.0, e4m3), 0x7e);
    }

    #[test]
    fn dense() {
        assert_eq!(dense_data("i32", "1").unwrap(), [1, 0, 0, 0]);
        assert_eq!(
            dense_data("i8", "[255, -128, 0xFF, -0x80]").unwrap(),
            [255, 128, 255, 128]
        );
        assert_eq!(dense_data("i1", "[true, false, -1, 0]").unwrap(), [0b0101]);
        assert_eq!(dense_data("i1", "true").unwrap(), [0xff]);
        assert_eq!(dense_data("f32", "1.0").unwrap(), 1f32.to_le_bytes());
    }
}
