//! Conversation tests of the editor's "▶ Run" code lens: a kernel with a run comment above it
//! (`; speclint: run --grid … --arg …`) gets a lens calling `speclint.runKernel`, which runs it
//! for real on the CPU OpenCL runtime (scripts/lib.sh `ensure_opencl_cpu`) and returns the
//! report; a kernel without one gets no Run lens, a malformed one its RUN001 diagnostic, and
//! a missing runtime or a hanging kernel a clear answer while the server keeps serving.
//!
//! Without an OpenCL device that takes SPIR-V the tests that run kernels print `SKIPPED
//! run_spirv` (a failure when `$CI` is set), as server/tests/run_spirv.rs does.

use speclint_test_support::lsp_client;
use speclint_test_support::scratch::Scratch;

use serde_json::{json, Value};
use speclint_test_support::lsp_client::*;
use std::io::Write as _;
use std::process::Command;
use std::sync::OnceLock;
use std::time::{Duration, Instant};

const SPECLINT: &str = env!("CARGO_BIN_EXE_speclint");

const KERNELS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/run/spirv/kernels");

/// Run comments as a user writes them: `vector_add` adds a range and a fill (so `c[i]` is
/// `i + 2`), `spin` never ends while its flag is 0, `reduce_sum`'s comment misspells a flag,
/// and `histogram` has none.
const VECTOR_ADD: &str = "; speclint: run --grid 4 --block 16 --arg a=range:f32[64] \
                          --arg b=fill:2:f32[64] --arg c=zeros:f32[64] --arg n=64";
const SPIN: &str = "; speclint: run --timeout 1.5 --arg flag=zeros:i32[1]";
const REDUCE_SUM: &str = "; speclint: run --gird 4";

fn module() -> String {
    let source = std::fs::read_to_string(format!("{KERNELS}.spvasm")).expect("kernels.spvasm");
    let source = above(source, "vector_add", VECTOR_ADD);
    let source = above(source, "reduce_sum", REDUCE_SUM);
    above(source, "spin", SPIN)
}

/// `source` with `comment` on the line above the kernel's function: the entry point's own
/// (the translator's wrapper around the OpenCL C function of that name), where its lenses are.
fn above(source: String, kernel: &str, comment: &str) -> String {
    let id = source
        .lines()
        .find_map(|line| {
            let rest = line.trim().strip_prefix("OpEntryPoint Kernel ")?;
            let (id, name) = rest.split_once(' ')?;
            name.starts_with(&format!("\"{kernel}\""))
                .then(|| id.to_string())
        })
        .unwrap_or_else(|| panic!("no entry point {kernel}"));
    let header = source
        .lines()
        .find(|line| {
            line.trim_start()
                .starts_with(&format!("{id} = OpFunction "))
        })
        .unwrap_or_else(|| panic!("no function {id}"))
        .to_string();
    source.replacen(&header, &format!("{comment}\n{header}"), 1)
}

/// Whether a device is there; otherwise a loud skip (a failure under CI).
fn device_present() -> bool {
    static PRESENT: OnceLock<Option<String>> = OnceLock::new();
    let problem = PRESENT.get_or_init(|| {
        let out = Command::new(env!("CARGO_BIN_EXE_speclint"))
            .args(["run", "--compile-only", &format!("{KERNELS}.spv")])
            .output()
            .expect("speclint runs");
        (!out.status.success()).then(|| String::from_utf8_lossy(&out.stderr).into_owned())
    });
    let Some(why) = problem else { return true };
    assert!(
        std::env::var_os("CI").is_none(),
        "lsp run: no OpenCL device takes SPIR-V ({why}); CI is set"
    );
    let _ = writeln!(
        std::io::stderr(),
        "\n## SKIPPED run_spirv (lsp_run): no OpenCL device takes SPIR-V: {why}\n"
    );
    false
}

fn lenses(lsp: &mut Lsp, uri: &str) -> Vec<Value> {
    let result = lsp.call(
        "textDocument/codeLens",
        json!({"textDocument": {"uri": uri}}),
    );
    result.as_array().cloned().unwrap_or_default()
}

fn run_lenses(lsp: &mut Lsp, uri: &str) -> Vec<Value> {
    lenses(lsp, uri)
        .into_iter()
        .filter(|lens| lens["data"]["lens"] == "run")
        .collect()
}

fn run_kernel(lsp: &mut Lsp, uri: &str, kernel: &str) -> Value {
    lsp.call(
        "workspace/executeCommand",
        json!({"command": "speclint.runKernel", "arguments": [{"uri": uri, "kernel": kernel}]}),
    )
}

fn buffer<'r>(result: &'r Value, name: &str) -> &'r Value {
    result["report"]["buffers"]
        .as_array()
        .expect("buffers")
        .iter()
        .find(|b| b["name"] == name)
        .unwrap_or_else(|| panic!("no buffer {name}: {result:#}"))
}

fn opened(env: &[(&str, &str)]) -> (Lsp, String, String) {
    let mut lsp = Lsp::spawn_with_env(SPECLINT, env);
    let init = lsp.initialize();
    assert_eq!(
        init["capabilities"]["executeCommandProvider"]["commands"],
        json!(["speclint.runKernel", "speclint.addRunComment"])
    );
    let uri = uri("kernels.spvasm");
    let text = module();
    lsp.open_as(&uri, "spirv", &text);
    (lsp, uri, text)
}

#[test]
fn kernels_with_a_run_comment_get_a_run_lens_and_the_others_none() {
    let (mut lsp, uri, text) = opened(&[]);
    let doc = Doc::new(&text);
    let runs = run_lenses(&mut lsp, &uri);
    let kernels: Vec<&str> = runs
        .iter()
        .map(|lens| lens["data"]["kernel"].as_str().unwrap())
        .collect();
    // reduce_sum's comment is malformed, histogram and the others have none.
    assert_eq!(kernels, ["vector_add", "spin"], "{runs:#?}");
    let lens = &runs[0];
    assert_eq!(lens["command"]["title"], "▶ Run");
    assert_eq!(lens["command"]["command"], "speclint.runKernel");
    assert_eq!(
        lens["command"]["arguments"],
        json!([{"uri": uri, "kernel": "vector_add"}])
    );
    // On the kernel's header, the line below the comment.
    let comment_line = text[..text.find(VECTOR_ADD).unwrap()].matches('\n').count();
    let header = text.lines().nth(comment_line + 1).unwrap();
    let indent = header.len() - header.trim_start().len();
    assert_eq!(
        lens["range"]["start"],
        pos(comment_line as u32 + 1, indent as u32)
    );
    assert_eq!(
        lens["data"]["flags"],
        VECTOR_ADD.trim_start_matches("; speclint: run ")
    );
    // The summary lens is still there beside it.
    assert!(lenses(&mut lsp, &uri)
        .iter()
        .any(|l| l["data"] == json!({"lens": "summary", "kernel": "vector_add"})));

    let diagnostics = lsp.diagnostics(&uri, Some(1));
    let run001: Vec<&Value> = diagnostics
        .iter()
        .filter(|d| d["code"] == "RUN001")
        .collect();
    assert_eq!(run001.len(), 1, "{diagnostics:#?}");
    assert_eq!(
        run001[0]["range"]["start"],
        doc.position_of(doc.offset(REDUCE_SUM, 0))
    );
    let message = run001[0]["message"].as_str().unwrap();
    assert!(message.contains("--gird"), "{message}");
    assert!(lsp.shutdown_and_exit().success());
}

#[test]
fn a_run_comment_not_above_a_kernel_or_with_a_file_is_reported() {
    let text = module()
        .replacen(VECTOR_ADD, &format!("{VECTOR_ADD}\n"), 1)
        .replacen(SPIN, "; speclint: run other.spvasm --grid 2", 1);
    let mut lsp = Lsp::spawn(SPECLINT);
    lsp.initialize();
    let uri = uri("misplaced.spvasm");
    lsp.open_as(&uri, "spirv", &text);
    let diagnostics = lsp.diagnostics(&uri, Some(1));
    let messages: Vec<&str> = diagnostics
        .iter()
        .filter(|d| d["code"] == "RUN001")
        .map(|d| d["message"].as_str().unwrap())
        .collect();
    assert_eq!(messages.len(), 3, "{messages:#?}");
    assert!(
        messages[0].contains("directly above a kernel"),
        "{messages:#?}"
    );
    assert!(
        messages.iter().any(|m| m.contains("not a file")),
        "{messages:#?}"
    );
    assert!(run_lenses(&mut lsp, &uri).is_empty());
    assert!(lsp.shutdown_and_exit().success());
}

#[test]
fn the_run_lens_runs_the_kernel_and_returns_its_buffers() {
    if !device_present() {
        return;
    }
    let (mut lsp, uri, _) = opened(&[]);
    assert_eq!(run_lenses(&mut lsp, &uri).len(), 2);
    let result = run_kernel(&mut lsp, &uri, "vector_add");
    assert_eq!(result["ok"], true, "{result:#}");
    let c = buffer(&result, "c");
    let expected: Vec<Value> = (0..8).map(|i| json!(i as f64 + 2.0)).collect();
    assert_eq!(c["first"], json!(expected), "{c:#}");
    assert_eq!(c["elements"], 64);
    assert_eq!(c["changed"], 64);
    assert_eq!(
        (c["min"].as_f64(), c["max"].as_f64()),
        (Some(2.0), Some(65.0))
    );
    assert_eq!(buffer(&result, "a")["changed"], 0);
    assert_eq!(result["report"]["grid"], json!([4, 1, 1]));
    assert_eq!(result["report"]["block"], json!([16, 1, 1]));
    assert!(
        result["report"]["kernel_ms"].as_f64().is_some(),
        "{result:#}"
    );
    let summary = result["summary"].as_str().unwrap();
    assert!(
        summary.starts_with("speclint run `vector_add`: ok on "),
        "{summary}"
    );
    assert!(
        summary.contains("kernel ") && summary.contains(" ms"),
        "{summary}"
    );

    // The one-line outcome as a message, the whole report in the log.
    let shown = lsp.wait_for(|m| m["method"] == "window/showMessage");
    assert_eq!(shown["params"], json!({"type": 3, "message": summary}));
    let logged = lsp.wait_for(|m| {
        m["method"] == "window/logMessage"
            && m["params"]["message"]
                .as_str()
                .unwrap()
                .contains("vector_add")
    });
    assert_eq!(logged["params"]["message"], result["text"]);

    // The document's current text is what runs: a changed comment changes the run.
    let text = module().replacen("b=fill:2:", "b=fill:10:", 1);
    lsp.change(&uri, 2, json!([{"text": text}]));
    let result = run_kernel(&mut lsp, &uri, "vector_add");
    assert_eq!(
        buffer(&result, "c")["min"].as_f64(),
        Some(10.0),
        "{result:#}"
    );
    assert!(lsp.shutdown_and_exit().success());
}

#[test]
fn a_hanging_kernel_times_out_while_the_server_keeps_answering() {
    if !device_present() {
        return;
    }
    let (mut lsp, uri, _) = opened(&[]);
    let started = Instant::now();
    let id = 9_000;
    lsp.send(&json!({
        "jsonrpc": "2.0", "id": id, "method": "workspace/executeCommand",
        "params": {"command": "speclint.runKernel", "arguments": [{"uri": uri, "kernel": "spin"}]},
    }));
    // Answered while the kernel spins (its timeout is 1.5 s).
    let symbols = lsp.document_symbols(&uri);
    assert!(symbols.as_array().is_some_and(|s| !s.is_empty()));
    lsp.hover(&uri, 0, 2);
    let answered_after = started.elapsed();
    let deadline = Instant::now() + TIMEOUT;
    let response = loop {
        let message = lsp.next_message(deadline);
        if message["id"] == json!(id) {
            break message;
        }
    };
    let result = &response["result"];
    assert_eq!(result["ok"], false, "{response:#}");
    assert_eq!(result["error"]["kind"], "timeout", "{result:#}");
    assert!(started.elapsed() >= Duration::from_millis(1500));
    assert!(
        answered_after < Duration::from_millis(1500),
        "requests waited for the run: {answered_after:?}"
    );
    assert!(lsp.shutdown_and_exit().success());
}

#[test]
fn without_an_opencl_runtime_the_run_says_so() {
    let empty = Scratch::new("lsp-run-no-vendors");
    let (mut lsp, uri, _) = opened(&[("OCL_ICD_VENDORS", empty.path().to_str().unwrap())]);
    let started = Instant::now();
    let result = run_kernel(&mut lsp, &uri, "vector_add");
    assert!(started.elapsed() < Duration::from_secs(30));
    assert_eq!(result["ok"], false, "{result:#}");
    assert_eq!(result["error"]["kind"], "unavailable", "{result:#}");
    let summary = result["summary"].as_str().unwrap();
    assert!(
        summary.contains("no OpenCL platform") || summary.contains("no OpenCL library"),
        "{summary}"
    );
    assert!(
        summary.starts_with("speclint run `vector_add`: exit 2: "),
        "{summary}"
    );
    let shown = lsp.wait_for(|m| m["method"] == "window/showMessage");
    assert_eq!(shown["params"]["type"], 1, "an error: {shown}");
    assert!(lsp.shutdown_and_exit().success());
}

#[test]
fn a_kernel_without_a_comment_or_a_document_that_is_not_open_is_refused() {
    let (mut lsp, uri, _) = opened(&[]);
    let result = run_kernel(&mut lsp, &uri, "histogram");
    assert_eq!(result["ok"], false);
    let summary = result["summary"].as_str().unwrap();
    assert!(summary.contains("no `speclint: run` comment"), "{summary}");
    let response = lsp.request(
        "workspace/executeCommand",
        json!({"command": "speclint.runKernel", "arguments": [{"uri": lsp_client::uri("closed.spvasm"), "kernel": "k"}]}),
    );
    assert!(
        response["error"]["message"]
            .as_str()
            .unwrap()
            .contains("not open"),
        "{response}"
    );
    let response = lsp.request(
        "workspace/executeCommand",
        json!({"command": "speclint.runKernel", "arguments": []}),
    );
    assert!(response.get("error").is_some(), "{response}");
    assert!(lsp.shutdown_and_exit().success());
}

#[test]
fn ptx_kernels_take_run_comments_in_their_own_comment_syntax() {
    let text = "\
.version 8.0
.target sm_80
.address_size 64

// speclint: run --grid 2 --block 32 --arg out=zeros:f32[64]
.visible .entry fill(.param .u64 out)
{
    ret;
}

// speclint: run --grid two
.visible .entry other()
{
    ret;
}
";
    let mut lsp = Lsp::spawn(SPECLINT);
    lsp.initialize();
    let uri = uri("fill.ptx");
    lsp.open(&uri, text);
    let runs = run_lenses(&mut lsp, &uri);
    assert_eq!(runs.len(), 1, "{runs:#?}");
    assert_eq!(runs[0]["data"]["kernel"], "fill");
    let diagnostics = lsp.diagnostics(&uri, Some(1));
    assert_eq!(codes(&diagnostics), ["RUN001"], "{diagnostics:#?}");
    assert!(lsp.shutdown_and_exit().success());
}

#[test]
fn a_kernel_without_a_comment_gets_a_lens_that_adds_a_template_that_runs() {
    let mut lsp = Lsp::spawn(SPECLINT);
    lsp.initialize_with(json!({"workspace": {"applyEdit": true}}));
    let uri = uri("template.spvasm");
    let text = module();
    lsp.open_as(&uri, "spirv", &text);
    let all = lenses(&mut lsp, &uri);
    let adds: Vec<&str> = all
        .iter()
        .filter(|l| l["data"]["lens"] == "add-run-comment")
        .map(|l| l["data"]["kernel"].as_str().unwrap())
        .collect();
    // Not on the kernels with a comment, well-formed or not.
    assert!(
        !adds.contains(&"vector_add") && !adds.contains(&"spin") && !adds.contains(&"reduce_sum")
    );
    assert!(adds.contains(&"scale_offset"), "{adds:?}");
    let lens = all
        .iter()
        .find(|l| l["data"]["kernel"] == "scale_offset" && l["data"]["lens"] == "add-run-comment")
        .unwrap();
    assert_eq!(lens["command"]["title"], "Add run comment");
    assert_eq!(lens["command"]["command"], "speclint.addRunComment");

    let arguments = lens["command"]["arguments"].clone();
    lsp.call(
        "workspace/executeCommand",
        json!({"command": "speclint.addRunComment", "arguments": arguments}),
    );
    let request = lsp.wait_for_server_request("workspace/applyEdit");
    let edits = request["params"]["edit"]["changes"][&uri]
        .as_array()
        .cloned()
        .unwrap();
    let template = "; speclint: run --grid 4 --block 256 --arg data=range:f32[1024] --arg scale=1 \
                    --arg offset=1024";
    assert_eq!(edits.len(), 1);
    assert!(
        edits[0]["newText"]
            .as_str()
            .unwrap()
            .ends_with(&format!("{template}\n")),
        "{edits:?}"
    );
    let edited = apply_edits(&text, &edits);
    let comment_line = edited[..edited.find(template).unwrap()]
        .matches('\n')
        .count();
    let header = edited.lines().nth(comment_line + 1).unwrap();
    assert!(
        header.trim_start().starts_with('%') && header.contains("= OpFunction"),
        "{header}"
    );

    // As the client would apply it: the kernel now has a Run lens, and no RUN001.
    lsp.change(&uri, 2, json!([{"text": edited}]));
    assert!(run_lenses(&mut lsp, &uri)
        .iter()
        .any(|l| l["data"]["kernel"] == "scale_offset"));
    let diagnostics = lsp.diagnostics(&uri, Some(2));
    assert_eq!(
        diagnostics.iter().filter(|d| d["code"] == "RUN001").count(),
        1, // reduce_sum's, as before
        "{diagnostics:#?}"
    );
    if device_present() {
        // data[i] = data[i] * scale + offset.
        let result = run_kernel(&mut lsp, &uri, "scale_offset");
        let data = buffer(&result, "data");
        let expected: Vec<Value> = (0..8).map(|i| json!(1024.0 + i as f64)).collect();
        assert_eq!(data["first"], json!(expected), "{result:#}");
    }
    assert!(lsp.shutdown_and_exit().success());
}
