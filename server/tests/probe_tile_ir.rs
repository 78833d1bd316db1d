//! `speclint probe` on cuda_tile forms without a GPU: which language a name goes to (`tile:`,
//! the rounding words PTX lacks), the listing with the spec-db's bounds, and a probe without a
//! CUDA driver exiting 2 naming libcuda. That the generated modules check clean, round-trip
//! through tileirdisasm and compile with tileiras is server/tests/tile_ir_bytecode.rs's
//! `probe_modules_round_trip_and_compile`; the run on a device is not exercised here (no GPU).

use speclint_test_support::cli::{speclint, text};

const SPECLINT: &str = env!("CARGO_BIN_EXE_speclint");

/// The first line of `--emit-kernel NAME`'s kernel, which names what it probes.
fn kernel_title(name: &str) -> String {
    let out = speclint(SPECLINT, &["probe", "--emit-kernel", name]);
    assert_eq!(out.status.code(), Some(0), "{name}: {}", text(&out.stderr));
    text(&out.stdout)
        .lines()
        .next()
        .unwrap_or_default()
        .to_string()
}

#[test]
fn names_go_to_cuda_tile_by_prefix_op_or_rounding_word() {
    for (name, title) in [
        // PTX has these forms: the bare name stays PTX's, `tile:` is cuda_tile's.
        ("tanh.approx.f32", "// speclint probe: PTX tanh.approx.f32"),
        (
            "tile:tanh.approx.f32",
            "// speclint probe: cuda_tile tanh rounding<approx> on f32",
        ),
        ("sqrt.approx.f32", "// speclint probe: PTX sqrt.approx.f32"),
        (
            "tile:sqrt.approx.f32",
            "// speclint probe: cuda_tile sqrt rounding<approx> on f32",
        ),
        // `full` and `nearest_even` are no PTX modifiers; divf is no PTX instruction.
        (
            "tanh.full.f32",
            "// speclint probe: cuda_tile tanh rounding<full> on f32",
        ),
        (
            "fma.nearest_even.f16",
            "// speclint probe: cuda_tile fma rounding<nearest_even> on f16",
        ),
        (
            "divf.approx.f32",
            "// speclint probe: cuda_tile divf rounding<approx> on f32",
        ),
        ("sin", "; speclint probe: OpenCL.std sin on f32"),
    ] {
        assert_eq!(kernel_title(name), title, "{name}");
    }
    let module = text(&speclint(SPECLINT, &["probe", "--emit-kernel", "divf.full.f32"]).stdout);
    assert!(
        module.contains(
            "entry @probe(%out: tile<ptr<f32>>, %in0: tile<ptr<f32>>, %in1: tile<ptr<f32>>)"
        ) && module.contains("%y = divf %x0, %x1 rounding<full> : tile<64xf32>"),
        "{module}"
    );
}

#[test]
fn names_no_language_probes_exit_2_with_the_forms_they_look_like() {
    // A cuda_tile op with a rounding word: the cuda_tile forms are listed.
    let out = speclint(SPECLINT, &["probe", "divf.approx.f16"]);
    let errors = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{errors}");
    assert!(
        errors.contains("not a cuda_tile form") && errors.contains("divf.full.f32"),
        "{errors}"
    );
    // PTX's modifier: PTX's forms are listed.
    let out = speclint(SPECLINT, &["probe", "sqrt.rn.f32"]);
    let errors = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{errors}");
    assert!(
        errors.contains("sqrt.approx.f32") && !errors.contains("cuda_tile"),
        "{errors}"
    );
    let out = speclint(SPECLINT, &["probe", "tile:exp2.f32"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("not a cuda_tile form"));
}

#[test]
fn the_list_shows_each_cuda_tile_form_with_its_bound() {
    let out = speclint(SPECLINT, &["probe", "--list"]);
    let listing = text(&out.stdout);
    let tile = listing
        .split_once("cuda_tile forms")
        .map(|(_, rest)| rest)
        .unwrap_or_else(|| panic!("no cuda_tile section:\n{listing}"));
    for (form, bound) in [
        (
            "divf.approx.f32 ",
            "At most 2 ulp when |rhs| is in the normal range [2^-126, 2^126]. (judged where |rhs| in [2^-126, 2^126])",
        ),
        ("divf.full.f32 ", "At most 2 ulp over the whole input range."),
        ("tanh.full.f32 ", "At most 2 ulp over the whole input range."),
        ("divf.nearest_even.f32 ", "correctly rounded"),
        ("addf.nearest_even.f16 ", "correctly rounded"),
        (
            "tile:tanh.approx.f32 ",
            "no accuracy in the spec-db for tanh rounding<approx> on f32",
        ),
    ] {
        let line = tile
            .lines()
            .find(|l| l.trim_start().starts_with(form))
            .unwrap_or_else(|| panic!("{form} missing:\n{tile}"));
        assert!(line.contains(bound), "{line}");
    }
}

#[test]
fn without_a_cuda_driver_a_cuda_tile_probe_exits_2_naming_libcuda() {
    if speclint_device::cuda::library_present() {
        // A machine with a driver runs the probe instead; its figures are not checked here.
        return;
    }
    for form in ["divf.approx.f32", "tanh.full.f32", "addf.nearest_even.f16"] {
        for subnormals in ["auto", "kept"] {
            let out = speclint(
                SPECLINT,
                &["probe", form, "--count", "1024", "--subnormals", subnormals],
            );
            let errors = text(&out.stderr);
            assert_eq!(out.status.code(), Some(2), "{form}: {errors}");
            assert!(
                errors.contains("libcuda.so.1 not found") && errors.contains("cuda_tile"),
                "{form}: {errors}"
            );
        }
    }
}
