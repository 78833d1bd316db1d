//! Tile IR over the language server (stdio): which `.mlir` files are claimed, the Tile IR
//! version from the client's settings, split files, and requests and edits against the
//! analysis of an edited entry. What the features answer for Tile IR is tested through the
//! analysis (crates/analysis/tests/ide).

use serde_json::Value;
use speclint_test_support::lsp_client::*;

const SPECLINT: &str = env!("CARGO_BIN_EXE_speclint");

fn hover_at(lsp: &mut Lsp, uri: &str, position: Value) -> Value {
    let line = position["line"].as_u64().unwrap() as u32;
    let character = position["character"].as_u64().unwrap() as u32;
    lsp.hover(uri, line, character)
}

#[test]
fn mlir_without_cuda_tile_is_not_claimed() {
    let mut lsp = Lsp::spawn(SPECLINT);
    lsp.initialize();
    let uri = uri("other.mlir");
    lsp.open(&uri, "func.func @f() {\n  return\n}\n");
    assert_eq!(lsp.diagnostics(&uri, Some(1)), Vec::<Value>::new());
}

/// A newer Tile IR version from the client's settings: the module is checked against 13.4 (the
/// newest the spec-db holds) with one TILE019 note at its start, an op 13.4 does not define is
/// not an error, and a value an unknown op defines has the type written for it (hover).
#[test]
fn a_newer_version_from_the_settings_gets_one_note() {
    const NEWER: &str = "\
cuda_tile.module @m {
  entry @k() {
    %t = make_token : token
    %w = gdc_wait_tko token = %t -> token
    %a = constant <f32: 1.0> : tile<4xf32>
    %q = exp10 %a : tile<4xf32>
    %d = gdc_launch_dependents_tko token = %w -> token
    return
  }
}
";
    let doc = Doc::new(NEWER);
    let mut lsp = Lsp::spawn(SPECLINT);
    lsp.initialize_params(serde_json::json!({
        "initializationOptions": {"tile-ir": {"version": "13.5"}}
    }));
    let uri = uri("newer.mlir");
    lsp.open(&uri, NEWER);
    let diagnostics = lsp.diagnostics(&uri, Some(1));
    assert_eq!(codes(&diagnostics), ["TILE019"], "{diagnostics:?}");
    assert_eq!(diagnostics[0]["severity"], 3, "information");
    assert_eq!(diagnostics[0]["range"], range(0, 0, 0, 0));
    let message = diagnostics[0]["message"].as_str().unwrap();
    for part in ["Tile IR 13.5", "checked against 13.4", "`exp10` (line 6)"] {
        assert!(message.contains(part), "{part}: {message}");
    }
    // The 13.4 ops are checked, not listed.
    assert!(!message.contains("gdc_wait_tko"), "{message}");
    let hover = hover_at(&mut lsp, &uri, doc.position("%q", 0));
    assert!(
        hover_markdown(&hover).contains("%q: tile<4xf32>"),
        "{hover}"
    );

    // Checked as 13.3, the same ops are errors: the 13.4 ones too new, `exp10` unknown.
    lsp.notify(
        "workspace/didChangeConfiguration",
        serde_json::json!({"settings": {"tile-ir": {"version": "13.3"}}}),
    );
    let diagnostics = lsp.diagnostics(&uri, Some(1));
    assert_eq!(
        codes(&diagnostics),
        ["TILE012", "TILE002", "TILE012"],
        "{diagnostics:?}"
    );
    let _: Value = lsp.call("shutdown", Value::Null);
}

#[test]
fn a_hover_in_another_kernel_does_not_wait_for_the_edited_one() {
    let text = "\
cuda_tile.module @kernels {
  entry @first(%p: tile<ptr<f32>>) {
    %one = constant <i32: 1> : tile<i32>
    return
  }
  entry @second(%q: tile<ptr<f32>>) {
    %two = constant <i32: 2> : tile<i32>
    %sum = addi %two, %two : tile<i32>
    return
  }
}
";
    let doc = Doc::new(text);
    // The edit plants the panic trigger: an answer that waits for the new analysis fails.
    let mut lsp = Lsp::spawn_with_env(SPECLINT, &[("SPECLINT_LSP_PANIC_ON", "PANIC-HERE")]);
    lsp.initialize();
    let uri = uri("two.mlir");
    lsp.open(&uri, text);
    assert!(lsp.diagnostics(&uri, Some(1)).is_empty());
    let line = doc.position("%one", 0)["line"].as_u64().unwrap() as u32;
    lsp.change(
        &uri,
        2,
        serde_json::json!([{"range": range(line, 4, line, 4), "text": "PANIC-HERE "}]),
    );
    let hover = hover_at(&mut lsp, &uri, doc.position("addi", 0));
    assert!(hover_markdown(&hover).contains("addi"), "{hover}");
    let waited = lsp.request(
        "textDocument/hover",
        serde_json::json!({"textDocument": {"uri": uri}, "position": doc.position("constant", 0)}),
    );
    assert_eq!(waited["error"]["code"], -32603, "{waited}");
    assert!(lsp.shutdown_and_exit().success());
}

/// Edits inside one entry are re-checked from the previous analysis (`tile_ir::incremental`);
/// whatever the server reuses, each version's diagnostics and a hover on the edited line must
/// be those of a server that opens that text fresh.
#[test]
fn edited_entries_give_what_a_fresh_open_gives() {
    let original = include_str!("../../tests/tile-ir/valid/control-flow.mlir");
    let second = original.match_indices("entry @").nth(1).unwrap().0;
    let op = second + original[second..].find(" = ").unwrap() + 3;
    let first = original.find("entry @").unwrap();
    let first_op = first + original[first..].find(" = ").unwrap() + 3;
    // (offset in the current text, bytes removed, text inserted)
    let edits: Vec<(usize, usize, &str)> = vec![
        (op, 0, "x"),
        (op, 1, ""),
        (op, 0, "\n    %q = addi %q, %q : tile<i32>\n    "),
        (first_op, 0, "y"),
        (first_op, 1, ""),
        (op, 0, "}"),
        (op, 1, ""),
        (op, 40, ""),
    ];
    assert_edits_match_fresh_opens(SPECLINT, "edited.mlir", original, &edits, 1);
}

/// A file split by `// -----` (MLIR's split-input-file): each part is a module of its own in
/// the editor too. The same names in two parts do not collide, go-to-definition stays in its
/// part, the outline lists each part's module, and a part left open ends with its part.
#[test]
fn split_parts_are_modules_of_their_own() {
    let text = "\
cuda_tile.module @m {
  global @g <f32: [1.0, 2.0]> : tile<2xf32>
  entry @k() {
    %p = get_global @g : tile<ptr<f32>>
    return
  }
}

// -----

cuda_tile.module @m {
  global @g <f32: [3.0, 4.0]> : tile<2xf32>
  entry @k() {
    %p = get_global @g : tile<ptr<f32>>
    return
  }
}
";
    let doc = Doc::new(text);
    let mut lsp = Lsp::spawn(SPECLINT);
    lsp.initialize();
    let uri = uri("split.mlir");
    lsp.open(&uri, text);
    let diagnostics = lsp.diagnostics(&uri, Some(1));
    assert_eq!(diagnostics, Vec::<Value>::new());

    // `@g` in the second part is the second part's global.
    let definition = lsp.definition(&uri, doc.position("@g", 3));
    assert_eq!(doc.show(&definition["range"]), ("@g", 12), "{definition}");
    let definition = lsp.definition(&uri, doc.position("@g", 1));
    assert_eq!(doc.show(&definition["range"]), ("@g", 2), "{definition}");

    let symbols = lsp.document_symbols(&uri);
    let modules: Vec<(String, usize)> = symbols
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            (
                m["name"].as_str().unwrap().to_string(),
                m["children"].as_array().unwrap().len(),
            )
        })
        .collect();
    assert_eq!(modules, [("@m".to_string(), 2), ("@m".to_string(), 2)]);

    // Removing the first part's last `}` leaves it open: one TILE001 there, the second part
    // is still clean.
    let close = text.find("}\n\n// -----").unwrap();
    let (start, end) = (doc.position_of(close), doc.position_of(close + 1));
    lsp.change(
        &uri,
        2,
        serde_json::json!([{"range": {"start": start, "end": end}, "text": ""}]),
    );
    let diagnostics = lsp.diagnostics(&uri, Some(2));
    assert_eq!(codes(&diagnostics), ["TILE001"], "{diagnostics:?}");
    assert_eq!(
        diagnostics[0]["range"]["start"]["line"], 0,
        "{diagnostics:?}"
    );
    let _: Value = lsp.call("shutdown", Value::Null);
}

/// Typing or deleting a `// -----` line, whatever the server reuses, gives what a fresh open
/// of the new text gives.
#[test]
fn adding_and_removing_a_split_gives_what_a_fresh_open_gives() {
    let original = "\
cuda_tile.module @m {
  entry @k() {
    return
  }
}
cuda_tile.module @n {
  entry @k() {
    %x = constant <i32: 1> : tile<i32>
    return
  }
}
";
    let between = original.find("cuda_tile.module @n").unwrap();
    let inside = original.find("    %x").unwrap();
    let edits: Vec<(usize, usize, &str)> = vec![
        (between, 0, "// -----\n"),
        (between, 9, ""),
        (inside, 0, "// -----\n"),
        (inside, 9, ""),
    ];
    assert_edits_match_fresh_opens(SPECLINT, "split-edits.mlir", original, &edits, 0);
}

/// Edits inside an entry of a module wrapped in a builtin `module { … }` give what a fresh
/// open gives.
#[test]
fn edits_in_a_wrapped_module_give_what_a_fresh_open_gives() {
    let original = "\
module attributes {test.note = \"wrapped\"} {
  cuda_tile.module @m {
    entry @k() {
      %x = constant <i32: 1> : tile<i32>
      %y = addi %x, %x : tile<i32>
      return
    }
  }
}
";
    let op = original.find("addi").unwrap();
    let edits: Vec<(usize, usize, &str)> = vec![(op, 0, "x"), (op, 1, ""), (op, 4, "addf")];
    assert_edits_match_fresh_opens(SPECLINT, "wrapped-edits.mlir", original, &edits, 1);
}
