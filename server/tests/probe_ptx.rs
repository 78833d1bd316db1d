//! `speclint probe` on PTX forms without a GPU: every kernel the probe generates (the form's,
//! `.ftz` forms included, and the subnormal check's) checks clean with speclint and assembles
//! with NVIDIA's ptxas, so they are real kernels; a probe without a CUDA driver exits 2 naming
//! libcuda; and each form's bound, on the probe's own inputs, passes the host's math library
//! standing in for the device and fails it degraded. The run on a device goes through
//! `speclint run`'s PTX runner and is not exercised here (no GPU).
//! ptxas comes as in server/tests/ptx_run.rs; without it the ptxas test is skipped loudly (failed
//! under `$CI`).

use speclint_test_support::cli::{speclint, text};
use speclint_test_support::scratch::Scratch;

use speclint_test_support::oracle;
use speclint_test_support::ptxas;

use std::path::Path;
use std::process::Command;

use speclint_base::probe::format::FloatFormat;
use speclint_probe::measure::Subnormals;
use speclint_probe::{assess, SweepSettings, Verdict};
use speclint_ptx::probe;

const SPECLINT: &str = env!("CARGO_BIN_EXE_speclint");

/// Every generated kernel, named: each form's, as `--emit-kernel` prints it, and the
/// subnormal check of each format.
fn kernels() -> Vec<(String, String)> {
    let mut kernels: Vec<(String, String)> = probe::probeable()
        .map(|form| {
            let out = speclint(SPECLINT, &["probe", "--emit-kernel", form]);
            assert_eq!(out.status.code(), Some(0), "{form}: {}", text(&out.stderr));
            (form.to_string(), text(&out.stdout))
        })
        .collect();
    for form in ["sin.approx.f32", "ex2.approx.f16"] {
        let plan = probe::plan(form).unwrap();
        kernels.push((format!("multiply {form}"), plan.multiply_kernel));
    }
    // The .ftz forms are among them, each applying its own instruction.
    for form in [
        "sin.approx.ftz.f32",
        "cos.approx.ftz.f32",
        "ex2.approx.ftz.f32",
        "lg2.approx.ftz.f32",
        "rcp.approx.ftz.f32",
        "rsqrt.approx.ftz.f32",
        "sqrt.approx.ftz.f32",
    ] {
        let (_, kernel) = (kernels.iter())
            .find(|(name, _)| name == form)
            .unwrap_or_else(|| panic!("{form} is not probed"));
        assert!(kernel.contains(&format!("    {form} %y, %x0;")), "{kernel}");
    }
    kernels
}

/// A fresh folder for one test's files, removed when the test passes.
fn scratch(test: &str) -> Scratch {
    Scratch::new(&format!("probe-ptx-{test}"))
}

fn write(dir: &Path, name: &str, kernel: &str) -> String {
    let path = dir.join(format!("{}.ptx", name.replace(' ', "_")));
    std::fs::write(&path, kernel).unwrap();
    path.to_string_lossy().into_owned()
}

#[test]
fn every_generated_kernel_checks_clean() {
    let dir = scratch("every_generated_kernel_checks_clean");
    for (name, kernel) in kernels() {
        assert!(kernel.contains(".entry probe("), "{name}:\n{kernel}");
        let path = write(dir.path(), &name, &kernel);
        let out = speclint(SPECLINT, &["check", &path]);
        assert_eq!(
            out.status.code(),
            Some(0),
            "{name}:\n{}{}\n{kernel}",
            text(&out.stdout),
            text(&out.stderr)
        );
    }
}

#[test]
fn every_generated_kernel_assembles_with_ptxas() {
    let Some(ptxas) = ptxas::find_ptxas() else {
        oracle::skip_without_tools(
            "every_generated_kernel_assembles_with_ptxas",
            "ptxas not found (set PTXAS or pip install nvidia-cuda-nvcc)",
        );
        return;
    };
    let dir = scratch("every_generated_kernel_assembles_with_ptxas");
    for (name, kernel) in kernels() {
        let path = write(dir.path(), &name, &kernel);
        let out = Command::new(&ptxas)
            .args(["-arch", "sm_75", &path, "-o", "/dev/null"])
            .output()
            .expect("run ptxas");
        assert!(
            out.status.success(),
            "{name}: ptxas rejected it:\n{}\n{kernel}",
            text(&out.stderr)
        );
    }
}

#[test]
fn a_kernel_ptxas_rejects_is_caught() {
    // The check above can fail: an instruction ptxas does not know is an error.
    let Some(ptxas) = ptxas::find_ptxas() else {
        return;
    };
    let dir = scratch("a_kernel_ptxas_rejects_is_caught");
    let wrong = probe::kernel(
        "sin.approx.f16",
        speclint_base::probe::format::FloatFormat::F16,
        1,
    );
    let path = write(dir.path(), "wrong", &wrong);
    let out = Command::new(&ptxas)
        .args(["-arch", "sm_75", &path, "-o", "/dev/null"])
        .output()
        .expect("run ptxas");
    assert!(!out.status.success(), "{wrong}");
}

#[test]
fn without_a_cuda_driver_a_ptx_probe_exits_2_naming_libcuda() {
    if speclint_device::cuda::library_present() {
        // A machine with a driver runs the probe instead; its figures are not checked here.
        return;
    }
    for form in ["sin.approx.f32", "ex2.approx.f16"] {
        let out = speclint(SPECLINT, &["probe", form, "--count", "1024"]);
        let errors = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{form}: {errors}");
        assert!(
            errors.contains("libcuda.so.1 not found"),
            "{form}: {errors}"
        );
        assert!(!errors.contains("not supported"), "{form}: {errors}");
    }
}

#[test]
fn an_unprobed_ptx_form_exits_2_listing_the_forms() {
    let out = speclint(SPECLINT, &["probe", "sin.rn.f32"]);
    let errors = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{errors}");
    assert!(errors.contains("sin.approx.f32"), "{errors}");
}

#[test]
fn the_list_shows_each_ptx_form_with_its_bound() {
    let out = speclint(SPECLINT, &["probe", "--list"]);
    let listing = text(&out.stdout);
    for (form, bound) in [
        ("rcp.approx.f32", "<= 1 ulp"),
        ("ex2.approx.f32", "<= 2.5 ulp"),
        ("sqrt.approx.f32", "relative error <= 2^-23"),
        (
            "sin.approx.f32",
            "absolute error <= 2^-20.5 for a in [-2pi, 2pi]; \
             absolute error <= 2^-14.7 for a in [-100pi, 100pi]",
        ),
        (
            "lg2.approx.f32",
            "absolute error <= 2^-22 for a in (0.5, 2); \
             relative error <= 2^-22 for a in (0, 0.5] or [2, inf)",
        ),
        (
            "sin.approx.ftz.f32",
            "for a in [-100pi, 100pi]; subnormals may be flushed (.ftz)",
        ),
        ("tanh.approx.f16", "absolute error <= 2^-10.987"),
    ] {
        let line = listing
            .lines()
            .find(|l| l.trim_start().starts_with(form))
            .unwrap_or_else(|| panic!("{form} missing:\n{listing}"));
        assert!(line.contains(bound), "{line}");
    }
}

/// The host's own result for a form's input, rounded to the form's format: f32 functions from
/// Rust's f32 methods (glibc's float functions), f16 ones from the double functions rounded
/// to the nearest half.
fn host(form: &str, format: FloatFormat, x: f64) -> f64 {
    let f = x as f32;
    let y = match form.split('.').next().unwrap() {
        "sin" => f.sin(),
        "cos" => f.cos(),
        "ex2" if format == FloatFormat::F16 => return x.exp2(),
        "ex2" => f.exp2(),
        "lg2" => f.log2(),
        "rcp" => 1.0 / f,
        "rsqrt" => 1.0 / f.sqrt(),
        "sqrt" => f.sqrt(),
        "tanh" if format == FloatFormat::F16 => return x.tanh(),
        "tanh" => f.tanh(),
        other => panic!("no host function for {other}"),
    };
    y as f64
}

/// The nearest value's bit pattern in `format` (ties to even), NaN and infinities kept.
fn round(format: FloatFormat, value: f64) -> u32 {
    if format == FloatFormat::F32 {
        return (value as f32).to_bits();
    }
    let sign = if value.is_sign_negative() { 0x8000 } else { 0 };
    if value.is_nan() {
        return 0x7e00;
    }
    let magnitude = value.abs();
    if magnitude >= 65520.0 {
        // At or beyond the largest half plus half its ulp: infinity.
        return 0x7c00 | sign;
    }
    // Positive halves in order of their patterns, up to infinity.
    static HALVES: std::sync::OnceLock<Vec<f64>> = std::sync::OnceLock::new();
    let halves = HALVES.get_or_init(|| {
        (0..=0x7c00u32)
            .map(|b| FloatFormat::F16.to_f64(b))
            .collect()
    });
    let above = halves.partition_point(|&h| h < magnitude) as u32;
    let bits = if above == 0 {
        0
    } else {
        let (low, high) = (above - 1, above);
        let dl = magnitude - FloatFormat::F16.to_f64(low);
        let dh = FloatFormat::F16.to_f64(high) - magnitude;
        if dl < dh || (dl == dh && low % 2 == 0) {
            low
        } else {
            high
        }
    };
    bits | sign
}

#[test]
fn the_host_library_as_the_device_is_within_every_bound_and_fails_degraded() {
    let settings = SweepSettings {
        count: 1 << 14,
        seed: 3,
        subnormals: Subnormals::Kept,
    };
    let mut table = String::new();
    for form in probe::probeable() {
        let plan = probe::plan(form).unwrap();
        let format = plan.format;
        let inputs = speclint_probe::inputs(&plan, settings);
        let device = |degrade: bool| -> Vec<u32> {
            (inputs[0].iter())
                .map(|&b| {
                    let y = host(form, format, format.to_f64(b));
                    // 2^-8 off, relatively and absolutely: beyond every probed bound.
                    let y = if degrade {
                        y + y.abs() / 256.0 + 1.0 / 256.0
                    } else {
                        y
                    };
                    round(format, y)
                })
                .collect()
        };
        let good = assess(&plan, settings, &inputs, &device(false));
        let m = &good.measurement;
        assert_eq!(good.verdict, Verdict::Pass, "{form}: {m:?}");
        // Every clause had inputs to judge, many for a range the sweep was focused on.
        for c in &m.clauses {
            assert!(
                c.inputs >= 1000,
                "{form}: {:?} has {} inputs",
                c.clause,
                c.inputs
            );
        }
        let bad = assess(&plan, settings, &inputs, &device(true));
        assert_eq!(bad.verdict, Verdict::Fail, "{form}");
        assert!(
            bad.measurement.clauses.iter().all(|c| c.over > 0),
            "{form}: {:?}",
            bad.measurement.clauses
        );
        let figures: Vec<String> = (m.clauses.iter())
            .map(|c| {
                format!(
                    "{} max {:.3e} over {} inputs",
                    c.clause.text(),
                    c.max_error,
                    c.inputs
                )
            })
            .collect();
        table += &format!("{form:<22} {}\n", figures.join("; "));
    }
    eprintln!("{table}");
}
