//! `speclint run` on SPIR-V, for real, on the CPU OpenCL runtime (Intel's `intel-opencl-rt`
//! behind the Debian ICD loader, registered by scripts/lib.sh `ensure_opencl_cpu`): the kernels
//! of tests/run/spirv/kernels.cl (assembled by speclint from kernels.spvasm, and as the binary
//! kernels.spv) run and their buffers are checked against values computed here; bad
//! arguments, a hanging kernel, a missing OpenCL and an assembly error end as docs/run.md says.
//!
//! Without an OpenCL device that takes SPIR-V the tests print `SKIPPED run_spirv` (a failure
//! when `$CI` is set) and scripts/test.sh fails the step.

use speclint_test_support::cli::{speclint, text};
use speclint_test_support::oracle;
use speclint_test_support::scratch::Scratch;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;
use std::time::{Duration, Instant};

const SPECLINT: &str = env!("CARGO_BIN_EXE_speclint");

const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/run/spirv");

fn kernels(ext: &str) -> PathBuf {
    Path::new(DIR).join(format!("kernels.{ext}"))
}

/// Whether a device is there; otherwise a loud skip (a failure under CI).
fn device_present() -> bool {
    static PRESENT: OnceLock<Option<String>> = OnceLock::new();
    let problem = PRESENT.get_or_init(|| {
        let out = speclint(
            SPECLINT,
            &["run", "--compile-only", kernels("spv").to_str().unwrap()],
        );
        (!out.status.success()).then(|| text(&out.stderr))
    });
    let Some(why) = problem else { return true };
    oracle::skip_without_tools(
        "run_spirv",
        &format!("no OpenCL device takes SPIR-V (scripts/lib.sh ensure_opencl_cpu): {why}"),
    );
    false
}

fn read_f32(path: &Path) -> Vec<f32> {
    std::fs::read(path)
        .unwrap()
        .chunks(4)
        .map(|c| f32::from_le_bytes(c.try_into().unwrap()))
        .collect()
}

fn read_u32(path: &Path) -> Vec<u32> {
    std::fs::read(path)
        .unwrap()
        .chunks(4)
        .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
        .collect()
}

/// Runs a kernel with `--format json` and `--out` for each named buffer; the parsed report.
fn run_kernel(file: &Path, args: &[&str], outs: &[(&str, &Path)]) -> serde_json::Value {
    let mut command = vec!["run".to_string(), file.display().to_string()];
    command.extend(args.iter().map(|a| a.to_string()));
    for (name, path) in outs {
        command.push("--out".into());
        command.push(format!("{name}={}", path.display()));
    }
    command.extend(["--format".into(), "json".into()]);
    let args: Vec<&str> = command.iter().map(String::as_str).collect();
    let out = speclint(SPECLINT, &args);
    assert!(
        out.status.success(),
        "speclint {args:?} failed ({:?}): {}",
        out.status,
        text(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("the report is JSON")
}

#[test]
fn vector_add_from_assembly_and_binary() {
    let dir = Scratch::new("run-spirv-vector_add_from_assembly_and_binary");
    if !device_present() {
        return;
    }
    for ext in ["spvasm", "spv"] {
        let c = dir.join(&format!("c.{ext}.bin"));
        let report = run_kernel(
            &kernels(ext),
            &[
                "--kernel",
                "vector_add",
                "--grid",
                "4",
                "--block",
                "256",
                "--arg",
                "a=range:f32[1024]",
                "--arg",
                "b=fill:0.5:f32[1024]",
                "--arg",
                "c=zeros:f32[1024]",
                "--arg",
                "n=1000",
            ],
            &[("c", &c)],
        );
        let c = read_f32(&c);
        for (i, v) in c.iter().enumerate() {
            let expected = if i < 1000 { i as f32 + 0.5 } else { 0.0 };
            assert_eq!(*v, expected, "{ext}: c[{i}]");
        }
        let buffers = report["buffers"].as_array().unwrap();
        let c_report = buffers.iter().find(|b| b["name"] == "c").unwrap();
        assert_eq!(c_report["changed"], 1000, "{ext}");
        assert_eq!(c_report["changed_ranges"], serde_json::json!([[0, 999]]));
        assert_eq!(c_report["max"], 999.5);
        let a_report = buffers.iter().find(|b| b["name"] == "a").unwrap();
        assert_eq!(a_report["changed"], 0);
        assert!(report["kernel_ms"].as_f64().unwrap() > 0.0, "{report}");
        assert!(report["device"].as_str().unwrap().contains("OpenCL"));
    }
}

#[test]
fn reduction_with_local_memory_and_barriers() {
    let dir = Scratch::new("run-spirv-reduction_with_local_memory_and_barriers");
    if !device_present() {
        return;
    }
    let (input, partial) = (dir.join("reduce-in.bin"), dir.join("reduce-partial.bin"));
    run_kernel(
        &kernels("spvasm"),
        &[
            "--kernel",
            "reduce_sum",
            "--grid",
            "8",
            "--block",
            "128",
            "--arg",
            "in=random:f32[1024]:7",
            "--arg",
            "partial=zeros:f32[8]",
            "--arg",
            "scratch=local:512",
        ],
        &[("in", &input), ("partial", &partial)],
    );
    let input = read_f32(&input);
    let partial = read_f32(&partial);
    assert_eq!(partial.len(), 8);
    for (group, sum) in partial.iter().enumerate() {
        let expected: f64 = input[group * 128..(group + 1) * 128]
            .iter()
            .map(|&v| v as f64)
            .sum();
        assert!(
            (*sum as f64 - expected).abs() < 1e-4 * expected.abs(),
            "group {group}: {sum} vs {expected}"
        );
    }
}

#[test]
fn histogram_with_local_and_global_atomics() {
    let dir = Scratch::new("run-spirv-histogram_with_local_and_global_atomics");
    if !device_present() {
        return;
    }
    let (values, bins) = (dir.join("hist-values.bin"), dir.join("hist-bins.bin"));
    run_kernel(
        &kernels("spv"),
        &[
            "--kernel",
            "histogram",
            "--grid",
            "16",
            "--block",
            "256",
            "--arg",
            "values=random:u32[4096]:3",
            "--arg",
            "bins=zeros:u32[16]",
            "--arg",
            "local_bins=local:64",
        ],
        &[("values", &values), ("bins", &bins)],
    );
    let mut expected = [0u32; 16];
    for v in read_u32(&values) {
        expected[(v % 16) as usize] += 1;
    }
    assert_eq!(read_u32(&bins), expected.to_vec());
}

#[test]
fn scalars_by_value() {
    let dir = Scratch::new("run-spirv-scalars_by_value");
    if !device_present() {
        return;
    }
    let data = dir.join("scale-data.bin");
    run_kernel(
        &kernels("spvasm"),
        &[
            "--kernel",
            "scale_offset",
            "--block",
            "64",
            "--arg",
            "data=range:f32[64]",
            "--arg",
            "scale=2.5",
            "--arg",
            "offset=-3",
        ],
        &[("data", &data)],
    );
    let data = read_f32(&data);
    for (i, v) in data.iter().enumerate() {
        assert_eq!(*v, i as f32 * 2.5 - 3.0, "data[{i}]");
    }
}

#[test]
fn images_read_and_written() {
    let dir = Scratch::new("run-spirv-images_read_and_written");
    if !device_present() {
        return;
    }
    // 8x4 RGBA float texels 0, 1, 2, ... read into a buffer.
    let dst = dir.join("image-copy.bin");
    run_kernel(
        &kernels("spvasm"),
        &[
            "--kernel",
            "image_copy",
            "--grid",
            "2,2",
            "--block",
            "4,2",
            "--arg",
            "src=image:8x4:rgba:range:f32[128]",
            "--arg",
            "dst=zeros:f32[128]",
        ],
        &[("dst", &dst)],
    );
    let expected: Vec<f32> = (0..128).map(|i| i as f32).collect();
    assert_eq!(read_f32(&dst), expected);
    // Each texel's coordinates written into an image, read back.
    let image = dir.join("image-coords.bin");
    let report = run_kernel(
        &kernels("spv"),
        &[
            "--kernel",
            "image_coords",
            "--grid",
            "2,2",
            "--block",
            "4,2",
            "--arg",
            "dst=image:8x4:rgba:zeros:f32[128]",
        ],
        &[("dst", &image)],
    );
    let texels = read_f32(&image);
    for y in 0..4 {
        for x in 0..8 {
            let at = (y * 8 + x) * 4;
            assert_eq!(
                &texels[at..at + 4],
                &[x as f32, y as f32, 0.0, 1.0],
                "texel ({x}, {y})"
            );
        }
    }
    assert_eq!(report["buffers"][0]["max"], 7.0);
    // A buffer where an image is expected, and an image of the wrong size.
    let file = kernels("spvasm");
    let out = speclint(
        SPECLINT,
        &[
            "run",
            file.to_str().unwrap(),
            "--kernel",
            "image_coords",
            "--arg",
            "dst=zeros:f32[128]",
        ],
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("parameter `dst` takes a write-only 2D image"),
        "{}",
        text(&out.stderr)
    );
    let out = speclint(
        SPECLINT,
        &[
            "run",
            file.to_str().unwrap(),
            "--kernel",
            "image_coords",
            "--arg",
            "dst=image:8x4:rgba:zeros:f32[64]",
        ],
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("need 128 elements"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn the_text_report() {
    if !device_present() {
        return;
    }
    let out = speclint(
        SPECLINT,
        &[
            "run",
            kernels("spvasm").to_str().unwrap(),
            "--kernel",
            "vector_add",
            "--block",
            "4",
            "--arg",
            "a=range:i32[4]",
            "--arg",
            "b=fill:1:f32[4]",
            "--arg",
            "c=zeros:f32[4]",
            "--arg",
            "n=4",
        ],
    );
    // `a` is a buffer of f32: the i32 buffer is refused before anything runs.
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("parameter `a` is a buffer of f32"),
        "{}",
        text(&out.stderr)
    );
    let out = speclint(
        SPECLINT,
        &[
            "run",
            kernels("spvasm").to_str().unwrap(),
            "--kernel",
            "vector_add",
            "--block",
            "4",
            "--arg",
            "a=range:f32[4]",
            "--arg",
            "b=fill:1:f32[4]",
            "--arg",
            "c=zeros:f32[4]",
            "--arg",
            "n=4",
        ],
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let report = text(&out.stdout);
    assert!(report.contains("kernel `vector_add` on "), "{report}");
    assert!(report.contains("c: f32[4], 4 changed (0..3)"), "{report}");
    assert!(report.contains("[1, 2, 3, 4]"), "{report}");
    assert!(report.contains("min 1  max 4"), "{report}");
    assert!(report.contains("a: f32[4], unchanged"), "{report}");
}

#[test]
fn a_parameter_is_named_by_its_opname_and_by_its_id() {
    if !device_present() {
        return;
    }
    // The kernel's `%a_0` keeps no OpName and `%b_0` gets another one: `--arg` takes each
    // name the text gives.
    let source = std::fs::read_to_string(kernels("spvasm")).unwrap();
    let renamed = source
        .replace("               OpName %a_0 \"a\"\n", "")
        .replace("OpName %b_0 \"b\"", "OpName %b_0 \"left\"");
    assert_ne!(renamed, source);
    let dir = Scratch::new("run-spirv-a_parameter_is_named_by_its_opname_and_by_its_id");
    let file = dir.join("renamed.spvasm");
    std::fs::write(&file, renamed).unwrap();
    let file = file.to_str().unwrap();
    let run = |names: [&str; 2]| {
        speclint(
            SPECLINT,
            &[
                "run",
                file,
                "--kernel",
                "vector_add",
                "--block",
                "4",
                "--arg",
                &format!("{}=range:f32[4]", names[0]),
                "--arg",
                &format!("{}=fill:1:f32[4]", names[1]),
                "--arg",
                "c=zeros:f32[4]",
                "--arg",
                "n=4",
            ],
        )
    };
    for names in [["a_0", "left"], ["a_0", "b_0"], ["arg0", "arg1"]] {
        let out = run(names);
        assert!(out.status.success(), "{names:?}: {}", text(&out.stderr));
        assert!(
            text(&out.stdout).contains("[1, 2, 3, 4]"),
            "{names:?}: {}",
            text(&out.stdout)
        );
    }
    // A name that is none of them is refused with every name each parameter answers to.
    let out = run(["x", "left"]);
    assert_eq!(out.status.code(), Some(2));
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains("kernel `vector_add` has no parameter `x`; it takes a_0 ("),
        "{stderr}"
    );
    assert!(stderr.contains("; also named arg0), left ("), "{stderr}");
    assert!(stderr.contains("; also named b_0, arg1), c ("), "{stderr}");
}

#[test]
fn bad_arguments_exit_2_naming_the_parameter() {
    // Checked before any device is needed: these hold without OpenCL too.
    let file = kernels("spvasm");
    let file = file.to_str().unwrap();
    let cases: &[(&[&str], &str)] = &[
        (
            &[
                "--arg",
                "a=zeros:f32[4]",
                "--arg",
                "b=zeros:f32[4]",
                "--arg",
                "c=zeros:f32[4]",
            ],
            "parameter `n` of kernel `vector_add` has no value",
        ),
        (
            &[
                "--arg",
                "a=1.5",
                "--arg",
                "b=zeros:f32[4]",
                "--arg",
                "c=zeros:f32[4]",
                "--arg",
                "n=4",
            ],
            "parameter `a` takes a buffer of f32, not a scalar literal",
        ),
        (
            &[
                "--arg",
                "a=zeros:f32[4]",
                "--arg",
                "b=zeros:f32[4]",
                "--arg",
                "c=zeros:f32[4]",
                "--arg",
                "n=zeros:i32[4]",
            ],
            "parameter `n` takes an i32 scalar, not a buffer",
        ),
        (
            &["--arg", "m=1"],
            "kernel `vector_add` has no parameter `m`",
        ),
        (
            &[
                "--arg",
                "a=zeros:f32[4]",
                "--arg",
                "b=zeros:f32[4]",
                "--arg",
                "c=zeros:f32[4]",
                "--arg",
                "n=1.5",
            ],
            "parameter `n`: `1.5` is not an integer",
        ),
    ];
    for (args, message) in cases {
        let mut command = vec!["run", file, "--kernel", "vector_add"];
        command.extend_from_slice(args);
        let out = speclint(SPECLINT, &command);
        assert_eq!(
            out.status.code(),
            Some(2),
            "{args:?}: {}",
            text(&out.stderr)
        );
        assert!(
            text(&out.stderr).contains(message),
            "{args:?}: {}",
            text(&out.stderr)
        );
    }
    // With --format json the error is also a JSON object on stdout.
    let out = speclint(
        SPECLINT,
        &["run", file, "--kernel", "vector_add", "--format", "json"],
    );
    assert_eq!(out.status.code(), Some(2));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(json["error"]["kind"], "usage");
    assert!(json["error"]["message"]
        .as_str()
        .unwrap()
        .contains("parameter `a`"));
    let out = speclint(SPECLINT, &["run", file]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("defines 8 kernels"),
        "{}",
        text(&out.stderr)
    );
    let out = speclint(SPECLINT, &["run", file, "--kernel", "nope"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("no kernel `nope`"));
    let out = speclint(
        SPECLINT,
        &[
            "run",
            file,
            "--kernel",
            "spin",
            "--arg",
            "flag=zeros:f32[1]x",
        ],
    );
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
}

#[test]
fn a_hanging_kernel_is_killed_at_the_timeout() {
    if !device_present() {
        return;
    }
    let started = Instant::now();
    let out = speclint(
        SPECLINT,
        &[
            "run",
            kernels("spvasm").to_str().unwrap(),
            "--kernel",
            "spin",
            "--arg",
            "flag=zeros:i32[1]",
            "--timeout",
            "3",
        ],
    );
    let took = started.elapsed();
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    assert!(
        text(&out.stderr).contains("did not finish within 3 s"),
        "{}",
        text(&out.stderr)
    );
    assert!(took < Duration::from_secs(8), "took {took:?}");
    // The same kernel finishes when the flag is set.
    let out = speclint(
        SPECLINT,
        &[
            "run",
            kernels("spvasm").to_str().unwrap(),
            "--kernel",
            "spin",
            "--arg",
            "flag=fill:1:i32[1]",
            "--timeout",
            "30",
        ],
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
}

#[test]
fn a_crashing_kernel_is_reported_and_the_cli_survives() {
    if !device_present() {
        return;
    }
    let out = speclint(
        SPECLINT,
        &[
            "run",
            kernels("spvasm").to_str().unwrap(),
            "--kernel",
            "out_of_bounds",
            "--arg",
            "data=zeros:i32[4]",
        ],
    );
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains("the worker process died without a reply"),
        "{stderr}"
    );
    assert!(stderr.contains("SIGSEGV"), "{stderr}");
}

#[test]
fn shared_memory_is_refused_for_opencl() {
    if !device_present() {
        return;
    }
    let out = speclint(
        SPECLINT,
        &[
            "run",
            kernels("spvasm").to_str().unwrap(),
            "--kernel",
            "spin",
            "--arg",
            "flag=fill:1:i32[1]",
            "--shared",
            "1024",
        ],
    );
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    assert!(
        text(&out.stderr).contains("local:BYTES"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn a_work_group_too_large_is_a_usage_error() {
    if !device_present() {
        return;
    }
    let out = speclint(
        SPECLINT,
        &[
            "run",
            kernels("spvasm").to_str().unwrap(),
            "--kernel",
            "spin",
            "--arg",
            "flag=fill:1:i32[1]",
            "--block",
            "100000",
        ],
    );
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains("cannot run with --grid 1 --block 100000"),
        "{stderr}"
    );
    assert!(stderr.contains("at most"), "{stderr}");
}

#[test]
fn without_opencl_exit_2_saying_what_is_missing() {
    let dir = Scratch::new("run-spirv-without_opencl_exit_2_saying_what_is_missing");
    let file = kernels("spv");
    let args = [
        "run",
        file.to_str().unwrap(),
        "--kernel",
        "spin",
        "--arg",
        "flag=fill:1:i32[1]",
    ];
    // No loader at all.
    let out = Command::new(SPECLINT)
        .args(args)
        .env("SPECLINT_OPENCL_LIBRARY", "/nonexistent/libOpenCL.so.1")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    assert!(
        text(&out.stderr).contains("no OpenCL library"),
        "{}",
        text(&out.stderr)
    );
    // A loader, but no runtime registered (an empty vendors directory).
    let empty = dir.join("no-vendors");
    std::fs::create_dir_all(&empty).unwrap();
    let out = Command::new(SPECLINT)
        .args(args)
        .env("OCL_ICD_VENDORS", &empty)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains("no OpenCL platform") || stderr.contains("no OpenCL library"),
        "{stderr}"
    );
}

#[test]
fn assembly_errors_are_reported_at_their_line() {
    let dir = Scratch::new("run-spirv-assembly_errors_are_reported_at_their_line");
    let file = dir.join("broken.spvasm");
    let source = std::fs::read_to_string(kernels("spvasm")).unwrap();
    let broken = source.replacen("OpReturn\n", "OpRetrun\n", 1);
    let line = broken[..broken.find("OpRetrun").unwrap()].lines().count();
    std::fs::write(&file, broken).unwrap();
    let out = speclint(
        SPECLINT,
        &[
            "run",
            file.to_str().unwrap(),
            "--kernel",
            "spin",
            "--arg",
            "flag=fill:1:i32[1]",
        ],
    );
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains(&format!(
            "broken.spvasm:{line}: error: unknown opcode `OpRetrun`"
        )),
        "{stderr}"
    );
}

#[test]
fn a_spirv_version_the_device_does_not_take_is_refused() {
    let dir = Scratch::new("run-spirv-a_spirv_version_the_device_does_not_take_is_refused");
    if !device_present() {
        return;
    }
    let file = dir.join("v16.spvasm");
    let source = std::fs::read_to_string(kernels("spvasm")).unwrap();
    std::fs::write(
        &file,
        source.replacen("; Version: 1.0", "; Version: 1.6", 1),
    )
    .unwrap();
    let out = speclint(SPECLINT, &["run", "--compile-only", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    assert!(
        text(&out.stderr).contains("does not accept SPIR-V 1.6"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn spirv_1_0_to_1_4_are_accepted() {
    let dir = Scratch::new("run-spirv-spirv_1_0_to_1_4_are_accepted");
    if !device_present() {
        return;
    }
    let source = std::fs::read_to_string(kernels("spvasm")).unwrap();
    for minor in 0..=4 {
        let file = dir.join(&format!("v1{minor}.spvasm"));
        let version = format!("; Version: 1.{minor}");
        std::fs::write(&file, source.replacen("; Version: 1.0", &version, 1)).unwrap();
        let c = dir.join(&format!("v1{minor}-c.bin"));
        run_kernel(
            &file,
            &[
                "--kernel",
                "vector_add",
                "--block",
                "8",
                "--arg",
                "a=range:f32[8]",
                "--arg",
                "b=range:f32[8]",
                "--arg",
                "c=zeros:f32[8]",
                "--arg",
                "n=8",
            ],
            &[("c", &c)],
        );
        let expected: Vec<f32> = (0..8).map(|i| 2.0 * i as f32).collect();
        assert_eq!(read_f32(&c), expected, "SPIR-V 1.{minor}");
    }
    // Modules llvm-spirv-15 made as SPIR-V 1.4 (the corpus's spv14 variants) build too.
    let corpus = Path::new(DIR).join("../../spirv/corpus/spv");
    for name in [
        "work_group_collectives",
        "image2d_read_write",
        "vload_vstore",
    ] {
        let file = corpus.join(format!("{name}.cl30.spv14.spv"));
        let out = speclint(SPECLINT, &["run", "--compile-only", file.to_str().unwrap()]);
        assert!(out.status.success(), "{name}: {}", text(&out.stderr));
    }
}

#[test]
fn a_device_build_failure_shows_the_build_log() {
    if !device_present() {
        return;
    }
    // A kernel calling a function the module only imports: valid SPIR-V that no OpenCL
    // implementation can build into an executable by itself.
    let file = Path::new(DIR).join("unresolved_import.spvasm");
    let out = speclint(SPECLINT, &["run", "--compile-only", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains("error: the OpenCL build failed (CL_BUILD_PROGRAM_FAILURE (-11))"),
        "{stderr}"
    );
    // The device's own build log follows, each line under the file's name; its wording is
    // the runtime's, so only its presence is asserted.
    assert!(
        stderr
            .lines()
            .any(|line| line.starts_with(&format!("{}: ", file.display()))
                && !line.contains("the OpenCL build failed")),
        "{stderr}"
    );
}

#[test]
fn compile_only_reports_each_kernel() {
    if !device_present() {
        return;
    }
    let out = speclint(
        SPECLINT,
        &["run", "--compile-only", kernels("spvasm").to_str().unwrap()],
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let report = text(&out.stdout);
    for kernel in [
        "vector_add",
        "reduce_sum",
        "histogram",
        "scale_offset",
        "spin",
    ] {
        assert!(
            report.contains(&format!("kernel `{kernel}`: work-group size limit")),
            "{report}"
        );
    }
    // `--kernel` keeps the figures of that kernel only, and must name one.
    let file = kernels("spvasm");
    let out = speclint(
        SPECLINT,
        &[
            "run",
            "--compile-only",
            "--kernel",
            "histogram",
            file.to_str().unwrap(),
        ],
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let report = text(&out.stdout);
    assert!(report.contains("kernel `histogram`:"), "{report}");
    assert!(!report.contains("kernel `vector_add`:"), "{report}");
    let out = speclint(
        SPECLINT,
        &[
            "run",
            "--compile-only",
            "--kernel",
            "histogramm",
            file.to_str().unwrap(),
        ],
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("no kernel `histogramm`; the file defines vector_add"),
        "{}",
        text(&out.stderr)
    );
}
