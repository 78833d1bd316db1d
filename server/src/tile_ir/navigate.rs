//! Go-to-definition, find-references and the outline for Tile IR modules.

use super::TileIrAnalysis;
use crate::core::navigation::DocumentSymbol;
use crate::core::text::TextRange;

pub fn definition(analysis: &TileIrAnalysis, text: &str, offset: usize) -> Option<TextRange> {
    let _ = (analysis, text, offset);
    None
}

pub fn references(
    analysis: &TileIrAnalysis,
    text: &str,
    offset: usize,
    include_definition: bool,
) -> Vec<TextRange> {
    let _ = (analysis, text, offset, include_definition);
    Vec::new()
}

pub fn document_symbols(analysis: &TileIrAnalysis, text: &str) -> Vec<DocumentSymbol> {
    let _ = (analysis, text);
    Vec::new()
}
