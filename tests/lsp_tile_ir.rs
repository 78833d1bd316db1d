//! Tile IR over the language server (stdio): diagnostics, hovers on ops and values, go-to
//! definition, references and the outline of a `.mlir` file that uses the cuda_tile dialect.

#[path = "support/lsp.rs"]
mod lsp_client;

use lsp_client::*;
use serde_json::Value;

const MODULE: &str = "\
cuda_tile.module @kernels {
  global @bias <f32: [1.0, 2.0]> : tile<2xf32>
  entry @scale(%p: tile<ptr<f32>>) {
    %h = constant <bf16: 1.0> : tile<4xbf16>
    %sum = addf %h, %h rounding<zero> : tile<4xbf16>
    %twice = addf %sum, %sum : tile<4xbf16>
    %g = get_global @bias : tile<ptr<f32>>
    return
  }
}
";

fn hover_at(lsp: &mut Lsp, uri: &str, position: Value) -> Value {
    let line = position["line"].as_u64().unwrap() as u32;
    let character = position["character"].as_u64().unwrap() as u32;
    lsp.hover(uri, line, character)
}

#[test]
fn diagnostics_hover_definition_references_and_outline() {
    let doc = Doc::new(MODULE);
    let mut lsp = Lsp::spawn();
    lsp.initialize();
    let uri = uri("kernel.mlir");
    lsp.open(&uri, MODULE);

    // The emulated rounding mode is a hint, on its exact range.
    let diagnostics = lsp.diagnostics(&uri, Some(1));
    assert_eq!(codes(&diagnostics), ["TILE011"], "{diagnostics:?}");
    assert_eq!(diagnostics[0]["range"], doc.range("rounding<zero>", 0));

    // Hover on the op: its card, with this op's dtype column marked.
    let hover = hover_at(&mut lsp, &uri, doc.position("addf", 0));
    let markdown = hover_markdown(&hover);
    assert!(markdown.contains("**cuda_tile.addf**"), "{markdown}");
    assert!(markdown.contains("**bf16** ◀"), "{markdown}");

    // Hover on a value: its type and where it is defined.
    let hover = hover_at(&mut lsp, &uri, doc.position("%sum", 1));
    let markdown = hover_markdown(&hover);
    assert!(markdown.contains("%sum: tile<4xbf16>"), "{markdown}");
    assert!(markdown.contains("defined on line 5"), "{markdown}");

    // Go to the definition of a use of %sum, and of the global @bias.
    let definition = lsp.definition(&uri, doc.position("%sum", 1));
    assert_eq!(doc.show(&definition["range"]), ("%sum", 5), "{definition}");
    let definition = lsp.definition(&uri, doc.position("@bias", 1));
    assert_eq!(doc.show(&definition["range"]), ("@bias", 2), "{definition}");

    // References of %sum: the definition and both uses.
    let references = lsp.references(&uri, doc.position("%sum", 1), true);
    assert_eq!(
        doc.show_locations(&references),
        [("%sum", 5), ("%sum", 6), ("%sum", 6)]
    );

    // The outline: the module with its global and entry.
    let symbols = lsp.document_symbols(&uri);
    let module = &symbols[0];
    assert_eq!(module["name"], "@kernels", "{symbols}");
    let children: Vec<&str> = module["children"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["name"].as_str().unwrap())
        .collect();
    assert_eq!(children, ["@bias", "@scale"]);
    let _: Value = lsp.call("shutdown", Value::Null);
}

#[test]
fn mlir_without_cuda_tile_is_not_claimed() {
    let mut lsp = Lsp::spawn();
    lsp.initialize();
    let uri = uri("other.mlir");
    lsp.open(&uri, "func.func @f() {\n  return\n}\n");
    assert_eq!(lsp.diagnostics(&uri, Some(1)), Vec::<Value>::new());
}
