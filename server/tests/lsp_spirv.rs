//! SPIR-V over the language server (stdio): diagnostics with their quick-fixes, hovers on
//! opcodes, ids and OpenCL.std functions, completion, go-to definition, references and the
//! outline of a `.spvasm` file; settings from `initializationOptions`.

use serde_json::{json, Value};
use speclint_test_support::lsp_client::*;

const SPECLINT: &str = env!("CARGO_BIN_EXE_speclint");

const MODULE: &str = "\
; SPIR-V
; Version: 1.0
OpCapability Addresses
OpCapability Kernel
%std = OpExtInstImport \"OpenCL.std\"
OpMemoryModel Physical64 OpenCL
OpEntryPoint Kernel %k \"scale\"
%void = OpTypeVoid
%long = OpTypeInt 64 0
%float = OpTypeFloat 32
%ptr = OpTypePointer CrossWorkgroup %float
%fn = OpTypeFunction %void %ptr
%k = OpFunction %void None %fn
%p = OpFunctionParameter %ptr
%entry = OpLabel
%x = OpLoad %float %p Aligned 4
%y = OpExtInst %float %std cos %x
OpStore %p %y Aligned 4
OpReturn
OpFunctionEnd
";

fn hover_at(lsp: &mut Lsp, uri: &str, position: Value) -> Value {
    let line = position["line"].as_u64().unwrap() as u32;
    let character = position["character"].as_u64().unwrap() as u32;
    lsp.hover(uri, line, character)
}

#[test]
fn diagnostics_fix_hover_completion_navigation_and_outline() {
    let doc = Doc::new(MODULE);
    let mut lsp = Lsp::spawn(SPECLINT);
    lsp.initialize();
    let uri = uri("kernel.spvasm");
    lsp.open(&uri, MODULE);

    // A 64-bit integer type without the Int64 capability, on its instruction.
    let diagnostics = lsp.diagnostics(&uri, Some(1));
    assert_eq!(codes(&diagnostics), ["SPV009"], "{diagnostics:?}");
    assert_eq!(diagnostics[0]["range"]["start"]["line"], 8);

    // The quick-fix declares the capability after the last OpCapability.
    let actions = lsp.call(
        "textDocument/codeAction",
        json!({
            "textDocument": {"uri": uri},
            "range": diagnostics[0]["range"],
            "context": {"diagnostics": diagnostics},
        }),
    );
    let action = &actions.as_array().unwrap()[0];
    assert_eq!(action["title"], "Declare `OpCapability Int64`", "{actions}");
    let edits = action["edit"]["changes"][&uri].as_array().unwrap();
    let fixed = apply_edits(MODULE, edits);
    assert!(
        fixed.contains("OpCapability Kernel\nOpCapability Int64\n%std"),
        "{fixed}"
    );
    lsp.change(&uri, 2, json!([{"text": fixed}]));
    assert!(lsp.diagnostics(&uri, Some(2)).is_empty());
    lsp.change(&uri, 3, json!([{"text": MODULE}]));
    lsp.diagnostics(&uri, Some(3));

    // Hovers: an opcode, an id and an OpenCL.std function with its accuracy.
    let markdown = hover_markdown(&hover_at(&mut lsp, &uri, doc.position("OpLoad", 0))).to_string();
    assert!(
        markdown.contains("**OpLoad** — Memory instruction"),
        "{markdown}"
    );
    let markdown = hover_markdown(&hover_at(&mut lsp, &uri, doc.position("%x", 1))).to_string();
    assert!(markdown.contains("Type: float32."), "{markdown}");
    let markdown = hover_markdown(&hover_at(&mut lsp, &uri, doc.position("cos", 0))).to_string();
    assert!(markdown.contains("| float | <= 4 ulp |"), "{markdown}");

    // Completion of an enumerant at the cursor's operand.
    let completions = lsp.call(
        "textDocument/completion",
        json!({"textDocument": {"uri": uri}, "position": doc.position("Kernel %k", 0)}),
    );
    let items = completions
        .get("items")
        .and_then(Value::as_array)
        .or(completions.as_array())
        .unwrap();
    assert!(
        items.iter().any(|i| i["label"] == "Kernel"),
        "{completions}"
    );

    // Definition and references of %p.
    let definition = lsp.definition(&uri, doc.position("%p", 2));
    assert_eq!(doc.show(&definition["range"]), ("%p", 14), "{definition}");
    let references = lsp.references(&uri, doc.position("%p", 2), true);
    assert_eq!(
        doc.show_locations(&references),
        [("%p", 14), ("%p", 16), ("%p", 18)]
    );

    // Rename %p: the editor asks where the name is, then gets every occurrence.
    let prepared = lsp.call(
        "textDocument/prepareRename",
        json!({"textDocument": {"uri": uri}, "position": doc.position("%p", 2)}),
    );
    assert_eq!(doc.show(&prepared), ("%p", 14), "{prepared}");
    let renamed = lsp.call(
        "textDocument/rename",
        json!({"textDocument": {"uri": uri}, "position": doc.position("%p", 2), "newName": "buf"}),
    );
    let edits = renamed["changes"][&uri].as_array().unwrap();
    let after = apply_edits(MODULE, edits);
    assert_eq!(after.matches("%buf").count(), 3, "{after}");
    assert!(!after.contains("%p "), "{after}");
    // A name another id has is refused, with the reason.
    let clash = lsp.request(
        "textDocument/rename",
        json!({"textDocument": {"uri": uri}, "position": doc.position("%p", 2), "newName": "%x"}),
    );
    let message = clash["error"]["message"].as_str().unwrap_or_default();
    assert!(message.contains("%x is already an id"), "{clash}");

    // The outline: the kernel by its entry point name, with its parameter.
    let symbols = lsp.document_symbols(&uri);
    assert_eq!(symbols[0]["name"], "scale", "{symbols}");
    assert_eq!(symbols[0]["children"][0]["name"], "%p", "{symbols}");
    let _: Value = lsp.call("shutdown", Value::Null);
}

#[test]
fn the_opencl_version_comes_from_the_editor_settings() {
    let mut lsp = Lsp::spawn(SPECLINT);
    lsp.initialize_params(json!({
        "capabilities": {},
        "initializationOptions": {"spirv": {"opencl-version": "1.2"}},
    }));
    let uri = uri("generic.spvasm");
    let text = MODULE.replace(
        "OpCapability Kernel\n",
        "OpCapability Kernel\nOpCapability Int64\nOpCapability GenericPointer\n",
    );
    lsp.open(&uri, &text);
    let diagnostics = lsp.diagnostics(&uri, Some(1));
    assert_eq!(codes(&diagnostics), ["SPV027"], "{diagnostics:?}");
    let message = diagnostics[0]["message"].as_str().unwrap();
    assert!(message.contains("OpenCL 1.2"), "{message}");
    let _: Value = lsp.call("shutdown", Value::Null);
}

/// Edits inside one function are re-checked from the previous analysis (`spirv::incremental`);
/// whatever the server reuses, each version's diagnostics and a hover on the edited line must
/// be those of a server that opens that text fresh.
#[test]
fn edited_functions_give_what_a_fresh_open_gives() {
    let original = include_str!("../../tests/spirv/corpus/spvasm/bitonic_sort.cl20.spvasm");
    let second = original.match_indices("= OpFunction ").nth(1).unwrap().0;
    let op = second + original[second..].find("= OpLoad").unwrap() + 8;
    // The line after the edited one.
    let line = op + original[op..].find('\n').unwrap() + 1;
    let first = original.find("= OpFunction ").unwrap();
    let first_op = first + original[first..].find("= OpLoad").unwrap() + 8;
    // (offset in the current text, bytes removed, text inserted)
    let edits: Vec<(usize, usize, &str)> = vec![
        (op, 0, "x"),
        (op, 1, ""),
        (line, 0, "%q = OpIAdd %uint %q %undefined\n"),
        (first_op, 0, "y"),
        (first_op, 1, ""),
        (op, 0, " ; a \"quote"),
        (op, 11, ""),
        (op, 40, ""),
    ];
    assert_edits_match_fresh_opens(SPECLINT, "edited.spvasm", original, &edits, -2);
}

#[test]
fn a_hover_in_another_function_does_not_wait_for_the_edited_one() {
    let text = "\
; SPIR-V
; Version: 1.0
OpCapability Addresses
OpCapability Kernel
OpMemoryModel Physical64 OpenCL
OpEntryPoint Kernel %first \"first\"
OpEntryPoint Kernel %second \"second\"
OpName %sum \"sum\"
%void = OpTypeVoid
%uint = OpTypeInt 32 0
%ptr = OpTypePointer CrossWorkgroup %uint
%fn = OpTypeFunction %void %ptr
%one = OpConstant %uint 1
%first = OpFunction %void None %fn
%p = OpFunctionParameter %ptr
%a = OpLabel
%x = OpLoad %uint %p
%sum = OpIAdd %uint %x %one
OpStore %p %sum
OpReturn
OpFunctionEnd
%second = OpFunction %void None %fn
%q = OpFunctionParameter %ptr
%b = OpLabel
%y = OpLoad %uint %q
%z = OpIAdd %uint %y %one
OpStore %q %z
OpReturn
OpFunctionEnd
";
    let doc = Doc::new(text);
    let line_of = |needle: &str| doc.position(needle, 0)["line"].as_u64().unwrap() as u32;
    // The edit plants the panic trigger: an answer that waits for the new analysis fails.
    let mut lsp = Lsp::spawn_with_env(SPECLINT, &[("SPECLINT_LSP_PANIC_ON", "PANIC-HERE")]);
    lsp.initialize();
    let uri = uri("two.spvasm");
    lsp.open(&uri, text);
    assert!(lsp.diagnostics(&uri, Some(1)).is_empty());
    let store = line_of("OpStore %p %sum");
    let end = "OpStore %p %sum".len() as u32;
    lsp.change(
        &uri,
        2,
        json!([{"range": range(store, end, store, end), "text": " ; PANIC-HERE"}]),
    );

    // In the other function: answered from the analysis of version 1.
    let hover = hover_at(&mut lsp, &uri, doc.position("OpIAdd %uint %y", 0));
    assert!(hover_markdown(&hover).contains("OpIAdd"), "{hover}");
    let definition = lsp.definition(&uri, doc.position("%y %one", 0));
    assert_eq!(
        definition["range"]["start"]["line"],
        line_of("%y = OpLoad"),
        "{definition}"
    );
    let completion = lsp.request(
        "textDocument/completion",
        json!({"textDocument": {"uri": uri}, "position": doc.position("%y %one", 0)}),
    );
    assert!(completion.get("error").is_none(), "{completion}");

    // In the edited function: the request waits (and fails here).
    let waited = lsp.request(
        "textDocument/hover",
        json!({"textDocument": {"uri": uri}, "position": doc.position("OpLoad %uint %p", 0)}),
    );
    assert_eq!(waited["error"]["code"], -32603, "{waited}");

    // An edit of an instruction whose id OpName names (the trigger moved onto its line, so
    // that the text differs from version 1 on that line alone): a hover on the name shows
    // the instruction, so the edit is not isolated: requests outside the function wait too.
    let sum = line_of("%sum = OpIAdd");
    let operand = "%sum = OpIAdd %uint %x ".len() as u32;
    lsp.change(
        &uri,
        3,
        json!([
            {"range": range(store, end, store, end + 13), "text": ""},
            {"range": range(sum, operand, sum, operand + 4), "text": "%x ; PANIC-HERE"},
        ]),
    );
    let waited = lsp.request(
        "textDocument/hover",
        json!({"textDocument": {"uri": uri}, "position": doc.position("%sum \"sum\"", 0)}),
    );
    assert_eq!(waited["error"]["code"], -32603, "{waited}");
    let waited = lsp.request(
        "textDocument/hover",
        json!({"textDocument": {"uri": uri}, "position": doc.position("OpIAdd %uint %y", 0)}),
    );
    assert_eq!(waited["error"]["code"], -32603, "{waited}");
    assert!(lsp.shutdown_and_exit().success());
}
