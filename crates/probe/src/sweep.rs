//! The inputs a probe feeds the device, as bit patterns: every f16 value for an f16 function
//! of one argument; otherwise the special values and the edges of each range first, then for
//! f32 one random pattern in each of `count` equal slices of the 2^32 patterns (every binade,
//! sign and class, evenly); with several arguments, the special values against each other and
//! then random tuples, half of any bit pattern and half of moderate magnitudes (2^-8 to 2^8)
//! where most results are finite. A bound stated over a range of inputs (`[-2pi, 2pi]`) asks
//! for inputs of its own in that range, evenly spread in value ([`within`]).

use speclint_base::probe::bound::Interval;
use speclint_base::probe::format::FloatFormat;
use speclint_base::probe::reference::ArgKind;

/// The special and edge values of a format: zeros, infinities, NaNs, the subnormal and normal
/// extremes, and a few ordinary values where functions have exact results or turn (±1, ±½, ±2,
/// π, π/2, 2^p where the spacing reaches 1), each with both signs.
pub fn special_values(format: FloatFormat) -> Vec<u32> {
    let positive: &[u32] = match format {
        FloatFormat::F32 => &[
            0x0000_0000, // +0
            0x7f80_0000, // +inf
            0x7fc0_0000, // quiet NaN
            0x7fa0_0000, // signalling NaN
            0x0000_0001, // smallest subnormal
            0x007f_ffff, // largest subnormal
            0x0080_0000, // smallest normal
            0x7f7f_ffff, // largest finite
            0x3f80_0000, // 1
            0x3f7f_ffff, // 1 - ulp
            0x3f80_0001, // 1 + ulp
            0x3f00_0000, // 0.5
            0x4000_0000, // 2
            0x4049_0fdb, // π
            0x3fc9_0fdb, // π/2
            0x4b00_0000, // 2^23
            0x4b80_0000, // 2^24
            0x4120_0000, // 10
            0x42b1_7218, // ≈ ln(FLT_MAX)
        ],
        FloatFormat::F16 => &[
            0x0000, 0x7c00, 0x7e00, 0x7d00, 0x0001, 0x03ff, 0x0400, 0x7bff, 0x3c00, 0x3bff, 0x3c01,
            0x3800, 0x4000, 0x4248, 0x3e48, 0x6400, 0x6800, 0x4900, 0x498c,
        ],
    };
    positive
        .iter()
        .flat_map(|&bits| [bits, bits | format.sign_mask()])
        .collect()
}

/// Integer arguments' special values: zero, small and large magnitudes of both signs, the
/// exponent range's edges and the extremes.
const SPECIAL_INTS: [i32; 15] = [
    0,
    1,
    -1,
    2,
    -2,
    3,
    -3,
    127,
    -126,
    150,
    -150,
    1000,
    -1000,
    i32::MAX,
    i32::MIN,
];

/// The inputs of a probe: one vector of bit patterns per argument, all the same length (an
/// integer argument's pattern is its two's complement).
pub fn inputs(format: FloatFormat, kinds: &[ArgKind], count: usize, seed: u64) -> Vec<Vec<u32>> {
    let arity = kinds.len();
    if kinds == [ArgKind::Float] && format == FloatFormat::F16 {
        // Every value, the special ones included.
        return vec![(0..=0xffff).collect()];
    }
    let specials = special_values(format);
    let ints: Vec<u32> = SPECIAL_INTS.iter().map(|&i| i as u32).collect();
    let mut rng = SplitMix64(seed);
    let mut args: Vec<Vec<u32>> = vec![Vec::new(); arity];
    // Every combination of special values (for three arguments, of the first dozen).
    let pools: Vec<&[u32]> = kinds
        .iter()
        .map(|kind| match kind {
            ArgKind::Int => &ints[..],
            ArgKind::Float if arity >= 3 => &specials[..12],
            ArgKind::Float => &specials[..],
        })
        .collect();
    let combinations: usize = pools.iter().map(|p| p.len()).product();
    for k in 0..combinations {
        let mut rest = k;
        for (arg, pool) in args.iter_mut().zip(&pools) {
            arg.push(pool[rest % pool.len()]);
            rest /= pool.len();
        }
    }
    if arity == 1 {
        let slice = (1u64 << 32) / count.max(1) as u64;
        args[0].extend((0..count as u64).map(|i| (i * slice + rng.next() % slice.max(1)) as u32));
        return args;
    }
    for _ in 0..count {
        for (arg, kind) in args.iter_mut().zip(kinds) {
            let any = rng.next() & 1 == 0;
            let bits = match kind {
                ArgKind::Float if any => rng.next() as u32 & bit_mask(format),
                ArgKind::Float => moderate(format, &mut rng),
                ArgKind::Int if any => rng.next() as u32,
                // Within the exponent range, where results are neither 0 nor infinite.
                ArgKind::Int => ((rng.next() % 81) as i32 - 40) as u32,
            };
            arg.push(bits);
        }
    }
    args
}

/// Inputs for a one-argument f32 function inside each of `intervals` (bounded), `count / 4` of
/// them each: the interval's first and last f32, then one random f32 in each of as many equal
/// slices of the interval's values. Random bit patterns spread over every binade and so land
/// rarely in a range like [-100pi, 100pi] away from zero; these fill it evenly. An f16 function
/// of one argument already takes every value: none are added.
pub fn within(format: FloatFormat, intervals: &[Interval], count: usize, seed: u64) -> Vec<u32> {
    if format == FloatFormat::F16 {
        return Vec::new();
    }
    let mut rng = SplitMix64(seed ^ 0x5eed_f0c5);
    let per_interval = (count / 4).max(1);
    let mut out = Vec::new();
    for interval in intervals.iter().filter(|i| i.is_bounded()) {
        let (Some(first), Some(last)) = (first_f32(interval, 1), first_f32(interval, -1)) else {
            continue;
        };
        out.push(first.to_bits());
        out.push(last.to_bits());
        let width = last as f64 - first as f64;
        for k in 0..per_interval {
            let u = (rng.next() >> 11) as f64 / (1u64 << 53) as f64;
            let value = (first as f64 + (k as f64 + u) * width / per_interval as f64) as f32;
            if interval.contains(value as f64) {
                out.push(value.to_bits());
            }
        }
    }
    out
}

/// The f32 in `interval` nearest its low end (`direction` 1) or its high end (-1), if any.
fn first_f32(interval: &Interval, direction: i32) -> Option<f32> {
    let end = if direction > 0 {
        interval.low
    } else {
        interval.high
    };
    let mut value = end as f32;
    // Rounding to f32 moves an end by at most one f32 either way: a few steps find it.
    for _ in 0..4 {
        if interval.contains(value as f64) {
            return Some(value);
        }
        value = if direction > 0 {
            value.next_up()
        } else {
            value.next_down()
        };
    }
    None
}

fn bit_mask(format: FloatFormat) -> u32 {
    (((1u64) << format.bits()) - 1) as u32
}

/// A random value of magnitude 2^-8 to 2^8, either sign.
fn moderate(format: FloatFormat, rng: &mut SplitMix64) -> u32 {
    let r = rng.next();
    let exponent = (format.exponent_bias() - 8 + (r % 17) as i32) as u32;
    format.compose(r & (1 << 40) != 0, exponent, (r >> 8) as u32)
}

/// A small, well-known generator (Steele, Lea, Flood 2014): reproducible sweeps from a seed
/// without a dependency.
struct SplitMix64(u64);

impl SplitMix64 {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn f16_unary_sweeps_every_value_once() {
        let args = inputs(FloatFormat::F16, &[ArgKind::Float], 1000, 1);
        assert_eq!(args, vec![(0..=0xffff).collect::<Vec<_>>()]);
    }

    #[test]
    fn f32_unary_sweep_covers_every_slice_and_both_signs() {
        let count = 1 << 12;
        let args = inputs(FloatFormat::F32, &[ArgKind::Float], count, 7);
        let sweep = &args[0][special_values(FloatFormat::F32).len()..];
        assert_eq!(sweep.len(), count);
        for (i, &bits) in sweep.iter().enumerate() {
            assert_eq!(bits as u64 >> 20, i as u64, "slice {i}");
        }
        assert!(sweep.iter().any(|&b| FloatFormat::F32.is_subnormal(b)));
        assert!(sweep.iter().any(|&b| FloatFormat::F32.is_nan(b)));
        // Reproducible from the seed, different for another.
        assert_eq!(inputs(FloatFormat::F32, &[ArgKind::Float], count, 7), args);
        assert_ne!(inputs(FloatFormat::F32, &[ArgKind::Float], count, 8), args);
    }

    #[test]
    fn binary_sweep_pairs_every_special_value_then_random_pairs() {
        let specials = special_values(FloatFormat::F32);
        let args = inputs(FloatFormat::F32, &[ArgKind::Float; 2], 100, 3);
        assert_eq!(args[0].len(), specials.len().pow(2) + 100);
        assert_eq!(args[1].len(), args[0].len());
        let pairs: std::collections::HashSet<_> = args[0]
            .iter()
            .zip(&args[1])
            .map(|(&a, &b)| (a, b))
            .collect();
        for &a in &specials {
            for &b in &specials {
                assert!(pairs.contains(&(a, b)));
            }
        }
        let moderate = args[0][specials.len().pow(2)..]
            .iter()
            .filter(|&&b| (2f32.powi(-8)..=2f32.powi(9)).contains(&f32::from_bits(b).abs()))
            .count();
        assert!(moderate >= 30, "{moderate}");
        let ternary = inputs(FloatFormat::F16, &[ArgKind::Float; 3], 10, 3);
        assert_eq!(ternary[2].len(), 12usize.pow(3) + 10);
        assert!(ternary.iter().flatten().all(|&b| b <= 0xffff));
        let ldexp = inputs(FloatFormat::F16, &[ArgKind::Float, ArgKind::Int], 1000, 3);
        assert_eq!(
            ldexp[0].len(),
            special_values(FloatFormat::F16).len() * 15 + 1000
        );
        assert!(ldexp[1].contains(&(i32::MIN as u32)));
        assert!(ldexp[1].iter().any(|&k| k > 0xffff));
        assert!(ldexp[0].iter().all(|&b| b <= 0xffff));
    }

    #[test]
    fn within_fills_each_bounded_interval_evenly_in_value() {
        use std::f64::consts::PI;
        let span = |k: f64| Interval {
            low: -k * PI,
            high: k * PI,
            low_open: false,
            high_open: false,
            text: String::new(),
        };
        let intervals = [span(2.0), span(100.0)];
        let values = within(FloatFormat::F32, &intervals, 4096, 5);
        assert_eq!(values.len(), 2 * (1024 + 2));
        for (part, interval) in values.chunks(1026).zip(&intervals) {
            let xs: Vec<f64> = part.iter().map(|&b| f32::from_bits(b) as f64).collect();
            assert!(xs.iter().all(|&x| interval.contains(x)), "{xs:?}");
            // The ends: the f32 just inside -2pi and 2pi (both round outward as f32).
            assert!(xs[0] > interval.low && ((xs[0] as f32).next_down() as f64) < interval.low);
            assert!(xs[1] < interval.high);
            // Every sixteenth of the interval has its share.
            let width = interval.high - interval.low;
            for slice in 0..16 {
                let lo = interval.low + width * slice as f64 / 16.0;
                let hi = lo + width / 16.0;
                let n = xs.iter().filter(|&&x| (lo..hi).contains(&x)).count();
                assert!((60..=68).contains(&n), "slice {slice}: {n}");
            }
        }
        // Few random patterns land in [-100pi, 100pi] beyond [-2pi, 2pi].
        let sweep = inputs(FloatFormat::F32, &[ArgKind::Float], 4096, 5);
        let far = |x: f32| (2.0 * PI..=100.0 * PI).contains(&(x.abs() as f64));
        let random = sweep[0].iter().filter(|&&b| far(f32::from_bits(b))).count();
        let focused = values.iter().filter(|&&b| far(f32::from_bits(b))).count();
        assert!(random < 100 && focused > 900, "{random} {focused}");
        // An unbounded interval, or an f16 function (every value swept), adds nothing.
        let positive = Interval {
            low: 0.0,
            high: f64::INFINITY,
            low_open: true,
            high_open: true,
            text: String::new(),
        };
        assert!(within(FloatFormat::F32, &[positive], 4096, 5).is_empty());
        assert!(within(FloatFormat::F16, &intervals, 4096, 5).is_empty());
    }
}
