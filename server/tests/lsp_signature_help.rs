//! Signature help over the language server, end to end on PTX: the trigger characters, and
//! while the operands of an instruction are typed, the form(s) that fit with their operand
//! lists (labels as UTF-16 offsets), each operand's expected type, and the operand under the
//! cursor (`activeParameter`). What each language answers is tested through the analysis
//! (crates/analysis/tests/ide/signature_help.rs).

use serde_json::{json, Value};
use speclint_test_support::lsp_client::*;

const SPECLINT: &str = env!("CARGO_BIN_EXE_speclint");

/// The signature help at the end of the `nth` occurrence of `before` in `text`.
fn help_after(lsp: &mut Lsp, uri: &str, text: &str, before: &str, nth: usize) -> Value {
    let doc = Doc::new(text);
    let position = doc.position_of(doc.offset(before, nth) + before.len());
    lsp.call(
        "textDocument/signatureHelp",
        json!({"textDocument": {"uri": uri}, "position": position}),
    )
}

/// Each signature as (label, its parameters as written in the label, its activeParameter).
fn signatures(help: &Value) -> Vec<(String, Vec<String>, Option<u64>)> {
    help["signatures"]
        .as_array()
        .unwrap_or_else(|| panic!("no signatures: {help}"))
        .iter()
        .map(|s| {
            let label = s["label"].as_str().unwrap();
            let units: Vec<u16> = label.encode_utf16().collect();
            let parameters = s["parameters"]
                .as_array()
                .unwrap()
                .iter()
                .map(|p| {
                    let [start, end] = [0, 1].map(|i| p["label"][i].as_u64().unwrap() as usize);
                    String::from_utf16(&units[start..end]).unwrap()
                })
                .collect();
            (label.to_string(), parameters, s["activeParameter"].as_u64())
        })
        .collect()
}

/// The documentation of parameter `index` of the first signature.
fn parameter_doc(help: &Value, index: usize) -> &str {
    help["signatures"][0]["parameters"][index]["documentation"]["value"]
        .as_str()
        .unwrap_or_default()
}

fn strings(list: &[&str]) -> Vec<String> {
    list.iter().map(|s| s.to_string()).collect()
}

const PTX: &str = "\
.version 8.0
.target sm_90
.address_size 64

.visible .entry k(.param .u64 out)
{
    .reg .b32 %r<4>;
    .reg .pred %p;
    .reg .b64 %rd<2>;
$L0: @%p add.s32 %r1, %r2, %r3;
    setp.lt.s32 %p, %r1, 10;
    ld.global.v2.u32 {%r1, %r2}, [%rd1];
    mov.u32 %r1, 1; // add.s32 %r1,
    ret;
}
";

#[test]
fn ptx_forms_operands_and_the_operand_under_the_cursor() {
    let mut lsp = Lsp::spawn(SPECLINT);
    let init = lsp.initialize();
    let triggers = &init["capabilities"]["signatureHelpProvider"]["triggerCharacters"];
    assert_eq!(triggers, &json!([",", " "]), "{init}");
    let uri = uri("signature.ptx");
    lsp.open(&uri, PTX);
    lsp.diagnostics(&uri, Some(1));

    // Right after the opcode (past a label and a guard), on each operand in turn.
    let add = strings(&["d", "a", "b"]);
    for (before, active) in [
        ("add.s32 ", 0),
        ("add.s32 %r", 0),
        ("%r1, ", 1),
        ("%r1, %r2, %r", 2),
    ] {
        let help = help_after(&mut lsp, &uri, PTX, before, 0);
        assert_eq!(
            signatures(&help),
            [("add.s32 d, a, b".to_string(), add.clone(), Some(active))],
            "after {before:?}"
        );
        assert_eq!(help["activeParameter"], active, "after {before:?}");
        assert_eq!(parameter_doc(&help, 0), "destination · `.s32`");
        assert_eq!(parameter_doc(&help, 2), "source · `.s32`");
    }

    // setp has two forms (with and without the combining predicate `c`).
    let help = help_after(&mut lsp, &uri, PTX, "setp.lt.s32 %p, %r1, ", 0);
    assert_eq!(
        signatures(&help),
        [
            (
                "setp.lt.s32 p[|q], a, b".to_string(),
                strings(&["p[|q]", "a", "b"]),
                Some(2)
            ),
            (
                "setp.lt.s32 p[|q], a, b, c".to_string(),
                strings(&["p[|q]", "a", "b", "c"]),
                Some(2)
            ),
        ]
    );
    assert_eq!(parameter_doc(&help, 0), "destination · `.pred`");

    // Commas inside a vector do not count; the address is the second operand.
    let help = help_after(&mut lsp, &uri, PTX, "{%r1, %r2}, [", 0);
    let found = signatures(&help);
    assert_eq!(found[0].0, "ld.global.v2.u32 d, [a]", "{help}");
    assert_eq!(found[0].2, Some(1));
    assert_eq!(
        parameter_doc(&help, 0),
        "destination · `.u32` · vector of 2"
    );
    assert_eq!(parameter_doc(&help, 1), "source · address in `.global`");

    // In a comment, in a directive, or still on the opcode: nothing.
    for (before, nth) in [("add.s32 %r1,", 1), (".reg .b32 %r", 0), ("    mov.u3", 0)] {
        let help = help_after(&mut lsp, &uri, PTX, before, nth);
        assert_eq!(help, Value::Null, "after {before:?}");
    }
    let _: Value = lsp.call("shutdown", Value::Null);
}
