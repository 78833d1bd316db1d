//! The probe's host reference (double precision, from libm) checked against mpmath at 200
//! bits on the probe's own inputs: on every input where both are finite, the reference must be
//! within `REFERENCE_ERROR_ULPS` of the exact value, in ulps of f32 — the margin a verdict
//! allows it. Needs python3 with mpmath (`scripts/lib.sh` `ensure_mpmath`); skipped loudly
//! without (failed under `$CI`).

use speclint_test_support::oracle;

use std::io::Write;
use std::process::{Command, Stdio};

use speclint_base::probe::format::FloatFormat;
use speclint_base::probe::reference::{self, REFERENCE_ERROR_ULPS};
use speclint_probe::measure::argument;
use speclint_probe::sweep;
use speclint_spirv::probe::probeable;

const SCRIPT: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../tests/oracle/probe/mpmath_reference.py"
);
/// Inputs per function beyond the special values.
const COUNT: usize = 2000;
/// Exact by construction (rounding, sign, remainder functions): nothing for mpmath to add.
const EXACT: &[&str] = &[
    "fabs",
    "floor",
    "ceil",
    "trunc",
    "round",
    "rint",
    "copysign",
    "fmod",
    "remainder",
    "fdim",
    "logb",
];

#[test]
fn the_double_reference_is_within_its_margin_of_mpmath() {
    let has_mpmath = Command::new("python3")
        .args(["-c", "import mpmath"])
        .status()
        .is_ok_and(|s| s.success());
    if !has_mpmath {
        oracle::skip_without_tools(
            "probe_reference",
            "python3 with mpmath is missing (scripts/lib.sh ensure_mpmath)",
        );
        return;
    }
    let format = FloatFormat::F32;
    let mut lines = String::new();
    let mut cases = Vec::new();
    // The arithmetic references of the cuda_tile probe (tile_ir::probe) besides OpenCL.std's.
    let arithmetic = ["add", "subtract", "multiply", "divide"];
    let names = probeable().into_iter().chain(arithmetic);
    for name in names.filter(|n| !EXACT.contains(n)) {
        let function = reference::by_name(name).unwrap();
        let kinds = function.arg_kinds();
        let inputs = sweep::inputs(format, kinds, COUNT, 5);
        for k in 0..inputs[0].len() {
            let args: Vec<f64> = (inputs.iter().zip(kinds))
                .map(|(i, &kind)| argument(format, kind, i[k]))
                .collect();
            let value = function.eval(&args);
            // Zeros are left out: mpmath has no signed zero (its atan2(-0, -1) is +π), and the
            // values at them are C99's exact special values anyway.
            if !value.is_finite() || args.iter().any(|a| !a.is_finite() || *a == 0.0) {
                continue;
            }
            let hex: Vec<String> = args.iter().map(|a| hex_float(*a)).collect();
            lines += &format!("{name} {}\n", hex.join(" "));
            cases.push((name, args, value));
        }
    }
    let mut child = Command::new("python3")
        .arg(SCRIPT)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("run python3");
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || stdin.write_all(lines.as_bytes()));
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap().unwrap();
    assert!(out.status.success());
    let exact: Vec<&str> = std::str::from_utf8(&out.stdout).unwrap().lines().collect();
    assert_eq!(exact.len(), cases.len());
    let mut compared = 0;
    let mut worst = (0.0f64, "", Vec::new());
    for ((name, args, value), exact) in cases.iter().zip(exact) {
        let Some((hi, lo)) = exact.split_once(' ') else {
            continue;
        };
        let (hi, lo) = (parse_hex(hi), parse_hex(lo));
        // Results beyond f32's range are infinities or zeros in f32 whatever the reference.
        if hi.abs() > f32::MAX as f64 * 2.0 || hi == 0.0 {
            continue;
        }
        let error = ((value - hi) - lo).abs() / format.ulp_at(hi);
        compared += 1;
        if error > worst.0 {
            worst = (error, name, args.clone());
        }
    }
    eprintln!(
        "{compared} values compared; largest reference error {:.3e} ulp ({} {:?})",
        worst.0, worst.1, worst.2
    );
    assert!(compared > 50_000, "{compared}");
    assert!(worst.0 <= REFERENCE_ERROR_ULPS, "{worst:?}");
}

/// Rust has no `%a`: the exact hex spelling Python's `float.fromhex` reads.
fn hex_float(value: f64) -> String {
    if value == 0.0 {
        return if value.is_sign_negative() {
            "-0x0p+0"
        } else {
            "0x0p+0"
        }
        .to_string();
    }
    let bits = value.to_bits();
    let sign = if value < 0.0 { "-" } else { "" };
    let exponent = ((bits >> 52) & 0x7ff) as i64;
    let fraction = bits & ((1 << 52) - 1);
    if exponent == 0 {
        format!("{sign}0x0.{fraction:013x}p-1022")
    } else {
        format!("{sign}0x1.{fraction:013x}p{:+}", exponent - 1023)
    }
}

fn parse_hex(text: &str) -> f64 {
    let (negative, text) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text),
    };
    let text = text.strip_prefix("0x").expect("a hex float");
    let (mantissa, exponent) = text.split_once('p').expect("an exponent");
    let (whole, fraction) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let mut value = u64::from_str_radix(whole, 16).unwrap() as f64;
    let mut scale = 1.0 / 16.0;
    for digit in fraction.chars() {
        value += digit.to_digit(16).unwrap() as f64 * scale;
        scale /= 16.0;
    }
    let value = value * 2f64.powi(exponent.parse().unwrap());
    if negative {
        -value
    } else {
        value
    }
}
