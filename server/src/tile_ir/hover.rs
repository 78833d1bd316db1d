//! Hovers in Tile IR modules.

use super::TileIrAnalysis;
use crate::core::Hover;

pub fn hover(analysis: &TileIrAnalysis, text: &str, offset: usize) -> Option<Hover> {
    let _ = (analysis, text, offset);
    None
}
