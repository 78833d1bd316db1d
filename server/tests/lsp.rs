//! End-to-end tests of `speclint lsp`: each test spawns the server and talks JSON-RPC to it
//! over stdio with Content-Length framing, the way an editor does (the client is in
//! `speclint_test_support::lsp_client`).

use speclint_test_support::lsp_client;

use serde_json::{json, Value};
use speclint_test_support::lsp_client::*;
use std::io::Write;
use std::path::Path;

const SPECLINT: &str = env!("CARGO_BIN_EXE_speclint");

fn fixture(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/lsp")
        .join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The 0-based line of `errors.ptx` with `rcp.f32` after a comment with `é` and `😀`.
const RCP_LINE: u32 = 10;
/// `\t/* é 😀 */ ` is 12 UTF-16 code units (😀 takes two), 11 characters, 15 bytes.
const RCP_COL_UTF16: u32 = 12;
const RCP_COL_UTF8: u32 = 15;
const AD_LINE: u32 = 12;

#[test]
fn initialize_advertises_incremental_sync_hover_and_quick_fixes() {
    let mut lsp = Lsp::spawn(SPECLINT);
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
    let mut lsp = Lsp::spawn(SPECLINT);
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
fn inline_ptx_in_a_cu_file_is_reported_inside_its_string() {
    let mut lsp = Lsp::spawn(SPECLINT);
    lsp.initialize();
    let uri = uri("kernel.cu");
    // `/* é 😀 */` before the statement: UTF-16 columns differ from byte columns.
    let text = "__global__ void k(unsigned *p) {\n  unsigned v;\n  /* é 😀 */ asm(\"adx.u32 %0, %0, 1;\\n\\t\"\n                 \"movv.u32 %0, 1;\" : \"+r\"(v));\n  p[0] = v;\n}\n";
    lsp.open_as(&uri, "cuda-cpp", text);
    let diagnostics = lsp.diagnostics(&uri, Some(1));
    assert_eq!(
        codes(&diagnostics),
        ["PTX002", "PTX002"],
        "{diagnostics:#?}"
    );
    let column = "  /* é 😀 */ asm(\"".encode_utf16().count() as u32;
    assert_eq!(column, 18, "UTF-16 units; the bytes are 21");
    assert_eq!(diagnostics[0]["range"], range(2, column, 2, column + 3));
    // In the second literal, after the first's escapes.
    assert_eq!(diagnostics[1]["range"], range(3, 18, 3, 22));
    let hover_in_cpp = lsp.hover(&uri, 4, 3);
    // The server leaves C++ to other servers.
    assert!(hover_in_cpp.is_null(), "{hover_in_cpp}");
    // A placeholder names its operand, at UTF-16 columns.
    let placeholder = column + "adx.u32 ".len() as u32;
    let hover = lsp.hover(&uri, 2, placeholder + 1);
    assert_eq!(
        hover["range"],
        range(2, placeholder, 2, placeholder + 2),
        "{hover}"
    );
    let markdown = hover["contents"]["value"].as_str().unwrap_or_default();
    assert!(
        markdown.contains("output operand 0, `\"+r\"(v)`, read and written"),
        "{hover}"
    );
    assert!(lsp.shutdown_and_exit().success());
}

#[test]
fn utf8_positions_when_the_client_offers_them() {
    let mut lsp = Lsp::spawn(SPECLINT);
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

    // The suppression action appends a directive to the line; with it the finding is gone.
    suppress_and_undo_ptx002(&mut lsp, &uri, 3);
    assert!(lsp.shutdown_and_exit().success());
}

#[test]
fn incremental_edits_fix_and_introduce_errors() {
    let mut lsp = Lsp::spawn(SPECLINT);
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

/// Edits inside one function are re-checked from the previous analysis (`ptx::incremental`);
/// whatever the server reuses, each version's diagnostics and a hover on the edited line must
/// be those of a server that opens that text fresh.
#[test]
fn edited_functions_give_what_a_fresh_open_gives() {
    let original = include_str!("../../tests/corpus/ptx/valid/control-sm_90.ptx");
    let function = |n: usize| {
        original
            .match_indices("\n.visible .entry")
            .nth(n)
            .unwrap()
            .0
    };
    let instruction =
        |function: usize| function + original[function..].find("\n\tmov.").unwrap() + 2;
    let (first, second) = (instruction(function(0)), instruction(function(1)));
    // (offset in the current text, bytes removed, text inserted)
    let edits: Vec<(usize, usize, &str)> = vec![
        (second, 0, "x"),
        (second, 1, ""),
        (second, 0, "add.s32 %nope, %nope, 1;\n\t"),
        (first, 0, "y"),
        (first, 1, ""),
        (second, 0, "}"),
        (second, 1, ""),
        (second, 40, ""),
    ];
    assert_edits_match_fresh_opens(SPECLINT, "edited.ptx", original, &edits, 1);
}

#[test]
fn rapid_changes_publish_in_order_ending_with_the_latest() {
    let mut lsp = Lsp::spawn(SPECLINT);
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
    // Versions are published in order and the last is the final text. Whether intermediate
    // versions are published depends on timing: the debounce of a document this small is
    // nothing (lsp/debounce.rs), so on a loaded machine a change may be analysed and published
    // before the next one is read. What never happens is an older version after a newer one.
    let versions = lsp.published_versions(&uri);
    assert!(
        versions.windows(2).all(|w| w[0] < w[1]),
        "published out of order: {versions:?}"
    );
    assert_eq!(versions.first(), Some(&Some(1)));
    assert_eq!(versions.last(), Some(&Some(version)));
    assert!(lsp.shutdown_and_exit().success());
}

#[test]
fn hover_on_opcode_register_and_directive() {
    let mut lsp = Lsp::spawn(SPECLINT);
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
    let mut lsp = Lsp::spawn(SPECLINT);
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
    assert!(
        titles.contains(&"Suppress PTX004 on this line"),
        "{titles:?}"
    );
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

    // The suppression action appends a directive to the line; with it the finding is gone.
    suppress_and_undo_ptx002(&mut lsp, &uri, 3);

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
    let mut lsp = Lsp::spawn(SPECLINT);
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
    let mut lsp = Lsp::spawn(SPECLINT);
    lsp.initialize();
    let uri = uri("notes.txt");
    lsp.open(&uri, "Just some text.\nrcp.f32 is mentioned here.\n");
    assert_eq!(lsp.diagnostics(&uri, Some(1)), Vec::<Value>::new());
    assert_eq!(lsp.hover(&uri, 1, 1), Value::Null);
    assert!(lsp.shutdown_and_exit().success());
}

#[test]
fn columns_past_the_end_of_a_line_are_clamped() {
    let mut lsp = Lsp::spawn(SPECLINT);
    lsp.initialize();
    let uri = uri("errors.ptx");
    lsp.open(&uri, &fixture("clean.ptx"));
    assert_eq!(lsp.diagnostics(&uri, Some(1)), Vec::<Value>::new());
    // LSP 3.17: a character past the line length defaults back to the line length.
    lsp.change(
        &uri,
        2,
        json!([
            {"range": range(0, 500, 0, 900), "text": " // v"},
            {"range": range(14, 7, 14, 99), "text": "\n\tret;"},
        ]),
    );
    // `ret;` after the closing brace (line 14) is a syntax error on line 15.
    let diagnostics = lsp.diagnostics(&uri, Some(2));
    assert!(!diagnostics.is_empty());
    assert_eq!(
        diagnostics[0]["range"]["start"]["line"], 15,
        "{diagnostics:#?}"
    );
    let hover = lsp.hover(&uri, 0, 2);
    assert!(hover_markdown(&hover).contains(".version"));

    // The start of the line after the last one is the end of the document: Neovim deletes the
    // last line of a buffer without a final line ending with a range up to there.
    let noeol = lsp_client::uri("noeol.ptx");
    let clean = fixture("clean.ptx");
    let last = clean.lines().count() as u32;
    lsp.open(&noeol, &format!("{clean}\tret;"));
    assert_eq!(codes(&lsp.diagnostics(&noeol, Some(1))).len(), 1);
    lsp.change(
        &noeol,
        2,
        json!([{"range": range(last, 0, last + 1, 0), "text": ""}]),
    );
    assert_eq!(lsp.diagnostics(&noeol, Some(2)), Vec::<Value>::new());
    // In sync: it still answers.
    assert!(hover_markdown(&lsp.hover(&noeol, 0, 2)).contains(".version"));
    assert!(lsp.shutdown_and_exit().success());
}

/// The `window/logMessage` or `window/showMessage` (`method`) of this type whose text contains
/// `needle`.
fn message(lsp: &mut Lsp, method: &str, kind: i64, needle: &str) -> String {
    let message = lsp.wait_for(|m| {
        m["method"] == method
            && m["params"]["type"] == kind
            && m["params"]["message"]
                .as_str()
                .is_some_and(|text| text.contains(needle))
    });
    message["params"]["message"].as_str().unwrap().to_string()
}

const ERROR: i64 = 1;
const WARNING: i64 = 2;
const INFO: i64 = 3;

#[test]
fn a_change_that_cannot_be_applied_puts_the_document_out_of_sync() {
    let mut lsp = Lsp::spawn(SPECLINT);
    lsp.initialize();
    // A line past the end, a reversed range, a column inside the surrogate pair of 😀.
    let inside = RCP_COL_UTF16 - 5;
    let cases = [
        (
            "past-the-end.ptx",
            range(400, 0, 400, 0),
            "past the last line",
        ),
        ("reversed.ptx", range(2, 5, 1, 0), "ends before it starts"),
        (
            "inside.ptx",
            range(RCP_LINE, inside, RCP_LINE, inside),
            "inside a character",
        ),
    ];
    for (name, bad, why) in cases {
        let uri = uri(name);
        lsp.open(&uri, &fixture("errors.ptx"));
        assert_eq!(codes(&lsp.diagnostics(&uri, Some(1))).len(), 2);
        lsp.change(&uri, 2, json!([{"range": bad, "text": "x"}]));
        // The user is told, the log says why, and the diagnostics of a text the user no
        // longer has are cleared.
        let shown = message(&mut lsp, "window/showMessage", ERROR, name);
        assert!(
            shown.contains("lost track") && shown.contains("reopen"),
            "{shown}"
        );
        let logged = message(&mut lsp, "window/logMessage", ERROR, name);
        assert!(logged.contains(why), "{logged}");
        assert_eq!(lsp.diagnostics(&uri, Some(2)), Vec::<Value>::new());
        // Requests get no answers from the stale copy.
        assert_eq!(lsp.hover(&uri, RCP_LINE, RCP_COL_UTF16 + 1), Value::Null);
    }

    // Incremental changes to an out-of-sync document are ignored (and logged) ...
    let past_the_end = uri("past-the-end.ptx");
    lsp.change(
        &past_the_end,
        3,
        json!([{"range": range(0, 0, 0, 0), "text": "// x\n"}]),
    );
    message(&mut lsp, "window/logMessage", WARNING, "ignored a change");
    // ... until a full-text change brings it back.
    lsp.change(&past_the_end, 4, json!([{"text": fixture("errors.ptx")}]));
    message(&mut lsp, "window/logMessage", INFO, "in sync again");
    assert_eq!(
        codes(&lsp.diagnostics(&past_the_end, Some(4))),
        ["PTX004", "PTX002"]
    );
    // Or a reopen.
    let reversed = uri("reversed.ptx");
    lsp.notify(
        "textDocument/didClose",
        json!({"textDocument": {"uri": reversed}}),
    );
    lsp.open(&reversed, &fixture("clean.ptx"));
    assert_eq!(lsp.diagnostics(&reversed, Some(1)), Vec::<Value>::new());
    assert!(hover_markdown(&lsp.hover(&reversed, 0, 2)).contains(".version"));
    assert!(lsp.shutdown_and_exit().success());
}

#[test]
fn a_did_change_that_cannot_be_decoded_is_reported() {
    let mut lsp = Lsp::spawn(SPECLINT);
    lsp.initialize();
    let uri = uri("errors.ptx");
    lsp.open(&uri, &fixture("errors.ptx"));
    assert_eq!(codes(&lsp.diagnostics(&uri, Some(1))).len(), 2);
    // `text` is not a string and the range has no end: tower-lsp-server cannot decode it.
    lsp.change(
        &uri,
        2,
        json!([{"range": {"start": pos(0, 0)}, "text": 42}]),
    );
    let shown = message(&mut lsp, "window/showMessage", ERROR, "errors.ptx");
    assert!(
        shown.contains("textDocument/didChange it could not read"),
        "{shown}"
    );
    assert_eq!(lsp.diagnostics(&uri, None), Vec::<Value>::new());
    // A didOpen that cannot be decoded is shown too.
    lsp.notify(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": "file:///x.ptx", "text": "x"}}),
    );
    let shown = message(&mut lsp, "window/showMessage", ERROR, "file:///x.ptx");
    assert!(
        shown.contains("textDocument/didOpen") && shown.contains("missing field"),
        "{shown}"
    );
    // The full text brings the document back.
    lsp.change(&uri, 3, json!([{"text": fixture("errors.ptx")}]));
    assert_eq!(codes(&lsp.diagnostics(&uri, Some(3))), ["PTX004", "PTX002"]);
    assert!(lsp.shutdown_and_exit().success());
}

#[test]
fn a_version_that_goes_backwards_is_logged_and_the_change_applied() {
    let mut lsp = Lsp::spawn(SPECLINT);
    lsp.initialize();
    let uri = uri("errors.ptx");
    lsp.open(&uri, &fixture("errors.ptx"));
    assert_eq!(codes(&lsp.diagnostics(&uri, Some(1))).len(), 2);
    lsp.change(
        &uri,
        5,
        json!([{"range": range(AD_LINE, 3, AD_LINE, 3), "text": "d"}]),
    );
    assert_eq!(codes(&lsp.diagnostics(&uri, Some(5))), ["PTX004"]);
    lsp.change(
        &uri,
        4,
        json!([{"range": range(AD_LINE, 3, AD_LINE, 4), "text": ""}]),
    );
    let logged = message(&mut lsp, "window/logMessage", WARNING, "went from 5 to 4");
    assert!(logged.contains("errors.ptx"), "{logged}");
    assert_eq!(codes(&lsp.diagnostics(&uri, Some(4))), ["PTX004", "PTX002"]);
    assert!(lsp.shutdown_and_exit().success());
}

#[test]
fn a_lone_cr_ends_a_line_as_in_lsp() {
    let mut lsp = Lsp::spawn(SPECLINT);
    lsp.initialize();
    // errors.ptx with its lines ended by a lone `\r` (classic Mac OS), and by `\r`, `\r\n` and
    // `\n` in turn: the diagnostics are on the same lines and columns as with `\n`.
    let lines: Vec<String> = fixture("errors.ptx").lines().map(str::to_string).collect();
    let cr = lines.join("\r") + "\r";
    let mixed: String = lines
        .iter()
        .enumerate()
        .map(|(i, line)| format!("{line}{}", ["\r", "\r\n", "\n"][i % 3]))
        .collect();
    for (name, text) in [("cr.ptx", &cr), ("mixed.ptx", &mixed)] {
        let uri = uri(name);
        lsp.open(&uri, text);
        let diagnostics = lsp.diagnostics(&uri, Some(1));
        assert_eq!(codes(&diagnostics), ["PTX004", "PTX002"], "{name}");
        assert_eq!(
            diagnostics[0]["range"],
            range(RCP_LINE, RCP_COL_UTF16, RCP_LINE, RCP_COL_UTF16 + 7),
            "{name}"
        );
        assert_eq!(
            diagnostics[1]["range"],
            range(AD_LINE, 1, AD_LINE, 3),
            "{name}"
        );
        // Incremental edits after lone `\r`s: fix both errors, on lines 10 and 12.
        let at = RCP_COL_UTF16 + 3;
        lsp.change(
            &uri,
            2,
            json!([
                {"range": range(RCP_LINE, at, RCP_LINE, at), "text": ".rn"},
                {"range": range(AD_LINE, 3, AD_LINE, 3), "text": "d"},
            ]),
        );
        assert_eq!(
            lsp.diagnostics(&uri, Some(2)),
            Vec::<Value>::new(),
            "{name}"
        );
        let hover = lsp.hover(&uri, RCP_LINE, RCP_COL_UTF16 + 1);
        assert!(hover_markdown(&hover).contains("rcp"), "{name}: {hover}");
        // Insert a line with an error after the `\r` ending line 11: it is line 12.
        lsp.change(
            &uri,
            3,
            json!([{"range": range(12, 0, 12, 0), "text": "\trcp.f32 %f2, %f1;\r"}]),
        );
        let diagnostics = lsp.diagnostics(&uri, Some(3));
        assert_eq!(codes(&diagnostics), ["PTX004"], "{name}");
        assert_eq!(diagnostics[0]["range"], range(12, 1, 12, 8), "{name}");
    }
    assert!(lsp.shutdown_and_exit().success());
}

#[test]
fn a_two_megabyte_document_is_handled() {
    let mut lsp = Lsp::spawn(SPECLINT);
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

/// 100,000 levels of nesting (the issue's PTX, and Tile IR regions): IO002 where the level
/// past the limit (128) opens, and the server goes on answering about them and other documents.
#[test]
fn deep_nesting_gets_io002_and_the_server_keeps_answering() {
    let mut lsp = Lsp::spawn(SPECLINT);
    lsp.initialize();
    let deep = 100_000;
    let ptx = uri("deep.ptx");
    lsp.open(
        &ptx,
        &format!(
            ".version 8.0\n.target sm_80\n.address_size 64\n.visible .entry k()\n{}{}\nret;\n}}\n",
            "{".repeat(deep + 1),
            "}".repeat(deep)
        ),
    );
    let diagnostics = lsp.diagnostics(&ptx, Some(1));
    assert_eq!(codes(&diagnostics), ["IO002"], "{diagnostics:?}");
    // The body's `{` (character 0) is level 1.
    assert_eq!(diagnostics[0]["range"], range(4, 128, 4, 129));
    assert_eq!(lsp.hover(&ptx, 4, 50_000), Value::Null);
    assert!(hover_markdown(&lsp.hover(&ptx, 5, 1)).contains("ret"));
    assert!(lsp.document_symbols(&ptx).is_array());

    let tile = uri("deep.mlir");
    lsp.open_as(
        &tile,
        "mlir",
        &format!(
            "cuda_tile.module @m {{\n  entry @k() {{\n{}{}    return\n  }}\n}}\n",
            "if %c {\n".repeat(deep),
            "}\n".repeat(deep)
        ),
    );
    let diagnostics = lsp.diagnostics(&tile, Some(1));
    let io002: Vec<_> = diagnostics
        .iter()
        .filter(|d| d["code"] == "IO002")
        .collect();
    assert_eq!(io002.len(), 1, "{diagnostics:?}");
    // The module is level 1, the entry 2, the `if` on line N (0-based: N - 1) level N.
    assert_eq!(io002[0]["range"], range(128, 6, 128, 7));
    lsp.hover(&tile, 100, 2);
    assert!(lsp.document_symbols(&tile).is_array());

    // A normal document afterwards.
    let normal = uri("errors.ptx");
    lsp.open(&normal, &fixture("errors.ptx"));
    assert_eq!(
        codes(&lsp.diagnostics(&normal, Some(1))),
        ["PTX004", "PTX002"]
    );
    assert!(hover_markdown(&lsp.hover(&normal, 11, 3)).contains("rcp"));
    assert!(lsp.shutdown_and_exit().success());
}

#[test]
fn binary_garbage_does_not_hang_or_crash() {
    let mut lsp = Lsp::spawn(SPECLINT);
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
    let mut lsp = Lsp::spawn(SPECLINT);
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
    let mut lsp = Lsp::spawn_with_env(SPECLINT, &[("SPECLINT_LSP_PANIC_ON", "PANIC-HERE")]);
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
    let mut lsp = Lsp::spawn(SPECLINT);
    lsp.initialize();
    lsp.notify("exit", Value::Null);
    assert_eq!(lsp.wait_exit().code(), Some(1));
}

#[test]
fn closing_stdin_ends_the_server() {
    let mut lsp = Lsp::spawn(SPECLINT);
    lsp.initialize();
    lsp.call("shutdown", Value::Null);
    drop(lsp.stdin.take());
    assert_eq!(lsp.wait_exit().code(), Some(0));
}

#[test]
fn helix_config_is_valid_and_points_at_the_grammars() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let text = std::fs::read_to_string(root.join("tests/editors/helix/languages.toml")).unwrap();
    let config: toml::Value = toml::from_str(&text).expect("languages.toml is valid TOML");
    let server = &config["language-server"]["speclint"];
    assert_eq!(server["command"].as_str(), Some("speclint"));
    assert_eq!(server["args"], toml::Value::Array(vec!["lsp".into()]));
    // (language, scope, file types, grammar, grammar directory, the grammar's scope in
    // tree-sitter.json)
    let expected: [(&str, &str, &[&str], &str, &str, &str); 3] = [
        (
            "ptx",
            "source.ptx",
            &["ptx"],
            "ptx",
            "tree-sitter-ptx",
            "source.ptx",
        ),
        (
            "mlir",
            "source.mlir",
            &["mlir"],
            "cuda_tile",
            "tree-sitter-cuda-tile",
            "source.cuda_tile",
        ),
        (
            "spirv",
            "source.spirv",
            &["spvasm", "spvasm32", "spvasm64"],
            "spirv",
            "tree-sitter-spirv",
            "source.spirv",
        ),
    ];
    for (name, scope, file_types, grammar_name, dir, grammar_scope) in expected {
        let language = config["language"]
            .as_array()
            .unwrap()
            .iter()
            .find(|l| l["name"].as_str() == Some(name))
            .unwrap_or_else(|| panic!("a [[language]] named {name}"));
        assert_eq!(language["scope"].as_str(), Some(scope));
        assert_eq!(
            language["file-types"],
            toml::Value::Array(file_types.iter().map(|&t| t.into()).collect())
        );
        assert_eq!(
            language["language-servers"],
            toml::Value::Array(vec!["speclint".into()])
        );
        assert_eq!(language["grammar"].as_str(), Some(grammar_name));
        let grammar = config["grammar"]
            .as_array()
            .unwrap()
            .iter()
            .find(|g| g["name"].as_str() == Some(grammar_name))
            .unwrap_or_else(|| panic!("a [[grammar]] named {grammar_name}"));
        let path = grammar["source"]["path"].as_str().unwrap();
        assert!(path.ends_with(&format!("/grammars/{dir}")), "{path}");
        // The grammar it names is this repository's, with the files Helix builds and
        // highlights from; Helix loads the symbol `tree_sitter_<grammar name>`.
        let grammar_dir = root.join("grammars").join(dir);
        let parser = std::fs::read_to_string(grammar_dir.join("src/parser.c")).unwrap();
        assert!(
            parser.contains(&format!(
                "const TSLanguage *tree_sitter_{grammar_name}(void)"
            )),
            "{dir}/src/parser.c exports tree_sitter_{grammar_name}"
        );
        assert!(grammar_dir.join("queries/highlights.scm").is_file());
        let meta = std::fs::read_to_string(grammar_dir.join("tree-sitter.json")).unwrap();
        let meta: Value = serde_json::from_str(&meta).unwrap();
        assert_eq!(meta["grammars"][0]["name"], grammar_name);
        assert_eq!(meta["grammars"][0]["scope"], grammar_scope);
        // The install notes name the query file and where it goes (by language name).
        let queries = format!("grammars/{dir}/queries/highlights.scm");
        let target = format!("~/.config/helix/runtime/queries/{name}/highlights.scm");
        assert!(text.contains(&queries), "languages.toml mentions {queries}");
        assert!(text.contains(&target), "languages.toml mentions {target}");
    }
}

#[test]
fn completion_offers_modifiers_registers_and_instructions() {
    let mut lsp = Lsp::spawn(SPECLINT);
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

// ---------------------------------------------------------------------------------------------
// Configuration: speclint.toml in the workspace, initializationOptions, didChangeConfiguration
// ---------------------------------------------------------------------------------------------

/// Valid for sm_90; below sm_70 both instructions are PTX005.
const TARGET_BOUND: &str = ".version 8.5\n.target sm_90\n.address_size 64\n\n.visible .entry k()\n{\n    .reg .b32 %r<4>;\n    .reg .f32 %f<4>;\n\n    bmsk.clamp.b32 %r1, %r2, %r3;\n    min.xorsign.abs.f32 %f1, %f2, %f3;\n    ret;\n}\n";

/// A workspace folder with a `speclint.toml` (removed on drop).
struct Workspace(std::path::PathBuf);

impl Workspace {
    fn new(tag: &str, config: &str) -> Workspace {
        let dir = std::env::temp_dir().join(format!(
            "speclint-lsp-{tag}-{}-{}",
            std::process::id(),
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_nanos())
        ));
        std::fs::create_dir_all(dir.join("src")).unwrap();
        let workspace = Workspace(dir);
        workspace.write_config(config);
        workspace
    }

    fn write_config(&self, config: &str) {
        std::fs::write(self.0.join("speclint.toml"), config).unwrap();
    }

    fn uri(&self, relative: &str) -> String {
        format!("file://{}/{relative}", self.0.display())
    }

    /// `initialize` params naming this folder, plus `extra`.
    fn initialize(&self, lsp: &mut Lsp, extra: Value) {
        let mut params = json!({"workspaceFolders": [{"uri": self.uri(""), "name": "ws"}]});
        for (key, value) in extra.as_object().unwrap() {
            params[key] = value.clone();
        }
        lsp.initialize_params(params);
    }
}

impl Drop for Workspace {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn show_message(lsp: &mut Lsp) -> String {
    let message = lsp.wait_for(|m| m["method"] == "window/showMessage");
    assert_eq!(message["params"]["type"], 1, "an error: {message}");
    message["params"]["message"].as_str().unwrap().to_string()
}

#[test]
fn the_workspace_config_file_and_client_settings_set_the_target() {
    let workspace = Workspace::new("config", "[ptx]\ntarget = \"sm_60\"\n");
    let mut lsp = Lsp::spawn(SPECLINT);
    workspace.initialize(&mut lsp, json!({}));
    let uri = workspace.uri("src/k.ptx");
    lsp.open(&uri, TARGET_BOUND);
    let diagnostics = lsp.diagnostics(&uri, Some(1));
    assert_eq!(codes(&diagnostics), ["PTX005", "PTX005"]);
    let message = diagnostics[0]["message"].as_str().unwrap();
    assert!(
        message.contains("the check targets sm_60 (speclint.toml)"),
        "{message}"
    );

    // Client settings win over the file, and apply to the open documents at once.
    lsp.notify(
        "workspace/didChangeConfiguration",
        json!({"settings": {"speclint": {"ptx": {"target": "sm_80"}}}}),
    );
    let diagnostics = lsp.diagnostics(&uri, Some(1));
    assert_eq!(codes(&diagnostics), ["PTX005"], "{diagnostics:#?}");
    let message = diagnostics[0]["message"].as_str().unwrap();
    assert!(
        message.contains("the check targets sm_80 (editor settings)"),
        "{message}"
    );
    // Without them, the file applies again.
    lsp.notify(
        "workspace/didChangeConfiguration",
        json!({"settings": null}),
    );
    assert_eq!(codes(&lsp.diagnostics(&uri, Some(1))), ["PTX005", "PTX005"]);
    assert!(lsp.shutdown_and_exit().success());
}

#[test]
fn initialization_options_win_over_the_file() {
    let workspace = Workspace::new("init", "[ptx]\ntarget = \"sm_60\"\n");
    let mut lsp = Lsp::spawn(SPECLINT);
    workspace.initialize(
        &mut lsp,
        json!({"initializationOptions": {"ptx": {"target": "sm_90"}}}),
    );
    let uri = workspace.uri("src/k.ptx");
    lsp.open(&uri, TARGET_BOUND);
    assert_eq!(lsp.diagnostics(&uri, Some(1)), Vec::<Value>::new());
    // Clients that cannot watch files are not asked to.
    assert!(lsp.server_requests.is_empty(), "{:?}", lsp.server_requests);
    assert!(lsp.shutdown_and_exit().success());
}

#[test]
fn a_bad_config_is_shown_and_the_defaults_apply() {
    let workspace = Workspace::new("bad", "[ptx]\ntarget = \"sm_60\"\ntraget = \"sm_60\"\n");
    let mut lsp = Lsp::spawn(SPECLINT);
    workspace.initialize(
        &mut lsp,
        json!({"initializationOptions": {"ptx": {"version": 8}}}),
    );
    let first = show_message(&mut lsp);
    let second = show_message(&mut lsp);
    let (options, file) = if first.contains("initializationOptions") {
        (first, second)
    } else {
        (second, first)
    };
    assert!(options.contains("invalid type"), "{options}");
    assert!(
        file.contains("speclint.toml: line 3, column 1: unknown key `traget` in [ptx]"),
        "{file}"
    );
    assert!(file.contains(&workspace.0.display().to_string()), "{file}");
    // The file is ignored as a whole: the module's own `.target sm_90` applies.
    let uri = workspace.uri("src/k.ptx");
    lsp.open(&uri, TARGET_BOUND);
    assert_eq!(lsp.diagnostics(&uri, Some(1)), Vec::<Value>::new());

    // Settings that do not validate are shown too, and left out.
    lsp.notify(
        "workspace/didChangeConfiguration",
        json!({"settings": {"tile-ir": {"version": "12.0"}}}),
    );
    let message = show_message(&mut lsp);
    assert!(message.contains("13.1, 13.2, 13.3"), "{message}");
    assert!(lsp.shutdown_and_exit().success());
}

#[test]
fn edits_of_the_config_file_apply_when_the_client_watches_it() {
    let workspace = Workspace::new("watch", "[ptx]\ntarget = \"sm_90\"\n");
    let mut lsp = Lsp::spawn(SPECLINT);
    workspace.initialize(
        &mut lsp,
        json!({"capabilities": {"workspace": {"didChangeWatchedFiles": {"dynamicRegistration": true}}}}),
    );
    let registration = lsp.wait_for_server_request("client/registerCapability");
    let registration = &registration["params"]["registrations"][0];
    assert_eq!(registration["method"], "workspace/didChangeWatchedFiles");
    assert_eq!(
        registration["registerOptions"]["watchers"][0]["globPattern"],
        "**/speclint.toml"
    );
    let uri = workspace.uri("src/k.ptx");
    lsp.open(&uri, TARGET_BOUND);
    assert_eq!(lsp.diagnostics(&uri, Some(1)), Vec::<Value>::new());
    workspace.write_config("[ptx]\ntarget = \"sm_60\"\n");
    lsp.notify(
        "workspace/didChangeWatchedFiles",
        json!({"changes": [{"uri": workspace.uri("speclint.toml"), "type": 2}]}),
    );
    assert_eq!(codes(&lsp.diagnostics(&uri, Some(1))), ["PTX005", "PTX005"]);
    assert!(lsp.shutdown_and_exit().success());
}

/// Applies the "Suppress PTX002 on this line" action to `errors.ptx` (with PTX002 its only
/// finding, at `version - 1`), checks the finding is gone, then undoes the edit (versions
/// `version` and `version + 1`).
fn suppress_and_undo_ptx002(lsp: &mut Lsp, uri: &str, version: i64) {
    let actions = lsp.call(
        "textDocument/codeAction",
        json!({
            "textDocument": {"uri": uri},
            "range": range(AD_LINE, 2, AD_LINE, 2),
            "context": {"diagnostics": []},
        }),
    );
    let suppress = actions
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["title"] == "Suppress PTX002 on this line")
        .unwrap_or_else(|| panic!("{actions}"));
    let edits = suppress["edit"]["changes"][uri].as_array().unwrap();
    assert_eq!(edits[0]["newText"], " // speclint: ignore[PTX002]");
    lsp.change(
        uri,
        version,
        json!([{"range": edits[0]["range"], "text": edits[0]["newText"]}]),
    );
    assert!(lsp.diagnostics(uri, Some(version)).is_empty());
    // Undo it, for the checks below.
    let start = edits[0]["range"]["start"].clone();
    let inserted = edits[0]["newText"].as_str().unwrap().len() as u64;
    let end = json!({"line": start["line"], "character": start["character"].as_u64().unwrap() + inserted});
    lsp.change(
        uri,
        version + 1,
        json!([{"range": {"start": start, "end": end}, "text": ""}]),
    );
    assert_eq!(codes(&lsp.diagnostics(uri, Some(version + 1))), ["PTX002"]);
}

/// Two kernels: the edits in the test below go into the first.
const TWO_KERNELS: &str = ".version 8.0
.target sm_90
.address_size 64

.visible .entry first(.param .u64 out)
{
\t.reg .u32 %r<4>;
\t.reg .u64 %rd<2>;
\tmov.u32 %r1, 7;
\tld.param.u64 %rd1, [out];
\tst.global.u32 [%rd1], %r1;
\tret;
}

.visible .entry second(.param .u64 out)
{
\t.reg .u32 %r<4>;
\t.reg .u64 %rd<2>;
\tld.param.u64 %rd1, [out];
\tmov.u32 %r1, 9;
\tadd.u32 %r2, %r1, 1;
\tst.global.u32 [%rd1], %r2;
\tret;
}
";
/// `mov.u32 %r1, 7;` in the first kernel, and `add.u32 %r2, %r1, 1;` in the second.
const FIRST_MOV_LINE: u32 = 8;
const SECOND_ADD_LINE: u32 = 20;

#[test]
fn requests_outside_the_edited_function_do_not_wait_for_its_analysis() {
    // Each edit plants the panic trigger: an answer that waits for the new analysis fails.
    let mut lsp = Lsp::spawn_with_env(SPECLINT, &[("SPECLINT_LSP_PANIC_ON", "PANIC-HERE")]);
    lsp.initialize();
    let doc = uri("two.ptx");
    lsp.open(&doc, TWO_KERNELS);
    assert!(lsp.diagnostics(&doc, Some(1)).is_empty());
    let line = FIRST_MOV_LINE;
    lsp.change(
        &doc,
        2,
        json!([{"range": range(line, 1, line, 1), "text": "PANIC-HERE "}]),
    );

    // In the other kernel: answered from the analysis of version 1.
    let hover = lsp.hover(&doc, SECOND_ADD_LINE, 2);
    assert!(hover_markdown(&hover).contains("add"), "{hover}");
    let definition = lsp.definition(&doc, pos(SECOND_ADD_LINE, 15));
    assert_eq!(definition["range"]["start"]["line"], 16, "{definition}");
    let completion = lsp.request(
        "textDocument/completion",
        json!({"textDocument": {"uri": doc}, "position": pos(SECOND_ADD_LINE, 14)}),
    );
    assert!(completion.get("error").is_none(), "{completion}");

    // In the edited kernel, on the edited line or not, the requests wait (and fail here).
    for line in [FIRST_MOV_LINE, FIRST_MOV_LINE + 1] {
        let hover = lsp.request(
            "textDocument/hover",
            json!({"textDocument": {"uri": doc}, "position": pos(line, 3)}),
        );
        assert_eq!(hover["error"]["code"], -32603, "line {line}: {hover}");
    }

    // A change that adds a line moves the lines after it: everything waits.
    lsp.change(
        &doc,
        3,
        json!([{"range": range(line, 0, line, 0), "text": "\n"}]),
    );
    let hover = lsp.request(
        "textDocument/hover",
        json!({"textDocument": {"uri": doc}, "position": pos(SECOND_ADD_LINE + 1, 2)}),
    );
    assert_eq!(hover["error"]["code"], -32603, "{hover}");

    // Without the trigger the document is analysed again, and answers come from it.
    lsp.change(&doc, 4, json!([{"text": TWO_KERNELS}]));
    assert!(lsp.diagnostics(&doc, Some(4)).is_empty());
    assert!(hover_markdown(&lsp.hover(&doc, FIRST_MOV_LINE, 2)).contains("mov"));
    assert!(lsp.shutdown_and_exit().success());
}
