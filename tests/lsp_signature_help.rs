//! Signature help over the language server: while the operands of an instruction or op are
//! typed, the form(s) that fit with their operand lists, each operand's expected type, and
//! the operand under the cursor (`activeParameter`), for the three languages.

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

const TILE: &str = "\
cuda_tile.module @kernels {
  entry @scale(%p: tile<ptr<f32>>) {
    %c0 = constant <i32: 0> : tile<i32>
    %c4 = constant <i32: 4> : tile<i32>
    %h = constant <f32: 1.0> : tile<4xf32>
    %sum = addf %h, %h : tile<4xf32>
    %m = cmpi less_than %c0, %c4, signed : tile<i32> -> tile<i1>
    %s = select %m, %c0, %c4 : tile<i1>, tile<i32>
    return
  }
}
";

#[test]
fn tile_ir_op_formats_with_their_operands() {
    let mut lsp = Lsp::spawn(SPECLINT);
    lsp.initialize();
    let uri = uri("signature.mlir");
    lsp.open_as(&uri, "mlir", TILE);
    lsp.diagnostics(&uri, Some(1));

    let addf = "addf %lhs, %rhs rounding_mode (flush_to_zero)? : type(result)";
    for (before, active) in [("addf ", 0), ("addf %h, ", 1), ("addf %h, %", 1)] {
        let help = help_after(&mut lsp, &uri, TILE, before, 0);
        assert_eq!(
            signatures(&help),
            [(addf.to_string(), strings(&["%lhs", "%rhs"]), Some(active))],
            "after {before:?}"
        );
    }
    let help = help_after(&mut lsp, &uri, TILE, "addf ", 0);
    assert!(parameter_doc(&help, 0).contains("Left operand"), "{help}");

    let select = "select %cond, %val_if_true, %val_if_false : type(cond), type(result)";
    let help = help_after(&mut lsp, &uri, TILE, "select %m, %c0, ", 0);
    assert_eq!(
        signatures(&help),
        [(
            select.to_string(),
            strings(&["%cond", "%val_if_true", "%val_if_false"]),
            Some(2)
        )]
    );
    // Past the last operand (at the types): no operand is active.
    let help = help_after(&mut lsp, &uri, TILE, "select %m, %c0, %c4 : ", 0);
    assert_eq!(signatures(&help)[0].2, None, "{help}");
    let _: Value = lsp.call("shutdown", Value::Null);
}

const SPIRV: &str = "\
OpCapability Addresses
OpCapability Kernel
OpMemoryModel Physical64 OpenCL
OpEntryPoint Kernel %k \"k\"
%void = OpTypeVoid
%uint = OpTypeInt 32 0
%fn = OpTypeFunction %void %uint
%k = OpFunction %void None %fn
%n = OpFunctionParameter %uint
%l = OpLabel
%twice = OpIAdd %uint %n %n
%call = OpFunctionCall %void %k %n %n %n
OpReturn
OpFunctionEnd
";

#[test]
fn spirv_operands_from_the_grammar() {
    let mut lsp = Lsp::spawn(SPECLINT);
    lsp.initialize();
    let uri = uri("signature.spvasm");
    lsp.open_as(&uri, "spirv", SPIRV);
    lsp.diagnostics(&uri, Some(1));

    let iadd = (
        "OpIAdd %ResultType %Operand1 %Operand2".to_string(),
        strings(&["%ResultType", "%Operand1", "%Operand2"]),
    );
    for (before, active) in [
        ("OpIAdd ", 0),
        ("OpIAdd %uint ", 1),
        ("OpIAdd %uint %n", 1),
        ("OpIAdd %uint %n %n", 2),
    ] {
        let help = help_after(&mut lsp, &uri, SPIRV, before, 0);
        assert_eq!(
            signatures(&help),
            [(iadd.0.clone(), iadd.1.clone(), Some(active))],
            "after {before:?}"
        );
    }
    let help = help_after(&mut lsp, &uri, SPIRV, "OpIAdd ", 0);
    assert_eq!(parameter_doc(&help, 0), "`IdResultType`: an id");
    // A `*` operand takes every further argument.
    let help = help_after(&mut lsp, &uri, SPIRV, "%k %n %n ", 0);
    let found = signatures(&help);
    assert_eq!(found[0].1.len(), 3, "{help}");
    assert_eq!(found[0].2, Some(2), "{help}");
    assert!(found[0].1[2].ends_with('…'), "{help}");
    let _: Value = lsp.call("shutdown", Value::Null);
}
