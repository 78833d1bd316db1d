//! `speclint lsp` on a `.cu` file, as an editor with clangd beside it sees it: inside the `asm`
//! strings the PTX language's answers at C++ positions (UTF-16 columns), outside them nothing.

use serde_json::{json, Value};
use speclint_test_support::lsp_client::*;

const SPECLINT: &str = env!("CARGO_BIN_EXE_speclint");

/// `é` and `😀` before the statement: UTF-16 columns differ from byte columns. The guard makes
/// the statement's target sm_80: `fence.proxy.async` needs sm_90 (PTX005, with a fix that raises
/// the guard) and `movv` is misspelt (PTX002, with a "did you mean" fix).
const KERNEL: &str = "#include <cstdint>
__global__ void k(unsigned *p) {
  unsigned v = p[0];
#if __CUDA_ARCH__ >= 800
  /* é 😀 */ asm volatile(\"movv.u32 %0, %0;\\n\\t\"
      \"bmsk.clamp.b32 %0, %0, %0;\\n\\t\"
      \"fence.proxy.async.shared::cta;\" : \"+r\"(v) :: \"memory\");
#endif
  p[1] = v;
}
";

fn complete(lsp: &mut Lsp, uri: &str, position: Value) -> Value {
    lsp.call(
        "textDocument/completion",
        json!({"textDocument": {"uri": uri}, "position": position}),
    )
}

fn code_actions(lsp: &mut Lsp, uri: &str, diagnostic: &Value) -> Vec<Value> {
    let actions = lsp.call(
        "textDocument/codeAction",
        json!({
            "textDocument": {"uri": uri},
            "range": diagnostic["range"],
            "context": {"diagnostics": [diagnostic]},
        }),
    );
    actions.as_array().cloned().unwrap_or_default()
}

/// The action titled `title`, applied to `text`: the new text.
fn apply_action(actions: &[Value], title: &str, uri: &str, text: &str) -> String {
    let action = actions
        .iter()
        .find(|a| a["title"] == title)
        .unwrap_or_else(|| panic!("no {title:?} in {actions:#?}"));
    let edits = action["edit"]["changes"][uri].as_array().unwrap();
    apply_edits(text, edits)
}

/// The decoded semantic tokens: (text, 0-based line, type).
fn tokens(doc: &Doc, legend: &Value, result: &Value) -> Vec<(String, u32, String)> {
    let data: Vec<u32> = result["data"]
        .as_array()
        .unwrap_or_else(|| panic!("no token data: {result}"))
        .iter()
        .map(|n| n.as_u64().unwrap() as u32)
        .collect();
    let types = legend["tokenTypes"].as_array().unwrap();
    let (mut line, mut column) = (0u32, 0u32);
    data.chunks(5)
        .map(|t| {
            if t[0] > 0 {
                column = 0;
            }
            line += t[0];
            column += t[1];
            let range = json!({"start": pos(line, column), "end": pos(line, column + t[2])});
            let (text, _) = doc.show(&range);
            let kind = types[t[3] as usize].as_str().unwrap().to_string();
            (text.to_string(), line, kind)
        })
        .collect()
}

#[test]
fn a_cu_file_gets_ptx_answers_inside_its_asm_strings_only() {
    let mut lsp = Lsp::spawn(SPECLINT);
    let init = lsp.initialize();
    let legend = init["capabilities"]["semanticTokensProvider"]["legend"].clone();
    let uri = uri("kernel.cu");
    let doc = Doc::new(KERNEL);
    lsp.open_as(&uri, "cuda-cpp", KERNEL);
    let diagnostics = lsp.diagnostics(&uri, Some(1));
    assert_eq!(
        codes(&diagnostics),
        ["PTX002", "PTX005"],
        "{diagnostics:#?}"
    );
    // The column counts UTF-16 units: `😀` is two, and `é` one (the bytes are 4 and 2).
    let column = "  /* é 😀 */ asm volatile(\"".encode_utf16().count() as u32;
    assert_eq!(column, 27);
    assert_eq!(diagnostics[0]["range"], range(4, column, 4, column + 4));
    assert_eq!(
        doc.show(&diagnostics[1]["range"]).0,
        "fence.proxy.async.shared::cta"
    );

    // Hovers: an opcode (on one of its modifiers) as a .ptx file shows it, against the guard's
    // target; a placeholder with its operand.
    let hover = lsp.hover(&uri, 5, 14);
    assert_eq!(doc.show(&hover["range"]), ("bmsk.clamp.b32", 6), "{hover}");
    let markdown = hover_markdown(&hover);
    assert!(markdown.starts_with("### `bmsk`"), "{markdown}");
    assert!(
        markdown.contains("sm_70 ✓ (statement: sm_80)"),
        "{markdown}"
    );
    assert!(
        markdown.ends_with("Checked against `sm_80`, from the guard `#if __CUDA_ARCH__ >= 800`."),
        "{markdown}"
    );
    let fence = lsp.hover(&uri, 6, 9);
    assert!(
        hover_markdown(&fence).contains("sm_90 ✗ (statement: sm_80)"),
        "{fence}"
    );
    let placeholder = doc.position("%0", 1);
    let operand = lsp.hover(
        &uri,
        placeholder["line"].as_u64().unwrap() as u32,
        placeholder["character"].as_u64().unwrap() as u32,
    );
    assert_eq!(doc.show(&operand["range"]).0, "%0");
    assert!(
        hover_markdown(&operand).contains("output operand 0, `\"+r\"(v)`, read and written"),
        "{operand}"
    );

    // Completion after `bmsk.cl`: the modifiers its forms allow, replacing `.cl` in the literal.
    let after = doc.offset("bmsk.cl", 0) + "bmsk.cl".len();
    let items = complete(&mut lsp, &uri, doc.position_of(after));
    let clamp = items
        .as_array()
        .unwrap()
        .iter()
        .find(|i| i["label"] == ".clamp")
        .unwrap_or_else(|| panic!("{items}"));
    assert_eq!(doc.show(&clamp["textEdit"]["range"]).0, ".cl");

    // Semantic tokens: the PTX in the strings, never a quote, an escape or C++.
    let result = lsp.call(
        "textDocument/semanticTokens/full",
        json!({"textDocument": {"uri": uri}}),
    );
    let found = tokens(&doc, &legend, &result);
    assert!(
        found.iter().any(|(t, l, _)| t == "bmsk" && *l == 5),
        "{found:?}"
    );
    let kind_of = |text: &str| {
        found
            .iter()
            .find(|(t, _, _)| t == text)
            .map(|(_, _, k)| k.clone())
    };
    assert_eq!(kind_of("movv"), kind_of("bmsk"), "{found:?}");
    assert!(kind_of("%0").is_some(), "{found:?}");
    for (text, line, _) in &found {
        assert!((4..=6).contains(line), "{text:?} on line {line}");
        assert!(!text.contains(['"', '\\']), "{text:?}");
    }

    // What a C++ language server answers stays with it: hover, completion and definition on
    // C++ identifiers, the `asm` keyword and the operand list get nothing.
    for needle in [
        "unsigned *p",
        "p[1]",
        "asm volatile",
        "(v) ::",
        "__CUDA_ARCH__",
    ] {
        let at = doc.position_of(doc.offset(needle, 0) + 1);
        let line = at["line"].as_u64().unwrap() as u32;
        let character = at["character"].as_u64().unwrap() as u32;
        assert!(
            lsp.hover(&uri, line, character).is_null(),
            "hover on {needle}"
        );
        let items = complete(&mut lsp, &uri, at.clone());
        assert!(
            items.is_null() || items.as_array().is_some_and(Vec::is_empty),
            "completion on {needle}: {items}"
        );
        assert!(lsp.definition(&uri, at).is_null(), "definition on {needle}");
    }

    // Quick fixes land in the literal: "did you mean", then the guard raised or a suppression
    // comment; each clears its finding.
    let fixed = apply_action(
        &code_actions(&mut lsp, &uri, &diagnostics[0]),
        "Replace with `mov`",
        &uri,
        KERNEL,
    );
    assert!(
        fixed.contains("asm volatile(\"mov.u32 %0, %0;\\n\\t\""),
        "{fixed}"
    );
    lsp.change(&uri, 2, json!([{"text": fixed}]));
    let left = lsp.diagnostics(&uri, Some(2));
    assert_eq!(codes(&left), ["PTX005"], "{left:#?}");
    let actions = code_actions(&mut lsp, &uri, &left[0]);
    // The suppression comment goes after the literal, on the finding's line, and works there.
    let suppressed = apply_action(&actions, "Suppress PTX005 on this line", &uri, &fixed);
    assert!(
        suppressed.contains(
            "\"fence.proxy.async.shared::cta;\" : \"+r\"(v) :: \"memory\"); // speclint: ignore[PTX005]\n"
        ),
        "{suppressed}"
    );
    lsp.change(&uri, 3, json!([{"text": suppressed}]));
    let none = lsp.diagnostics(&uri, Some(3));
    assert!(none.is_empty(), "{none:#?}");
    let raised = apply_action(
        &actions,
        "Raise the guard to `__CUDA_ARCH__ >= 900`",
        &uri,
        &fixed,
    );
    assert!(raised.contains("#if __CUDA_ARCH__ >= 900\n"), "{raised}");
    lsp.change(&uri, 4, json!([{"text": raised}]));
    let none = lsp.diagnostics(&uri, Some(4));
    assert!(none.is_empty(), "{none:#?}");
    assert!(lsp.shutdown_and_exit().success());
}
