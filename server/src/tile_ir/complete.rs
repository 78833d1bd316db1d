//! Completions in Tile IR modules: op names, and the SSA values and symbols defined so far.

use super::TileIrAnalysis;
use crate::core::text::TextRange;
use crate::core::{Completion, CompletionKind};
use speclint_spec_db::tile_ir;

pub fn complete(analysis: &TileIrAnalysis, text: &str, offset: usize) -> Vec<Completion> {
    let offset = crate::core::text::floor_char_boundary(text, offset.min(text.len()));
    let start = text[..offset]
        .rfind(|c: char| !(c.is_alphanumeric() || matches!(c, '_' | '.' | '%' | '@' | '$')))
        .map_or(0, |i| i + 1);
    let word = &text[start..offset];
    let replace = TextRange::new(start, offset);
    let mut out: Vec<Completion> = Vec::new();
    if word.starts_with('%') {
        for value in analysis
            .facts
            .values
            .iter()
            .filter(|v| v.range.end <= offset)
        {
            if value.name.starts_with(word) && !out.iter().any(|c| c.label == value.name) {
                out.push(Completion {
                    label: value.name.clone(),
                    kind: CompletionKind::Register,
                    detail: value
                        .ty
                        .as_ref()
                        .map_or(String::new(), |t| t.spelling.to_string()),
                    replace,
                });
            }
        }
    } else if word.starts_with('@') {
        for symbol in &analysis.facts.symbols {
            if symbol.name.starts_with(word) {
                out.push(Completion {
                    label: symbol.name.clone(),
                    kind: CompletionKind::Function,
                    detail: analysis.file.ops[symbol.op].name.clone(),
                    replace,
                });
            }
        }
    } else {
        let (prefix, bare) = match word.strip_prefix("cuda_tile.") {
            Some(rest) => ("cuda_tile.", rest),
            None => ("", word),
        };
        for op in &tile_ir::db().ops {
            if op.name.starts_with(bare) {
                out.push(Completion {
                    label: format!("{prefix}{}", op.name),
                    kind: CompletionKind::Instruction,
                    detail: format!("{} (Tile IR {})", op.summary, op.since),
                    replace,
                });
            }
        }
    }
    out
}
