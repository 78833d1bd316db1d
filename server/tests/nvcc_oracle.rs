//! nvcc oracle for inline PTX: checks `speclint check` on CUDA C++ files against NVIDIA's
//! compiler, which hands the PTX of `asm` statements to ptxas.
//!
//! Fixtures live in `tests/corpus/cuda/{valid,invalid}/*.cu`. Each starts with
//!
//! ```text
//! // arch: sm_90a                  -> compiled with -gencode arch=compute_90a,code=sm_90a
//! // expect: clean                 -> valid/: nvcc accepts it
//! // expect: PTX005 line 16        -> invalid/: the rule code and the line it breaks
//! ```
//!
//! A fixture can also be a directory holding `main.cu` and its headers; `// include: DIR`
//! adds `-I DIR` (relative to the fixture's directory) to nvcc's command.
//!
//! speclint is run with `--target` set to the fixture's arch. For a valid fixture nvcc must
//! compile it and speclint must report no error and no warning. For an invalid one nvcc must
//! fail (where its front end names a line, that line must be the `expect` line: ptxas's own
//! errors name a line of a temporary `.ptx` file), and speclint must report the `expect` code as
//! an error on the `expect` line and no error on any other line.
//!
//! nvcc is the one beside ptxas (`$PTXAS`, the `nvidia` Python package's `cu13/bin`, or `PATH`);
//! g++ is its host compiler. Without them the test is skipped loudly, or fails when `$CI` is set.

use std::path::{Path, PathBuf};
use std::process::Command;

use speclint_test_support::oracle::{self, indent, parallel, run_speclint, show_lint};
use speclint_test_support::ptxas::find_ptxas;
use speclint_test_support::scratch::Scratch;

const SPECLINT: &str = env!("CARGO_BIN_EXE_speclint");
const FIXTURES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/corpus/cuda");
const MIN_VALID: usize = 27;
const MIN_INVALID: usize = 25;

struct Fixture {
    name: String,
    path: PathBuf,
    arch: String,
    /// `-I` directories for nvcc.
    includes: Vec<PathBuf>,
    /// `None`: clean.
    expect: Option<(String, u32)>,
}

fn header(text: &str, key: &str) -> Option<String> {
    text.lines()
        .find_map(|l| l.strip_prefix(&format!("// {key}: ")))
        .map(|v| v.trim().to_string())
}

fn load(kind: &str) -> Vec<Fixture> {
    let dir = Path::new(FIXTURES).join(kind);
    let mut paths: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter_map(|p| {
            if p.is_dir() {
                Some(p.join("main.cu")).filter(|m| m.is_file())
            } else {
                p.extension().is_some_and(|e| e == "cu").then_some(p)
            }
        })
        .collect();
    paths.sort();
    paths
        .into_iter()
        .map(|path| {
            let text = std::fs::read_to_string(&path).unwrap();
            let shown = if path.ends_with("main.cu") {
                path.parent().unwrap()
            } else {
                &path
            };
            let name = format!("{kind}/{}", shown.file_name().unwrap().to_string_lossy());
            let includes = header(&text, "include")
                .map(|dirs| {
                    dirs.split_whitespace()
                        .map(|d| path.parent().unwrap().join(d))
                        .collect()
                })
                .unwrap_or_default();
            let arch = header(&text, "arch").unwrap_or_else(|| panic!("{name}: no `// arch:`"));
            let expect =
                header(&text, "expect").unwrap_or_else(|| panic!("{name}: no `// expect:`"));
            let expect = if expect == "clean" {
                None
            } else {
                let (code, line) = expect
                    .split_once(" line ")
                    .unwrap_or_else(|| panic!("{name}: `// expect: CODE line N` or `clean`"));
                Some((code.to_string(), line.parse().unwrap()))
            };
            assert_eq!(
                expect.is_none(),
                kind == "valid",
                "{name}: valid/ is clean, invalid/ is not"
            );
            Fixture {
                name,
                path,
                arch,
                includes,
                expect,
            }
        })
        .collect()
}

/// Compiles the fixture; `Ok(())` when nvcc accepts it, else its output.
fn nvcc(nvcc: &Path, fixture: &Fixture, out: &Path) -> Result<(), String> {
    let compute = fixture.arch.replace("sm_", "compute_");
    let output = Command::new(nvcc)
        .arg("-gencode")
        .arg(format!("arch={compute},code={}", fixture.arch))
        .args(
            fixture
                .includes
                .iter()
                .map(|d| format!("-I{}", d.display())),
        )
        .arg("-c")
        .arg(&fixture.path)
        .arg("-o")
        .arg(out)
        .output()
        .unwrap_or_else(|e| panic!("cannot run {}: {e}", nvcc.display()));
    if output.status.success() {
        Ok(())
    } else {
        Err(format!(
            "{}{}",
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        ))
    }
}

/// The lines of the `.cu` file nvcc's front end reports errors on (`file.cu(6): error: …`).
fn front_end_error_lines(output: &str) -> Vec<u32> {
    output
        .lines()
        .filter(|l| l.contains("): error"))
        .filter_map(|l| {
            let (before, _) = l.split_once("): error")?;
            before.rsplit_once('(')?.1.parse().ok()
        })
        .collect()
}

fn check(nvcc_path: &Path, fixture: &Fixture, dir: &Path) -> Vec<String> {
    let mut problems = Vec::new();
    let object = dir.join(format!("{}.o", fixture.name.replace('/', "-")));
    let verdict = nvcc(nvcc_path, fixture, &object);
    let findings = match run_speclint(SPECLINT, &["--target", &fixture.arch], &[&fixture.path]) {
        Ok(findings) => findings,
        Err(e) => return vec![format!("{}: {e}", fixture.name)],
    };
    let errors: Vec<_> = findings.iter().filter(|d| d.severity == "error").collect();
    match (&fixture.expect, verdict) {
        (None, Err(output)) => problems.push(format!(
            "{}: stale fixture: nvcc rejects it\n{}",
            fixture.name,
            indent(&output)
        )),
        (None, Ok(())) => {
            let loud: Vec<_> = findings
                .iter()
                .filter(|d| matches!(d.severity.as_str(), "error" | "warning"))
                .collect();
            if !loud.is_empty() {
                problems.push(format!(
                    "{}: nvcc accepts it, speclint reports\n{}",
                    fixture.name,
                    show_lint(&loud)
                ));
            }
        }
        (Some((code, line)), Ok(())) => problems.push(format!(
            "{}: stale fixture: nvcc accepts it (expected {code} on line {line})",
            fixture.name
        )),
        (Some((code, line)), Err(output)) => {
            let lines = front_end_error_lines(&output);
            if !lines.is_empty() && !lines.contains(line) {
                problems.push(format!(
                    "{}: stale fixture: nvcc reports lines {lines:?}, not {line}\n{}",
                    fixture.name,
                    indent(&output)
                ));
            }
            let found = errors.iter().any(|d| &d.code == code && d.line == *line);
            let elsewhere: Vec<_> = errors.iter().filter(|d| d.line != *line).collect();
            if !found || !elsewhere.is_empty() {
                problems.push(format!(
                    "{}: nvcc rejects it; speclint should report {code} as an error on line {line} (and no error elsewhere)\n{}\n      nvcc:\n{}",
                    fixture.name,
                    show_lint(&findings),
                    indent(&output)
                ));
            }
        }
    }
    problems
}

/// nvcc beside ptxas, with g++ to host it; `None` (the test skipped loudly, or failed in CI)
/// without them.
fn find_nvcc(test: &str) -> Option<PathBuf> {
    let nvcc_path = find_ptxas()
        .map(|p| p.with_file_name("nvcc"))
        .filter(|p| p.is_file());
    let Some(nvcc_path) = nvcc_path else {
        oracle::skip_without_tools(
            test,
            "nvcc not found beside ptxas (`pip install nvidia-cuda-nvcc`)",
        );
        return None;
    };
    if !host_compiler_present() {
        oracle::skip_without_tools(test, "g++ (nvcc's host compiler) not found");
        return None;
    }
    Some(nvcc_path)
}

fn host_compiler_present() -> bool {
    Command::new("g++")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
}

#[test]
fn nvcc_oracle() {
    let Some(nvcc_path) = find_nvcc("nvcc_oracle") else {
        return;
    };
    let valid = load("valid");
    let invalid = load("invalid");
    assert!(
        valid.len() >= MIN_VALID && invalid.len() >= MIN_INVALID,
        "expected at least {MIN_VALID} valid and {MIN_INVALID} invalid fixtures under {FIXTURES}"
    );
    let scratch = Scratch::new("nvcc_oracle");
    let dir = scratch.path();
    let fixtures: Vec<&Fixture> = valid.iter().chain(&invalid).collect();
    let problems: Vec<String> = parallel(&fixtures, |f| check(&nvcc_path, f, dir))
        .into_iter()
        .flatten()
        .collect();
    assert!(
        problems.is_empty(),
        "{} disagreement(s) with nvcc:\n\n{}",
        problems.len(),
        problems.join("\n\n")
    );
}

#[test]
fn front_end_lines_are_read() {
    let output = "x.cu(6): error: asm operand index requested is larger\nptxas /tmp/a.ptx, line 29; error   : Unknown\n";
    assert_eq!(front_end_error_lines(output), [6]);
}

/// The CUDA sources the PTX corpus is generated from (`tests/corpus/ptx/generate.sh` compiles
/// each with nvcc for the targets it lists, and ptxas accepts every result) are clean at each of
/// those targets: inline PTX under `#if __CUDA_ARCH__` and feature-macro guards included.
#[test]
fn cuda_sources_of_the_ptx_corpus_are_clean() {
    let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/corpus/ptx");
    let script = std::fs::read_to_string(corpus.join("generate.sh")).unwrap();
    // Lines like `  "mma_asm:     sm_80 sm_89 sm_90a sm_120 sm_120a"`.
    let table: Vec<(String, Vec<String>)> = script
        .lines()
        .filter_map(|l| l.trim().strip_prefix('"')?.strip_suffix('"'))
        .filter_map(|l| l.split_once(':'))
        .map(|(kernel, variants)| {
            let targets = variants
                .split_whitespace()
                .map(|v| v.split('-').next().unwrap().to_string())
                .collect();
            (kernel.trim().to_string(), targets)
        })
        .collect();
    assert!(
        table.len() >= 20,
        "generate.sh lists {} kernels",
        table.len()
    );
    let runs: Vec<(String, String)> = table
        .iter()
        .flat_map(|(k, targets)| targets.iter().map(move |t| (k.clone(), t.clone())))
        .collect();
    let problems: Vec<String> = parallel(&runs, |(kernel, target)| {
        let path = corpus.join("cuda").join(format!("{kernel}.cu"));
        match run_speclint(SPECLINT, &["--target", target], &[&path]) {
            Ok(findings) => {
                let loud: Vec<_> = findings
                    .iter()
                    .filter(|d| matches!(d.severity.as_str(), "error" | "warning"))
                    .collect();
                (!loud.is_empty())
                    .then(|| format!("{kernel}.cu at {target}:\n{}", show_lint(&loud)))
            }
            Err(e) => Some(format!("{kernel}.cu at {target}: {e}")),
        }
    })
    .into_iter()
    .flatten()
    .collect();
    assert!(
        problems.is_empty(),
        "speclint reports findings nvcc does not:\n{}",
        problems.join("\n")
    );
}

/// The toolkit's headers as the wheels install them beside nvcc: CCCL (libcu++'s `cuda::ptx`
/// wrappers, CUB, Thrust), `crt`, the runtime's (`cuda_fp8.hpp`, `sm_30_intrinsics.hpp`, …) and
/// cooperative groups. nvcc compiles a file that includes them at each target, and speclint,
/// pointed at the whole include tree, reports no error on any of their `asm` statements there.
/// CCCL's wrappers of new instructions are templates under PTX ISA guards (target findings
/// there are warnings), and their forms reach past the PTX ISA 9.0 text to what ptxas 13.5 takes.
#[test]
fn cuda_toolkit_headers_get_no_error() {
    let Some(nvcc_path) = find_nvcc("cuda_toolkit_headers_get_no_error") else {
        return;
    };
    let include = nvcc_path.parent().unwrap().join("../include");
    if !include.join("cccl/cuda/ptx").is_file() {
        oracle::skip_without_tools(
            "cuda_toolkit_headers_get_no_error",
            "CCCL headers not found beside nvcc (`pip install nvidia-cuda-cccl`)",
        );
        return;
    }
    let scratch = Scratch::new("nvcc_toolkit_headers");
    let source = scratch.path().join("all.cu");
    std::fs::write(
        &source,
        "#include <cuda/ptx>\n#include <cub/cub.cuh>\n#include <thrust/device_vector.h>\n\
         #include <cuda_fp8.h>\n#include <cuda_fp6.h>\n#include <cuda_fp4.h>\n\
         #include <cuda_bf16.h>\n#include <cooperative_groups.h>\n\
         __global__ void k(int *p) { p[0] = cuda::ptx::get_sreg_laneid(); }\n",
    )
    .unwrap();
    let targets = ["sm_80", "sm_90a", "sm_100a", "sm_120f"];
    let roots = [include];
    let problems: Vec<String> = parallel(&targets, |target| {
        let fixture = Fixture {
            name: format!("toolkit headers at {target}"),
            path: source.clone(),
            arch: target.to_string(),
            includes: Vec::new(),
            expect: None,
        };
        let out = scratch.path().join(format!("{target}.o"));
        if let Err(output) = nvcc(&nvcc_path, &fixture, &out) {
            return Some(format!(
                "nvcc rejects the toolkit headers at {target}:\n{output}"
            ));
        }
        match run_speclint(SPECLINT, &["--target", target], &roots) {
            Ok(findings) => {
                let errors: Vec<_> = findings.iter().filter(|d| d.severity == "error").collect();
                (!errors.is_empty()).then(|| {
                    let shown: Vec<_> = errors.iter().take(30).copied().collect();
                    format!(
                        "{} error(s) at {target}, the first {}:\n{}",
                        errors.len(),
                        shown.len(),
                        show_lint(&shown)
                    )
                })
            }
            Err(e) => Some(format!("at {target}: {e}")),
        }
    })
    .into_iter()
    .flatten()
    .collect();
    assert!(
        problems.is_empty(),
        "speclint reports errors on headers nvcc compiles:\n{}",
        problems.join("\n")
    );
}
