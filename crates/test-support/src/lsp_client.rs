//! A minimal LSP client for end-to-end tests of `speclint lsp`: it spawns the server and talks
//! JSON-RPC to it over stdio with Content-Length framing, the way an editor does. Shared by the
//! LSP test suites, which pass the path of the `speclint` binary in.
//!
//! [`Lsp`] drives a conversation step by step; [`converse`] runs a whole one (open a document,
//! send requests, shut down) for tests that only look at the answers; [`Doc`] turns
//! occurrences of a string into LSP positions and ranges, and LSP ranges back into text.

use serde_json::{json, Value};
use std::collections::VecDeque;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

/// How long any single wait may take before the test fails (the server is a debug build, and
/// tests run in parallel).
pub const TIMEOUT: Duration = Duration::from_secs(60);

pub fn uri(name: &str) -> String {
    format!("file:///speclint-lsp-test/{name}")
}

/// A `speclint lsp` process and a minimal LSP client for it.
pub struct Lsp {
    pub child: Child,
    pub stdin: Option<ChildStdin>,
    pub incoming: Receiver<Value>,
    pub next_id: i64,
    /// Notifications received and not yet consumed by a `wait_*` call.
    pub pending: VecDeque<Value>,
    /// Every notification received, in order.
    pub log: Vec<Value>,
    /// Every request the server sent (each answered with `null`), in order.
    pub server_requests: Vec<Value>,
    pub stderr: Arc<Mutex<String>>,
}

impl Lsp {
    /// `SPECLINT lsp`: the binary at `speclint`, as a language server.
    pub fn spawn(speclint: &str) -> Lsp {
        Lsp::spawn_with_env(speclint, &[])
    }

    pub fn spawn_with_env(speclint: &str, env: &[(&str, &str)]) -> Lsp {
        let mut command = Command::new(speclint);
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
            server_requests: Vec::new(),
            stderr,
        }
    }

    pub fn send(&mut self, message: &Value) {
        let body = serde_json::to_string(message).unwrap();
        let stdin = self.stdin.as_mut().expect("stdin open");
        write!(stdin, "Content-Length: {}\r\n\r\n{}", body.len(), body).expect("write to server");
        stdin.flush().unwrap();
    }

    pub fn notify(&mut self, method: &str, params: Value) {
        self.send(&json!({"jsonrpc": "2.0", "method": method, "params": params}));
    }

    /// The next message from the server; server-to-client requests are answered with `null`
    /// (and kept in `server_requests`).
    pub fn next_message(&mut self, deadline: Instant) -> Value {
        loop {
            let message = self.next_incoming(deadline);
            if !is_request(&message) {
                return message;
            }
        }
    }

    /// The next message from the server, requests included (answered with `null`).
    fn next_incoming(&mut self, deadline: Instant) -> Value {
        let left = deadline.saturating_duration_since(Instant::now());
        let message = match self.incoming.recv_timeout(left) {
            Ok(message) => message,
            Err(RecvTimeoutError::Timeout) => panic!(
                "timed out waiting for the server; notifications so far: {:#?}\nrequests: {:#?}\nstderr:\n{}",
                self.log,
                self.server_requests,
                self.stderr.lock().unwrap()
            ),
            Err(RecvTimeoutError::Disconnected) => panic!(
                "the server closed its output; stderr:\n{}",
                self.stderr.lock().unwrap()
            ),
        };
        if is_request(&message) {
            let id = message["id"].clone();
            self.send(&json!({"jsonrpc": "2.0", "id": id, "result": null}));
            self.server_requests.push(message.clone());
        }
        message
    }

    /// Sends a request and returns the whole response (`result` or `error`).
    pub fn request(&mut self, method: &str, params: Value) -> Value {
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
    pub fn call(&mut self, method: &str, params: Value) -> Value {
        let response = self.request(method, params);
        assert!(
            response.get("error").is_none(),
            "{method} failed: {response}"
        );
        response["result"].clone()
    }

    /// The first notification (received now or later) that `accept` takes.
    pub fn wait_for(&mut self, accept: impl Fn(&Value) -> bool) -> Value {
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

    /// The first request the server sent (now or later) with this method.
    pub fn wait_for_server_request(&mut self, method: &str) -> Value {
        let deadline = Instant::now() + TIMEOUT;
        loop {
            if let Some(request) = self.server_requests.iter().find(|r| r["method"] == method) {
                return request.clone();
            }
            let message = self.next_incoming(deadline);
            if is_notification(&message) {
                self.log.push(message.clone());
                self.pending.push_back(message);
            }
        }
    }

    /// The diagnostics published for `uri` at `version` (`None`: published without a version).
    pub fn diagnostics(&mut self, uri: &str, version: Option<i64>) -> Vec<Value> {
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
    pub fn published_versions(&self, uri: &str) -> Vec<Option<i64>> {
        self.log
            .iter()
            .filter(|m| {
                m["method"] == "textDocument/publishDiagnostics" && m["params"]["uri"] == uri
            })
            .map(|m| m["params"]["version"].as_i64())
            .collect()
    }

    pub fn initialize_with(&mut self, capabilities: Value) -> Value {
        self.initialize_params(json!({"capabilities": capabilities}))
    }

    /// `initialize` with these parameters (`processId`, `rootUri` and `capabilities` default to
    /// null, null and `{}`), then `initialized`; returns the `initialize` result.
    pub fn initialize_params(&mut self, params: Value) -> Value {
        let mut all = json!({"processId": null, "rootUri": null, "capabilities": {}});
        for (key, value) in params.as_object().expect("initialize params are an object") {
            all[key] = value.clone();
        }
        let result = self.call("initialize", all);
        self.notify("initialized", json!({}));
        result
    }

    pub fn initialize(&mut self) -> Value {
        self.initialize_with(json!({}))
    }

    pub fn open(&mut self, uri: &str, text: &str) {
        self.open_as(uri, "ptx", text);
    }

    pub fn open_as(&mut self, uri: &str, language_id: &str, text: &str) {
        self.notify(
            "textDocument/didOpen",
            json!({"textDocument": {"uri": uri, "languageId": language_id, "version": 1, "text": text}}),
        );
    }

    pub fn change(&mut self, uri: &str, version: i64, changes: Value) {
        self.notify(
            "textDocument/didChange",
            json!({"textDocument": {"uri": uri, "version": version}, "contentChanges": changes}),
        );
    }

    pub fn hover(&mut self, uri: &str, line: u32, character: u32) -> Value {
        self.call(
            "textDocument/hover",
            json!({"textDocument": {"uri": uri}, "position": {"line": line, "character": character}}),
        )
    }

    pub fn definition(&mut self, uri: &str, position: Value) -> Value {
        self.call(
            "textDocument/definition",
            json!({"textDocument": {"uri": uri}, "position": position}),
        )
    }

    pub fn references(&mut self, uri: &str, position: Value, include_declaration: bool) -> Value {
        self.call(
            "textDocument/references",
            json!({
                "textDocument": {"uri": uri},
                "position": position,
                "context": {"includeDeclaration": include_declaration},
            }),
        )
    }

    pub fn document_symbols(&mut self, uri: &str) -> Value {
        self.call(
            "textDocument/documentSymbol",
            json!({"textDocument": {"uri": uri}}),
        )
    }

    /// `shutdown`, `exit`, and the exit status.
    pub fn shutdown_and_exit(mut self) -> ExitStatus {
        let result = self.call("shutdown", Value::Null);
        assert_eq!(result, Value::Null);
        self.notify("exit", Value::Null);
        self.wait_exit()
    }

    pub fn wait_exit(&mut self) -> ExitStatus {
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

fn is_request(message: &Value) -> bool {
    message.get("method").is_some() && message.get("id").is_some()
}

fn is_notification(message: &Value) -> bool {
    message.get("method").is_some() && message.get("id").is_none()
}

pub fn read_message(reader: &mut impl BufRead) -> Option<Value> {
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

pub fn pos(line: u32, character: u32) -> Value {
    json!({"line": line, "character": character})
}

pub fn range(l0: u32, c0: u32, l1: u32, c1: u32) -> Value {
    json!({"start": pos(l0, c0), "end": pos(l1, c1)})
}

pub fn codes(diagnostics: &[Value]) -> Vec<&str> {
    diagnostics
        .iter()
        .map(|d| d["code"].as_str().unwrap())
        .collect()
}

pub fn hover_markdown(hover: &Value) -> &str {
    assert_eq!(hover["contents"]["kind"], "markdown", "{hover}");
    hover["contents"]["value"].as_str().unwrap()
}

/// Applies LSP text edits (UTF-16 positions) to `text`, last edit first.
pub fn apply_edits(text: &str, edits: &[Value]) -> String {
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

/// The LSP `languageId` for a file extension.
pub fn language_id(extension: &str) -> &str {
    match extension {
        "mlir" => "mlir",
        "ptx" => "ptx",
        other => other,
    }
}

/// One whole conversation: a fresh server (the binary at `speclint`), `text` opened as `test.<extension>` (its first
/// diagnostics awaited), then each `(method, params)` request in order, with
/// `params.textDocument` filled in; then a clean shutdown. Returns each request's `result` (a
/// request that fails fails the test).
///
/// ```ignore
/// let doc = Doc::new(text);
/// let [definition] = converse(SPECLINT, "ptx", text, &[("textDocument/definition",
///     json!({"position": doc.position("%r5", 1)}))]).try_into().unwrap();
/// ```
pub fn converse(
    speclint: &str,
    extension: &str,
    text: &str,
    requests: &[(&str, Value)],
) -> Vec<Value> {
    let mut lsp = Lsp::spawn(speclint);
    lsp.initialize();
    let uri = uri(&format!("test.{extension}"));
    lsp.open_as(&uri, language_id(extension), text);
    lsp.diagnostics(&uri, Some(1));
    let results = requests
        .iter()
        .map(|(method, params)| {
            let mut params = params.clone();
            if params.is_null() {
                params = json!({});
            }
            params["textDocument"] = json!({"uri": uri});
            lsp.call(method, params)
        })
        .collect();
    assert!(lsp.shutdown_and_exit().success());
    results
}

/// Opens `original` as `name` in a server (the binary at `speclint`) and applies `edits` one by one (offset in the current text, bytes
/// removed, text inserted), each a version of its own. Whatever the server reuses from the
/// previous analysis, each version's diagnostics and a hover on the edited line (at the edit's
/// column moved by `hover_shift`) must be those of a server that opens that text fresh.
pub fn assert_edits_match_fresh_opens(
    speclint: &str,
    name: &str,
    original: &str,
    edits: &[(usize, usize, &str)],
    hover_shift: i64,
) {
    // The comparison is of the analyses: without a compiler, no compile's findings arrive
    // in one server and not yet in the other.
    let spawn = || Lsp::spawn_with_env(speclint, &[("PTXAS", "/nonexistent/ptxas")]);
    let mut lsp = spawn();
    lsp.initialize();
    let uri = uri(name);
    lsp.open(&uri, original);
    lsp.diagnostics(&uri, Some(1));
    let mut text = original.to_string();
    for (n, &(at, removed, inserted)) in edits.iter().enumerate() {
        let version = n as i64 + 2;
        let doc = Doc::new(&text);
        let (start, end) = (doc.position_of(at), doc.position_of(at + removed));
        lsp.change(
            &uri,
            version,
            json!([{"range": {"start": start, "end": end}, "text": inserted}]),
        );
        text.replace_range(at..at + removed, inserted);
        let line = start["line"].as_u64().unwrap() as u32;
        let character = (start["character"].as_i64().unwrap() + hover_shift).max(0) as u32;
        let hover = lsp.hover(&uri, line, character);
        let diagnostics = lsp.diagnostics(&uri, Some(version));

        let mut fresh = spawn();
        fresh.initialize();
        fresh.open(&uri, &text);
        assert_eq!(
            diagnostics,
            fresh.diagnostics(&uri, Some(1)),
            "version {version}"
        );
        let expected = fresh.hover(&uri, line, character);
        assert_eq!(hover["result"], expected["result"], "version {version}");
        assert!(fresh.shutdown_and_exit().success());
    }
    assert!(lsp.shutdown_and_exit().success());
}

/// A document's text, for writing positions as "the 2nd `%r5`" and reading ranges back as
/// text. Positions are UTF-16 (the protocol's default encoding).
pub struct Doc<'t> {
    pub text: &'t str,
}

impl<'t> Doc<'t> {
    pub fn new(text: &'t str) -> Self {
        Doc { text }
    }

    /// The byte offset of the `nth` (0-based) occurrence of `needle`.
    pub fn offset(&self, needle: &str, nth: usize) -> usize {
        self.text
            .match_indices(needle)
            .nth(nth)
            .unwrap_or_else(|| panic!("no occurrence {nth} of {needle:?}"))
            .0
    }

    /// The LSP position of a byte offset.
    pub fn position_of(&self, offset: usize) -> Value {
        let before = &self.text[..offset];
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        let line = before.matches('\n').count() as u32;
        let character = before[line_start..].encode_utf16().count() as u32;
        pos(line, character)
    }

    /// The position one character into the `nth` occurrence of `needle` (the cursor inside a
    /// name rather than before it).
    pub fn position(&self, needle: &str, nth: usize) -> Value {
        self.position_of(self.offset(needle, nth) + 1.min(needle.len()))
    }

    /// The range of the `nth` occurrence of `needle`.
    pub fn range(&self, needle: &str, nth: usize) -> Value {
        let start = self.offset(needle, nth);
        json!({"start": self.position_of(start), "end": self.position_of(start + needle.len())})
    }

    /// The byte offset of an LSP position.
    pub fn offset_of(&self, position: &Value) -> usize {
        let line = position["line"].as_u64().expect("a line") as usize;
        let character = position["character"].as_u64().expect("a character") as usize;
        let line_start: usize = self
            .text
            .split_inclusive('\n')
            .take(line)
            .map(str::len)
            .sum();
        let mut units = 0;
        for (i, c) in self.text[line_start..].char_indices() {
            if units >= character || c == '\n' {
                return line_start + i;
            }
            units += c.len_utf16();
        }
        self.text.len()
    }

    /// The text an LSP range covers and its 1-based line, for readable assertions.
    pub fn show(&self, range: &Value) -> (&'t str, usize) {
        let start = self.offset_of(&range["start"]);
        let end = self.offset_of(&range["end"]);
        (
            &self.text[start..end],
            self.text[..start].matches('\n').count() + 1,
        )
    }

    /// [`Doc::show`] for each location of a `Location[]` result.
    pub fn show_locations(&self, locations: &Value) -> Vec<(&'t str, usize)> {
        locations
            .as_array()
            .unwrap_or_else(|| panic!("not a list of locations: {locations}"))
            .iter()
            .map(|l| self.show(&l["range"]))
            .collect()
    }
}
