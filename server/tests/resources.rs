//! The findings that need ptxas (PTX101 spills, PTX102 registers against launch bounds,
//! PTX103 stack frames) and the occupancy lens: `speclint check --resources` and the language
//! server, against ptxas `-v` run here and read by this file's own reader, on the fixtures of
//! tests/resources and on the nvcc and llc corpora.
//!
//! ptxas comes from `$PTXAS` (scripts/lib.sh's `ensure_ptxas` exports it), the `nvidia`
//! Python package or `PATH`; without it the tests are skipped loudly, or fail when `$CI` is set.

use serde_json::{json, Value};
use speclint_sass::occupancy::{occupancy, BlockUse};
use speclint_spec_db::gpu::arch_limits;
use speclint_test_support::lsp_client::{uri, Lsp};
use speclint_test_support::{oracle, ptxas};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const SPECLINT: &str = env!("CARGO_BIN_EXE_speclint");
const FIXTURES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/resources");
const CORPORA: &[&str] = &[
    concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/corpus/ptx/valid"),
    concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../tests/corpus/ptx/llvm/valid"
    ),
];

fn ptxas_or_skip(test: &str) -> Option<PathBuf> {
    let found = ptxas::find_ptxas();
    if found.is_none() {
        oracle::skip_without_tools(
            test,
            "ptxas not found (set PTXAS, or pip install nvidia-cuda-nvcc)",
        );
    }
    found
}

fn fixture(name: &str) -> PathBuf {
    Path::new(FIXTURES).join(name)
}

fn check(ptxas: &Path, args: &[&str]) -> Output {
    Command::new(SPECLINT)
        .arg("check")
        .args(args)
        .env("PTXAS", ptxas)
        .output()
        .expect("run speclint")
}

/// `check --format json`'s findings: (file name, code, 0-based line, message).
fn findings(output: &Output) -> Vec<(String, String, u64, String)> {
    let report: Value = serde_json::from_slice(&output.stdout).unwrap_or_else(|e| {
        panic!(
            "not JSON ({e}): {}",
            String::from_utf8_lossy(&output.stdout)
        )
    });
    (report.as_array().unwrap().iter())
        .map(|d| {
            let name = Path::new(d["path"].as_str().unwrap())
                .file_name()
                .unwrap()
                .to_string_lossy()
                .into_owned();
            (
                name,
                d["code"].as_str().unwrap().to_string(),
                d["line"].as_u64().unwrap() - 1,
                d["message"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

/// What ptxas `-v` says of one kernel.
#[derive(Debug, Default)]
struct Figures {
    kernel: String,
    registers: u32,
    stack_frame: u64,
    spill_stores: u64,
    spill_loads: u64,
}

/// ptxas `-v -arch=ARCH` on `file` (relocatable, `-c`, when it calls `.extern` functions),
/// read here: the figures of each entry.
fn ptxas_figures(ptxas: &Path, file: &Path, arch: &str) -> Vec<Figures> {
    let text = std::fs::read_to_string(file).unwrap();
    let mut command = Command::new(ptxas);
    command.arg("-v").arg(format!("-arch={arch}"));
    if text.contains(".extern .func") {
        command.arg("-c");
    }
    let out = command
        .arg(file)
        .arg("-o")
        .arg("/dev/null")
        .output()
        .unwrap();
    let log =
        String::from_utf8_lossy(&out.stderr).into_owned() + &String::from_utf8_lossy(&out.stdout);
    let mut kernels: Vec<Figures> = Vec::new();
    let mut properties_of: Option<String> = None;
    for line in log.lines() {
        let line = line.trim();
        if let Some(name) = line
            .split("Compiling entry function '")
            .nth(1)
            .and_then(|rest| rest.split('\'').next())
        {
            kernels.push(Figures {
                kernel: name.to_string(),
                ..Figures::default()
            });
        } else if let Some(name) = line.split("Function properties for ").nth(1) {
            properties_of = Some(name.trim().to_string());
        } else if line.ends_with("bytes spill loads") {
            let owner = properties_of.take();
            let Some(kernel) = kernels
                .last_mut()
                .filter(|k| Some(&k.kernel) == owner.as_ref())
            else {
                continue;
            };
            let numbers: Vec<u64> = line
                .split(',')
                .map(|part| part.split_whitespace().next().unwrap().parse().unwrap())
                .collect();
            kernel.stack_frame = numbers[0];
            kernel.spill_stores = numbers[1];
            kernel.spill_loads = numbers[2];
        } else if let Some(used) = line.split("Used ").nth(1) {
            if let Some(kernel) = kernels.last_mut() {
                kernel.registers = used.split_whitespace().next().unwrap().parse().unwrap();
            }
        }
    }
    kernels
}

fn line_of(text: &str, needle: &str) -> u64 {
    text.lines().position(|l| l.contains(needle)).unwrap() as u64
}

#[test]
fn check_resources_reports_ptxas_figures() {
    let Some(ptxas) = ptxas_or_skip("resources") else {
        return;
    };
    let output = check(&ptxas, &["--resources", "--format", "json", FIXTURES]);
    assert_eq!(output.status.code(), Some(1), "warnings fail the check");
    let found = findings(&output);
    let codes: Vec<(&str, &str)> = found
        .iter()
        .map(|(file, code, _, _)| (file.as_str(), code.as_str()))
        .collect();
    assert_eq!(
        codes,
        [
            ("launch_bounds.ptx", "PTX102"),
            ("launch_bounds.ptx", "PTX102"),
            ("local_frame.ptx", "PTX103"),
            ("spills.ptx", "PTX101"),
        ],
        "{found:#?}"
    );

    // PTX102: the registers ptxas used, what a block of the declared and the launched size is
    // allocated (per-warp allocation in units of 256), against sm_80's 65536 per block.
    let bounds = fixture("launch_bounds.ptx");
    let bounds_text = std::fs::read_to_string(&bounds).unwrap();
    let figures = ptxas_figures(&ptxas, &bounds, "sm_80");
    let registers_of = |kernel: &str| {
        figures
            .iter()
            .find(|f| f.kernel == kernel)
            .unwrap()
            .registers
    };
    for (kernel, line, from) in [
        (
            "bounded",
            line_of(&bounds_text, ".maxntid 1024"),
            "`.maxntid 1024, 1, 1`",
        ),
        (
            "launched",
            line_of(&bounds_text, "speclint: run"),
            "its run comment's `--block`",
        ),
    ] {
        let registers = registers_of(kernel);
        let allocated = (registers * 32).div_ceil(256) * 256 * 32;
        assert!(
            allocated > 65536,
            "{kernel}: the fixture no longer overflows"
        );
        let message = &found
            .iter()
            .find(|(_, code, l, _)| code == "PTX102" && *l == line)
            .unwrap_or_else(|| panic!("no PTX102 on line {line}: {found:#?}"))
            .3;
        assert!(
            message.starts_with(&format!(
                "`{kernel}` uses {registers} registers per thread on sm_80 (ptxas"
            )),
            "{message}"
        );
        for part in [
            format!("a block of 1024 threads ({from}) is allocated {allocated} registers"),
            "more than the 65536 one block may have on compute 8.0".to_string(),
        ] {
            assert!(message.contains(&part), "{message}\nlacks: {part}");
        }
    }
    // The kernel that declares a block its registers fit gets nothing.
    let fits = registers_of("fits");
    assert!((fits * 32).div_ceil(256) * 256 * 16 <= 65536);

    // PTX101 carries ptxas's spill figures; the suppressed kernel and the one without a cap
    // are not reported.
    let spills = fixture("spills.ptx");
    let spills_text = std::fs::read_to_string(&spills).unwrap();
    let figures = ptxas_figures(&ptxas, &spills, "sm_80");
    let squeezed = figures.iter().find(|f| f.kernel == "squeezed").unwrap();
    let suppressed = figures.iter().find(|f| f.kernel == "suppressed").unwrap();
    let roomy = figures.iter().find(|f| f.kernel == "roomy").unwrap();
    assert!(squeezed.spill_stores > 0 && suppressed.spill_stores > 0);
    assert_eq!(roomy.spill_stores, 0);
    let (_, _, line, message) = found.iter().find(|(_, c, _, _)| c == "PTX101").unwrap();
    assert_eq!(*line, line_of(&spills_text, ".entry squeezed"));
    assert_eq!(
        message,
        &format!(
            "`squeezed` spills registers to local memory on sm_80 (ptxas {}): {} bytes stored \
             and {} bytes loaded per thread, with {} registers, under `.maxnreg 24` (line {})",
            ptxas_version(&ptxas),
            squeezed.spill_stores,
            squeezed.spill_loads,
            squeezed.registers,
            line_of(&spills_text, ".maxnreg 24") + 1,
        )
    );

    // PTX103: the frame of a run-time indexed `.local` array.
    let local = fixture("local_frame.ptx");
    let frame = ptxas_figures(&ptxas, &local, "sm_80")[0].stack_frame;
    assert!(frame > 0);
    let (_, _, _, message) = found.iter().find(|(_, c, _, _)| c == "PTX103").unwrap();
    assert!(
        message.contains(&format!("keeps a {frame}-byte stack frame per thread"))
            && message.ends_with("for its `.local` variables"),
        "{message}"
    );
}

fn ptxas_version(ptxas: &Path) -> String {
    let out = Command::new(ptxas).arg("--version").output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    text.lines()
        .find_map(|l| l.rsplit_once(", V").map(|(_, v)| v.trim().to_string()))
        .unwrap()
}

#[test]
fn without_resources_nothing_is_compiled_and_suppressions_stay_quiet() {
    let Some(ptxas) = ptxas_or_skip("resources") else {
        return;
    };
    // spills.ptx suppresses PTX101 on one kernel: with nothing compiled the suppression is
    // neither used nor reported as unused.
    let output = check(&ptxas, &["--format", "json", FIXTURES]);
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(findings(&output), []);
    // Selection applies to compiled findings like to any other.
    let output = check(
        &ptxas,
        &[
            "--resources",
            "--format",
            "json",
            "--ignore",
            "PTX102,PTX103",
            FIXTURES,
        ],
    );
    let codes: Vec<String> = findings(&output).into_iter().map(|f| f.1).collect();
    assert_eq!(codes, ["PTX101"]);
}

/// `[ptx] block-size` launches the kernels that declare no block: `roomy` (no directive) at
/// 1024 threads overflows, the others keep their own bounds.
#[test]
fn a_configured_block_size_is_checked_for_kernels_without_bounds() {
    let Some(ptxas) = ptxas_or_skip("resources") else {
        return;
    };
    let scratch = speclint_test_support::scratch::Scratch::new("resources-block-size");
    let config = scratch.join("speclint.toml");
    std::fs::write(&config, "[ptx]\nblock-size = \"32,32\"\n").unwrap();
    let spills = fixture("spills.ptx");
    let output = check(
        &ptxas,
        &[
            "--resources",
            "--format",
            "json",
            "--config",
            config.to_str().unwrap(),
            spills.to_str().unwrap(),
        ],
    );
    let roomy = ptxas_figures(&ptxas, &spills, "sm_80")
        .into_iter()
        .find(|f| f.kernel == "roomy")
        .unwrap();
    let allocated = (roomy.registers * 32).div_ceil(256) * 256 * 32;
    let found = findings(&output);
    let launch: Vec<&(String, String, u64, String)> =
        found.iter().filter(|f| f.1 == "PTX102").collect();
    assert_eq!(launch.len(), usize::from(allocated > 65536), "{found:#?}");
    if let Some((_, _, _, message)) = launch.first() {
        assert!(
            message.starts_with("`roomy` uses")
                && message.contains("a block of 1024 threads (`block-size` from speclint.toml)"),
            "{message}"
        );
    }
    let bad = std::fs::write(&config, "[ptx]\nblock-size = \"0\"\n");
    bad.unwrap();
    let output = check(
        &ptxas,
        &[
            "--config",
            config.to_str().unwrap(),
            spills.to_str().unwrap(),
        ],
    );
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("block size `0`"));
}

#[test]
fn without_ptxas_resources_say_so_once() {
    let missing = Path::new("/nonexistent/ptxas");
    let output = check(
        missing,
        &[
            "--resources",
            &fixture("spills.ptx").to_string_lossy(),
            &fixture("local_frame.ptx").to_string_lossy(),
        ],
    );
    assert_eq!(output.status.code(), Some(0), "the check itself passes");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(
        stderr
            .matches("checked without PTX101, PTX102, PTX103")
            .count(),
        1,
        "{stderr}"
    );
    assert!(stderr.contains("/nonexistent/ptxas"), "{stderr}");
}

/// On the modules nvcc and llc wrote: no error, and PTX101 and PTX103 exactly where ptxas
/// reports spills and stack frames.
#[test]
fn corpus_findings_are_ptxas_figures() {
    let Some(ptxas) = ptxas_or_skip("resources") else {
        return;
    };
    let mut args = vec!["--resources", "--format", "json"];
    args.extend(CORPORA);
    let output = check(&ptxas, &args);
    let found = findings(&output);
    let reported: BTreeSet<(String, String, String)> = found
        .iter()
        .map(|(file, code, _, message)| {
            assert_ne!(code, "PTX102", "{file}: {message}");
            assert!(code.starts_with("PTX10"), "{file}: {code} {message}");
            let kernel = message.split('`').nth(1).unwrap().to_string();
            (file.clone(), kernel, code.clone())
        })
        .collect();
    let files: Vec<PathBuf> = CORPORA
        .iter()
        .flat_map(|dir| std::fs::read_dir(dir).unwrap())
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|e| e == "ptx"))
        .collect();
    assert!(files.len() > 150, "{} corpus modules", files.len());
    let expected: BTreeSet<(String, String, String)> = oracle::parallel(&files, |file| {
        let text = std::fs::read_to_string(file).unwrap();
        let target = text
            .lines()
            .find_map(|l| l.trim().strip_prefix(".target "))
            .map(|t| t.split(',').next().unwrap().trim().to_string())
            .unwrap();
        let name = file.file_name().unwrap().to_string_lossy().into_owned();
        ptxas_figures(&ptxas, file, &target)
            .into_iter()
            .filter_map(|f| {
                let code = if f.spill_stores > 0 || f.spill_loads > 0 {
                    "PTX101"
                } else if f.stack_frame > 0 {
                    "PTX103"
                } else {
                    return None;
                };
                Some((name.clone(), f.kernel, code.to_string()))
            })
            .collect::<Vec<_>>()
    })
    .into_iter()
    .flatten()
    .collect();
    assert!(
        !expected.is_empty(),
        "the corpora have kernels with stack frames"
    );
    let missing: Vec<_> = expected.difference(&reported).collect();
    let extra: Vec<_> = reported.difference(&expected).collect();
    assert!(
        missing.is_empty() && extra.is_empty(),
        "not reported: {missing:#?}\nreported, but ptxas says otherwise: {extra:#?}"
    );
}

// ---------------------------------------------------------------------------------------------
// The language server
// ---------------------------------------------------------------------------------------------

#[test]
fn the_server_publishes_compiled_findings_and_an_occupancy_lens() {
    let Some(ptxas) = ptxas_or_skip("resources") else {
        return;
    };
    let path = fixture("launch_bounds.ptx");
    let text = std::fs::read_to_string(&path).unwrap();
    let mut lsp = Lsp::spawn_with_env(SPECLINT, &[("PTXAS", ptxas.to_str().unwrap())]);
    lsp.initialize();
    let uri = uri("launch_bounds.ptx");
    lsp.open(&uri, &text);
    // The first publish is the analysis's; the compile's findings follow in another.
    let first = lsp.diagnostics(&uri, Some(1));
    let with_compiled = if first.iter().any(|d| d["code"] == "PTX102") {
        first
    } else {
        lsp.diagnostics(&uri, Some(1))
    };
    let lines: Vec<u64> = with_compiled
        .iter()
        .filter(|d| d["code"] == "PTX102")
        .map(|d| d["range"]["start"]["line"].as_u64().unwrap())
        .collect();
    assert_eq!(
        lines,
        [
            line_of(&text, ".maxntid 1024"),
            line_of(&text, "speclint: run")
        ],
        "{with_compiled:#?}"
    );

    // A compiled finding has its suppression quick-fix like any other.
    let line = line_of(&text, ".maxntid 1024");
    let actions = lsp.call(
        "textDocument/codeAction",
        json!({
            "textDocument": {"uri": uri},
            "range": {"start": {"line": line, "character": 0}, "end": {"line": line, "character": 0}},
            "context": {"diagnostics": []},
        }),
    );
    let titles: Vec<&str> = (actions.as_array().unwrap().iter())
        .filter_map(|a| a["title"].as_str())
        .collect();
    assert!(
        titles.contains(&"Suppress PTX102 on this line"),
        "{titles:?}"
    );

    let lenses = lsp.call(
        "textDocument/codeLens",
        json!({"textDocument": {"uri": uri}}),
    );
    let occupancy_lenses: Vec<(String, String)> = (lenses.as_array().unwrap().iter())
        .filter(|lens| lens["data"]["lens"] == "occupancy")
        .map(|lens| {
            (
                lens["data"]["kernel"].as_str().unwrap().to_string(),
                lens["command"]["title"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    // Each kernel's occupancy at the block size it is launched with or declares, from the
    // registers ptxas used.
    let figures = ptxas_figures(&ptxas, &path, "sm_80");
    let expected: Vec<(String, String)> = [
        ("bounded", 1024, "`.maxntid`"),
        ("launched", 1024, "run comment"),
        ("fits", 512, "`.maxntid`"),
    ]
    .into_iter()
    .map(|(kernel, threads, from)| {
        let registers = figures
            .iter()
            .find(|f| f.kernel == kernel)
            .unwrap()
            .registers;
        let block = BlockUse {
            threads,
            registers,
            ..BlockUse::default()
        };
        let found = occupancy(arch_limits("sm_80").unwrap(), block, None).unwrap();
        (
            kernel.to_string(),
            format!(
                "occupancy at {threads} threads ({from}): {}",
                found.summary()
            ),
        )
    })
    .collect();
    let mut sorted = occupancy_lenses.clone();
    sorted.sort();
    let mut expected_sorted = expected.clone();
    expected_sorted.sort();
    assert_eq!(sorted, expected_sorted);
    let fits = &expected.iter().find(|(k, _)| k == "fits").unwrap().1;
    assert_eq!(
        fits,
        "occupancy at 512 threads (`.maxntid`): 1 block · 16 of 64 warps (25 %) · limited by registers"
    );
    lsp.shutdown_and_exit();
}

#[test]
fn the_server_says_once_that_ptxas_is_missing() {
    let mut lsp = Lsp::spawn_with_env(SPECLINT, &[("PTXAS", "/nonexistent/ptxas")]);
    lsp.initialize();
    for name in ["spills.ptx", "local_frame.ptx"] {
        let text = std::fs::read_to_string(fixture(name)).unwrap();
        let uri = uri(name);
        lsp.open(&uri, &text);
        // No suppression is reported unused for want of the compile.
        let diagnostics = lsp.diagnostics(&uri, Some(1));
        assert!(
            diagnostics.iter().all(|d| d["code"] != "SUP001"),
            "{diagnostics:#?}"
        );
    }
    let said = |m: &Value| {
        m["method"] == "window/logMessage"
            && m["params"]["message"]
                .as_str()
                .is_some_and(|t| t.contains("checked without PTX101"))
    };
    lsp.wait_for(said);
    // Both compiles have failed once a later request is answered after them.
    lsp.call(
        "textDocument/codeLens",
        json!({"textDocument": {"uri": uri("local_frame.ptx")}}),
    );
    let shown: Vec<&Value> = lsp.log.iter().filter(|m| said(m)).collect();
    assert_eq!(shown.len(), 1, "{shown:#?}");
    let message = shown[0]["params"]["message"].as_str().unwrap();
    assert!(
        message.contains("checked without PTX101, PTX102, PTX103")
            && message.contains("/nonexistent/ptxas"),
        "{message}"
    );
    lsp.shutdown_and_exit();
}

/// The SASS view of a text the server just compiled for its lenses and findings runs only
/// nvdisasm: ptxas (a wrapper that logs its runs here) compiles once for both.
#[test]
fn the_sass_view_reuses_the_compile_of_the_lenses() {
    let (Some(ptxas), Some(nvdisasm)) = (ptxas_or_skip("resources"), ptxas::find_nvdisasm()) else {
        return oracle::skip_without_tools("resources", "nvdisasm not found");
    };
    let scratch = speclint_test_support::scratch::Scratch::new("resources-reuse");
    let runs = scratch.join("runs.log");
    let wrapper = scratch.join("ptxas");
    std::fs::write(
        &wrapper,
        format!(
            "#!/bin/sh\necho \"$*\" >> '{}'\nexec '{}' \"$@\"\n",
            runs.display(),
            ptxas.display()
        ),
    )
    .unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&wrapper, std::fs::Permissions::from_mode(0o755)).unwrap();
    let text = std::fs::read_to_string(fixture("launch_bounds.ptx")).unwrap();
    let mut lsp = Lsp::spawn_with_env(
        SPECLINT,
        &[
            ("PTXAS", wrapper.to_str().unwrap()),
            ("NVDISASM", nvdisasm.to_str().unwrap()),
        ],
    );
    lsp.initialize();
    let uri = uri("launch_bounds.ptx");
    lsp.open(&uri, &text);
    // The compile's findings are published: the lenses' compile finished.
    while !lsp
        .diagnostics(&uri, Some(1))
        .iter()
        .any(|d| d["code"] == "PTX102")
    {}
    let view = lsp.request("speclint/sass", json!({"textDocument": {"uri": uri}}));
    assert!(
        view["result"]["text"]
            .as_str()
            .is_some_and(|t| t.contains("EXIT")),
        "{view:#}"
    );
    // `ptxas --version` runs too, for the name the lens gives the compiler.
    let log = std::fs::read_to_string(&runs).unwrap();
    let compiles = log.lines().filter(|l| l.contains("module.ptx")).count();
    assert_eq!(
        compiles, 1,
        "ptxas compiled the module {compiles} times:\n{log}"
    );
    lsp.shutdown_and_exit();
}
