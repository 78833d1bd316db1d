//! Rename over the language server, end to end on PTX: `prepareRename` gives the exact range
//! of the name under the cursor, `rename` every edit (definition and uses) as a workspace
//! edit, and a name that is not valid or already taken is refused with an error whose message
//! the editor shows. What each language renames is tested through the analysis
//! (crates/analysis/tests/ide/rename.rs).
//!
//! Fixtures mark the cursor with `$0` and every range the rename must edit with `«…»`.

use serde_json::{json, Value};
use speclint_test_support::lsp_client::*;
use speclint_test_support::marked::Marked;

const SPECLINT: &str = env!("CARGO_BIN_EXE_speclint");

struct Session {
    lsp: Lsp,
    opened: usize,
}

impl Session {
    fn new() -> Session {
        let mut lsp = Lsp::spawn(SPECLINT);
        lsp.initialize();
        Session { lsp, opened: 0 }
    }

    /// Opens the fixture's text as a new document; its uri.
    fn open(&mut self, extension: &str, text: &str) -> String {
        self.opened += 1;
        let uri = uri(&format!("rename{}.{extension}", self.opened));
        self.lsp.open_as(&uri, language_id(extension), text);
        self.lsp.diagnostics(&uri, Some(1));
        uri
    }

    /// Renames at the fixture's cursor and checks the prepared range (the marked range that
    /// holds the cursor) and that the edits are exactly the marked ranges, each to `new_name`.
    fn check(&mut self, extension: &str, fixture: &str, new_name: &str) {
        self.check_as(extension, fixture, new_name, new_name);
    }

    /// [`Session::check`] where the name typed (`x`) is written differently (`%x`).
    fn check_as(&mut self, extension: &str, fixture: &str, new_name: &str, written: &str) {
        let marked = Marked::parse(fixture);
        let uri = self.open(extension, &marked.text);
        let doc = Doc::new(&marked.text);
        let position = doc.position_of(marked.cursor);
        let prepared = self.lsp.call(
            "textDocument/prepareRename",
            json!({"textDocument": {"uri": uri}, "position": position}),
        );
        let prepared = (
            doc.offset_of(&prepared["start"]),
            doc.offset_of(&prepared["end"]),
        );
        assert!(
            marked.ranges.contains(&prepared)
                && prepared.0 <= marked.cursor
                && marked.cursor <= prepared.1,
            "prepareRename gave {prepared:?}, marked {:?}, cursor {}",
            marked.ranges,
            marked.cursor
        );
        let renamed = self.lsp.call(
            "textDocument/rename",
            json!({"textDocument": {"uri": uri}, "position": position, "newName": new_name}),
        );
        let edits = renamed["changes"][&uri]
            .as_array()
            .unwrap_or_else(|| panic!("no edits for {uri}: {renamed}"));
        let mut ranges: Vec<(usize, usize)> = edits
            .iter()
            .map(|e| {
                assert_eq!(e["newText"], written, "{e}");
                (
                    doc.offset_of(&e["range"]["start"]),
                    doc.offset_of(&e["range"]["end"]),
                )
            })
            .collect();
        ranges.sort();
        let shown = |ranges: &[(usize, usize)]| -> Vec<String> {
            ranges
                .iter()
                .map(|&(s, e)| format!("{}@{s}", &marked.text[s..e]))
                .collect()
        };
        assert_eq!(shown(&ranges), shown(&marked.ranges), "in\n{}", marked.text);
    }

    /// Renaming at the fixture's cursor to `new_name` fails with a message containing `reason`.
    fn refused(&mut self, extension: &str, fixture: &str, new_name: &str, reason: &str) {
        let marked = Marked::parse(fixture);
        let uri = self.open(extension, &marked.text);
        let position = Doc::new(&marked.text).position_of(marked.cursor);
        let answer = self.lsp.request(
            "textDocument/rename",
            json!({"textDocument": {"uri": uri}, "position": position, "newName": new_name}),
        );
        let message = answer["error"]["message"].as_str().unwrap_or_default();
        assert!(message.contains(reason), "{answer}");
    }

    fn finish(mut self) {
        let _: Value = self.lsp.call("shutdown", Value::Null);
    }
}

const PTX_HEADER: &str = ".version 8.0\n.target sm_90\n.address_size 64\n";

fn ptx(body: &str) -> String {
    format!("{PTX_HEADER}{body}")
}

#[test]
fn ptx_registers_labels_functions_variables_and_parameters() {
    let mut s = Session::new();
    // A register range: a member renames the prefix, in the declaration and every member;
    // the inner block's own `%r<2>` and its `%r1` are another range.
    s.check(
        "ptx",
        &ptx(".visible .entry k()\n{\n    .reg .b32 «%r»<4>;\n    mov.b32 «%r»1, 7;\n    add.s32 «%r»2, «%r»1, «$0%r»1;\n    {\n        .reg .b32 %r<2>;\n        mov.b32 %r1, 0;\n    }\n    st.global.u32 [0], «%r»2;\n    ret;\n}\n"),
        "%v",
    );
    // The range's declaration itself: only the prefix.
    s.check(
        "ptx",
        &ptx(".visible .entry k()\n{\n    .reg .b32 «%r$0»<4>;\n    mov.b32 «%r»3, 7;\n    ret;\n}\n"),
        "%val",
    );
    // A plain register.
    s.check(
        "ptx",
        &ptx(".visible .entry k()\n{\n    .reg .pred «%p»;\n    setp.eq.u32 «%$0p», 1, 2;\n    @«%p» ret;\n    ret;\n}\n"),
        "%done",
    );
    // A label, from its definition.
    s.check(
        "ptx",
        &ptx(".visible .entry k()\n{\n    .reg .pred %p;\n    setp.eq.u32 %p, 1, 2;\n    @%p bra «$L_end»;\n«$L_$0end»:\n    ret;\n}\n"),
        "$L_exit",
    );
    // A function: its prototype, its definition and the call.
    s.check(
        "ptx",
        &ptx(".func «helper» ();\n\n.visible .entry k()\n{\n    call «help$0er», ();\n    ret;\n}\n\n.func «helper» ()\n{\n    ret;\n}\n"),
        "assist",
    );
    // A kernel parameter and a module-scope variable.
    s.check(
        "ptx",
        &ptx(".global .u32 counter;\n\n.visible .entry k(.param .u64 «o$0ut»)\n{\n    .reg .b64 %rd1;\n    ld.param.u64 %rd1, [«out»];\n    ld.global.u32 %rd1, [counter];\n    ret;\n}\n"),
        "buffer",
    );
    s.check(
        "ptx",
        &ptx(".global .u32 «counter»;\n\n.visible .entry k()\n{\n    .reg .b32 %r1;\n    ld.global.u32 %r1, [«count$0er»];\n    st.global.u32 [«counter»], %r1;\n    ret;\n}\n"),
        "hits",
    );
    s.finish();
}

#[test]
fn ptx_refuses_invalid_and_taken_names() {
    let mut s = Session::new();
    let kernel = ptx(".global .u32 total;\n\n.visible .entry k()\n{\n    .reg .b32 %r<4>;\n    .reg .b32 %x$0;\n    .reg .pred %p;\n    mov.b32 %x, 1;\n    ret;\n}\n");
    s.refused("ptx", &kernel, "1x", "not a PTX identifier");
    s.refused("ptx", &kernel, "%a.b", "not a PTX identifier");
    s.refused(
        "ptx",
        &kernel,
        "%p",
        "already declared in this scope: register `%p`",
    );
    // A member of a range counts; a module-scope name too.
    s.refused(
        "ptx",
        &kernel,
        "%r3",
        "already declared in this scope: register `%r`",
    );
    s.refused(
        "ptx",
        &kernel,
        "total",
        "already declared in this scope: variable `total`",
    );
    // A range's prefix must not end in a digit.
    let range = ptx(".visible .entry k()\n{\n    .reg .b32 %r$0<4>;\n    ret;\n}\n");
    s.refused("ptx", &range, "%q1", "ends in a digit");
    s.finish();
}
