//! Completions in Tile IR modules: op names, and the SSA values and symbols defined so far.

use super::TileIrAnalysis;
use speclint_base::ide::{Completion, CompletionKind};
use speclint_base::text::TextRange;
use speclint_spec_db::tile_ir;

pub fn complete(analysis: &TileIrAnalysis, text: &str, offset: usize) -> Vec<Completion> {
    let offset = speclint_base::text::floor_char_boundary(text, offset.min(text.len()));
    let start = text[..offset]
        .char_indices()
        .rev()
        .find(|&(_, c)| !(c.is_alphanumeric() || matches!(c, '_' | '.' | '%' | '@' | '$')))
        .map_or(0, |(i, c)| i + c.len_utf8());
    let word = &text[start..offset];
    let replace = TextRange::new(start, offset);
    let mut out: Vec<Completion> = Vec::new();
    if word.starts_with('%') {
        // An entry is isolated from above: inside one, only its own values are in scope.
        let entry = analysis
            .file
            .ops
            .iter()
            .find(|op| op.name == "entry" && op.range.start <= offset && offset <= op.range.end)
            .map(|op| op.range);
        let in_scope =
            |range: TextRange| range.end <= offset && entry.is_none_or(|e| e.start <= range.start);
        for value in analysis.facts.values.iter().filter(|v| in_scope(v.range)) {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{analyze, TileIrSettings};

    /// Found by the `analysis` fuzz target: the word being typed started one byte after the
    /// character before it, inside that character when it is not ASCII.
    #[test]
    fn the_word_starts_after_a_character_of_any_width() {
        let text = "cuda_tile.module @m {\n  ∑addf\n}\n";
        let analysis = analyze(text, &TileIrSettings::default(), true);
        let offset = text.find("addf").unwrap() + 4;
        let completions = complete(&analysis, text, offset);
        assert!(
            completions.iter().any(|c| c.label == "addf"),
            "{completions:?}"
        );
        assert!(completions
            .iter()
            .all(|c| c.replace == TextRange::new(offset - 4, offset)));
    }

    #[test]
    fn only_the_values_of_the_kernel_at_the_cursor_are_offered() {
        let text = "cuda_tile.module @m {
  entry @first(%a: tile<i32>) {
    %one = constant <i32: 1> : tile<i32>
    return
  }
  entry @second(%b: tile<i32>) {
    %two = constant <i32: 2> : tile<i32>
    %
    return
  }
}
";
        let analysis = analyze(text, &TileIrSettings::default(), true);
        let offset = text.find("    %\n").unwrap() + 5;
        let labels: Vec<String> = complete(&analysis, text, offset)
            .into_iter()
            .map(|c| c.label)
            .collect();
        assert_eq!(labels, ["%b", "%two"]);
    }
}
