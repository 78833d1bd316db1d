//! The open documents: a rope per document, edited in place by `didChange` content changes.
//!
//! Lines are `\n`-terminated (a `\r` before the `\n` belongs to the terminator), exactly as in
//! `core::text::LineIndex`, so the positions the client sends for edits and the positions the
//! server reports for diagnostics agree. Ropey's own line methods are not used for this: with
//! its default features they also break lines at a lone `\r`, VT, FF, NEL, LS and PS.

use super::to_proto::PositionEncoding;
use ropey::Rope;
use std::path::PathBuf;
use tower_lsp_server::ls_types as lsp;

pub struct Document {
    pub rope: Rope,
    pub version: i32,
    /// The file path, for language detection by extension.
    pub path: Option<PathBuf>,
    /// Bumped (from a server-wide counter) on every open and change: a result computed for an
    /// older generation is stale.
    pub generation: u64,
}

impl Document {
    pub fn new(text: &str, version: i32, path: Option<PathBuf>, generation: u64) -> Self {
        Document {
            rope: Rope::from_str(text),
            version,
            path,
            generation,
        }
    }

    pub fn text(&self) -> String {
        self.rope.to_string()
    }

    /// Applies the content changes of one `didChange` notification, in order: each change's
    /// range refers to the document as left by the previous one.
    pub fn apply_changes(
        &mut self,
        changes: &[lsp::TextDocumentContentChangeEvent],
        encoding: PositionEncoding,
    ) {
        for change in changes {
            self.apply_change(change, encoding);
        }
    }

    pub fn apply_change(
        &mut self,
        change: &lsp::TextDocumentContentChangeEvent,
        encoding: PositionEncoding,
    ) {
        let Some(range) = change.range else {
            self.rope = Rope::from_str(&change.text);
            return;
        };
        let start = self.byte_offset(range.start, encoding);
        let end = self.byte_offset(range.end, encoding).max(start);
        let start_char = self.rope.byte_to_char(start);
        let end_char = self.rope.byte_to_char(end);
        if end_char > start_char {
            self.rope.remove(start_char..end_char);
        }
        if !change.text.is_empty() {
            self.rope.insert(start_char, &change.text);
        }
    }

    /// The byte offset of a position, always on a character boundary: a line past the end clamps
    /// to the end of the document, a column past the end of its line to the end of the line
    /// (before its terminator), a column inside a character to the character's start.
    pub fn byte_offset(&self, position: lsp::Position, encoding: PositionEncoding) -> usize {
        let Some(line_start) = line_start(&self.rope, position.line as usize) else {
            return self.rope.len_bytes();
        };
        let mut offset = line_start;
        let mut remaining = position.character as usize;
        let mut chars = self
            .rope
            .chars_at(self.rope.byte_to_char(line_start))
            .peekable();
        while let Some(c) = chars.next() {
            // A `\r` ending the line (before `\n` or at the end of the text) is part of its
            // terminator, as in `LineIndex::line_range`.
            if c == '\n' || (c == '\r' && matches!(chars.peek(), Some('\n') | None)) {
                break;
            }
            let width = match encoding {
                PositionEncoding::Utf8 => c.len_utf8(),
                PositionEncoding::Utf16 => c.len_utf16(),
            };
            if remaining < width {
                break;
            }
            remaining -= width;
            offset += c.len_utf8();
        }
        offset
    }
}

/// The byte offset where 0-based `line` starts (lines end at `\n`), or `None` past the last
/// line.
fn line_start(rope: &Rope, line: usize) -> Option<usize> {
    if line == 0 {
        return Some(0);
    }
    let mut remaining = line;
    let mut base = 0;
    for chunk in rope.chunks() {
        let bytes = chunk.as_bytes();
        let count = bytes.iter().filter(|&&b| b == b'\n').count();
        if count < remaining {
            remaining -= count;
            base += bytes.len();
            continue;
        }
        for (i, &b) in bytes.iter().enumerate() {
            if b == b'\n' {
                remaining -= 1;
                if remaining == 0 {
                    return Some(base + i + 1);
                }
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::text::{ColumnUnit, LineCol, LineIndex};

    fn change(
        range: Option<((u32, u32), (u32, u32))>,
        text: &str,
    ) -> lsp::TextDocumentContentChangeEvent {
        lsp::TextDocumentContentChangeEvent {
            range: range.map(|((l0, c0), (l1, c1))| {
                lsp::Range::new(lsp::Position::new(l0, c0), lsp::Position::new(l1, c1))
            }),
            range_length: None,
            text: text.to_string(),
        }
    }

    fn edited(text: &str, changes: &[lsp::TextDocumentContentChangeEvent]) -> String {
        let mut doc = Document::new(text, 1, None, 0);
        doc.apply_changes(changes, PositionEncoding::Utf16);
        doc.text()
    }

    #[test]
    fn a_range_edit_replaces_text() {
        assert_eq!(
            edited(
                "rcp.f32 a;\nret;\n",
                &[change(Some(((0, 3), (0, 3))), ".rn")]
            ),
            "rcp.rn.f32 a;\nret;\n"
        );
        assert_eq!(
            edited("ab\ncd\nef", &[change(Some(((0, 1), (2, 1))), "X")]),
            "aXf"
        );
    }

    #[test]
    fn columns_are_utf16_code_units() {
        // 😀 is two UTF-16 units; é is one.
        let text = "/* é 😀 */ rcp.f32 x;\n";
        let col = "/* é 😀 */ rcp".encode_utf16().count() as u32;
        assert_eq!(
            edited(text, &[change(Some(((0, col), (0, col))), ".rn")]),
            "/* é 😀 */ rcp.rn.f32 x;\n"
        );
        // A column inside the surrogate pair lands on the character's start.
        let inside = "/* é ".encode_utf16().count() as u32 + 1;
        assert_eq!(
            edited(text, &[change(Some(((0, inside), (0, inside))), "!")]),
            "/* é !😀 */ rcp.f32 x;\n"
        );
    }

    #[test]
    fn utf8_columns_are_bytes() {
        let mut doc = Document::new("é x\n", 1, None, 0);
        doc.apply_change(&change(Some(((0, 3), (0, 4))), "y"), PositionEncoding::Utf8);
        assert_eq!(doc.text(), "é y\n");
    }

    #[test]
    fn several_changes_apply_in_order() {
        let changes = [
            change(Some(((0, 0), (0, 1))), "A"),
            change(Some(((1, 0), (1, 0))), "new\n"),
            change(Some(((1, 3), (1, 3))), "!"),
        ];
        assert_eq!(edited("a\nb\n", &changes), "A\nnew!\nb\n");
    }

    #[test]
    fn a_change_without_range_replaces_everything() {
        let changes = [
            change(Some(((0, 0), (0, 1))), "A"),
            change(None, "fresh\n"),
            change(Some(((0, 5), (0, 5))), "!"),
        ];
        assert_eq!(edited("a\nb\n", &changes), "fresh!\n");
    }

    #[test]
    fn out_of_range_positions_clamp() {
        assert_eq!(
            edited("ab\ncd", &[change(Some(((0, 99), (0, 120))), "!")]),
            "ab!\ncd"
        );
        assert_eq!(
            edited("ab\ncd", &[change(Some(((7, 3), (9, 0))), "!")]),
            "ab\ncd!"
        );
        assert_eq!(
            edited("ab\ncd", &[change(Some(((1, 1), (0, 0))), "!")]),
            "ab\nc!d"
        );
        assert_eq!(edited("", &[change(Some(((3, 3), (4, 4))), "x")]), "x");
    }

    #[test]
    fn crlf_and_lone_cr_follow_the_core_line_model() {
        // The column clamps before `\r\n`; a lone `\r` is not a line break.
        assert_eq!(
            edited("ab\r\ncd", &[change(Some(((0, 9), (0, 9))), "!")]),
            "ab!\r\ncd"
        );
        assert_eq!(
            edited("a\rb\nc", &[change(Some(((1, 0), (1, 0))), "!")]),
            "a\rb\n!c"
        );
    }

    #[test]
    fn offsets_agree_with_the_core_line_index() {
        let text = "x\r\n/* é 😀 */ a\n\n\u{2028}b\rc\n😀😀\r";
        let doc = Document::new(text, 1, None, 0);
        let index = LineIndex::new(text);
        for line in 0..8u32 {
            for col in 0..16u32 {
                let ours = doc.byte_offset(lsp::Position::new(line, col), PositionEncoding::Utf16);
                let core = index.offset(text, LineCol { line, col }, ColumnUnit::Utf16);
                assert_eq!(ours, core, "line {line} col {col}");
            }
        }
    }

    #[test]
    fn line_starts_cross_rope_chunks() {
        let text: String = (0..20_000).map(|i| format!("line {i}\n")).collect();
        let mut doc = Document::new(&text, 1, None, 0);
        doc.apply_change(
            &change(Some(((15_000, 0), (15_000, 4))), "LINE"),
            PositionEncoding::Utf16,
        );
        assert!(doc.text().contains("\nLINE 15000\n"));
        assert_eq!(doc.text().len(), text.len());
    }
}
