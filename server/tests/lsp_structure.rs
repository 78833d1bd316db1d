//! Document structure over the language server (stdio): semantic tokens (full and range,
//! decoded against the advertised legend, in the negotiated position encoding), folding
//! ranges, selection ranges and document highlights, end to end on a PTX kernel. What each
//! language answers is tested through the analysis (crates/analysis/tests/ide). Fixtures mark
//! the cursor with `$0` (texlab style); results are read back as the text they cover.

use serde_json::{json, Value};
use speclint_test_support::lsp_client::*;

const SPECLINT: &str = env!("CARGO_BIN_EXE_speclint");

/// The fixture without its `$0` cursor marker, and the cursor's byte offset.
fn cursor(fixture: &str) -> (String, usize) {
    let at = fixture.find("$0").expect("a $0 cursor marker");
    (fixture.replacen("$0", "", 1), at)
}

/// A server with `text` open as `test.<extension>` (first diagnostics awaited), and the
/// semantic token legend it advertised.
struct Session {
    lsp: Lsp,
    uri: String,
    legend: Value,
}

impl Session {
    fn open(extension: &str, text: &str) -> Session {
        Session::open_with(extension, text, json!({}))
    }

    /// [`Session::open`] for a client with these capabilities.
    fn open_with(extension: &str, text: &str, capabilities: Value) -> Session {
        let mut lsp = Lsp::spawn(SPECLINT);
        let init = lsp.initialize_with(capabilities);
        let caps = &init["capabilities"];
        for provider in [
            "foldingRangeProvider",
            "selectionRangeProvider",
            "documentHighlightProvider",
        ] {
            assert_eq!(caps[provider], true, "{provider}: {caps}");
        }
        let tokens = &caps["semanticTokensProvider"];
        assert_eq!(tokens["full"], true, "{tokens}");
        assert_eq!(tokens["range"], true, "{tokens}");
        let uri = uri(&format!("test.{extension}"));
        lsp.open_as(&uri, language_id(extension), text);
        lsp.diagnostics(&uri, Some(1));
        Session {
            lsp,
            legend: tokens["legend"].clone(),
            uri,
        }
    }

    fn call(&mut self, method: &str, mut params: Value) -> Value {
        params["textDocument"] = json!({"uri": self.uri});
        self.lsp.call(method, params)
    }

    fn close(self) {
        assert!(self.lsp.shutdown_and_exit().success());
    }

    /// `semanticTokens/full` (or `/range` over `range`), decoded.
    fn tokens(&mut self, doc: &Doc, range: Option<Value>) -> Vec<Token> {
        let result = match range {
            None => self.call("textDocument/semanticTokens/full", json!({})),
            Some(range) => self.call("textDocument/semanticTokens/range", json!({"range": range})),
        };
        decode(doc, &self.legend, &result)
    }
}

/// A decoded semantic token: its text, 1-based line, UTF-16 column, type and modifiers.
#[derive(Clone, Debug, PartialEq)]
struct Token {
    text: String,
    line: usize,
    column: u32,
    kind: String,
    modifiers: Vec<String>,
}

fn decode(doc: &Doc, legend: &Value, result: &Value) -> Vec<Token> {
    let data: Vec<u32> = result["data"]
        .as_array()
        .unwrap_or_else(|| panic!("no token data: {result}"))
        .iter()
        .map(|n| n.as_u64().unwrap() as u32)
        .collect();
    assert_eq!(data.len() % 5, 0);
    let names = |key: &str| -> Vec<String> {
        legend[key]
            .as_array()
            .unwrap()
            .iter()
            .map(|n| n.as_str().unwrap().to_string())
            .collect()
    };
    let (types, modifiers) = (names("tokenTypes"), names("tokenModifiers"));
    let (mut line, mut column) = (0u32, 0u32);
    data.chunks(5)
        .map(|t| {
            if t[0] > 0 {
                column = 0;
            }
            line += t[0];
            column += t[1];
            let range = json!({"start": pos(line, column), "end": pos(line, column + t[2])});
            let (text, shown_line) = doc.show(&range);
            Token {
                text: text.to_string(),
                line: shown_line,
                column,
                kind: types[t[3] as usize].clone(),
                modifiers: (0..modifiers.len())
                    .filter(|bit| t[4] & (1 << bit) != 0)
                    .map(|bit| modifiers[bit].clone())
                    .collect(),
            }
        })
        .collect()
}

/// The tokens whose text is `text`, as (kind, modifiers, line, column).
fn find<'t>(tokens: &'t [Token], text: &str) -> Vec<&'t Token> {
    tokens.iter().filter(|t| t.text == text).collect()
}

/// The one kind every token `text` has, with the modifiers of the first.
fn kind_of(tokens: &[Token], text: &str) -> (String, Vec<String>) {
    let found = find(tokens, text);
    assert!(!found.is_empty(), "no token {text:?} in {tokens:#?}");
    (found[0].kind.clone(), found[0].modifiers.clone())
}

fn kind(name: &str, modifiers: &[&str]) -> (String, Vec<String>) {
    (
        name.to_string(),
        modifiers.iter().map(|m| m.to_string()).collect(),
    )
}

/// The folds as (first line, last line, kind), 1-based lines.
fn folds(result: &Value) -> Vec<(u64, u64, String)> {
    result
        .as_array()
        .unwrap_or_else(|| panic!("not a list of folds: {result}"))
        .iter()
        .map(|f| {
            (
                f["startLine"].as_u64().unwrap() + 1,
                f["endLine"].as_u64().unwrap() + 1,
                f["kind"].as_str().unwrap_or("").to_string(),
            )
        })
        .collect()
}

/// A selection range chain, innermost first, as the texts it covers (the file shown as
/// `<file>`).
fn selection_chain(doc: &Doc, result: &Value) -> Vec<String> {
    let mut chain = Vec::new();
    let mut at = &result[0];
    while !at.is_null() {
        let (text, _) = doc.show(&at["range"]);
        chain.push(if text == doc.text {
            "<file>".to_string()
        } else {
            text.to_string()
        });
        at = &at["parent"];
    }
    chain
}

/// Highlights as (text, line, kind): 2 is Read, 3 is Write.
fn highlights<'t>(doc: &Doc<'t>, result: &Value) -> Vec<(&'t str, usize, u64)> {
    result
        .as_array()
        .unwrap_or_else(|| panic!("not a list of highlights: {result}"))
        .iter()
        .map(|h| {
            let (text, line) = doc.show(&h["range"]);
            (text, line, h["kind"].as_u64().unwrap())
        })
        .collect()
}

const READ: u64 = 2;
const WRITE: u64 = 3;

const PTX: &str = "\
.version 8.0
.target sm_90
.address_size 64

// Scales a vector.
// Two lines of comment.
.visible .entry kernel(.param .u64 out, .param .u32 n)
{
\t.reg .b32 %r<8>;
\t.reg .b16 %h<3>;
\t.reg .pred %p1;
\tmov.u32 %r1, %tid.x;
\tld.param.u32 %r5, [n];
\t/* é multi
\t   line */ add.s32 %r5, %r5, %r1;
\tex2.approx.f16 %h1, %h2;
\tsetp.lt.s32 %p1, %r5, 10;
\t@%p1 bra $L_end;
\t{
\t\tadd.s32 %r2, %r5, 1;
\t}
$L_end:
\tret;
}
";

#[test]
fn ptx_semantic_tokens_classify_opcodes_modifiers_registers_and_comments() {
    let doc = Doc::new(PTX);
    let mut session = Session::open("ptx", PTX);
    let tokens = session.tokens(&doc, None);

    // `ex2.approx.f16`: the opcode and each modifier, at their columns (after a tab).
    let ex2 = find(&tokens, "ex2")[0].clone();
    let approx = find(&tokens, ".approx")[0].clone();
    let f16 = find(&tokens, ".f16")[0].clone();
    assert_eq!(
        (ex2.line, ex2.column, ex2.kind.as_str()),
        (16, 1, "keyword")
    );
    assert_eq!(
        (approx.line, approx.column, approx.kind.as_str()),
        (16, 4, "modifier")
    );
    assert_eq!(
        (f16.line, f16.column, f16.kind.as_str()),
        (16, 11, "modifier")
    );

    assert_eq!(kind_of(&tokens, "%r1"), kind("variable", &[]));
    assert_eq!(
        kind_of(&tokens, "%r"),
        kind("variable", &["declaration", "definition"])
    );
    // The parameter `n`, declared, then read by `ld.param`.
    let n: Vec<_> = find(&tokens, "n")
        .iter()
        .map(|t| (t.line, t.kind.as_str(), t.modifiers.len()))
        .collect();
    assert_eq!(n, [(7, "parameter", 2), (13, "parameter", 0)]);
    assert_eq!(
        kind_of(&tokens, "%tid"),
        kind("variable", &["readonly", "defaultLibrary"])
    );
    assert_eq!(kind_of(&tokens, ".x"), kind("property", &[]));
    assert_eq!(kind_of(&tokens, ".reg"), kind("keyword", &[]));
    assert_eq!(kind_of(&tokens, ".b32"), kind("type", &[]));
    assert_eq!(kind_of(&tokens, ".version"), kind("macro", &[]));
    assert_eq!(kind_of(&tokens, "sm_90"), kind("enumMember", &[]));
    assert_eq!(
        kind_of(&tokens, "kernel"),
        kind("function", &["declaration", "definition"])
    );
    assert_eq!(kind_of(&tokens, "10"), kind("number", &[]));
    let labels: Vec<_> = find(&tokens, "$L_end")
        .iter()
        .map(|t| (t.line, t.kind.as_str(), t.modifiers.len()))
        .collect();
    assert_eq!(labels, [(18, "label", 0), (22, "label", 2)]);
    // The block comment spans two lines: one token per line, the é counted in UTF-16.
    let comments: Vec<_> = tokens
        .iter()
        .filter(|t| t.kind == "comment")
        .map(|t| (t.text.as_str(), t.line, t.column))
        .collect();
    assert_eq!(
        comments,
        [
            ("// Scales a vector.", 5, 0),
            ("// Two lines of comment.", 6, 0),
            ("/* é multi", 14, 1),
            ("\t   line */", 15, 0)
        ]
    );
    let add = find(&tokens, "add")[0];
    assert_eq!((add.line, add.column), (15, 12));

    // A range request (lines 15 and 16) gives the slice of the full result in the range: the
    // block comment's second line, not its first.
    let range = json!({"start": pos(14, 0), "end": pos(16, 0)});
    let in_range = session.tokens(&doc, Some(range));
    let expected: Vec<Token> = tokens
        .iter()
        .filter(|t| (15..=16).contains(&t.line))
        .cloned()
        .collect();
    assert_eq!(expected[0].text, "\t   line */");
    assert!(!expected.is_empty());
    assert_eq!(in_range, expected);
    session.close();
}

/// (line, column, length, type) of each token, 0-based, in the negotiated encoding's units.
fn raw_tokens(result: &Value) -> Vec<[u64; 4]> {
    let data: Vec<u64> = result["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n.as_u64().unwrap())
        .collect();
    let (mut line, mut column) = (0, 0);
    data.chunks(5)
        .map(|t| {
            if t[0] > 0 {
                column = 0;
            }
            line += t[0];
            column += t[1];
            [line, column, t[2], t[3]]
        })
        .collect()
}

#[test]
fn ptx_semantic_token_columns_follow_the_position_encoding() {
    let text = ".version 8.0\n.target sm_90\n.address_size 64\n.visible .entry k()\n{\n\t/* é */ ret;\n}\n";
    let mut columns = Vec::new();
    for encodings in [json!(["utf-16"]), json!(["utf-8", "utf-16"])] {
        let capabilities = json!({"general": {"positionEncodings": encodings}});
        let mut session = Session::open_with("ptx", text, capabilities);
        let result = session.call("textDocument/semanticTokens/full", json!({}));
        let on_line_5: Vec<[u64; 3]> = raw_tokens(&result)
            .into_iter()
            .filter(|t| t[0] == 5)
            .map(|t| [t[1], t[2], t[3]])
            .collect();
        columns.push(on_line_5);
        session.close();
    }
    // The comment is 7 UTF-16 units or 8 bytes long, and `ret` starts after it.
    let (comment, keyword) = (columns[0][0][2], columns[0][1][2]);
    assert_eq!(columns[0], [[1, 7, comment], [9, 3, keyword]]);
    assert_eq!(columns[1], [[1, 8, comment], [10, 3, keyword]]);
}

#[test]
fn ptx_folding_selection_and_highlights() {
    let (text, at) = cursor(&PTX.replace("ex2.approx.f16", "ex2.ap$0prox.f16"));
    let doc = Doc::new(&text);
    let mut session = Session::open("ptx", &text);

    let result = session.call("textDocument/foldingRange", json!({}));
    assert_eq!(
        folds(&result),
        [
            (5, 6, "comment".to_string()),
            (7, 24, "region".to_string()),
            (14, 15, "comment".to_string()),
            (19, 21, "region".to_string()),
        ]
    );

    let result = session.call(
        "textDocument/selectionRange",
        json!({"positions": [doc.position_of(at)]}),
    );
    let chain = selection_chain(&doc, &result);
    let body_start = text.find("{\n").unwrap();
    let kernel_start = text.find(".visible").unwrap();
    assert_eq!(
        chain,
        [
            ".approx",
            "ex2.approx.f16",
            "ex2.approx.f16 %h1, %h2;",
            &text[body_start..text.len() - 1],
            &text[kernel_start..text.len() - 1],
            "<file>"
        ]
    );

    // `%r5`: declared by `%r<8>`, written as a destination, read as a source.
    let result = session.call(
        "textDocument/documentHighlight",
        json!({"position": doc.position("%r5", 2)}),
    );
    assert_eq!(
        highlights(&doc, &result),
        [
            ("%r<8>", 9, WRITE),
            ("%r5", 13, WRITE),
            ("%r5", 15, WRITE),
            ("%r5", 15, READ),
            ("%r5", 17, READ),
            ("%r5", 20, READ)
        ]
    );
    // The predicate `setp` writes and the guard reads.
    let result = session.call(
        "textDocument/documentHighlight",
        json!({"position": doc.position("%p1", 2)}),
    );
    assert_eq!(
        highlights(&doc, &result),
        [("%p1", 11, WRITE), ("%p1", 17, WRITE), ("%p1", 18, READ)]
    );
    session.close();
}
