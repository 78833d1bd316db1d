//! `speclint sass`: PTX through ptxas and nvdisasm, every SASS instruction under the PTX line
//! it came from. Checked on the real nvcc and llc output of the corpora against ptxas and nvdisasm run
//! here: each instruction's PTX line (`nvdisasm -gp`) and, for nvcc `-lineinfo` modules, its
//! `.cu` line (`nvdisasm -g`), read by this file's own reader; and that every line an
//! instruction maps to holds a PTX instruction or opens a function's body.
//!
//! ptxas and nvdisasm come from `$PTXAS` and `$NVDISASM` (scripts/lib.sh's `ensure_ptxas` and
//! `ensure_nvdisasm` export them), the `nvidia` Python packages or `PATH`; without them the
//! tests are skipped loudly, or fail when `$CI` is set.

use serde_json::Value;
use speclint_test_support::oracle;
use speclint_test_support::ptxas;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const SPECLINT: &str = env!("CARGO_BIN_EXE_speclint");

const CORPUS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/corpus/ptx/valid");
/// LLVM's NVPTX back end's output (`llc`), the other generator.
const LLVM_CORPUS: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../tests/corpus/ptx/llvm/valid"
);

/// Modules whose every instruction's line is compared with nvdisasm's own line tables:
/// optimised and `-G` builds, `-lineinfo` builds, separate compilation (`.extern` calls),
/// sm_75 to sm_121a.
const SPOT_CHECKED: &[&str] = &[
    "arith-sm_80.ptx",
    "arith-sm_80-G.ptx",
    "arith-sm_90-lineinfo.ptx",
    "async_copy-sm_89-lineinfo.ptx",
    "calls-sm_100-lineinfo.ptx",
    "calls-sm_80.ptx",
    "extern_link-sm_80.ptx",
    "hopper-sm_90a.ptx",
    "tma-sm_100a.ptx",
    "warp-sm_75-G.ptx",
    "wmma-sm_75.ptx",
    "ptx9x-sm_121a.ptx",
];

struct Tools {
    ptxas: PathBuf,
    nvdisasm: PathBuf,
}

fn tools_or_skip(test: &str) -> Option<Tools> {
    let ptxas = ptxas::find_ptxas();
    let nvdisasm = ptxas::find_nvdisasm();
    match (ptxas, nvdisasm) {
        (Some(ptxas), Some(nvdisasm)) => Some(Tools { ptxas, nvdisasm }),
        _ => {
            oracle::skip_without_tools(
                test,
                "ptxas or nvdisasm not found (set PTXAS and NVDISASM, or pip install \
                 nvidia-cuda-nvcc nvidia-cuda-nvdisasm)",
            );
            None
        }
    }
}

fn corpus(name: &str) -> PathBuf {
    Path::new(CORPUS).join(name)
}

fn speclint_sass(tools: &Tools, args: &[&str]) -> Output {
    Command::new(SPECLINT)
        .arg("sass")
        .args(args)
        .env("PTXAS", &tools.ptxas)
        .env("NVDISASM", &tools.nvdisasm)
        .output()
        .expect("run speclint")
}

fn stderr_of(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

fn sass_json(tools: &Tools, path: &Path) -> Value {
    let output = speclint_sass(tools, &[path.to_str().unwrap(), "--format", "json"]);
    assert!(
        output.status.success(),
        "{}: speclint sass failed:\n{}",
        path.display(),
        stderr_of(&output)
    );
    serde_json::from_slice(&output.stdout).expect("JSON")
}

fn target_of(text: &str) -> String {
    text.lines()
        .find_map(|l| l.trim().strip_prefix(".target "))
        .map(|t| t.split(',').next().unwrap().trim().to_string())
        .expect(".target")
}

/// One instruction as this file reads nvdisasm: its kernel, address, the PTX line and the
/// line of the module's own `.loc` file.
#[derive(Debug, PartialEq, Eq, PartialOrd, Ord, Clone)]
struct Row {
    kernel: String,
    address: u64,
    ptx_line: Option<u64>,
    cu_line: Option<u64>,
}

/// Compiles `path` with `ptxas -lineinfo` and reads `nvdisasm -c -g -gp`: an instruction takes the last line each table named in its
/// section.
fn reference_rows(tools: &Tools, path: &Path) -> Vec<Row> {
    let text = std::fs::read_to_string(path).unwrap();
    let cubin = std::env::temp_dir().join(format!(
        "speclint-sass-test-{}-{}.cubin",
        std::process::id(),
        path.file_stem().unwrap().to_string_lossy()
    ));
    // As nvcc would: whole-program, else separate compilation when `.extern` calls stay
    // unresolved.
    let compile = |relocatable: bool| {
        let mut command = Command::new(&tools.ptxas);
        command
            .arg(format!("-arch={}", target_of(&text)))
            .arg("-lineinfo");
        if relocatable {
            command.arg("-c");
        }
        command.arg(path).arg("-o").arg(&cubin).output().unwrap()
    };
    let mut compiled = compile(false);
    if !compiled.status.success() {
        compiled = compile(true);
    }
    assert!(compiled.status.success(), "{}", stderr_of(&compiled));
    let listing = Command::new(&tools.nvdisasm)
        .args(["-c", "-g", "-gp"])
        .arg(&cubin)
        .output()
        .unwrap();
    let _ = std::fs::remove_file(&cubin);
    assert!(listing.status.success(), "{}", stderr_of(&listing));
    let mut rows = Vec::new();
    let (mut kernel, mut ptx_line, mut cu_line) = (String::new(), None, None);
    for line in String::from_utf8_lossy(&listing.stdout).lines() {
        let line = line.trim();
        if line.starts_with("//---") {
            if let Some(name) = line.split_whitespace().nth(1) {
                kernel = name.trim_start_matches(".text.").to_string();
                (ptx_line, cu_line) = (None, None);
            }
        } else if let Some(rest) = line.strip_prefix("//## File \"") {
            let (file, rest) = rest.split_once('"').unwrap();
            let number: u64 = rest
                .trim_start_matches(", line ")
                .split(|c: char| !c.is_ascii_digit())
                .next()
                .unwrap()
                .parse()
                .unwrap();
            if file.starts_with(".nv_debug_ptx_txt") {
                ptx_line = Some(number);
            } else {
                cu_line = Some(number);
            }
        } else if let Some(rest) = line.strip_prefix("/*") {
            let Some((address, _)) = rest.split_once("*/") else {
                continue;
            };
            if let Ok(address) = u64::from_str_radix(address, 16) {
                rows.push(Row {
                    kernel: kernel.clone(),
                    address,
                    ptx_line,
                    cu_line,
                });
            }
        }
    }
    rows.sort();
    rows
}

/// The same rows from `speclint sass --format json`.
fn speclint_rows(listing: &Value) -> Vec<Row> {
    let mut rows = Vec::new();
    for kernel in listing["kernels"].as_array().unwrap() {
        for line in kernel["lines"].as_array().unwrap() {
            for instruction in line["instructions"].as_array().unwrap() {
                rows.push(Row {
                    kernel: kernel["name"].as_str().unwrap().to_string(),
                    address: instruction["address"].as_u64().unwrap(),
                    ptx_line: line["line"].as_u64(),
                    cu_line: instruction["origin"]["line"].as_u64(),
                });
            }
        }
    }
    rows.sort();
    rows
}

/// Whether `source` (a PTX line, label and guard included) holds an instruction or opens a
/// function's body (the prologue's line).
fn holds_code(source: &str) -> bool {
    let mut rest = source.trim();
    if let Some((label, after)) = rest.split_once(':') {
        if !label.contains(char::is_whitespace) && !after.starts_with(':') {
            rest = after.trim_start();
        }
    }
    if rest.starts_with('@') {
        rest = rest.split_once(char::is_whitespace).map_or("", |(_, r)| r);
    }
    let opens_block = rest.starts_with('{');
    let instruction = rest.starts_with(|c: char| c.is_ascii_lowercase());
    opens_block || instruction
}

#[test]
fn every_instruction_of_the_corpus_maps_to_a_line_holding_code() {
    let Some(tools) = tools_or_skip("sass") else {
        return;
    };
    let mut files: Vec<PathBuf> = [CORPUS, LLVM_CORPUS]
        .iter()
        .flat_map(|dir| std::fs::read_dir(dir).unwrap())
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|e| e == "ptx"))
        .collect();
    files.sort();
    assert!(
        files.len() > 150,
        "the corpora have {} modules",
        files.len()
    );
    let problems: Vec<String> = oracle::parallel(&files, |path| {
        let listing = sass_json(&tools, path);
        let mut problems = Vec::new();
        let mut instructions = 0;
        for kernel in listing["kernels"].as_array().unwrap() {
            let from_compiler = kernel["from_compiler"].as_bool().unwrap();
            if kernel["entry"] == true && kernel["registers"].as_u64().is_none() {
                problems.push(format!(
                    "{}: `{}` has no register count",
                    path.display(),
                    kernel["name"]
                ));
            }
            for line in kernel["lines"].as_array().unwrap() {
                let count = line["instructions"].as_array().unwrap().len();
                instructions += count;
                match (line["line"].as_u64(), from_compiler) {
                    (None, false) => problems.push(format!(
                        "{}: {count} instructions of `{}` have no line",
                        path.display(),
                        kernel["name"]
                    )),
                    (Some(number), true) => problems.push(format!(
                        "{}:{number}: the compiler's own `{}` maps to a line",
                        path.display(),
                        kernel["name"]
                    )),
                    (Some(number), false) => {
                        let source = line["source"].as_str().unwrap_or("");
                        if !holds_code(source) {
                            problems.push(format!(
                                "{}:{number}: SASS under a line with no code: {source:?}",
                                path.display()
                            ));
                        }
                    }
                    (None, true) => {}
                }
            }
        }
        if instructions == 0 {
            problems.push(format!("{}: no instructions", path.display()));
        }
        problems
    })
    .into_iter()
    .flatten()
    .collect();
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn lines_agree_with_nvdisasms_own_line_tables() {
    let Some(tools) = tools_or_skip("sass") else {
        return;
    };
    let results = oracle::parallel(SPOT_CHECKED, |name| {
        let path = corpus(name);
        let ours = speclint_rows(&sass_json(&tools, &path));
        let reference = reference_rows(&tools, &path);
        let has_loc = std::fs::read_to_string(&path)
            .unwrap()
            .lines()
            .any(|l| l.trim_start().starts_with(".loc"));
        (*name, ours, reference, has_loc)
    });
    for (name, ours, reference, has_loc) in results {
        assert!(!reference.is_empty(), "{name}: nvdisasm listed nothing");
        assert_eq!(ours.len(), reference.len(), "{name}: instruction count");
        for (our, theirs) in ours.iter().zip(&reference) {
            assert_eq!(our, theirs, "{name}");
        }
        // nvcc `-lineinfo` output names its `.cu` file: every instruction of it has a line
        // there. A module without `.loc` names none.
        let with_cu = ours.iter().filter(|row| row.cu_line.is_some()).count();
        if name.contains("-lineinfo") {
            assert_eq!(
                with_cu,
                ours.len(),
                "{name}: instructions without a .cu line"
            );
        }
        if !has_loc {
            assert_eq!(with_cu, 0, "{name}: a .cu line in a module without .loc");
        }
    }
}

const AXPY: &str = "\
.version 8.0
.target sm_80
.address_size 64

.visible .entry axpy(.param .u64 out, .param .u64 in, .param .f32 a)
{
    .reg .b64 %rd<6>;
    .reg .b32 %r<2>;
    .reg .f32 %f<4>;
    ld.param.u64 %rd1, [out];
    ld.param.u64 %rd2, [in];
    ld.param.f32 %f1, [a];
    mov.u32 %r1, %tid.x;
    mul.wide.u32 %rd3, %r1, 4;
    add.s64 %rd4, %rd2, %rd3;
    ld.global.f32 %f2, [%rd4];
    mul.f32 %f3, %f2, %f1;
    add.s64 %rd5, %rd1, %rd3;
    st.global.f32 [%rd5], %f3;
    ret;
}

.visible .entry nothing()
{
    ret;
}
";

fn write_scratch(name: &str, text: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("speclint-sass-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn text_output_puts_each_lines_sass_under_it() {
    let Some(tools) = tools_or_skip("sass") else {
        return;
    };
    let path = write_scratch("axpy.ptx", AXPY);
    let output = speclint_sass(&tools, &[path.to_str().unwrap(), "--kernel", "axpy"]);
    assert!(output.status.success(), "{}", stderr_of(&output));
    let text = String::from_utf8(output.stdout).unwrap();
    let first = text.lines().next().unwrap();
    assert!(
        first.contains("for sm_80 (ptxas ") && first.contains("nvdisasm "),
        "{first}"
    );
    assert!(text.contains("// kernel axpy: "), "{text}");
    assert!(
        !text.contains("kernel nothing"),
        "--kernel keeps one:\n{text}"
    );
    // The store's line has the store under it, with its address and control bits.
    let lines: Vec<&str> = text.lines().collect();
    let store = (lines.iter())
        .position(|l| l.ends_with("|     st.global.f32 [%rd5], %f3;"))
        .unwrap_or_else(|| panic!("no store line in\n{text}"));
    assert!(lines[store].trim_start().starts_with("19 |"), "{text}");
    let under: Vec<&&str> = lines[store + 1..]
        .iter()
        .take_while(|l| l.trim_start().starts_with("| "))
        .collect();
    assert!(
        under
            .iter()
            .any(|l| l.contains("STG.E") && l.contains(":S")),
        "{text}"
    );
    // Padding is counted, not shown.
    assert!(!text.contains(" NOP"), "{text}");
}

#[test]
fn json_has_totals_histograms_and_control_bits() {
    let Some(tools) = tools_or_skip("sass") else {
        return;
    };
    let path = write_scratch("axpy-json.ptx", AXPY);
    let listing = sass_json(&tools, &path);
    assert_eq!(listing["target"], "sm_80");
    let kernels = listing["kernels"].as_array().unwrap();
    let names: Vec<&str> = kernels
        .iter()
        .map(|k| k["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["axpy", "nothing"]);
    let axpy = &kernels[0];
    assert_eq!(axpy["entry"], true);
    assert!(axpy["registers"].as_u64().unwrap() > 0);
    let histogram: BTreeMap<String, u64> =
        serde_json::from_value(axpy["histogram"].clone()).unwrap();
    let counted: u64 = histogram.values().sum();
    assert_eq!(counted, axpy["instruction_count"].as_u64().unwrap());
    assert!(histogram.contains_key("LDG") && histogram.contains_key("STG"));
    let mut padding = 0;
    for line in axpy["lines"].as_array().unwrap() {
        for instruction in line["instructions"].as_array().unwrap() {
            let control = &instruction["control"];
            assert!(control["stall"].as_u64().unwrap() <= 15, "{instruction}");
            padding += usize::from(instruction["padding"] == true);
        }
    }
    assert_eq!(padding as u64, axpy["padding_count"].as_u64().unwrap());
    // The load sets a barrier that the multiply waits on.
    let instructions: Vec<&Value> = (axpy["lines"].as_array().unwrap().iter())
        .flat_map(|l| l["instructions"].as_array().unwrap())
        .collect();
    let load = instructions
        .iter()
        .find(|i| i["opcode"].as_str().unwrap().starts_with("LDG"))
        .unwrap();
    let barrier = load["control"]["write_barrier"]
        .as_u64()
        .expect("a barrier");
    let multiply = instructions.iter().find(|i| i["opcode"] == "FMUL").unwrap();
    let mask = multiply["control"]["wait_mask"].as_u64().unwrap();
    assert_ne!(mask & (1 << barrier), 0, "{multiply}");
}

#[test]
fn a_module_that_does_not_compile_exits_1_with_ptxas_errors() {
    let Some(tools) = tools_or_skip("sass") else {
        return;
    };
    let broken = AXPY.replace("mul.f32 %f3, %f2, %f1;", "mul.f32 %f3, %f2, %f9;");
    let path = write_scratch("broken.ptx", &broken);
    let output = speclint_sass(&tools, &[path.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(1), "{}", stderr_of(&output));
    let stderr = stderr_of(&output);
    assert!(
        stderr.contains(&format!("{}:17: error:", path.display())),
        "{stderr}"
    );
}

#[test]
fn what_cannot_be_done_exits_2_and_says_why() {
    let Some(tools) = tools_or_skip("sass") else {
        return;
    };
    let path = write_scratch("usage.ptx", AXPY);
    let file = path.to_str().unwrap();
    let cases: &[(&[&str], &[(&str, &str)], &str)] = &[
        (
            &["--kernel", "axp"],
            &[],
            "no kernel `axp` in the module (it has axpy, nothing)",
        ),
        (&["--target", "sm_1"], &[], "is not a target"),
        (
            &["--nvdisasm", "/no/such/nvdisasm"],
            &[],
            "--nvdisasm /no/such/nvdisasm: no such file",
        ),
        (
            &[],
            &[("NVDISASM", "/no/such/nvdisasm")],
            "NVDISASM=/no/such/nvdisasm: no such file",
        ),
    ];
    for (args, env, expected) in cases {
        let mut command = Command::new(SPECLINT);
        command
            .args(["sass", file])
            .args(*args)
            .env("PTXAS", &tools.ptxas)
            .env("NVDISASM", &tools.nvdisasm);
        for (key, value) in *env {
            command.env(key, value);
        }
        let output = command.output().unwrap();
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(
            stderr_of(&output).contains(expected),
            "{args:?}: {}",
            stderr_of(&output)
        );
    }
    // Without nvdisasm anywhere, the message names the wheel.
    let output = Command::new(SPECLINT)
        .args(["sass", file])
        .env("PTXAS", &tools.ptxas)
        .env_remove("NVDISASM")
        .env("PATH", "/nonexistent")
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr_of(&output).contains("pip install nvidia-cuda-nvdisasm"),
        "{}",
        stderr_of(&output)
    );
    // A language with no disassembler says so.
    let spirv = write_scratch(
        "k.spvasm",
        "OpCapability Kernel\nOpMemoryModel Logical OpenCL\n",
    );
    let output = speclint_sass(&tools, &[spirv.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr_of(&output).contains("cannot show the machine code of SPIR-V"),
        "{}",
        stderr_of(&output)
    );
}

#[test]
fn target_overrides_the_modules_own() {
    let Some(tools) = tools_or_skip("sass") else {
        return;
    };
    let path = write_scratch("retarget.ptx", AXPY);
    let output = speclint_sass(
        &tools,
        &[
            path.to_str().unwrap(),
            "--target",
            "sm_90",
            "--format",
            "json",
        ],
    );
    assert!(output.status.success(), "{}", stderr_of(&output));
    let listing: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(listing["target"], "sm_90");
}

// ---------------------------------------------------------------------------------------------
// The language server: the SASS lens, the view and hovers
// ---------------------------------------------------------------------------------------------

use speclint_test_support::lsp_client::{hover_markdown, uri, Lsp};

fn sass_server(tools: &Tools) -> Lsp {
    let mut lsp = Lsp::spawn_with_env(
        SPECLINT,
        &[
            ("PTXAS", tools.ptxas.to_str().unwrap()),
            ("NVDISASM", tools.nvdisasm.to_str().unwrap()),
        ],
    );
    lsp.initialize();
    lsp
}

fn sass_lenses(lsp: &mut Lsp, uri: &str) -> Vec<(String, String)> {
    let lenses = lsp.call(
        "textDocument/codeLens",
        serde_json::json!({"textDocument": {"uri": uri}}),
    );
    (lenses.as_array().unwrap().iter())
        .filter(|lens| lens["data"]["lens"] == "sass")
        .map(|lens| {
            assert_eq!(lens["command"]["command"], "speclint.showSass");
            assert_eq!(lens["command"]["arguments"][0]["uri"], uri);
            (
                lens["data"]["kernel"].as_str().unwrap().to_string(),
                lens["command"]["title"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

fn sass_view(lsp: &mut Lsp, uri: &str) -> Value {
    lsp.request(
        "speclint/sass",
        serde_json::json!({"textDocument": {"uri": uri}}),
    )
}

#[test]
fn the_sass_view_maps_its_lines_to_the_source_and_follows_saves() {
    let Some(tools) = tools_or_skip("sass") else {
        return;
    };
    let mut lsp = sass_server(&tools);
    let uri = uri("axpy.ptx");
    lsp.open(&uri, AXPY);
    lsp.diagnostics(&uri, Some(1));
    // Before anything was compiled the lenses are there, without figures.
    assert_eq!(
        sass_lenses(&mut lsp, &uri),
        [
            ("axpy".to_string(), "SASS".to_string()),
            ("nothing".to_string(), "SASS".to_string())
        ]
    );
    let store_line = AXPY.lines().position(|l| l.contains("st.global")).unwrap() as u64;

    let view = sass_view(&mut lsp, &uri)["result"].clone();
    let text = view["text"].as_str().unwrap();
    let view_lines: Vec<&str> = text.lines().collect();
    let source_lines = view["sourceLines"].as_array().unwrap();
    assert_eq!(source_lines.len(), view_lines.len());
    assert_eq!(view["target"], "sm_80");
    // Each kernel's header is on the line the view says.
    for kernel in view["kernels"].as_array().unwrap() {
        let line = kernel["line"].as_u64().unwrap() as usize;
        let name = kernel["name"].as_str().unwrap();
        assert!(
            view_lines[line].starts_with(&format!("// kernel {name}: ")),
            "{}",
            view_lines[line]
        );
    }
    // A line tied to source line N shows N, or an instruction under it.
    for (shown, source) in view_lines.iter().zip(source_lines) {
        let Some(source) = source.as_u64() else {
            continue;
        };
        let number = format!("{:>6} |", source + 1);
        assert!(
            shown.starts_with(&number) || shown.starts_with("       | "),
            "{shown:?} tied to line {source}"
        );
    }
    let store = (view_lines.iter().zip(source_lines))
        .find(|(shown, _)| shown.contains("STG.E"))
        .expect("a store");
    assert_eq!(store.1.as_u64(), Some(store_line), "{}", store.0);

    // Once made, hovers on the line show its SASS, and the lenses count instructions.
    let hover = lsp.hover(&uri, store_line as u32, 5);
    let markdown = hover_markdown(&hover);
    assert!(markdown.contains("**SASS** (sm_80"), "{markdown}");
    assert!(markdown.contains("STG.E [R4.64], R7"), "{markdown}");
    let count = text
        .lines()
        .find_map(|l| l.strip_prefix("// kernel axpy: "))
        .and_then(|rest| rest.split(' ').next())
        .unwrap()
        .to_string();
    let lenses = sass_lenses(&mut lsp, &uri);
    assert_eq!(lenses[0].1, format!("SASS · {count} instructions"));

    // An edit: the listing was of the old text, so hovers leave it out until the next save.
    let edited = AXPY.replace("mul.f32 %f3, %f2, %f1;", "add.f32 %f3, %f2, %f1;");
    lsp.change(&uri, 2, serde_json::json!([{"text": edited}]));
    lsp.diagnostics(&uri, Some(2));
    let hover = lsp.hover(&uri, store_line as u32, 5);
    assert!(!hover_markdown(&hover).contains("SASS"));
    lsp.notify(
        "textDocument/didSave",
        serde_json::json!({"textDocument": {"uri": uri}}),
    );
    let changed = lsp.wait_for(|m| m["method"] == "speclint/sassChanged");
    assert_eq!(changed["params"]["textDocument"]["uri"], uri);
    let view = sass_view(&mut lsp, &uri)["result"].clone();
    let text = view["text"].as_str().unwrap();
    assert!(text.contains("FADD") && !text.contains("FMUL"), "{text}");
    assert!(lsp.shutdown_and_exit().success());
}

#[test]
fn the_sass_view_says_why_it_cannot_be_made() {
    let Some(tools) = tools_or_skip("sass") else {
        return;
    };
    let mut lsp = sass_server(&tools);
    let broken = uri("broken.ptx");
    lsp.open(
        &broken,
        &AXPY.replace("mul.f32 %f3, %f2, %f1;", "mul.f32 %f3, %f2, %f9;"),
    );
    let response = sass_view(&mut lsp, &broken);
    let message = response["error"]["message"].as_str().unwrap();
    assert!(message.contains("line 17"), "{message}");

    let spirv = uri("k.spvasm");
    lsp.open(
        &spirv,
        "OpCapability Kernel\nOpMemoryModel Logical OpenCL\n",
    );
    let response = sass_view(&mut lsp, &spirv);
    let message = response["error"]["message"].as_str().unwrap();
    assert!(message.contains("machine code of SPIR-V"), "{message}");
    assert!(sass_lenses(&mut lsp, &spirv).is_empty());
    assert!(lsp.shutdown_and_exit().success());

    let mut lsp = Lsp::spawn_with_env(
        SPECLINT,
        &[
            ("PTXAS", tools.ptxas.to_str().unwrap()),
            ("NVDISASM", "/no/such/nvdisasm"),
        ],
    );
    lsp.initialize();
    let axpy = uri("axpy.ptx");
    lsp.open(&axpy, AXPY);
    let response = sass_view(&mut lsp, &axpy);
    let message = response["error"]["message"].as_str().unwrap();
    assert!(message.contains("NVDISASM=/no/such/nvdisasm"), "{message}");
    assert!(lsp.shutdown_and_exit().success());
}

// ---------------------------------------------------------------------------------------------
// speclint sass --diff
// ---------------------------------------------------------------------------------------------

/// `ptxas -v`'s spill stores and loads of `kernel` in `path`, read here.
fn ptxas_spills(tools: &Tools, path: &Path, kernel: &str) -> (u64, u64) {
    let text = std::fs::read_to_string(path).unwrap();
    let cubin =
        std::env::temp_dir().join(format!("speclint-sass-spills-{}.cubin", std::process::id()));
    let output = Command::new(&tools.ptxas)
        .arg("-v")
        .arg(format!("-arch={}", target_of(&text)))
        .arg(path)
        .arg("-o")
        .arg(&cubin)
        .output()
        .unwrap();
    let _ = std::fs::remove_file(&cubin);
    let log = stderr_of(&output);
    let mut lines = log.lines();
    lines
        .find(|l| l.ends_with(&format!("Function properties for {kernel}")))
        .unwrap_or_else(|| panic!("{kernel} in\n{log}"));
    let words: Vec<u64> = (lines.next().unwrap().split_whitespace())
        .filter_map(|w| w.parse().ok())
        .collect();
    (words[1], words[2])
}

#[test]
fn diff_gives_each_kernels_instruction_register_and_spill_deltas() {
    let Some(tools) = tools_or_skip("sass") else {
        return;
    };
    // arith-sm_80.ptx with `double_ops` held to 16 registers: it spills.
    let before = corpus("arith-sm_80.ptx");
    let text = std::fs::read_to_string(&before).unwrap();
    let header = " double_ops_param_3\n)\n";
    assert!(text.contains(header), "arith-sm_80.ptx changed");
    let after = write_scratch(
        "squeezed.ptx",
        &text.replacen(header, &format!("{header}.maxnreg 16\n"), 1),
    );
    let output = speclint_sass(
        &tools,
        &[
            before.to_str().unwrap(),
            "--diff",
            after.to_str().unwrap(),
            "--format",
            "json",
        ],
    );
    assert!(output.status.success(), "{}", stderr_of(&output));
    let diff: Value = serde_json::from_slice(&output.stdout).unwrap();
    let kernel = |listing: &Value, name: &str| -> Value {
        (listing["kernels"].as_array().unwrap().iter())
            .find(|k| k["name"] == name)
            .unwrap()
            .clone()
    };
    let (listing_before, listing_after) = (sass_json(&tools, &before), sass_json(&tools, &after));
    for delta in diff["kernels"].as_array().unwrap() {
        let name = delta["name"].as_str().unwrap();
        let (a, b) = (kernel(&listing_before, name), kernel(&listing_after, name));
        assert_eq!(
            delta["instructions"]["before"], a["instruction_count"],
            "{name}"
        );
        assert_eq!(
            delta["instructions"]["after"], b["instruction_count"],
            "{name}"
        );
        assert_eq!(delta["registers"]["after"], b["registers"], "{name}");
    }
    let double = (diff["kernels"].as_array().unwrap().iter())
        .find(|k| k["name"] == "double_ops")
        .unwrap();
    let (stores, loads) = ptxas_spills(&tools, &after, "double_ops");
    assert!(stores > 0, "the squeezed kernel spills");
    assert_eq!(double["spill_stores"]["after"], stores);
    assert_eq!(double["spill_loads"]["after"], loads);
    assert_eq!(double["spill_stores"]["before"], 0);
    // Spilling adds local-memory stores and loads.
    assert!(double["opcodes"]["STL"].as_i64().unwrap() > 0, "{double}");
    assert!(double["opcodes"]["LDL"].as_i64().unwrap() > 0, "{double}");
    let untouched = (diff["kernels"].as_array().unwrap().iter())
        .find(|k| k["name"] == "int_ops")
        .unwrap();
    assert_eq!(
        untouched["instructions"]["before"],
        untouched["instructions"]["after"]
    );

    // Two targets of one file, as text.
    let output = speclint_sass(
        &tools,
        &[before.to_str().unwrap(), "--diff-target", "sm_90"],
    );
    assert!(output.status.success(), "{}", stderr_of(&output));
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(
        text.starts_with(&format!(
            "// {} (sm_80) → {} (sm_90)\n",
            before.display(),
            before.display()
        )),
        "{text}"
    );
    assert!(
        text.lines().nth(1).unwrap().starts_with("kernel "),
        "{text}"
    );
    assert!(text.lines().any(|l| l.starts_with("double_ops ")), "{text}");
}
