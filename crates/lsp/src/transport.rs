//! The server's input: LSP messages read from stdin on a thread, passing on only well-formed
//! ones.
//!
//! tower-lsp-server reads its input through tokio-util's `FramedRead`, which ends the stream
//! after the first decoding error: one malformed message (invalid JSON, or JSON that is not a
//! JSON-RPC message) would end the session. Here each frame is checked first; a malformed one
//! is reported on stderr and dropped, and garbage between frames is skipped up to the next
//! `Content-Length` header.
//!
//! tower-lsp-server also drops a notification whose parameters do not decode, silently. For the
//! text synchronisation notifications that would leave the server's copy of a document behind
//! the client's without anyone knowing, so such a message is passed on as an
//! `UNDECODABLE_NOTIFICATION` naming the method, the document and the error, which the server
//! reports (and, for `didChange`, stops trusting the document).

use serde::de::{DeserializeOwned, IgnoredAny};
use serde::{Deserialize, Serialize};
use std::borrow::Cow;
use std::io::{self, BufRead, Read};
use std::pin::Pin;
use std::task::{Context, Poll};
use tokio::io::{AsyncRead, ReadBuf};
use tokio::sync::mpsc;
use tower_lsp_server::jsonrpc;
use tower_lsp_server::ls_types as lsp;

/// The method of the notification that stands for a text synchronisation notification whose
/// parameters could not be decoded.
pub const UNDECODABLE_NOTIFICATION: &str = "speclint/undecodableNotification";

/// The parameters of an `UNDECODABLE_NOTIFICATION`.
#[derive(Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct Undecodable {
    /// The method of the notification that could not be decoded.
    pub method: String,
    /// Its `params.textDocument.uri`, when it has one.
    pub uri: Option<String>,
    /// Why its parameters did not decode.
    pub error: String,
}

/// Header lines longer than this are not headers; the excess is skipped without being stored.
const MAX_HEADER_LINE: usize = 8 << 10;
/// Bodies larger than this are skipped.
const MAX_BODY: usize = 1 << 30;

/// Well-formed messages from stdin, re-framed, as an `AsyncRead`.
pub fn stdin() -> MessageReader {
    let (tx, rx) = mpsc::channel(16);
    let spawned = std::thread::Builder::new()
        .name("speclint-lsp-stdin".into())
        .spawn(move || {
            let stdin = io::stdin();
            let mut input = stdin.lock();
            let result = forward(&mut input, |frame| tx.blocking_send(frame).is_ok());
            if let Err(e) = result {
                eprintln!("speclint lsp: reading stdin failed: {e}");
            }
        });
    if let Err(e) = spawned {
        eprintln!("speclint lsp: cannot start the stdin reader: {e}");
    }
    MessageReader {
        rx,
        current: Vec::new(),
        pos: 0,
    }
}

pub struct MessageReader {
    rx: mpsc::Receiver<Vec<u8>>,
    current: Vec<u8>,
    pos: usize,
}

impl AsyncRead for MessageReader {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let this = &mut *self;
        while this.pos >= this.current.len() {
            match this.rx.poll_recv(cx) {
                Poll::Ready(Some(frame)) => {
                    this.current = frame;
                    this.pos = 0;
                }
                // The reader thread ended: end of input.
                Poll::Ready(None) => return Poll::Ready(Ok(())),
                Poll::Pending => return Poll::Pending,
            }
        }
        let n = buf.remaining().min(this.current.len() - this.pos);
        buf.put_slice(&this.current[this.pos..this.pos + n]);
        this.pos += n;
        Poll::Ready(Ok(()))
    }
}

/// Reads frames from `input` until its end, calling `emit` with each well-formed message
/// (re-framed with only a `Content-Length` header); stops early when `emit` returns false.
pub fn forward(input: &mut impl BufRead, mut emit: impl FnMut(Vec<u8>) -> bool) -> io::Result<()> {
    loop {
        let Some(length) = read_headers(input)? else {
            return Ok(());
        };
        if length > MAX_BODY {
            let skipped = io::copy(&mut input.by_ref().take(length as u64), &mut io::sink())?;
            eprintln!("speclint lsp: ignored a message of {length} bytes (too large)");
            if skipped < length as u64 {
                return Ok(());
            }
            continue;
        }
        let mut body = Vec::with_capacity(length);
        input.by_ref().take(length as u64).read_to_end(&mut body)?;
        if body.len() < length {
            return Ok(()); // The input ended inside the body.
        }
        if !is_json_rpc(&body) {
            eprintln!("speclint lsp: ignored a malformed message ({length} bytes): not a JSON-RPC message");
            continue;
        }
        let body = undecodable_sync_notification(&body).unwrap_or(body);
        let mut frame = format!("Content-Length: {}\r\n\r\n", body.len()).into_bytes();
        frame.extend_from_slice(&body);
        if !emit(frame) {
            return Ok(());
        }
    }
}

/// Whether tower-lsp-server's decoder accepts `body`: a JSON-RPC request, notification or
/// response.
fn is_json_rpc(body: &[u8]) -> bool {
    serde_json::from_slice::<IgnoredAny>(body).is_ok()
        && (serde_json::from_slice::<jsonrpc::Request>(body).is_ok()
            || serde_json::from_slice::<jsonrpc::Response>(body).is_ok())
}

/// The `UNDECODABLE_NOTIFICATION` that replaces `body`, when it is a text synchronisation
/// notification whose parameters do not decode.
fn undecodable_sync_notification(body: &[u8]) -> Option<Vec<u8>> {
    #[derive(Deserialize)]
    struct Method<'a> {
        #[serde(borrow)]
        method: Option<Cow<'a, str>>,
    }
    let method = serde_json::from_slice::<Method>(body).ok()?.method?;
    let error = match &*method {
        "textDocument/didOpen" => params_error::<lsp::DidOpenTextDocumentParams>(body),
        "textDocument/didChange" => params_error::<lsp::DidChangeTextDocumentParams>(body),
        "textDocument/didClose" => params_error::<lsp::DidCloseTextDocumentParams>(body),
        _ => None,
    }?;
    let message: serde_json::Value = serde_json::from_slice(body).ok()?;
    let uri = message["params"]["textDocument"]["uri"]
        .as_str()
        .map(str::to_string);
    let params = Undecodable {
        method: method.into_owned(),
        uri,
        error,
    };
    serde_json::to_vec(&serde_json::json!({
        "jsonrpc": "2.0",
        "method": UNDECODABLE_NOTIFICATION,
        "params": params,
    }))
    .ok()
}

/// Why the `params` of a message do not decode as `P`, if they do not.
fn params_error<P: DeserializeOwned>(body: &[u8]) -> Option<String> {
    #[derive(Deserialize)]
    struct Message<P> {
        #[allow(dead_code)] // Decoded only to see whether it can be.
        params: P,
    }
    serde_json::from_slice::<Message<P>>(body)
        .err()
        .map(|e| e.to_string())
}

/// Reads header lines up to the blank line after a `Content-Length`; lines that are not a
/// `Content-Length` header (other headers, garbage) are skipped. `None` at the end of input.
fn read_headers(input: &mut impl BufRead) -> io::Result<Option<usize>> {
    let mut length = None;
    let mut line = Vec::new();
    loop {
        line.clear();
        if read_line_limited(input, &mut line)? == 0 {
            return Ok(None);
        }
        let text = line.trim_ascii();
        if text.is_empty() {
            if length.is_some() {
                return Ok(length);
            }
            continue;
        }
        let Ok(text) = std::str::from_utf8(text) else {
            continue;
        };
        if let Some((name, value)) = text.split_once(':') {
            if name.trim().eq_ignore_ascii_case("content-length") {
                length = value.trim().parse::<usize>().ok();
            }
        }
    }
}

/// Reads through the next `\n`, keeping at most `MAX_HEADER_LINE` bytes of it; returns the
/// number of bytes consumed (0 at the end of input).
fn read_line_limited(input: &mut impl BufRead, line: &mut Vec<u8>) -> io::Result<usize> {
    let mut consumed = 0;
    loop {
        let available = match input.fill_buf() {
            Ok(available) => available,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if available.is_empty() {
            return Ok(consumed);
        }
        let (chunk, done) = match available.iter().position(|&b| b == b'\n') {
            Some(i) => (&available[..=i], true),
            None => (available, false),
        };
        let keep = MAX_HEADER_LINE.saturating_sub(line.len()).min(chunk.len());
        line.extend_from_slice(&chunk[..keep]);
        let n = chunk.len();
        input.consume(n);
        consumed += n;
        if done {
            return Ok(consumed);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn frames(input: &[u8]) -> Vec<String> {
        let mut out = Vec::new();
        forward(&mut &input[..], |f| {
            out.push(String::from_utf8(f).unwrap());
            true
        })
        .unwrap();
        out
    }

    fn frame(body: &str) -> String {
        format!("Content-Length: {}\r\n\r\n{body}", body.len())
    }

    const REQUEST: &str = r#"{"jsonrpc":"2.0","id":1,"method":"shutdown"}"#;
    const NOTIFICATION: &str = r#"{"jsonrpc":"2.0","method":"exit"}"#;
    const RESPONSE: &str = r#"{"jsonrpc":"2.0","id":7,"result":null}"#;

    #[test]
    fn well_formed_messages_pass_through() {
        let input = format!(
            "{}Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n{}{}",
            frame(REQUEST),
            frame(NOTIFICATION),
            frame(RESPONSE)
        );
        assert_eq!(
            frames(input.as_bytes()),
            [frame(REQUEST), frame(NOTIFICATION), frame(RESPONSE)]
        );
        // Header names are case-insensitive.
        let lower = format!("content-length: {}\r\n\r\n{REQUEST}", REQUEST.len());
        assert_eq!(frames(lower.as_bytes()), [frame(REQUEST)]);
    }

    #[test]
    fn malformed_messages_are_dropped() {
        let input = [
            frame("{not json"),
            frame("42"),
            frame(r#"{"foo":1}"#),
            frame(r#"[{"jsonrpc":"2.0","method":"exit"}]"#),
            frame(REQUEST),
        ]
        .concat();
        assert_eq!(frames(input.as_bytes()), [frame(REQUEST)]);
    }

    #[test]
    fn sync_notifications_whose_parameters_do_not_decode_are_named() {
        let change = r#"{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///k.ptx","version":2},"contentChanges":[{"range":{"start":{"line":0}},"text":"x"}]}}"#;
        let open =
            r#"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":42}}"#;
        let good = r#"{"jsonrpc":"2.0","method":"textDocument/didClose","params":{"textDocument":{"uri":"file:///k.ptx"}}}"#;
        let input = [frame(change), frame(open), frame(good)].concat();
        let out = frames(input.as_bytes());
        assert_eq!(out.len(), 3);
        let params = |f: &str| -> Undecodable {
            let body = &f[f.find("\r\n\r\n").unwrap() + 4..];
            let message: serde_json::Value = serde_json::from_str(body).unwrap();
            assert_eq!(message["method"], UNDECODABLE_NOTIFICATION);
            serde_json::from_value(message["params"].clone()).unwrap()
        };
        let first = params(&out[0]);
        assert_eq!(first.method, "textDocument/didChange");
        assert_eq!(first.uri.as_deref(), Some("file:///k.ptx"));
        assert!(first.error.contains("character"), "{}", first.error);
        let second = params(&out[1]);
        assert_eq!(
            (second.method.as_str(), second.uri),
            ("textDocument/didOpen", None)
        );
        // Well-formed ones pass unchanged.
        assert_eq!(out[2], frame(good));
    }

    #[test]
    fn garbage_between_frames_is_skipped() {
        let mut input = b"\x00\xff garbage\r\nmore: garbage\r\n\r\n".to_vec();
        input.extend(vec![b'x'; 100_000]);
        input.extend(b"\n");
        input.extend(frame(REQUEST).as_bytes());
        input.extend(b"Content-Length: nope\r\n\r\n");
        input.extend(frame(NOTIFICATION).as_bytes());
        assert_eq!(frames(&input), [frame(REQUEST), frame(NOTIFICATION)]);
    }

    #[test]
    fn input_ending_inside_a_frame_ends_quietly() {
        let input = format!("{}Content-Length: 100\r\n\r\n{{\"jsonrpc\"", frame(REQUEST));
        assert_eq!(frames(input.as_bytes()), [frame(REQUEST)]);
        assert_eq!(frames(b"Content-Length: 5\r\n"), Vec::<String>::new());
    }
}
