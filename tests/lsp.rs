//! End-to-end tests of `speclint lsp`: each test spawns the server and talks JSON-RPC to it
//! over stdio with Content-Length framing, the way an editor does.

use serde_json::{json, Value};
use std::collections::VecDeque;
use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

/// How long any single wait may take before the test fails (the server is a debug build, and
/// tests run in parallel).
const TIMEOUT: Duration = Duration::from_secs(60);

fn fixture(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/lsp")
        .join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn uri(name: &str) -> String {
    format!("file:///speclint-lsp-test/{name}")
}

/// A `speclint lsp` process and a minimal LSP client for it.
struct Lsp {
    child: Child,
    stdin: Option<ChildStdin>,
    incoming: Receiver<Value>,
    next_id: i64,
    /// Notifications received and not yet consumed by a `wait_*` call.
    pending: VecDeque<Value>,
    /// Every notification received, in order.
    log: Vec<Value>,
    stderr: Arc<Mutex<String>>,
}

impl Lsp {
    fn spawn() -> Lsp {
        Lsp::spawn_with_env(&[])
    }

    fn spawn_with_env(env: &[(&str, &str)]) -> Lsp {
        let mut command = Command::new(env!("CARGO_BIN_EXE_speclint"));
        command
            .arg("lsp")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .env_remove("SPECLINT_LSP_PANIC_ON");
        for (k, v) in env {
            command.env(k, v);
        }
        let mut child = command.spawn().expect("spawn speclint lsp");
        let stdin = child.stdin.take();
        let stdout = child.stdout.take().unwrap();
        let stderr_pipe = child.stderr.take().unwrap();
        let (tx, incoming) = mpsc::channel();
        thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            while let Some(message) = read_message(&mut reader) {
                if tx.send(message).is_err() {
                    break;
                }
            }
        });
        let stderr = Arc::new(Mutex::new(String::new()));
        let sink = stderr.clone();
        thread::spawn(move || {
            let mut reader = BufReader::new(stderr_pipe);
            let mut line = String::new();
            while reader.read_line(&mut line).unwrap_or(0) > 0 {
                sink.lock().unwrap().push_str(&line);
                line.clear();
            }
        });
        Lsp {
            child,
            stdin,
            incoming,
            next_id: 1,
            pending: VecDeque::new(),
            log: Vec::new(),
            stderr,
        }
    }

    fn send(&mut self, message: &Value) {
        let body = serde_json::to_string(message).unwrap();
        let stdin = self.stdin.as_mut().expect("stdin open");
        write!(stdin, "Content-Length: {}\r\n\r\n{}", body.len(), body).expect("write to server");
        stdin.flush().unwrap();
    }

    fn notify(&mut self, method: &str, params: Value) {
        self.send(&json!({"jsonrpc": "2.0", "method": method, "params": params}));
    }

    /// The next message from the server; server-to-client requests are answered with `null`.
    fn next_message(&mut self, deadline: Instant) -> Value {
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let message = match self.incoming.recv_timeout(left) {
                Ok(message) => message,
                Err(RecvTimeoutError::Timeout) => panic!(
                    "timed out waiting for the server; notifications so far: {:#?}\nstderr:\n{}",
                    self.log,
                    self.stderr.lock().unwrap()
                ),
                Err(RecvTimeoutError::Disconnected) => panic!(
                    "the server closed its output; stderr:\n{}",
                    self.stderr.lock().unwrap()
                ),
            };
            if message.get("method").is_some() && message.get("id").is_some() {
                let id = message["id"].clone();
                self.send(&json!({"jsonrpc": "2.0", "id": id, "result": null}));
                continue;
            }
            return message;
        }
    }

    /// Sends a request and returns the whole response (`result` or `error`).
    fn request(&mut self, method: &str, params: Value) -> Value {
        let id = self.next_id;
        self.next_id += 1;
        self.send(&json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}));
        let deadline = Instant::now() + TIMEOUT;
        loop {
            let message = self.next_message(deadline);
            if message.get("method").is_some() {
                self.log.push(message.clone());
                self.pending.push_back(message);
            } else if message["id"] == json!(id) {
                return message;
            }
        }
    }

    /// Sends a request and returns its `result`, failing on an error response.
    fn call(&mut self, method: &str, params: Value) -> Value {
        let response = self.request(method, params);
        assert!(
            response.get("error").is_none(),
            "{method} failed: {response}"
        );
        response["result"].clone()
    }

    /// The first notification (received now or later) that `accept` takes.
    fn wait_for(&mut self, accept: impl Fn(&Value) -> bool) -> Value {
        if let Some(i) = self.pending.iter().position(&accept) {
            return self.pending.remove(i).unwrap();
        }
        let deadline = Instant::now() + TIMEOUT;
        loop {
            let message = self.next_message(deadline);
            if message.get("method").is_none() {
                continue;
            }
            self.log.push(message.clone());
            if accept(&message) {
                return message;
            }
            self.pending.push_back(message);
        }
    }

    /// The diagnostics published for `uri` at `version` (`None`: published without a version).
    fn diagnostics(&mut self, uri: &str, version: Option<i64>) -> Vec<Value> {
        let message = self.wait_for(|m| {
            m["method"] == "textDocument/publishDiagnostics"
                && m["params"]["uri"] == uri
                && m["params"]["version"].as_i64() == version
        });
        message["params"]["diagnostics"]
            .as_array()
            .cloned()
            .unwrap()
    }

    /// Versions of every publish seen so far for `uri`.
    fn published_versions(&self, uri: &str) -> Vec<Option<i64>> {
        self.log
            .iter()
            .filter(|m| {
                m["method"] == "textDocument/publishDiagnostics" && m["params"]["uri"] == uri
            })
            .map(|m| m["params"]["version"].as_i64())
            .collect()
    }

    fn initialize_with(&mut self, capabilities: Value) -> Value {
        let result = self.call(
            "initialize",
            json!({"processId": null, "rootUri": null, "capabilities": capabilities}),
        );
        self.notify("initialized", json!({}));
        result
    }

    fn initialize(&mut self) -> Value {
        self.initialize_with(json!({}))
    }

    fn open(&mut self, uri: &str, text: &str) {
        self.notify(
            "textDocument/didOpen",
            json!({"textDocument": {"uri": uri, "languageId": "ptx", "version": 1, "text": text}}),
        );
    }

    fn change(&mut self, uri: &str, version: i64, changes: Value) {
        self.notify(
            "textDocument/didChange",
            json!({"textDocument": {"uri": uri, "version": version}, "contentChanges": changes}),
        );
    }

    fn hover(&mut self, uri: &str, line: u32, character: u32) -> Value {
        self.call(
            "textDocument/hover",
            json!({"textDocument": {"uri": uri}, "position": {"line": line, "character": character}}),
        )
    }

    /// `shutdown`, `exit`, and the exit status.
    fn shutdown_and_exit(mut self) -> ExitStatus {
        let result = self.call("shutdown", Value::Null);
        assert_eq!(result, Value::Null);
        self.notify("exit", Value::Null);
        self.wait_exit()
    }

    fn wait_exit(&mut self) -> ExitStatus {
        let deadline = Instant::now() + TIMEOUT;
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                return status;
            }
            assert!(Instant::now() < deadline, "the server did not exit");
            thread::sleep(Duration::from_millis(20));
        }
    }
}

impl Drop for Lsp {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn read_message(reader: &mut impl BufRead) -> Option<Value> {
    let mut length = None;
    loop {
        let mut line = String::new();
        if reader.read_line(&mut line).ok()? == 0 {
            return None;
        }
        let line = line.trim_end();
        if line.is_empty() {
            break;
        }
        if let Some(value) = line.strip_prefix("Content-Length:") {
            length = value.trim().parse::<usize>().ok();
        }
    }
    let mut body = vec![0; length?];
    reader.read_exact(&mut body).ok()?;
    serde_json::from_slice(&body).ok()
}

fn pos(line: u32, character: u32) -> Value {
    json!({"line": line, "character": character})
}

fn range(l0: u32, c0: u32, l1: u32, c1: u32) -> Value {
    json!({"start": pos(l0, c0), "end": pos(l1, c1)})
}

fn codes(diagnostics: &[Value]) -> Vec<&str> {
    diagnostics
        .iter()
        .map(|d| d["code"].as_str().unwrap())
        .collect()
}

fn hover_markdown(hover: &Value) -> &str {
    assert_eq!(hover["contents"]["kind"], "markdown", "{hover}");
    hover["contents"]["value"].as_str().unwrap()
}

/// Applies LSP text edits (UTF-16 positions) to `text`, last edit first.
fn apply_edits(text: &str, edits: &[Value]) -> String {
    let offset = |p: &Value| -> usize {
        let line = p["line"].as_u64().unwrap() as usize;
        let character = p["character"].as_u64().unwrap() as usize;
        let line_start: usize = text.split_inclusive('\n').take(line).map(str::len).sum();
        let mut units = 0;
        for (i, c) in text[line_start..].char_indices() {
            if units >= character || c == '\n' {
                return line_start + i;
            }
            units += c.len_utf16();
        }
        text.len()
    };
    let mut edits: Vec<(usize, usize, &str)> = edits
        .iter()
        .map(|e| {
            (
                offset(&e["range"]["start"]),
                offset(&e["range"]["end"]),
                e["newText"].as_str().unwrap(),
            )
        })
        .collect();
    edits.sort_by_key(|e| std::cmp::Reverse(e.0));
    let mut text = text.to_string();
    for (start, end, new_text) in edits {
        text.replace_range(start..end, new_text);
    }
    text
}

/// The 0-based line of `errors.ptx` with `rcp.f32` after a comment with `é` and `😀`.
const RCP_LINE: u32 = 10;
/// `\t/* é 😀 */ ` is 12 UTF-16 code units (😀 takes two), 11 characters, 15 bytes.
const RCP_COL_UTF16: u32 = 12;
const RCP_COL_UTF8: u32 = 15;
const AD_LINE: u32 = 12;

#[test]
fn initialize_advertises_incremental_sync_hover_and_quick_fixes() {
    let mut lsp = Lsp::spawn();
    let result = lsp.initialize();
    let caps = &result["capabilities"];
    assert_eq!(caps["textDocumentSync"]["change"], 2, "{caps}");
    assert_eq!(caps["textDocumentSync"]["openClose"], true);
    assert_eq!(caps["hoverProvider"], true);
    assert_eq!(
        caps["codeActionProvider"]["codeActionKinds"],
        json!(["quickfix"])
    );
    assert_eq!(caps["positionEncoding"], "utf-16");
    assert_eq!(result["serverInfo"]["name"], "speclint");
    assert!(lsp.shutdown_and_exit().success());
}

#[test]
fn diagnostics_on_open_have_codes_and_exact_utf16_ranges() {
    let mut lsp = Lsp::spawn();
    lsp.initialize();
    let uri = uri("errors.ptx");
    lsp.open(&uri, &fixture("errors.ptx"));
    let diagnostics = lsp.diagnostics(&uri, Some(1));
    assert_eq!(
        codes(&diagnostics),
        ["PTX004", "PTX002"],
        "{diagnostics:#?}"
    );
    let rcp = &diagnostics[0];
    assert_eq!(
        rcp["range"],
        range(RCP_LINE, RCP_COL_UTF16, RCP_LINE, RCP_COL_UTF16 + 7)
    );
    assert_eq!(rcp["severity"], 1);
    assert_eq!(rcp["source"], "speclint");
    assert!(
        rcp["message"].as_str().unwrap().contains("rcp.f32"),
        "{rcp}"
    );
    assert_eq!(diagnostics[1]["range"], range(AD_LINE, 1, AD_LINE, 3));
    assert!(lsp.shutdown_and_exit().success());
}

#[test]
fn utf8_positions_when_the_client_offers_them() {
    let mut lsp = Lsp::spawn();
    let result =
        lsp.initialize_with(json!({"general": {"positionEncodings": ["utf-8", "utf-16"]}}));
    assert_eq!(result["capabilities"]["positionEncoding"], "utf-8");
    let uri = uri("errors.ptx");
    lsp.open(&uri, &fixture("errors.ptx"));
    let diagnostics = lsp.diagnostics(&uri, Some(1));
    assert_eq!(
        diagnostics[0]["range"],
        range(RCP_LINE, RCP_COL_UTF8, RCP_LINE, RCP_COL_UTF8 + 7)
    );
    // Edits are read in bytes too: insert `.rn` after `rcp` (byte column 15 + 3).
    let at = RCP_COL_UTF8 + 3;
    lsp.change(
        &uri,
        2,
        json!([{"range": range(RCP_LINE, at, RCP_LINE, at), "text": ".rn"}]),
    );
    assert_eq!(codes(&lsp.diagnostics(&uri, Some(2))), ["PTX002"]);
    assert!(lsp.shutdown_and_exit().success());
}

#[test]
fn incremental_edits_fix_and_introduce_errors() {
    let mut lsp = Lsp::spawn();
    lsp.initialize();
    let uri = uri("errors.ptx");
    lsp.open(&uri, &fixture("errors.ptx"));
    assert_eq!(codes(&lsp.diagnostics(&uri, Some(1))), ["PTX004", "PTX002"]);

    // Insert `.rn` after `rcp` (UTF-16 column 12 + 3) and an `d` after `ad`, in one
    // notification of two changes.
    let at = RCP_COL_UTF16 + 3;
    lsp.change(
        &uri,
        2,
        json!([
            {"range": range(RCP_LINE, at, RCP_LINE, at), "text": ".rn"},
            {"range": range(AD_LINE, 3, AD_LINE, 3), "text": "d"},
        ]),
    );
    assert_eq!(lsp.diagnostics(&uri, Some(2)), Vec::<Value>::new());

    // Replace `.rn` by nothing again: the PTX004 error comes back, at the same range.
    lsp.change(
        &uri,
        3,
        json!([{"range": range(RCP_LINE, at, RCP_LINE, at + 3), "text": ""}]),
    );
    let diagnostics = lsp.diagnostics(&uri, Some(3));
    assert_eq!(codes(&diagnostics), ["PTX004"]);
    assert_eq!(
        diagnostics[0]["range"],
        range(RCP_LINE, RCP_COL_UTF16, RCP_LINE, RCP_COL_UTF16 + 7)
    );

    // A multi-line edit: delete the lines of the kernel body between `{` and `ret;`.
    lsp.change(
        &uri,
        4,
        json!([{"range": range(6, 0, 14, 0), "text": "\tfoo.bar %r1;\n"}]),
    );
    let diagnostics = lsp.diagnostics(&uri, Some(4));
    assert_eq!(
        codes(&diagnostics),
        ["PTX002", "PTX008"],
        "{diagnostics:#?}"
    );
    assert_eq!(diagnostics[0]["range"]["start"], pos(6, 1));

    // A full-text replacement (no range).
    lsp.change(&uri, 5, json!([{"text": fixture("clean.ptx")}]));
    assert_eq!(lsp.diagnostics(&uri, Some(5)), Vec::<Value>::new());
    assert!(lsp.shutdown_and_exit().success());
}

#[test]
fn rapid_changes_publish_only_the_latest_version() {
    let mut lsp = Lsp::spawn();
    lsp.initialize();
    let uri = uri("typing.ptx");
    lsp.open(&uri, &fixture("clean.ptx"));
    assert_eq!(lsp.diagnostics(&uri, Some(1)), Vec::<Value>::new());
    // Type `rcp.f32 %f3, %f1;` on a new line, one character per change: an error in every
    // intermediate version, published (debounced) only for the last one.
    let line = "\trcp.f32 %f3, %f1;\n";
    lsp.change(
        &uri,
        2,
        json!([{"range": range(12, 0, 12, 0), "text": "\n"}]),
    );
    let mut version = 2;
    for (i, c) in line.trim_end().chars().enumerate() {
        version += 1;
        let col = i as u32;
        lsp.change(
            &uri,
            version,
            json!([{"range": range(12, col, 12, col), "text": c.to_string()}]),
        );
    }
    let diagnostics = lsp.diagnostics(&uri, Some(version));
    assert_eq!(codes(&diagnostics), ["PTX004"]);
    assert_eq!(diagnostics[0]["range"], range(12, 1, 12, 8));
    // Nothing was published for an intermediate version (they came faster than the debounce).
    let versions = lsp.published_versions(&uri);
    assert_eq!(versions, [Some(1), Some(version)]);
    assert!(lsp.shutdown_and_exit().success());
}

#[test]
fn hover_on_opcode_register_and_directive() {
    let mut lsp = Lsp::spawn();
    lsp.initialize();
    let uri = uri("errors.ptx");
    lsp.open(&uri, &fixture("errors.ptx"));
    lsp.diagnostics(&uri, Some(1));

    // `rcp.rn.f32` on line 11, column 1.
    let hover = lsp.hover(&uri, 11, 3);
    let md = hover_markdown(&hover);
    assert!(md.contains("rcp"), "{md}");
    assert!(md.to_lowercase().contains("requires"), "{md}");
    assert!(md.to_lowercase().contains("accuracy"), "{md}");
    assert_eq!(hover["range"], range(11, 1, 11, 11));

    // The register `%f1` in `rcp.rn.f32 %f3, %f1;` → its declaration `.reg .f32 %f<4>;`.
    let hover = lsp.hover(&uri, 11, 18);
    let md = hover_markdown(&hover);
    assert!(md.contains(".reg .f32 %f<4>;"), "{md}");
    assert!(md.contains("declared on line 7"), "{md}");
    assert_eq!(hover["range"], range(11, 17, 11, 20));

    // `.version` on line 0.
    let hover = lsp.hover(&uri, 0, 2);
    let md = hover_markdown(&hover);
    assert!(md.contains(".version"), "{md}");

    // After the emoji: the opcode `rcp.f32` at UTF-16 columns 12..19.
    let hover = lsp.hover(&uri, RCP_LINE, RCP_COL_UTF16 + 1);
    assert_eq!(
        hover["range"],
        range(RCP_LINE, RCP_COL_UTF16, RCP_LINE, RCP_COL_UTF16 + 7)
    );

    // Whitespace and positions past the end have no hover (and do not fail).
    assert_eq!(lsp.hover(&uri, 3, 0), Value::Null);
    let past = lsp.request(
        "textDocument/hover",
        json!({"textDocument": {"uri": uri}, "position": pos(999, 999)}),
    );
    assert!(past.get("error").is_none(), "{past}");
    assert!(lsp.shutdown_and_exit().success());
}

#[test]
fn code_action_offers_quick_fixes_that_fix_the_error() {
    let mut lsp = Lsp::spawn();
    lsp.initialize();
    let uri = uri("errors.ptx");
    let text = fixture("errors.ptx");
    lsp.open(&uri, &text);
    let diagnostics = lsp.diagnostics(&uri, Some(1));
    let rcp = diagnostics[0].clone();
    // The cursor at the start of the line, and the line's diagnostics in the context (what
    // Neovim's `vim.lsp.buf.code_action()` sends).
    let from_context = lsp.call(
        "textDocument/codeAction",
        json!({
            "textDocument": {"uri": uri},
            "range": range(RCP_LINE, 0, RCP_LINE, 0),
            "context": {"diagnostics": [rcp.clone()]},
        }),
    );
    // A range touching the diagnostic, and no context (what a selection gives).
    let actions = lsp.call(
        "textDocument/codeAction",
        json!({
            "textDocument": {"uri": uri},
            "range": range(RCP_LINE, 14, RCP_LINE, 14),
            "context": {"diagnostics": []},
        }),
    );
    assert_eq!(from_context, actions);
    // Neither range nor context touches a diagnostic: nothing.
    let nothing = lsp.call(
        "textDocument/codeAction",
        json!({
            "textDocument": {"uri": uri},
            "range": range(RCP_LINE, 0, RCP_LINE, 0),
            "context": {"diagnostics": []},
        }),
    );
    assert_eq!(nothing, json!([]));
    // Neovim 0.7 sends its line diagnostics back with byte columns (15-22, not 12-19):
    // they are matched by code, message and line.
    let mut byte_columns = rcp.clone();
    byte_columns["range"] = range(RCP_LINE, RCP_COL_UTF8, RCP_LINE, RCP_COL_UTF8 + 7);
    let from_nvim = lsp.call(
        "textDocument/codeAction",
        json!({
            "textDocument": {"uri": uri},
            "range": range(RCP_LINE, 0, RCP_LINE, 0),
            "context": {"diagnostics": [byte_columns]},
        }),
    );
    assert_eq!(from_nvim, actions);
    let actions = actions.as_array().unwrap();
    let titles: Vec<&str> = actions
        .iter()
        .map(|a| a["title"].as_str().unwrap())
        .collect();
    assert!(titles.contains(&"Insert `.approx`"), "{titles:?}");
    assert!(titles.contains(&"Insert `.rn`"), "{titles:?}");
    // Only the diagnostics on this line: no fix for `ad` (line 12).
    assert!(!titles.iter().any(|t| t.contains("add")), "{titles:?}");
    for (i, action) in actions.iter().enumerate() {
        assert_eq!(action["kind"], "quickfix");
        assert_eq!(action["diagnostics"], json!([rcp.clone()]));
        assert_eq!(action["isPreferred"] == true, i == 0, "{action}");
    }
    let rn = actions
        .iter()
        .find(|a| a["title"] == "Insert `.rn`")
        .unwrap();
    let edits = rn["edit"]["changes"][&uri].as_array().unwrap();
    assert_eq!(
        edits,
        &[json!({"range": range(RCP_LINE, 15, RCP_LINE, 15), "newText": ".rn"})]
    );
    let fixed = apply_edits(&text, edits);
    assert!(fixed.contains("/* é 😀 */ rcp.rn.f32 %f2, %f1;"), "{fixed}");

    // Send the edit back as the editor would: the PTX004 error is gone.
    lsp.change(
        &uri,
        2,
        json!([{"range": edits[0]["range"], "text": ".rn"}]),
    );
    assert_eq!(codes(&lsp.diagnostics(&uri, Some(2))), ["PTX002"]);

    // The `ad` fix replaces it with `add`.
    let actions = lsp.call(
        "textDocument/codeAction",
        json!({
            "textDocument": {"uri": uri},
            "range": range(AD_LINE, 2, AD_LINE, 2),
            "context": {"diagnostics": []},
        }),
    );
    assert_eq!(actions[0]["title"], "Replace with `add`");
    assert_eq!(actions[0]["isPreferred"], true);

    // A request for other kinds of actions gets none.
    let none = lsp.call(
        "textDocument/codeAction",
        json!({
            "textDocument": {"uri": uri},
            "range": range(AD_LINE, 2, AD_LINE, 2),
            "context": {"diagnostics": [], "only": ["refactor"]},
        }),
    );
    assert!(none.is_null() || none == json!([]), "{none}");
    assert!(lsp.shutdown_and_exit().success());
}

#[test]
fn close_clears_diagnostics() {
    let mut lsp = Lsp::spawn();
    lsp.initialize();
    let uri = uri("errors.ptx");
    lsp.open(&uri, &fixture("errors.ptx"));
    assert_eq!(lsp.diagnostics(&uri, Some(1)).len(), 2);
    lsp.notify(
        "textDocument/didClose",
        json!({"textDocument": {"uri": uri}}),
    );
    assert_eq!(lsp.diagnostics(&uri, None), Vec::<Value>::new());
    // Requests on a closed document answer nothing rather than failing.
    assert_eq!(lsp.hover(&uri, 11, 3), Value::Null);
    assert!(lsp.shutdown_and_exit().success());
}

#[test]
fn other_languages_get_no_diagnostics() {
    let mut lsp = Lsp::spawn();
    lsp.initialize();
    let uri = uri("notes.txt");
    lsp.open(&uri, "Just some text.\nrcp.f32 is mentioned here.\n");
    assert_eq!(lsp.diagnostics(&uri, Some(1)), Vec::<Value>::new());
    assert_eq!(lsp.hover(&uri, 1, 1), Value::Null);
    assert!(lsp.shutdown_and_exit().success());
}

#[test]
fn edits_past_the_end_are_clamped() {
    let mut lsp = Lsp::spawn();
    lsp.initialize();
    let uri = uri("errors.ptx");
    lsp.open(&uri, &fixture("clean.ptx"));
    assert_eq!(lsp.diagnostics(&uri, Some(1)), Vec::<Value>::new());
    // Columns past the end of a line, lines past the end of the document, a reversed range.
    lsp.change(
        &uri,
        2,
        json!([
            {"range": range(0, 500, 0, 900), "text": " // v"},
            {"range": range(400, 7, 999, 0), "text": "// end\n"},
            {"range": range(2, 5, 1, 0), "text": ""},
        ]),
    );
    assert_eq!(lsp.diagnostics(&uri, Some(2)), Vec::<Value>::new());
    // The server is still alive and its text is what clamping gives.
    let hover = lsp.hover(&uri, 0, 2);
    assert!(hover_markdown(&hover).contains(".version"));
    lsp.change(
        &uri,
        3,
        json!([{"range": range(u32::MAX, u32::MAX, u32::MAX, u32::MAX), "text": "\tret;\n"}]),
    );
    // `ret;` after the closing brace and the `// end` comment is a syntax error on line 15.
    let diagnostics = lsp.diagnostics(&uri, Some(3));
    assert!(!diagnostics.is_empty());
    assert_eq!(
        diagnostics[0]["range"]["start"]["line"], 15,
        "{diagnostics:#?}"
    );
    assert!(lsp.shutdown_and_exit().success());
}

#[test]
fn a_two_megabyte_document_is_handled() {
    let mut lsp = Lsp::spawn();
    lsp.initialize();
    let uri = uri("large.ptx");
    let header = ".version 8.0\n.target sm_90\n.address_size 64\n\n";
    let mut text = String::from(header);
    let mut kernels = 0;
    while text.len() < 2 << 20 {
        text.push_str(&format!(
            ".visible .entry k{kernels}(.param .u64 out)\n{{\n\t.reg .f32 %f<4>;\n\t.reg .b64 %rd<2>;\n\tld.param.u64 %rd1, [out];\n\tmov.f32 %f1, 0f3F800000;\n\trcp.rn.f32 %f2, %f1;\n\tst.global.f32 [%rd1], %f2;\n\tret;\n}}\n"
        ));
        kernels += 1;
    }
    let lines = text.lines().count() as u32;
    lsp.open(&uri, &text);
    assert_eq!(lsp.diagnostics(&uri, Some(1)), Vec::<Value>::new());
    // Break the last kernel's `rcp.rn.f32` (5 lines above the end).
    let line = lines - 4;
    lsp.change(
        &uri,
        2,
        json!([{"range": range(line, 4, line, 7), "text": ""}]),
    );
    let diagnostics = lsp.diagnostics(&uri, Some(2));
    assert_eq!(codes(&diagnostics), ["PTX004"]);
    assert_eq!(diagnostics[0]["range"], range(line, 1, line, 8));
    let hover = lsp.hover(&uri, line, 2);
    assert!(hover_markdown(&hover).contains("rcp"));
    assert!(lsp.shutdown_and_exit().success());
}

#[test]
fn binary_garbage_does_not_hang_or_crash() {
    let mut lsp = Lsp::spawn();
    lsp.initialize();
    // Control characters, NULs, invalid-looking escapes and odd Unicode, with and without a
    // PTX header in front.
    let mut garbage = String::new();
    let mut x: u32 = 0x1234_5678;
    for _ in 0..200_000 {
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        let c = char::from_u32(x % 0x3000).unwrap_or('\u{fffd}');
        garbage.push(c);
    }
    let a = uri("garbage.ptx");
    lsp.open(&a, &garbage);
    lsp.diagnostics(&a, Some(1));
    let b = uri("garbage-with-header.ptx");
    lsp.open(&b, &format!(".version 8.0\n.target sm_90\n{garbage}"));
    let diagnostics = lsp.diagnostics(&b, Some(1));
    assert!(!diagnostics.is_empty());
    lsp.hover(&b, 2, 5);
    lsp.call(
        "textDocument/codeAction",
        json!({"textDocument": {"uri": b}, "range": range(0, 0, 50, 0), "context": {"diagnostics": []}}),
    );
    assert!(lsp.shutdown_and_exit().success());
}

#[test]
fn malformed_messages_do_not_stop_the_server() {
    let mut lsp = Lsp::spawn();
    lsp.initialize();
    // A body that is not JSON, a notification with parameters of the wrong shape, a change for
    // a document that is not open, an unknown request.
    let stdin = lsp.stdin.as_mut().unwrap();
    write!(stdin, "Content-Length: 9\r\n\r\n{{not json").unwrap();
    write!(stdin, "Content-Length: 9\r\n\r\n{{\"foo\":1}}").unwrap();
    write!(stdin, "\x00\x01 binary garbage \u{fffd}\r\n\r\n").unwrap();
    stdin.flush().unwrap();
    lsp.notify("textDocument/didOpen", json!({"textDocument": 42}));
    lsp.change(&uri("never-opened.ptx"), 2, json!([{"text": "x"}]));
    let unknown = lsp.request("speclint/noSuchMethod", json!({}));
    assert_eq!(unknown["error"]["code"], -32601, "{unknown}");
    let uri = uri("errors.ptx");
    lsp.open(&uri, &fixture("errors.ptx"));
    assert_eq!(codes(&lsp.diagnostics(&uri, Some(1))), ["PTX004", "PTX002"]);
    assert!(lsp.shutdown_and_exit().success());
}

#[test]
fn a_panic_in_analysis_fails_only_that_request() {
    let mut lsp = Lsp::spawn_with_env(&[("SPECLINT_LSP_PANIC_ON", "PANIC-HERE")]);
    lsp.initialize();
    let bad = uri("bad.ptx");
    lsp.open(&bad, &format!("// PANIC-HERE\n{}", fixture("errors.ptx")));
    let log = lsp.wait_for(|m| m["method"] == "window/logMessage" && m["params"]["type"] == 1);
    assert!(
        log["params"]["message"].as_str().unwrap().contains("panic"),
        "{log}"
    );
    let response = lsp.request(
        "textDocument/hover",
        json!({"textDocument": {"uri": bad}, "position": pos(12, 3)}),
    );
    assert_eq!(response["error"]["code"], -32603, "{response}");

    // The server still serves other documents, and this one once the trigger is gone.
    let good = uri("good.ptx");
    lsp.open(&good, &fixture("errors.ptx"));
    assert_eq!(
        codes(&lsp.diagnostics(&good, Some(1))),
        ["PTX004", "PTX002"]
    );
    lsp.change(&bad, 2, json!([{"range": range(0, 0, 1, 0), "text": ""}]));
    assert_eq!(codes(&lsp.diagnostics(&bad, Some(2))), ["PTX004", "PTX002"]);
    assert!(hover_markdown(&lsp.hover(&bad, 11, 3)).contains("rcp"));
    assert!(lsp.published_versions(&bad).iter().all(|v| *v == Some(2)));
    assert!(lsp.shutdown_and_exit().success());
}

#[test]
fn exit_without_shutdown_exits_1() {
    let mut lsp = Lsp::spawn();
    lsp.initialize();
    lsp.notify("exit", Value::Null);
    assert_eq!(lsp.wait_exit().code(), Some(1));
}

#[test]
fn closing_stdin_ends_the_server() {
    let mut lsp = Lsp::spawn();
    lsp.initialize();
    lsp.call("shutdown", Value::Null);
    drop(lsp.stdin.take());
    assert_eq!(lsp.wait_exit().code(), Some(0));
}

#[test]
fn helix_config_is_valid_and_points_at_the_grammar() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let text = std::fs::read_to_string(root.join("tests/editors/helix/languages.toml")).unwrap();
    let config: toml::Value = toml::from_str(&text).expect("languages.toml is valid TOML");
    let server = &config["language-server"]["speclint"];
    assert_eq!(server["command"].as_str(), Some("speclint"));
    assert_eq!(server["args"], toml::Value::Array(vec!["lsp".into()]));
    let language = config["language"]
        .as_array()
        .unwrap()
        .iter()
        .find(|l| l["name"].as_str() == Some("ptx"))
        .expect("a [[language]] named ptx");
    assert_eq!(language["scope"].as_str(), Some("source.ptx"));
    assert_eq!(
        language["file-types"],
        toml::Value::Array(vec!["ptx".into()])
    );
    assert_eq!(
        language["language-servers"],
        toml::Value::Array(vec!["speclint".into()])
    );
    assert_eq!(language["grammar"].as_str(), Some("ptx"));
    let grammar = config["grammar"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["name"].as_str() == Some("ptx"))
        .expect("a [[grammar]] named ptx");
    let path = grammar["source"]["path"].as_str().unwrap();
    assert!(path.ends_with("/grammars/tree-sitter-ptx"), "{path}");
    // The grammar it names is this repository's, with the files Helix builds and highlights from.
    let grammar_dir = root.join("grammars/tree-sitter-ptx");
    assert!(grammar_dir.join("src/parser.c").is_file());
    assert!(grammar_dir.join("queries/highlights.scm").is_file());
    let meta = std::fs::read_to_string(grammar_dir.join("tree-sitter.json")).unwrap();
    let meta: Value = serde_json::from_str(&meta).unwrap();
    assert_eq!(meta["grammars"][0]["name"], "ptx");
    assert_eq!(meta["grammars"][0]["scope"], "source.ptx");
}

#[test]
fn completion_offers_modifiers_registers_and_instructions() {
    let mut lsp = Lsp::spawn();
    let caps = lsp.initialize();
    assert_eq!(
        caps["capabilities"]["completionProvider"]["triggerCharacters"],
        json!([".", "%"])
    );
    let uri = uri("errors.ptx");
    lsp.open(&uri, &fixture("errors.ptx"));
    lsp.diagnostics(&uri, Some(1));
    let complete = |lsp: &mut Lsp, line: u32, character: u32| -> Vec<Value> {
        let response = lsp.request(
            "textDocument/completion",
            json!({"textDocument": {"uri": uri}, "position": pos(line, character)}),
        );
        response["result"].as_array().cloned().unwrap_or_default()
    };
    let labels = |items: &[Value]| -> Vec<String> {
        items
            .iter()
            .map(|i| i["label"].as_str().unwrap_or("").to_string())
            .collect()
    };

    // `\trcp.|rn.f32 …` on line 11: the modifiers rcp's forms allow, replacing the typed `.`.
    let items = complete(&mut lsp, 11, 5);
    let found = labels(&items);
    assert!(
        found.contains(&".approx".to_string()) && found.contains(&".f64".to_string()),
        "{found:?}"
    );
    let approx = items.iter().find(|i| i["label"] == ".approx").unwrap();
    assert_eq!(approx["textEdit"]["range"], range(11, 4, 11, 5));
    assert_eq!(approx["textEdit"]["newText"], ".approx");

    // `%|f3` in the operands: declared registers and special registers.
    let found = labels(&complete(&mut lsp, 11, 13));
    for expected in ["%f1", "%rd1", "%tid"] {
        assert!(
            found.contains(&expected.to_string()),
            "{expected} missing from {found:?}"
        );
    }

    // `\tr|cp…`: instruction names starting with `r`.
    let found = labels(&complete(&mut lsp, 11, 2));
    assert!(
        found.contains(&"rcp".to_string()) && found.contains(&"ret".to_string()),
        "{found:?}"
    );
    assert!(lsp.shutdown_and_exit().success());
}
