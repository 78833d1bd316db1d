//! `speclint probe` on PTX forms without a GPU: every kernel the probe generates (the form's
//! and the subnormal check's) checks clean with speclint and assembles with NVIDIA's ptxas, so
//! they are real kernels; and a probe without a CUDA driver exits 2 naming libcuda. The run on
//! a device goes through `speclint run`'s PTX runner and is not exercised here (no GPU).
//! ptxas comes as in tests/ptx_run.rs; without it the ptxas test is skipped loudly (failed
//! under `$CI`).

#[path = "support/oracle.rs"]
mod oracle;
#[path = "support/ptxas.rs"]
#[allow(dead_code)] // only `find_ptxas`
mod ptxas;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use speclint::ptx::probe;

const SPECLINT: &str = env!("CARGO_BIN_EXE_speclint");

fn speclint(args: &[&str]) -> Output {
    Command::new(SPECLINT)
        .args(args)
        .output()
        .expect("run speclint")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Every generated kernel, named: each form's, as `--emit-kernel` prints it, and the
/// subnormal check of each format.
fn kernels() -> Vec<(String, String)> {
    let mut kernels: Vec<(String, String)> = probe::probeable()
        .map(|form| {
            let out = speclint(&["probe", "--emit-kernel", form]);
            assert_eq!(out.status.code(), Some(0), "{form}: {}", text(&out.stderr));
            (form.to_string(), text(&out.stdout))
        })
        .collect();
    for form in ["sin.approx.f32", "ex2.approx.f16"] {
        let plan = probe::plan(form).unwrap();
        kernels.push((format!("multiply {form}"), plan.multiply_kernel));
    }
    kernels
}

/// A fresh folder for one test's files.
fn scratch(test: &str) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("speclint-probe-ptx-{}-{test}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
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
        let path = write(&dir, &name, &kernel);
        let out = speclint(&["check", &path]);
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
        let path = write(&dir, &name, &kernel);
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
        speclint::probe::format::FloatFormat::F16,
        1,
    );
    let path = write(&dir, "wrong", &wrong);
    let out = Command::new(&ptxas)
        .args(["-arch", "sm_75", &path, "-o", "/dev/null"])
        .output()
        .expect("run ptxas");
    assert!(!out.status.success(), "{wrong}");
}

#[test]
fn without_a_cuda_driver_a_ptx_probe_exits_2_naming_libcuda() {
    if speclint::device::cuda::library_present() {
        // A machine with a driver runs the probe instead; its figures are not checked here.
        return;
    }
    for form in ["sin.approx.f32", "ex2.approx.f16"] {
        let out = speclint(&["probe", form, "--count", "1024"]);
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
    let out = speclint(&["probe", "sin.rn.f32"]);
    let errors = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{errors}");
    assert!(errors.contains("sin.approx.f32"), "{errors}");
}

#[test]
fn the_list_shows_each_ptx_form_with_its_bound() {
    let out = speclint(&["probe", "--list"]);
    let listing = text(&out.stdout);
    for (form, bound) in [
        ("rcp.approx.f32", "<= 1 ulp"),
        ("ex2.approx.f32", "<= 2.5 ulp"),
        ("sqrt.approx.f32", "relative error <= 2^-23"),
        (
            "sin.approx.f32",
            "absolute error <= 2^-20.5 for a in [-2pi, 2pi]",
        ),
    ] {
        let line = listing
            .lines()
            .find(|l| l.trim_start().starts_with(form))
            .unwrap_or_else(|| panic!("{form} missing:\n{listing}"));
        assert!(line.contains(bound), "{line}");
    }
}
