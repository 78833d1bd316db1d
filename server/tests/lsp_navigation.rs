//! End-to-end tests of go-to-definition, find-references and the outline (`documentSymbol`)
//! over stdio. Positions are written as "the nth occurrence of a string" ([`Doc`]) and results
//! read back as (text, line) pairs.

use speclint_test_support::lsp_client;

use serde_json::{json, Value};
use speclint_test_support::lsp_client::*;

const SPECLINT: &str = env!("CARGO_BIN_EXE_speclint");

/// `SymbolKind` numbers of the protocol.
const FUNCTION: u64 = 12;
const VARIABLE: u64 = 13;
const CONSTANT: u64 = 14;

const KERNEL: &str = "\
.version 8.0
.target sm_90
.address_size 64

.global .align 4 .u32 counter;
.const .f32 scale = 0f3F800000;
.func (.param .b32 r) twice (.param .b32 x);

.visible .entry kernel(.param .u64 out, .param .u32 n)
{
\t.reg .b32 %r<8>;
\t.reg .b64 %rd<2>;
\t.reg .pred %p1;
\tld.param.u64 %rd1, [out];
\tld.param.u32 %r5, [n];
\tld.global.u32 %r1, [counter];
\t/* é 😀 */ add.s32 %r5, %r5, %r1;
\tsetp.lt.s32 %p1, %r5, 10;
\t@%p1 bra $L_end;
\t{
\t\t.param .b32 a;
\t\t.param .b32 b;
\t\tst.param.b32 [a], %r5;
\t\tcall (b), twice, (a);
\t}
$L_end:
\tst.global.u32 [counter], %r5;
\tret;
}

.func (.param .b32 r) twice (.param .b32 x)
{
\t.reg .b32 %t<2>;
\tld.param.b32 %t0, [x];
\tadd.s32 %t1, %t0, %t0;
\tst.param.b32 [r], %t1;
\tret;
}
";

#[test]
fn initialize_advertises_navigation() {
    let mut lsp = Lsp::spawn(SPECLINT);
    let caps = lsp.initialize()["capabilities"].clone();
    assert_eq!(caps["definitionProvider"], true, "{caps}");
    assert_eq!(caps["referencesProvider"], true, "{caps}");
    assert_eq!(caps["documentSymbolProvider"], true, "{caps}");
    assert!(lsp.shutdown_and_exit().success());
}

#[test]
fn definition_and_references_of_registers_labels_variables_and_functions() {
    let doc = Doc::new(KERNEL);
    let mut lsp = Lsp::spawn(SPECLINT);
    lsp.initialize();
    let uri = uri("kernel.ptx");
    lsp.open(&uri, KERNEL);
    assert_eq!(lsp.diagnostics(&uri, Some(1)), Vec::<Value>::new());

    // `%r5` in `ld.param.u32 %r5, [n];` -> `.reg .b32 %r<8>;` on line 11.
    let definition = lsp.definition(&uri, doc.position("%r5", 0));
    assert_eq!(definition["uri"], uri.as_str(), "{definition}");
    assert_eq!(doc.show(&definition["range"]), ("%r<8>", 11));
    assert_eq!(definition["range"], doc.range("%r<8>", 0));

    // Its references: the uses of `%r5` (not of `%r1`, from the same range), with the
    // declaration when asked.
    let uses = lsp.references(&uri, doc.position("%r5", 3), false);
    assert_eq!(
        doc.show_locations(&uses),
        [
            ("%r5", 15),
            ("%r5", 17),
            ("%r5", 17),
            ("%r5", 18),
            ("%r5", 23),
            ("%r5", 27)
        ]
    );
    assert!(uses
        .as_array()
        .unwrap()
        .iter()
        .all(|l| l["uri"] == uri.as_str()));
    let with_declaration = lsp.references(&uri, doc.position("%r5", 3), true);
    assert_eq!(
        doc.show_locations(&with_declaration)[0],
        ("%r<8>", 11),
        "{with_declaration}"
    );
    assert_eq!(with_declaration.as_array().unwrap().len(), 7);

    // A label used before its definition.
    let label = lsp.definition(&uri, doc.position("$L_end", 0));
    assert_eq!(doc.show(&label["range"]), ("$L_end", 26));
    // A module-scope variable, from its declaration.
    let counter = lsp.references(&uri, doc.position("counter", 0), true);
    assert_eq!(
        doc.show_locations(&counter),
        [("counter", 5), ("counter", 16), ("counter", 27)]
    );
    // A kernel parameter.
    let out = lsp.definition(&uri, doc.position("[out]", 0));
    assert_eq!(doc.show(&out["range"]), ("out", 9));
    // A call goes to the function's definition, not its prototype; the references of the
    // function include both.
    let twice = lsp.definition(&uri, doc.position("twice", 1));
    assert_eq!(doc.show(&twice["range"]), ("twice", 31));
    let twice = lsp.references(&uri, doc.position("twice", 2), true);
    assert_eq!(
        doc.show_locations(&twice),
        [("twice", 7), ("twice", 24), ("twice", 31)]
    );
    // Registers of another function's range are its own.
    let t0 = lsp.definition(&uri, doc.position("%t0", 1));
    assert_eq!(doc.show(&t0["range"]), ("%t<2>", 33));
    assert!(lsp.shutdown_and_exit().success());
}

#[test]
fn positions_count_utf16_units_after_an_emoji() {
    // `\t/* é 😀 */ add.s32 %r5, …` on line 17: the 😀 is two UTF-16 units.
    let doc = Doc::new(KERNEL);
    let at = doc.position("%r1;", 0);
    assert_eq!(at, pos(16, 31), "the fixture moved");
    let results = converse(
        SPECLINT,
        "ptx",
        KERNEL,
        &[
            ("textDocument/definition", json!({"position": at})),
            (
                "textDocument/references",
                json!({"position": at, "context": {"includeDeclaration": false}}),
            ),
        ],
    );
    assert_eq!(doc.show(&results[0]["range"]), ("%r<8>", 11));
    let uses = doc.show_locations(&results[1]);
    assert_eq!(uses, [("%r1", 16), ("%r1", 17)]);
    assert_eq!(
        results[1][1]["range"],
        json!({"start": pos(16, 30), "end": pos(16, 33)})
    );
}

#[test]
fn outline_nests_parameters_under_functions() {
    let doc = Doc::new(KERNEL);
    let [symbols] = converse(
        SPECLINT,
        "ptx",
        KERNEL,
        &[("textDocument/documentSymbol", Value::Null)],
    )
    .try_into()
    .unwrap();
    let top: Vec<(&str, u64, &str)> = symbols
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            (
                s["name"].as_str().unwrap(),
                s["kind"].as_u64().unwrap(),
                s["detail"].as_str().unwrap_or(""),
            )
        })
        .collect();
    assert_eq!(
        top,
        [
            ("counter", VARIABLE, ".global .u32"),
            ("scale", CONSTANT, ".const .f32"),
            ("twice", FUNCTION, ".func (declaration)"),
            ("kernel", FUNCTION, ".visible .entry"),
            ("twice", FUNCTION, ".func"),
        ]
    );
    let kernel = &symbols[3];
    assert_eq!(kernel["selectionRange"], doc.range("kernel", 0));
    assert_eq!(kernel["range"]["start"], pos(8, 0));
    assert_eq!(kernel["range"]["end"], pos(28, 1));
    let params: Vec<(&str, u64, &str)> = kernel["children"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            (
                s["name"].as_str().unwrap(),
                s["kind"].as_u64().unwrap(),
                s["detail"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        params,
        [
            ("out", VARIABLE, ".param .u64"),
            ("n", VARIABLE, ".param .u32")
        ]
    );
    assert_eq!(kernel["children"][0]["selectionRange"], doc.range("out", 0));
    // Globals have no children.
    assert!(symbols[0].get("children").is_none(), "{}", symbols[0]);
}

#[test]
fn nothing_to_find_is_null_or_empty_not_an_error() {
    let doc = Doc::new(KERNEL);
    let mut lsp = Lsp::spawn(SPECLINT);
    lsp.initialize();
    let uri = uri("kernel.ptx");
    lsp.open(&uri, KERNEL);
    lsp.diagnostics(&uri, Some(1));
    // An opcode, a special register-free blank line, a position past the end.
    for position in [doc.position("ld.param", 0), pos(3, 0), pos(999, 999)] {
        assert_eq!(lsp.definition(&uri, position.clone()), Value::Null);
        assert_eq!(lsp.references(&uri, position, true), json!([]));
    }
    // A document in another language, and one that is not open.
    let notes = lsp_client::uri("notes.txt");
    lsp.open(&notes, "%r5 and $L_end\n");
    lsp.diagnostics(&notes, Some(1));
    assert_eq!(lsp.definition(&notes, pos(0, 1)), Value::Null);
    assert_eq!(lsp.document_symbols(&notes), Value::Null);
    let closed = lsp_client::uri("closed.ptx");
    assert_eq!(lsp.references(&closed, pos(0, 1), true), Value::Null);
    assert!(lsp.shutdown_and_exit().success());
}

#[test]
fn navigation_follows_edits() {
    let doc = Doc::new(KERNEL);
    let mut lsp = Lsp::spawn(SPECLINT);
    lsp.initialize();
    let uri = uri("kernel.ptx");
    lsp.open(&uri, KERNEL);
    lsp.diagnostics(&uri, Some(1));
    // Declare `%r5` on its own in the inner block: its uses there now go to that declaration.
    let inner = doc.offset("\t\t.param .b32 a;", 0);
    let at = doc.position_of(inner);
    lsp.change(
        &uri,
        2,
        json!([{"range": {"start": at, "end": at}, "text": "\t\t.reg .b32 %r5;\n"}]),
    );
    assert_eq!(lsp.diagnostics(&uri, Some(2)), Vec::<Value>::new());
    // `st.param.b32 [a], %r5;` is now on line 24.
    let definition = lsp.definition(&uri, pos(23, 22));
    assert_eq!(
        definition["range"],
        json!({"start": pos(20, 12), "end": pos(20, 15)}),
        "{definition}"
    );
    let outer = lsp.references(&uri, doc.position("%r5", 0), false);
    assert_eq!(outer.as_array().unwrap().len(), 5, "{outer}");
    assert!(lsp.shutdown_and_exit().success());
}
