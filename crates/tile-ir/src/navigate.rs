//! Go-to-definition, find-references and the outline for Tile IR modules, read from the
//! definitions and uses the checker recorded.

use super::checker::Target;
use super::TileIrAnalysis;
use speclint_base::navigation::{DocumentSymbol, SymbolKind};
use speclint_base::text::TextRange;

/// The value or symbol whose name covers `offset`, and the range of that occurrence.
pub fn target_at(analysis: &TileIrAnalysis, offset: usize) -> Option<(TextRange, Target)> {
    analysis
        .facts
        .uses
        .iter()
        .find(|(range, _)| range.start <= offset && offset <= range.end)
        .copied()
}

fn definition_range(analysis: &TileIrAnalysis, target: Target) -> TextRange {
    match target {
        Target::Value(i) => analysis.facts.values[i].range,
        Target::Symbol(i) => analysis.facts.symbols[i].range,
    }
}

fn same(a: Target, b: Target) -> bool {
    match (a, b) {
        (Target::Value(x), Target::Value(y)) | (Target::Symbol(x), Target::Symbol(y)) => x == y,
        _ => false,
    }
}

pub fn definition(analysis: &TileIrAnalysis, _text: &str, offset: usize) -> Option<TextRange> {
    target_at(analysis, offset).map(|(_, t)| definition_range(analysis, t))
}

pub fn references(
    analysis: &TileIrAnalysis,
    _text: &str,
    offset: usize,
    include_definition: bool,
) -> Vec<TextRange> {
    let Some((_, target)) = target_at(analysis, offset) else {
        return Vec::new();
    };
    let definition = definition_range(analysis, target);
    let mut ranges: Vec<TextRange> = analysis
        .facts
        .uses
        .iter()
        .filter(|(_, t)| same(*t, target))
        .map(|&(range, _)| range)
        .filter(|&range| include_definition || range != definition)
        .collect();
    ranges.sort_by_key(|r| r.start);
    ranges.dedup();
    ranges
}

/// Modules with their entries and globals; entries and globals at the top level (as
/// tileirdisasm prints them, with no module around them) on their own.
pub fn document_symbols(analysis: &TileIrAnalysis, text: &str) -> Vec<DocumentSymbol> {
    let file = &analysis.file;
    let symbol_of = |op: usize| analysis.facts.symbols.iter().find(|s| s.op == op);
    let item = |id: usize| -> Option<DocumentSymbol> {
        let op = &file.ops[id];
        let (kind, detail) = match op.name.as_str() {
            "entry" => (SymbolKind::Function, "entry".to_string()),
            "global" => (SymbolKind::Variable, "global".to_string()),
            _ => return None,
        };
        let symbol = symbol_of(id)?;
        // The signature (up to the body) as detail for kernels.
        let detail = if kind == SymbolKind::Function {
            let end = op.regions.first().map_or(op.range.end, |r| r.range.start);
            // The name may come after the body when the header is malformed (`entry r()
            // { … }@k`): then there is no signature to show.
            text.get(symbol.range.end..end)
                .unwrap_or("")
                .trim()
                .to_string()
        } else {
            detail
        };
        Some(DocumentSymbol {
            name: symbol.name.clone(),
            detail,
            kind,
            range: op.range,
            selection_range: symbol.range,
            children: Vec::new(),
        })
    };
    let mut out = Vec::new();
    for &top in &file.top {
        let module = &file.ops[top];
        if module.name != "module" {
            out.extend(item(top));
            continue;
        }
        let children = file.children(top).filter_map(item).collect();
        let (name, selection) = symbol_of(top)
            .map_or(("cuda_tile.module".to_string(), module.name_range), |s| {
                (s.name.clone(), s.range)
            });
        out.push(DocumentSymbol {
            name,
            detail: "cuda_tile.module".to_string(),
            kind: SymbolKind::Module,
            range: module.range,
            selection_range: selection,
            children,
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{analyze, TileIrSettings};

    #[test]
    fn an_entry_whose_name_follows_its_body_has_no_signature_detail() {
        // Found by the `analysis` fuzz target: the symbol `@k` lies after the first body.
        let text = "cuda_tile.module @m {\n  entry r() {\n    return\n  }@k() {\n  }\n}\n";
        let analysis = analyze(text, &TileIrSettings::default(), true);
        let symbols = document_symbols(&analysis, text);
        assert_eq!(symbols.len(), 1);
    }
}
