//! PTX under `speclint run`: `--compile-only` and the language server's kernel lenses report
//! what `ptxas -v` says about each kernel, checked against `ptxas -v` run here on real kernels
//! of the corpus; without a CUDA driver (this project's CI) a run exits 2 naming what is
//! missing.
//!
//! ptxas comes from `$PTXAS` (scripts/lib.sh's `ensure_ptxas` exports it), the `nvidia` Python
//! package or `PATH`; without it the ptxas tests are skipped loudly, or fail when `$CI` is set.

use speclint_test_support::oracle;
use speclint_test_support::ptxas;

use serde_json::{json, Value};
use speclint_ptx::compile;
use speclint_test_support::lsp_client::*;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

const SPECLINT: &str = env!("CARGO_BIN_EXE_speclint");

const CORPUS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/corpus/ptx/valid");

/// Real nvcc output: spills (calls), shared memory, debug builds, Hopper and Blackwell targets.
const KERNEL_FILES: &[&str] = &[
    "arith-sm_80.ptx",
    "calls-sm_80.ptx",
    "calls-sm_90-G.ptx",
    "shared-sm_86.ptx",
    "memory-sm_90.ptx",
    "hopper-sm_90a.ptx",
    "tma-sm_100a.ptx",
    "wmma-sm_75.ptx",
];

/// What `ptxas -v` says about one kernel, read here independently of speclint.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
struct Figures {
    registers: u64,
    stack_frame: u64,
    spill_stores: u64,
    spill_loads: u64,
    shared: u64,
    constant: u64,
}

fn corpus(name: &str) -> PathBuf {
    Path::new(CORPUS).join(name)
}

fn target_of(path: &Path) -> String {
    let text = std::fs::read_to_string(path).unwrap();
    text.lines()
        .find_map(|l| l.trim().strip_prefix(".target "))
        .map(|t| t.split(',').next().unwrap().trim().to_string())
        .unwrap_or_else(|| panic!("{}: no .target", path.display()))
}

/// Runs `ptxas -v` (with `extra` flags) on `path` for its `.target` and reads each entry's
/// figures.
fn ptxas_figures(ptxas: &Path, path: &Path, extra: &[&str]) -> BTreeMap<String, Figures> {
    let out = std::env::temp_dir().join(format!(
        "speclint-ptx-run-{}-{}.cubin",
        std::process::id(),
        path.file_stem().unwrap().to_string_lossy()
    ));
    let output = Command::new(ptxas)
        .arg("-v")
        .arg(format!("-arch={}", target_of(path)))
        .args(extra)
        .arg(path)
        .arg("-o")
        .arg(&out)
        .output()
        .expect("run ptxas");
    let _ = std::fs::remove_file(&out);
    let log = String::from_utf8_lossy(&output.stderr).into_owned();
    assert!(
        output.status.success(),
        "{}: ptxas failed:\n{log}",
        path.display()
    );
    let mut kernels = BTreeMap::new();
    let mut current: Option<String> = None;
    let mut frame_next = false;
    let number = |word: &str| word.parse::<u64>().unwrap();
    for line in log.lines() {
        let line = line.trim();
        if let Some(rest) = line.split("Compiling entry function '").nth(1) {
            let name = rest.split('\'').next().unwrap().to_string();
            kernels.insert(name.clone(), Figures::default());
            current = Some(name);
        } else if let Some(name) = line.split("Function properties for ").nth(1) {
            frame_next = current.as_deref() == Some(name.trim());
        } else if line.ends_with("bytes spill loads") {
            if frame_next {
                let words: Vec<&str> = line.split_whitespace().collect();
                let figures = kernels.get_mut(current.as_ref().unwrap()).unwrap();
                figures.stack_frame = number(words[0]);
                figures.spill_stores = number(words[4]);
                figures.spill_loads = number(words[8]);
            }
            frame_next = false;
        } else if let Some(rest) = line.split(": Used ").nth(1) {
            let figures = kernels.get_mut(current.as_ref().unwrap()).unwrap();
            for part in rest.split(", ") {
                let words: Vec<&str> = part.split_whitespace().collect();
                match words.as_slice() {
                    [n, "registers"] => figures.registers = number(n),
                    [n, "bytes", "smem"] => figures.shared = number(n),
                    [n, "bytes", cmem] if cmem.starts_with("cmem[") => {
                        figures.constant += number(n)
                    }
                    _ => {}
                }
            }
        }
    }
    assert!(
        !kernels.is_empty(),
        "{}: no kernel in\n{log}",
        path.display()
    );
    kernels
}

fn ptxas_or_skip(test: &str) -> Option<PathBuf> {
    let found = ptxas::find_ptxas();
    if found.is_none() {
        oracle::skip_without_tools(
            test,
            "ptxas not found (set PTXAS or pip install nvidia-cuda-nvcc)",
        );
    }
    found
}

// ---------------------------------------------------------------------------------------------
// Reading ptxas -v
// ---------------------------------------------------------------------------------------------

fn figures_of(kernel: &compile::KernelResources) -> Figures {
    Figures {
        registers: u64::from(kernel.registers),
        stack_frame: kernel.stack_frame,
        spill_stores: kernel.spill_stores,
        spill_loads: kernel.spill_loads,
        shared: kernel.shared,
        constant: kernel.constant_bytes(),
    }
}

/// arith-sm_80.ptx with `double_ops` held to 16 registers (`.maxnreg`): it spills.
fn squeezed_kernel() -> PathBuf {
    let text = std::fs::read_to_string(corpus("arith-sm_80.ptx")).unwrap();
    let header = " double_ops_param_3\n)\n";
    assert!(text.contains(header), "arith-sm_80.ptx changed");
    let squeezed = text.replacen(header, &format!("{header}.maxnreg 16\n"), 1);
    let path = std::env::temp_dir().join(format!("speclint-squeezed-{}.ptx", std::process::id()));
    std::fs::write(&path, squeezed).unwrap();
    path
}

#[test]
fn compile_reads_each_kernels_figures_as_ptxas_prints_them() {
    let Some(ptxas) = ptxas_or_skip("compile_reads_each_kernels_figures") else {
        return;
    };
    let squeezed = squeezed_kernel();
    let mut spilled = 0;
    let paths = KERNEL_FILES
        .iter()
        .map(|name| corpus(name))
        .chain([squeezed.clone()]);
    for path in paths {
        let expected = ptxas_figures(&ptxas, &path, &[]);
        let text = std::fs::read_to_string(&path).unwrap();
        let report = compile::compile(&ptxas, &text, Some(&target_of(&path))).unwrap();
        let name = path.display();
        assert!(report.success && !report.relocatable, "{name}: {report:?}");
        let read: BTreeMap<String, Figures> = report
            .kernels
            .iter()
            .map(|k| (k.kernel.clone(), figures_of(k)))
            .collect();
        assert_eq!(read, expected, "{name}");
        spilled += read
            .values()
            .filter(|f| f.spill_stores > 0 && f.spill_loads > 0)
            .count();
    }
    let _ = std::fs::remove_file(&squeezed);
    // The comparison covers spills only if some kernel spills.
    assert!(spilled > 0, "no kernel spills");
}

#[test]
fn a_module_calling_extern_functions_is_compiled_as_relocatable_code() {
    let Some(ptxas) = ptxas_or_skip("extern_functions_compile_relocatable") else {
        return;
    };
    let path = corpus("extern_link-sm_80.ptx");
    let expected = ptxas_figures(&ptxas, &path, &["-c"]);
    let text = std::fs::read_to_string(&path).unwrap();
    let report = compile::compile(&ptxas, &text, Some("sm_80")).unwrap();
    assert!(report.success && report.relocatable, "{report:?}");
    let read: BTreeMap<String, Figures> = report
        .kernels
        .iter()
        .map(|k| (k.kernel.clone(), figures_of(k)))
        .collect();
    assert_eq!(read, expected);
}

#[test]
fn ptxas_errors_come_with_their_lines() {
    let Some(ptxas) = ptxas_or_skip("ptxas_errors_come_with_their_lines") else {
        return;
    };
    let text = ".version 8.0\n.target sm_80\n.address_size 64\n.visible .entry k()\n{\n\tfoo.bar;\n\tret;\n}\n";
    let report = compile::compile(&ptxas, text, Some("sm_80")).unwrap();
    assert!(!report.success);
    assert!(
        report
            .messages
            .iter()
            .all(|m| m.kind == compile::MessageKind::Error && m.line == Some(6)),
        "{:?}",
        report.messages
    );
    assert!(!report.messages.is_empty());
}

// ---------------------------------------------------------------------------------------------
// The language server's lenses
// ---------------------------------------------------------------------------------------------

/// The `compiled` lenses: kernel name → title.
fn compiled_lenses(lenses: &Value) -> BTreeMap<String, String> {
    lenses
        .as_array()
        .unwrap()
        .iter()
        .filter(|lens| lens["data"]["lens"] == "compiled")
        .map(|lens| {
            (
                lens["data"]["kernel"].as_str().unwrap().to_string(),
                lens["command"]["title"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

fn code_lenses(lsp: &mut Lsp, uri: &str) -> Value {
    lsp.call(
        "textDocument/codeLens",
        json!({"textDocument": {"uri": uri}}),
    )
}

/// Asks for lenses until the compiled ones come (or 60 s pass).
fn wait_for_compiled_lenses(lsp: &mut Lsp, uri: &str) -> BTreeMap<String, String> {
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        let compiled = compiled_lenses(&code_lenses(lsp, uri));
        if !compiled.is_empty() || Instant::now() > deadline {
            return compiled;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
}

fn expect_title(title: &str, figures: &Figures) {
    for part in [
        format!("registers {} ·", figures.registers),
        format!("spill stores {} B", figures.spill_stores),
        format!("spill loads {} B", figures.spill_loads),
        format!("shared memory {} B", figures.shared),
        format!("constant memory {} B", figures.constant),
        format!("stack frame {} B", figures.stack_frame),
    ] {
        assert!(
            title.contains(&part),
            "`{part}` missing from the lens `{title}`"
        );
    }
}

#[test]
fn kernel_lenses_show_what_ptxas_says_and_only_for_the_text_it_compiled() {
    let Some(ptxas) = ptxas_or_skip("kernel_lenses_show_ptxas_figures") else {
        return;
    };
    let path = corpus("calls-sm_80.ptx");
    let expected = ptxas_figures(&ptxas, &path, &[]);
    let text = std::fs::read_to_string(&path).unwrap();
    let mut lsp = Lsp::spawn_with_env(SPECLINT, &[("PTXAS", ptxas.to_str().unwrap())]);
    lsp.initialize_with(json!({"workspace": {"codeLens": {"refreshSupport": true}}}));
    let uri = uri("calls.ptx");
    lsp.open(&uri, &text);
    // Diagnostics do not wait for ptxas: they come first, without the compiled lenses' help.
    lsp.diagnostics(&uri, Some(1));
    lsp.wait_for_server_request("workspace/codeLens/refresh");
    let compiled = compiled_lenses(&code_lenses(&mut lsp, &uri));
    assert_eq!(
        compiled.keys().collect::<Vec<_>>(),
        expected.keys().collect::<Vec<_>>(),
        "a compiled lens per kernel"
    );
    for (kernel, figures) in &expected {
        let title = &compiled[kernel];
        assert!(title.starts_with("sm_80 (ptxas "), "{title}");
        expect_title(title, figures);
    }

    // An edit: the figures were for the old text, so they go until the next save.
    let edited = format!("{text}// edited\n");
    lsp.change(&uri, 2, json!([{"text": edited}]));
    lsp.diagnostics(&uri, Some(2));
    assert!(compiled_lenses(&code_lenses(&mut lsp, &uri)).is_empty());
    lsp.notify(
        "textDocument/didSave",
        json!({"textDocument": {"uri": uri}}),
    );
    let again = wait_for_compiled_lenses(&mut lsp, &uri);
    assert_eq!(
        again, compiled,
        "the saved text compiles to the same figures"
    );
    assert!(lsp.shutdown_and_exit().success());
}

#[test]
fn a_module_ptxas_rejects_gets_a_lens_saying_where() {
    let Some(ptxas) = ptxas_or_skip("a_module_ptxas_rejects_gets_a_lens") else {
        return;
    };
    // ptxas stops at the unknown instruction; the lens names its line.
    let text = ".version 8.0\n.target sm_80\n.address_size 64\n.visible .entry k(.param .u64 p)\n{\n\t.reg .b32 %r<3>;\n\tfoo.bar %r1, %r2;\n\tret;\n}\n";
    let mut lsp = Lsp::spawn_with_env(SPECLINT, &[("PTXAS", ptxas.to_str().unwrap())]);
    lsp.initialize();
    let uri = uri("rejected.ptx");
    lsp.open(&uri, text);
    lsp.diagnostics(&uri, Some(1));
    let compiled = wait_for_compiled_lenses(&mut lsp, &uri);
    let title = compiled.get("k").expect("a lens on the kernel");
    assert!(
        title.contains("rejected the module (for sm_80): line 7: "),
        "{title}"
    );
    assert!(lsp.shutdown_and_exit().success());
}

// ---------------------------------------------------------------------------------------------
// speclint run
// ---------------------------------------------------------------------------------------------

const RUN_FIXTURES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/run/ptx");

fn speclint(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_speclint"))
        .args(args)
        .env_remove("PTXAS")
        .env_remove("SPECLINT_PTX_TARGET")
        .output()
        .expect("run speclint")
}

fn stderr_of(output: &std::process::Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

#[test]
fn compile_only_reports_the_figures_ptxas_prints_for_each_kernel() {
    let Some(ptxas) = ptxas_or_skip("compile_only_reports_ptxas_figures") else {
        return;
    };
    let ptxas_arg = ptxas.to_str().unwrap();
    for name in [
        "calls-sm_80.ptx",
        "shared-sm_86.ptx",
        "hopper-sm_90a.ptx",
        "wmma-sm_75.ptx",
    ] {
        let path = corpus(name);
        let expected = ptxas_figures(&ptxas, &path, &[]);
        let file = path.to_str().unwrap();
        let output = speclint(&[
            "run",
            file,
            "--compile-only",
            "--format",
            "json",
            "--ptxas",
            ptxas_arg,
        ]);
        assert_eq!(
            output.status.code(),
            Some(0),
            "{name}: {}",
            stderr_of(&output)
        );
        let report: Value = serde_json::from_slice(&output.stdout).unwrap();
        let compiler = report["compiler"].as_str().unwrap();
        assert!(
            compiler.starts_with(&format!("{} (ptxas ", target_of(&path))),
            "{compiler}"
        );
        let read: BTreeMap<String, Figures> = report["kernels"]
            .as_array()
            .unwrap()
            .iter()
            .map(|kernel| {
                let figure = |label: &str| {
                    kernel["figures"]
                        .as_array()
                        .unwrap()
                        .iter()
                        .find(|pair| pair[0] == label)
                        .and_then(|pair| pair[1].as_u64())
                        .unwrap_or_else(|| panic!("{name}: no `{label}` in {kernel}"))
                };
                let figures = Figures {
                    registers: figure("registers"),
                    stack_frame: figure("stack frame bytes"),
                    spill_stores: figure("spill stores bytes"),
                    spill_loads: figure("spill loads bytes"),
                    shared: figure("shared memory bytes"),
                    constant: figure("constant memory bytes"),
                };
                (kernel["kernel"].as_str().unwrap().to_string(), figures)
            })
            .collect();
        assert_eq!(read, expected, "{name}");
    }
}

#[test]
fn compile_only_follows_target_and_shows_ptxas_errors_at_their_lines() {
    let Some(ptxas) = ptxas_or_skip("compile_only_target_and_errors") else {
        return;
    };
    let ptxas_arg = ptxas.to_str().unwrap();
    let saxpy = format!("{RUN_FIXTURES}/saxpy.ptx");
    let output = speclint(&[
        "run",
        &saxpy,
        "--compile-only",
        "--target",
        "sm_90",
        "--ptxas",
        ptxas_arg,
    ]);
    let text = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(0), "{}", stderr_of(&output));
    assert!(text.contains("compiled for sm_90 (ptxas "), "{text}");
    assert!(text.contains("kernel `saxpy`: "), "{text}");

    let dir = std::env::temp_dir().join(format!("speclint-ptx-run-bad-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("bad.ptx");
    std::fs::write(
        &bad,
        ".version 8.0\n.target sm_80\n.address_size 64\n.visible .entry k()\n{\n\tfoo.bar;\n\tret;\n}\n",
    )
    .unwrap();
    let bad = bad.to_str().unwrap();
    let output = speclint(&["run", bad, "--compile-only", "--ptxas", ptxas_arg]);
    let errors = stderr_of(&output);
    assert_eq!(output.status.code(), Some(1), "{errors}");
    assert!(
        errors.contains(&format!("{bad}:6: error: Unknown modifier '.bar'")),
        "{errors}"
    );
    assert!(
        errors.contains("rejected the module (for sm_80)"),
        "{errors}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn compile_only_without_ptxas_or_with_an_unknown_target_exits_2() {
    let saxpy = format!("{RUN_FIXTURES}/saxpy.ptx");
    let missing = speclint(&[
        "run",
        &saxpy,
        "--compile-only",
        "--ptxas",
        "/nonexistent/ptxas",
    ]);
    assert_eq!(missing.status.code(), Some(2));
    assert!(stderr_of(&missing).contains("--ptxas /nonexistent/ptxas: no such file"));
    let target = speclint(&["run", &saxpy, "--compile-only", "--target", "sm_99"]);
    assert_eq!(target.status.code(), Some(2));
    assert!(stderr_of(&target).contains("`sm_99` is not a target"));
}

const SAXPY_ARGS: &[&str] = &[
    "--grid",
    "4",
    "--block",
    "256",
    "--arg",
    "x=range:f32[1024]",
    "--arg",
    "y=fill:1:f32[1024]",
    "--arg",
    "a=2",
    "--arg",
    "n=1024",
    "--format",
    "json",
];

#[test]
fn a_run_needs_the_cuda_driver_and_says_so_when_it_is_missing() {
    let saxpy = format!("{RUN_FIXTURES}/saxpy.ptx");
    let mut args = vec!["run", saxpy.as_str()];
    args.extend_from_slice(SAXPY_ARGS);
    let output = speclint(&args);
    if speclint_device::cuda::library_present() {
        // A machine with a driver (and, for this to pass, a device): y = 2 x + 1.
        assert_eq!(output.status.code(), Some(0), "{}", stderr_of(&output));
        let report: Value = serde_json::from_slice(&output.stdout).unwrap();
        let y = &report["buffers"][1];
        assert_eq!(y["name"], "y");
        let first: Vec<f64> = y["first"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_f64().unwrap())
            .collect();
        assert_eq!(first[..4], [1.0, 3.0, 5.0, 7.0]);
        assert_eq!(y["max"], json!(2047.0));
        assert!(report["kernel_ms"].as_f64().is_some());
        // A store through address 0: the driver's error comes back, exit 1.
        let fault = speclint(&["run", &format!("{RUN_FIXTURES}/fault.ptx"), "--arg", "p=0"]);
        assert_eq!(fault.status.code(), Some(1), "{}", stderr_of(&fault));
        assert!(
            stderr_of(&fault).contains("CUDA_ERROR_"),
            "{}",
            stderr_of(&fault)
        );
        return;
    }
    assert_eq!(output.status.code(), Some(2), "{}", stderr_of(&output));
    assert!(
        stderr_of(&output).contains("libcuda.so.1 not found"),
        "{}",
        stderr_of(&output)
    );
    let report: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(report["error"]["kind"], "unavailable");
}

#[test]
fn arguments_are_checked_against_the_param_list_before_any_device_work() {
    let saxpy = format!("{RUN_FIXTURES}/saxpy.ptx");
    let run = |args: &[&str]| {
        let mut all = vec!["run", saxpy.as_str()];
        all.extend_from_slice(args);
        let output = speclint(&all);
        (output.status.code(), stderr_of(&output))
    };
    // A scalar for the `.ptr` parameter, a buffer for the `.f32` one, a missing one.
    let (code, errors) = run(&[
        "--arg",
        "x=2",
        "--arg",
        "y=zeros:f32[4]",
        "--arg",
        "a=1",
        "--arg",
        "n=4",
    ]);
    assert_eq!(code, Some(2));
    assert!(errors.contains("parameter `x` takes a buffer"), "{errors}");
    let (code, errors) = run(&[
        "--arg",
        "x=zeros:f32[4]",
        "--arg",
        "y=zeros:f32[4]",
        "--arg",
        "a=zeros:f32[4]",
        "--arg",
        "n=4",
    ]);
    assert_eq!(code, Some(2));
    assert!(
        errors.contains("parameter `a` takes an f32 scalar"),
        "{errors}"
    );
    let (code, errors) = run(&["--arg", "y=zeros:f32[4]", "--arg", "a=1", "--arg", "n=4"]);
    assert_eq!(code, Some(2));
    assert!(
        errors.contains("parameter `x` of kernel `saxpy` has no value"),
        "{errors}"
    );
    // None of these reached the driver.
    assert!(!errors.contains("libcuda"), "{errors}");
}
