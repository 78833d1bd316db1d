//! Conversation tests of the protocol features around the analyses: pull diagnostics
//! (`textDocument/diagnostic`), settings files watched by the client, code lenses on kernels
//! and inlay hints.

use serde_json::{json, Value};
use speclint_test_support::lsp_client::*;
use std::path::{Path, PathBuf};
use std::time::Duration;

const SPECLINT: &str = env!("CARGO_BIN_EXE_speclint");

fn fixture(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/lsp")
        .join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The capabilities of a client that pulls diagnostics and honours refresh requests.
fn pulling_client() -> Value {
    json!({
        "textDocument": {"diagnostic": {"dynamicRegistration": false}},
        "workspace": {"diagnostics": {"refreshSupport": true}},
    })
}

/// `textDocument/diagnostic` for `uri`, with the previous result id when given.
fn pull(lsp: &mut Lsp, uri: &str, previous: Option<&str>) -> Value {
    let mut params = json!({"textDocument": {"uri": uri}});
    if let Some(previous) = previous {
        params["previousResultId"] = json!(previous);
    }
    lsp.call("textDocument/diagnostic", params)
}

fn result_id(report: &Value) -> &str {
    report["resultId"].as_str().expect("a result id")
}

fn items(report: &Value) -> Vec<Value> {
    assert_eq!(report["kind"], "full", "{report}");
    report["items"].as_array().cloned().unwrap()
}

/// Waits past the debounce, then makes a round trip, so that any publish the server meant to
/// send has arrived.
fn settle(lsp: &mut Lsp) {
    std::thread::sleep(Duration::from_millis(400));
    lsp.call(
        "textDocument/documentSymbol",
        json!({"textDocument": {"uri": uri("none.ptx")}}),
    );
}

// ---------------------------------------------------------------------------------------------
// Pull diagnostics
// ---------------------------------------------------------------------------------------------

#[test]
fn diagnostics_are_advertised_for_pulling() {
    let mut lsp = Lsp::spawn(SPECLINT);
    let result = lsp.initialize();
    assert_eq!(
        result["capabilities"]["diagnosticProvider"],
        json!({"identifier": "speclint", "interFileDependencies": false, "workspaceDiagnostics": false})
    );
    assert!(lsp.shutdown_and_exit().success());
}

#[test]
fn a_pulling_client_gets_new_results_after_an_edit_and_unchanged_otherwise() {
    let mut lsp = Lsp::spawn(SPECLINT);
    lsp.initialize_with(pulling_client());
    let uri = uri("errors.ptx");
    lsp.open(&uri, &fixture("errors.ptx"));
    // Pulled right after the open: the request waits for the analysis.
    let first = pull(&mut lsp, &uri, None);
    assert_eq!(codes(&items(&first)), ["PTX004", "PTX002"]);
    let first_id = result_id(&first).to_string();

    // Nothing changed: the same id comes back, without the diagnostics.
    let again = pull(&mut lsp, &uri, Some(&first_id));
    assert_eq!(again, json!({"kind": "unchanged", "resultId": first_id}));

    // Fix `ad` (line 12) and pull at once, while the analysis of version 2 is pending.
    lsp.change(
        &uri,
        2,
        json!([{"range": range(12, 3, 12, 3), "text": "d"}]),
    );
    let second = pull(&mut lsp, &uri, Some(&first_id));
    assert_eq!(codes(&items(&second)), ["PTX004"]);
    let second_id = result_id(&second).to_string();
    assert_ne!(second_id, first_id);
    let unchanged = pull(&mut lsp, &uri, Some(&second_id));
    assert_eq!(unchanged["kind"], "unchanged");
    // An id the server no longer has gets the full report.
    assert_eq!(
        codes(&items(&pull(&mut lsp, &uri, Some(&first_id)))),
        ["PTX004"]
    );

    // A client that pulls is not also pushed to (the diagnostics would show twice).
    settle(&mut lsp);
    assert_eq!(lsp.published_versions(&uri), Vec::<Option<i64>>::new());
    assert!(lsp.shutdown_and_exit().success());
}

#[test]
fn a_push_only_client_is_published_to_and_may_still_pull() {
    let mut lsp = Lsp::spawn(SPECLINT);
    lsp.initialize();
    let uri = uri("errors.ptx");
    lsp.open(&uri, &fixture("errors.ptx"));
    assert_eq!(codes(&lsp.diagnostics(&uri, Some(1))), ["PTX004", "PTX002"]);
    lsp.change(
        &uri,
        2,
        json!([{"range": range(12, 3, 12, 3), "text": "d"}]),
    );
    assert_eq!(codes(&lsp.diagnostics(&uri, Some(2))), ["PTX004"]);
    assert_eq!(codes(&items(&pull(&mut lsp, &uri, None))), ["PTX004"]);
    assert!(lsp.shutdown_and_exit().success());
}

#[test]
fn a_document_that_is_not_open_pulls_an_empty_report() {
    let mut lsp = Lsp::spawn(SPECLINT);
    lsp.initialize_with(pulling_client());
    let report = pull(&mut lsp, &uri("closed.ptx"), None);
    assert_eq!(report, json!({"kind": "full", "items": []}));
    assert!(lsp.shutdown_and_exit().success());
}

// ---------------------------------------------------------------------------------------------
// speclint.toml watched by the client
// ---------------------------------------------------------------------------------------------

/// A workspace folder (removed on drop).
struct Workspace(PathBuf);

impl Workspace {
    fn new(tag: &str) -> Workspace {
        let dir = std::env::temp_dir().join(format!(
            "speclint-lsp-protocol-{tag}-{}-{}",
            std::process::id(),
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_nanos())
        ));
        std::fs::create_dir_all(&dir).unwrap();
        Workspace(dir)
    }

    fn config(&self) -> PathBuf {
        self.0.join("speclint.toml")
    }

    fn uri(&self, relative: &str) -> String {
        format!("file://{}/{relative}", self.0.display())
    }

    /// Tells the server that `speclint.toml` was created (1), changed (2) or deleted (3).
    fn announce(&self, lsp: &mut Lsp, kind: u32) {
        lsp.notify(
            "workspace/didChangeWatchedFiles",
            json!({"changes": [{"uri": self.uri("speclint.toml"), "type": kind}]}),
        );
    }

    /// `initialize` naming this folder, for a client that watches files (and whatever else
    /// `capabilities` adds).
    fn initialize(&self, lsp: &mut Lsp, mut capabilities: Value) {
        capabilities["workspace"]["didChangeWatchedFiles"] = json!({"dynamicRegistration": true});
        lsp.initialize_params(json!({
            "workspaceFolders": [{"uri": self.uri(""), "name": "ws"}],
            "capabilities": capabilities,
        }));
        let registration = lsp.wait_for_server_request("client/registerCapability");
        let registration = &registration["params"]["registrations"][0];
        assert_eq!(registration["method"], "workspace/didChangeWatchedFiles");
        assert_eq!(
            registration["registerOptions"]["watchers"][0],
            // No `kind`: creation, change and deletion.
            json!({"globPattern": "**/speclint.toml"})
        );
    }
}

impl Drop for Workspace {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

#[test]
fn creating_changing_and_deleting_the_config_file_recheck_open_documents() {
    let workspace = Workspace::new("watch");
    let mut lsp = Lsp::spawn(SPECLINT);
    workspace.initialize(&mut lsp, json!({}));
    let uri = workspace.uri("errors.ptx");
    lsp.open(&uri, &fixture("errors.ptx"));
    assert_eq!(codes(&lsp.diagnostics(&uri, Some(1))), ["PTX004", "PTX002"]);

    // Created: a rule turned off.
    std::fs::write(workspace.config(), "[rules]\nignore = [\"PTX004\"]\n").unwrap();
    workspace.announce(&mut lsp, 1);
    assert_eq!(codes(&lsp.diagnostics(&uri, Some(1))), ["PTX002"]);
    // Changed: the other one instead.
    std::fs::write(workspace.config(), "[rules]\nignore = [\"PTX002\"]\n").unwrap();
    workspace.announce(&mut lsp, 2);
    assert_eq!(codes(&lsp.diagnostics(&uri, Some(1))), ["PTX004"]);
    // Deleted: the defaults again.
    std::fs::remove_file(workspace.config()).unwrap();
    workspace.announce(&mut lsp, 3);
    assert_eq!(codes(&lsp.diagnostics(&uri, Some(1))), ["PTX004", "PTX002"]);
    assert!(lsp.shutdown_and_exit().success());
}

#[test]
fn a_pulling_client_is_asked_to_pull_again_when_the_config_file_changes() {
    let workspace = Workspace::new("watch-pull");
    let mut lsp = Lsp::spawn(SPECLINT);
    workspace.initialize(&mut lsp, pulling_client());
    let uri = workspace.uri("errors.ptx");
    lsp.open(&uri, &fixture("errors.ptx"));
    let before = pull(&mut lsp, &uri, None);
    assert_eq!(codes(&items(&before)), ["PTX004", "PTX002"]);

    std::fs::write(workspace.config(), "[rules]\nignore = [\"PTX004\"]\n").unwrap();
    workspace.announce(&mut lsp, 1);
    lsp.wait_for_server_request("workspace/diagnostic/refresh");
    let after = pull(&mut lsp, &uri, Some(result_id(&before)));
    assert_eq!(codes(&items(&after)), ["PTX002"]);
    assert!(lsp.shutdown_and_exit().success());
}

#[test]
fn lenses_hints_and_tokens_are_refreshed_when_the_config_file_changes() {
    let workspace = Workspace::new("watch-refresh");
    let mut lsp = Lsp::spawn(SPECLINT);
    // Code lenses and semantic tokens can be refreshed; inlay hints cannot, so that request must
    // not come.
    workspace.initialize(
        &mut lsp,
        json!({"workspace": {
            "codeLens": {"refreshSupport": true},
            "semanticTokens": {"refreshSupport": true},
            "inlayHint": {"refreshSupport": false},
        }}),
    );
    let uri = workspace.uri("errors.ptx");
    lsp.open(&uri, &fixture("errors.ptx"));
    lsp.diagnostics(&uri, Some(1));
    std::fs::write(workspace.config(), "[ptx]\ntarget = \"sm_80\"\n").unwrap();
    workspace.announce(&mut lsp, 1);
    lsp.wait_for_server_request("workspace/codeLens/refresh");
    lsp.wait_for_server_request("workspace/semanticTokens/refresh");
    // Where ptxas is installed, its compile of the document asks for a lens refresh too, maybe
    // first: ask until the lens has the new target (or a few seconds pass).
    let deadline = std::time::Instant::now() + Duration::from_secs(10);
    let lenses = loop {
        let lenses = lsp.request(
            "textDocument/codeLens",
            json!({"textDocument": {"uri": uri}}),
        );
        if lenses.to_string().contains("sm_80") || std::time::Instant::now() > deadline {
            break lenses;
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    assert!(
        lenses.to_string().contains("sm_80"),
        "the lens names the new target: {lenses}"
    );
    assert!(!lsp
        .server_requests
        .iter()
        .any(|r| r["method"] == "workspace/inlayHint/refresh"));
    assert!(lsp.shutdown_and_exit().success());
}

// ---------------------------------------------------------------------------------------------
// Code lenses on kernels and inlay hints, per language
// ---------------------------------------------------------------------------------------------

/// The whole document, for `textDocument/inlayHint`.
fn everything() -> Value {
    range(0, 0, 10_000, 0)
}

/// Each summary lens as (the text it sits on, its title), checking that it needs no command.
/// (PTX kernels also have a `sass` lens, server/tests/sass.rs, and where ptxas is installed a
/// `compiled` lens, server/tests/ptx_run.rs.)
fn lenses<'t>(doc: &Doc<'t>, lenses: &Value) -> Vec<(&'t str, String)> {
    lenses
        .as_array()
        .unwrap()
        .iter()
        .filter(|lens| !matches!(lens["data"]["lens"].as_str(), Some("compiled" | "sass")))
        .map(|lens| {
            assert_eq!(lens["command"]["command"], "", "{lens}");
            assert_eq!(lens["data"]["lens"], "summary");
            let title = lens["command"]["title"].as_str().unwrap().to_string();
            (doc.show(&lens["range"]).0, title)
        })
        .collect()
}

/// Each hint as (its position, its label, whether it is a type hint).
fn hints(hints: &Value) -> Vec<(Value, String, bool)> {
    hints
        .as_array()
        .unwrap()
        .iter()
        .map(|hint| {
            let label = hint["label"].as_str().unwrap().to_string();
            (hint["position"].clone(), label, hint["kind"] == 1)
        })
        .collect()
}

/// The position just after the `nth` occurrence of `needle`.
fn after(doc: &Doc, needle: &str, nth: usize) -> Value {
    doc.position_of(doc.offset(needle, nth) + needle.len())
}

#[test]
fn ptx_kernels_get_a_summary_lens_and_registers_their_hints() {
    let text =
        fixture("errors.ptx").replace("\tret;", "\t.reg .b32 %r<2>;\n\tbar.sync %r1;\n\tret;");
    let doc = Doc::new(&text);
    let [lens, all, line] = converse(
        SPECLINT,
        "ptx",
        &text,
        &[
            ("textDocument/codeLens", json!({})),
            ("textDocument/inlayHint", json!({"range": everything()})),
            (
                "textDocument/inlayHint",
                json!({"range": doc.range(".reg .b64 %rd<2>;", 0)}),
            ),
        ],
    )
    .try_into()
    .unwrap();
    assert_eq!(
        lenses(&doc, &lens),
        [(
            ".entry kernel",
            "PTX ISA 8.0 · sm_90 · 1 parameter".to_string()
        )]
    );
    assert_eq!(
        hints(&all),
        [
            (after(&doc, "%f<4>", 0), "%f0..%f3".to_string(), false),
            (after(&doc, "%rd<2>", 0), "%rd0..%rd1".to_string(), false),
            (after(&doc, "%r<2>", 0), "%r0..%r1".to_string(), false),
            // `bar.sync` names no type: its register's is shown.
            (after(&doc, "sync %r1", 0), ": .b32".to_string(), true),
        ]
    );
    assert_eq!(all[0]["paddingLeft"], true);
    assert_eq!(hints(&line).len(), 1);
}

#[test]
fn lenses_and_hints_are_advertised() {
    let mut lsp = Lsp::spawn(SPECLINT);
    let caps = lsp.initialize()["capabilities"].clone();
    assert_eq!(caps["codeLensProvider"], json!({"resolveProvider": false}));
    assert_eq!(caps["inlayHintProvider"], true);
    assert!(lsp.shutdown_and_exit().success());
}

#[test]
fn the_status_request_names_the_language_and_what_the_document_is_checked_against() {
    let mut lsp = Lsp::spawn(SPECLINT);
    lsp.initialize();
    let status = |lsp: &mut Lsp, uri: &str| {
        lsp.request("speclint/status", json!({"textDocument": {"uri": uri}}))["result"].clone()
    };
    lsp.open("file:///w/errors.ptx", &fixture("errors.ptx"));
    assert_eq!(
        status(&mut lsp, "file:///w/errors.ptx"),
        json!({"language": "PTX", "summary": "PTX ISA 8.0 · sm_90"})
    );
    lsp.open(
        "file:///w/k.mlir",
        "// speclint: tile-ir-version=13.2, target=sm_100\ncuda_tile.module @m {\n  entry @k() {\n    return\n  }\n}\n",
    );
    assert_eq!(
        status(&mut lsp, "file:///w/k.mlir"),
        json!({"language": "Tile IR", "summary": "Tile IR 13.2 · sm_100"})
    );
    lsp.open(
        "file:///w/k.spvasm",
        "; SPIR-V\n; Version: 1.0\nOpCapability Addresses\nOpCapability Kernel\nOpMemoryModel Physical64 OpenCL\n",
    );
    let spirv = status(&mut lsp, "file:///w/k.spvasm");
    assert_eq!(spirv["language"], "SPIR-V", "{spirv}");
    assert!(
        spirv["summary"]
            .as_str()
            .is_some_and(|s| s.contains("full profile · SPIR-V 1.0")),
        "{spirv}"
    );
    // A document that is not open has no status.
    assert_eq!(status(&mut lsp, "file:///w/closed.ptx"), Value::Null);
    assert!(lsp.shutdown_and_exit().success());
}
