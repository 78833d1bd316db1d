//! A document's structure for editors: folding ranges (function bodies, regions, comment
//! blocks) and selection ranges (a token, then each construct around it, then the file).
//! Languages give their constructs; the comment blocks and the file are found here.

use crate::text::{LineIndex, TextRange};

/// What a fold hides, for editors that fold comments on request.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FoldKind {
    Region,
    Comment,
}

/// A foldable range: from the line of `range.start` to the line of `range.end`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fold {
    pub range: TextRange,
    pub kind: FoldKind,
}

impl Fold {
    pub fn region(range: TextRange) -> Fold {
        Fold {
            range,
            kind: FoldKind::Region,
        }
    }

    pub fn comment(range: TextRange) -> Fold {
        Fold {
            range,
            kind: FoldKind::Comment,
        }
    }
}

/// Runs of two or more lines that hold only a line comment (`// …`, `; …`): one fold each.
pub fn comment_blocks(text: &str, line_comment: &str) -> Vec<Fold> {
    let mut folds = Vec::new();
    let mut run: Option<(TextRange, usize)> = None;
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let content = line.trim_end_matches(['\n', '\r']);
        let indent = content.len() - content.trim_start().len();
        let range = TextRange::new(offset, offset + content.len());
        if content[indent..].starts_with(line_comment) {
            run = Some(match run {
                Some((first, lines)) => (TextRange::new(first.start, range.end), lines + 1),
                None => (TextRange::new(offset + indent, range.end), 1),
            });
        } else if let Some((block, lines)) = run.take() {
            if lines > 1 {
                folds.push(Fold::comment(block));
            }
        }
        offset += line.len();
    }
    if let Some((block, lines)) = run {
        if lines > 1 {
            folds.push(Fold::comment(block));
        }
    }
    folds
}

/// Keeps the folds that span more than one line, sorted, without repeats of one line pair.
pub fn normalize_folds(text: &str, mut folds: Vec<Fold>) -> Vec<Fold> {
    let index = LineIndex::new(text);
    folds.retain(|f| index.line_of(f.range.start) < index.line_of(f.range.end));
    folds.sort_by_key(|f| (f.range.start, std::cmp::Reverse(f.range.end)));
    let mut seen = std::collections::HashSet::new();
    folds.retain(|f| seen.insert((index.line_of(f.range.start), index.line_of(f.range.end))));
    folds
}

/// The word at `offset` made of ASCII alphanumerics, `_`, `$` and the bytes in `extra` (a
/// sigil such as `%`), if the offset is in or at the end of one.
pub fn word_at(text: &str, offset: usize, extra: &[u8]) -> Option<TextRange> {
    let bytes = text.as_bytes();
    let offset = offset.min(bytes.len());
    let is_word = |b: u8| b.is_ascii_alphanumeric() || b == b'_' || b == b'$' || extra.contains(&b);
    let mut start = offset;
    while start > 0 && is_word(bytes[start - 1]) {
        start -= 1;
    }
    let mut end = offset;
    while end < bytes.len() && is_word(bytes[end]) {
        end += 1;
    }
    (start < end).then(|| TextRange::new(start, end))
}

/// A selection chain: the ranges that contain `offset`, innermost first, each strictly larger
/// than the one before, ending with the whole text.
pub fn selection_chain(text: &str, offset: usize, mut ranges: Vec<TextRange>) -> Vec<TextRange> {
    ranges.push(TextRange::new(0, text.len()));
    ranges.retain(|r| r.contains_offset(offset) && r.end <= text.len());
    ranges.sort_by_key(|r| (r.end - r.start, std::cmp::Reverse(r.start)));
    let mut chain: Vec<TextRange> = Vec::new();
    for range in ranges {
        let grows = chain.last().is_none_or(|last| {
            range.start <= last.start && last.end <= range.end && range != *last
        });
        if grows {
            chain.push(range);
        }
    }
    chain
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn comment_blocks_fold_runs_of_two_lines_or_more() {
        let text = "// a\n  // b\nx\n// lone\ny\n; c\n; d";
        let folds = comment_blocks(text, "//");
        assert_eq!(folds, vec![Fold::comment(TextRange::new(0, 11))]);
        let folds = comment_blocks(text, ";");
        assert_eq!(folds, vec![Fold::comment(TextRange::new(24, 31))]);
    }

    #[test]
    fn selection_chains_grow_and_end_with_the_file() {
        let text = "aaa bbb\nccc";
        let chain = selection_chain(
            text,
            5,
            vec![
                TextRange::new(4, 7),
                TextRange::new(0, 7),
                TextRange::new(4, 7),
                TextRange::new(8, 11),
            ],
        );
        assert_eq!(
            chain,
            vec![
                TextRange::new(4, 7),
                TextRange::new(0, 7),
                TextRange::new(0, 11)
            ]
        );
        assert_eq!(word_at("add %r1, 2", 6, b"%"), Some(TextRange::new(4, 7)));
        assert_eq!(word_at("a  b", 2, b""), None);
    }
}
