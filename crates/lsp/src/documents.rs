//! The open documents: a rope per document, edited in place by `didChange` content changes.
//!
//! Lines end at `\n`, `\r\n` or a lone `\r` (LSP 3.17), exactly as in `core::text::LineIndex`,
//! so the positions the client sends for edits and the positions the server reports for
//! diagnostics agree. Ropey is built with only its `cr_lines` feature, so its line methods count
//! the same three endings and no other Unicode break.
//!
//! A change that cannot be applied is an error, never a guess: a position on a line past the
//! end of the document, a range that ends before it starts, or a column inside a character (a
//! UTF-16 surrogate pair, a multi-byte UTF-8 sequence). Each means that the client's text and
//! ours differ already, so the server must stop trusting its copy (see `server::did_change`);
//! clangd does the same (it drops the document and logs), rust-analyzer rejects these
//! positions too (and skips the change). Two positions are clamped instead:
//! - a column past the end of its line, to the line's end, because LSP 3.17 says so ("If the
//!   character value is greater than the line length it defaults back to the line length");
//! - the start of the line just after the last one, to the end of the document: the way to
//!   say "to the end" in a text without a final line ending, which Neovim sends when a
//!   buffer without one loses its last line (and which VS Code's reference `TextDocument`
//!   accepts, as it clamps every position).

use super::to_proto::PositionEncoding;
use ropey::Rope;
use speclint_base::text::TextRange;
use std::fmt;
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

/// Why a content change cannot be applied to a document.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ChangeError {
    /// The position's line is past the line after the document's last line.
    LineOutOfRange {
        position: lsp::Position,
        lines: usize,
    },
    /// The position's column falls inside a character.
    InsideCharacter { position: lsp::Position },
    /// The range ends before it starts.
    Reversed { range: lsp::Range },
}

impl fmt::Display for ChangeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let at = |p: &lsp::Position| format!("{}:{}", p.line, p.character);
        match self {
            ChangeError::LineOutOfRange { position, lines } => write!(
                f,
                "position {} is past the last line (the document has {lines} lines)",
                at(position)
            ),
            ChangeError::InsideCharacter { position } => {
                write!(f, "position {} is inside a character", at(position))
            }
            ChangeError::Reversed { range } => write!(
                f,
                "range {}-{} ends before it starts",
                at(&range.start),
                at(&range.end)
            ),
        }
    }
}

impl std::error::Error for ChangeError {}

/// The text after applying the content changes of one `didChange` notification to `text`:
/// what the server does to an open document, for callers outside it (the fuzz targets).
pub fn apply_changes(
    text: &str,
    changes: &[lsp::TextDocumentContentChangeEvent],
    encoding: PositionEncoding,
) -> Result<String, ChangeError> {
    let mut doc = Document::new(text, 0, None, 0);
    doc.apply_changes(changes, encoding)?;
    Ok(doc.text())
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
        rope_text(&self.rope)
    }

    /// Applies the content changes of one `didChange` notification, in order: each change's
    /// range refers to the document as left by the previous one. All or nothing: after an
    /// error the document is as it was.
    pub fn apply_changes(
        &mut self,
        changes: &[lsp::TextDocumentContentChangeEvent],
        encoding: PositionEncoding,
    ) -> Result<(), ChangeError> {
        let before = self.rope.clone(); // cheap: ropes share their nodes
        for change in changes {
            if let Err(e) = self.apply_change(change, encoding) {
                self.rope = before;
                return Err(e);
            }
        }
        Ok(())
    }

    pub fn apply_change(
        &mut self,
        change: &lsp::TextDocumentContentChangeEvent,
        encoding: PositionEncoding,
    ) -> Result<(), ChangeError> {
        let Some(range) = change.range else {
            self.rope = Rope::from_str(&change.text);
            return Ok(());
        };
        let start = self.byte_offset(range.start, encoding)?;
        let end = self.byte_offset(range.end, encoding)?;
        if end < start {
            return Err(ChangeError::Reversed { range });
        }
        let start_char = self.rope.byte_to_char(start);
        let end_char = self.rope.byte_to_char(end);
        if end_char > start_char {
            self.rope.remove(start_char..end_char);
        }
        if !change.text.is_empty() {
            self.rope.insert(start_char, &change.text);
        }
        Ok(())
    }

    /// The byte offset of a position. A column past the end of its line clamps to the end of
    /// the line (before its line ending).
    pub fn byte_offset(
        &self,
        position: lsp::Position,
        encoding: PositionEncoding,
    ) -> Result<usize, ChangeError> {
        let line = position.line as usize;
        let lines = self.rope.len_lines();
        if line == lines {
            return Ok(self.rope.len_bytes());
        }
        if line > lines {
            return Err(ChangeError::LineOutOfRange { position, lines });
        }
        let mut offset = self.rope.line_to_byte(line);
        let mut remaining = position.character as usize;
        for c in self.rope.line(line).chars() {
            // With `cr_lines`, `\r` and `\n` occur in a line only as its ending.
            if remaining == 0 || c == '\n' || c == '\r' {
                break;
            }
            let width = match encoding {
                PositionEncoding::Utf8 => c.len_utf8(),
                PositionEncoding::Utf16 => c.len_utf16(),
            };
            if remaining < width {
                return Err(ChangeError::InsideCharacter { position });
            }
            remaining -= width;
            offset += c.len_utf8();
        }
        Ok(offset)
    }
}

thread_local! {
    /// A text's buffer no longer needed on this thread (`recycle_text`), for the next
    /// `rope_text`.
    static SPARE_TEXT: std::cell::Cell<String> = const { std::cell::Cell::new(String::new()) };
}

/// The rope's text, in the spare buffer `recycle_text` left on this thread when it is large
/// enough, else in one allocation of its size. A keystroke in a large document copies it once:
/// `to_string` grew the string chunk by chunk, and a fresh buffer of megabytes is pages the
/// allocator has given back and the kernel must fault in again.
pub fn rope_text(rope: &Rope) -> String {
    let mut text = SPARE_TEXT.take();
    text.clear();
    text.reserve(rope.len_bytes());
    for chunk in rope.chunks() {
        text.push_str(chunk);
    }
    text
}

/// Keeps `text`'s buffer for this thread's next `rope_text` (one at most: the largest).
pub fn recycle_text(text: String) {
    let spare = SPARE_TEXT.take();
    SPARE_TEXT.set(if text.capacity() >= spare.capacity() {
        text
    } else {
        spare
    });
}

/// One edit that turns `old` into `new`: the range of `old` it replaces (between the longest
/// common prefix and the longest common suffix that do not overlap, on character boundaries)
/// and the text it inserts. Compares the rope's chunks in place, without copying the text.
pub fn changed_span(old: &str, new: &Rope) -> (TextRange, String) {
    let old_bytes = old.as_bytes();
    let mut prefix = 0;
    for chunk in new.chunks() {
        let chunk = chunk.as_bytes();
        let same = common_prefix(chunk, &old_bytes[prefix..]);
        prefix += same;
        if same < chunk.len() {
            break;
        }
    }
    let shortest = old.len().min(new.len_bytes());
    prefix = prefix.min(shortest);
    while !old.is_char_boundary(prefix) {
        prefix -= 1;
    }
    let most = shortest - prefix;
    let mut suffix = 0;
    let (mut chunks, ..) = new.chunks_at_byte(new.len_bytes());
    while let Some(chunk) = chunks.prev() {
        let chunk = chunk.as_bytes();
        let same = common_suffix(chunk, &old_bytes[..old.len() - suffix]);
        suffix += same;
        if same < chunk.len() || suffix >= most {
            break;
        }
    }
    suffix = suffix.min(most);
    while !old.is_char_boundary(old.len() - suffix) {
        suffix -= 1;
    }
    let inserted = new.byte_slice(prefix..new.len_bytes() - suffix).to_string();
    (TextRange::new(prefix, old.len() - suffix), inserted)
}

/// How many bytes `a` and `b` share at their start (a block at a time while they agree:
/// the whole of them first, as a rope chunk is mostly the same as the old text's).
fn common_prefix(a: &[u8], b: &[u8]) -> usize {
    let n = a.len().min(b.len());
    if a[..n] == b[..n] {
        return n;
    }
    let mut i = 0;
    while i + 64 <= n && a[i..i + 64] == b[i..i + 64] {
        i += 64;
    }
    while i < n && a[i] == b[i] {
        i += 1;
    }
    i
}

/// How many bytes `a` and `b` share at their end.
fn common_suffix(a: &[u8], b: &[u8]) -> usize {
    let n = a.len().min(b.len());
    let (a, b) = (&a[a.len() - n..], &b[b.len() - n..]);
    if a == b {
        return n;
    }
    let mut i = 0;
    while i + 64 <= n && a[n - i - 64..n - i] == b[n - i - 64..n - i] {
        i += 64;
    }
    while i < n && a[n - i - 1] == b[n - i - 1] {
        i += 1;
    }
    i
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A recycled buffer, longer or shorter, holds nothing of its old text afterwards.
    #[test]
    fn rope_text_in_a_recycled_buffer_is_the_ropes_text() {
        let long = "x".repeat(5000);
        for text in ["short", long.as_str(), "", "ünïcode\r\nlines\n"] {
            recycle_text("left over from an older text ".repeat(100));
            assert_eq!(rope_text(&Rope::from_str(text)), text);
            recycle_text(String::from("tiny"));
            assert_eq!(rope_text(&Rope::from_str(text)), text);
        }
    }

    #[test]
    fn the_changed_span_is_one_edit_from_the_old_text_to_the_new() {
        let cases = [
            ("abcdef", "abXdef", (2, 3), "X"),
            ("abcdef", "abcdef", (6, 6), ""),
            ("aaaa", "aaaaa", (4, 4), "a"),
            ("aaaaa", "aaa", (3, 5), ""),
            ("", "new", (0, 0), "new"),
            ("old", "", (0, 3), ""),
            ("xé", "xè", (1, 3), "è"),
            ("é", "è", (0, 2), "è"),
        ];
        for (old, new, (start, end), inserted) in cases {
            let span = changed_span(old, &Rope::from_str(new));
            assert_eq!(
                span,
                (TextRange::new(start, end), inserted.to_string()),
                "{old:?} -> {new:?}"
            );
        }
        // Across rope chunks: a long text edited in the middle and near both ends.
        let old: String = (0..20_000).map(|i| format!("line {i}\n")).collect();
        for at in [0, 7, old.len() / 2, old.len() - 3, old.len()] {
            let mut rope = Rope::from_str(&old);
            let char_at = rope.byte_to_char(at);
            rope.insert(char_at, "Z");
            let (range, inserted) = changed_span(&old, &rope);
            let mut rebuilt = old.clone();
            rebuilt.replace_range(range.start..range.end, &inserted);
            assert_eq!(rebuilt, rope.to_string(), "insert at {at}");
            assert!(
                range.end - range.start + inserted.len() <= 2,
                "{range:?} {inserted:?}"
            );
        }
    }
    use speclint_base::text::{ColumnUnit, LineCol, LineIndex};

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
        apply_changes(text, changes, PositionEncoding::Utf16).unwrap()
    }

    fn rejected(text: &str, changes: &[lsp::TextDocumentContentChangeEvent]) -> ChangeError {
        let mut doc = Document::new(text, 1, None, 0);
        let error = doc
            .apply_changes(changes, PositionEncoding::Utf16)
            .unwrap_err();
        assert_eq!(
            doc.text(),
            text,
            "a rejected change leaves the text as it was"
        );
        error
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
        // A column inside the surrogate pair is no place in the text.
        let inside = "/* é ".encode_utf16().count() as u32 + 1;
        assert_eq!(
            rejected(text, &[change(Some(((0, inside), (0, inside))), "!")]),
            ChangeError::InsideCharacter {
                position: lsp::Position::new(0, inside)
            }
        );
    }

    #[test]
    fn utf8_columns_are_bytes() {
        let mut doc = Document::new("é x\n", 1, None, 0);
        let edit = change(Some(((0, 3), (0, 4))), "y");
        doc.apply_change(&edit, PositionEncoding::Utf8).unwrap();
        assert_eq!(doc.text(), "é y\n");
        // Column 1 is inside `é` (two bytes).
        let inside = change(Some(((0, 1), (0, 1))), "!");
        assert!(doc.apply_change(&inside, PositionEncoding::Utf8).is_err());
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
    fn columns_past_the_line_end_clamp_lines_past_the_end_are_errors() {
        assert_eq!(
            edited("ab\ncd", &[change(Some(((0, 99), (0, 120))), "!")]),
            "ab!\ncd"
        );
        // The last line of a text ending with a line ending is the empty one after it.
        assert_eq!(
            edited("ab\n", &[change(Some(((1, 0), (1, 9))), "x")]),
            "ab\nx"
        );
        // The line just after the last one is the end of the document; those after it are
        // nowhere.
        assert_eq!(
            edited("ab\ncd", &[change(Some(((1, 0), (2, 0))), "")]),
            "ab\n"
        );
        assert_eq!(
            edited("ab\ncd", &[change(Some(((2, 5), (2, 9))), "!")]),
            "ab\ncd!"
        );
        assert_eq!(
            rejected("ab\ncd", &[change(Some(((3, 0), (3, 0))), "!")]),
            ChangeError::LineOutOfRange {
                position: lsp::Position::new(3, 0),
                lines: 2
            }
        );
        assert!(matches!(
            rejected("", &[change(Some(((3, 3), (4, 4))), "x")]),
            ChangeError::LineOutOfRange { .. }
        ));
    }

    #[test]
    fn a_reversed_range_is_an_error_and_undoes_the_whole_notification() {
        let changes = [
            change(Some(((0, 0), (0, 0))), "applied first, then undone"),
            change(Some(((1, 1), (0, 0))), "!"),
        ];
        assert!(matches!(
            rejected("ab\ncd", &changes),
            ChangeError::Reversed { .. }
        ));
    }

    #[test]
    fn crlf_and_a_lone_cr_end_lines() {
        // The column clamps before `\r\n` and before a lone `\r`; the line after either
        // starts after it.
        assert_eq!(
            edited("ab\r\ncd", &[change(Some(((0, 9), (0, 9))), "!")]),
            "ab!\r\ncd"
        );
        assert_eq!(
            edited("ab\rcd", &[change(Some(((0, 9), (0, 9))), "!")]),
            "ab!\rcd"
        );
        assert_eq!(
            edited("a\rb\nc", &[change(Some(((1, 0), (1, 0))), "!")]),
            "a\r!b\nc"
        );
        assert_eq!(
            edited("a\rb\r\nc\r", &[change(Some(((3, 0), (3, 0))), "!")]),
            "a\rb\r\nc\r!"
        );
        // Joining a lone `\r` and a `\n` into one line ending.
        let mut doc = Document::new("a\rb", 1, None, 0);
        let edit = change(Some(((1, 0), (1, 0))), "\n");
        doc.apply_change(&edit, PositionEncoding::Utf16).unwrap();
        assert_eq!(doc.rope.len_lines(), 2);
        assert_eq!(
            doc.byte_offset(lsp::Position::new(1, 0), PositionEncoding::Utf16),
            Ok(3)
        );
    }

    #[test]
    fn other_unicode_line_breaks_are_not_line_endings() {
        // U+2028, U+2029, NEL, VT and FF: one line (ropey would count six with its default
        // `unicode_lines` feature).
        let text = "a\u{2028}b\u{2029}c\u{85}d\u{b}e\u{c}f";
        assert_eq!(Document::new(text, 1, None, 0).rope.len_lines(), 1);
        assert_eq!(
            edited(text, &[change(Some(((0, 10), (0, 10))), "!")]),
            "a\u{2028}b\u{2029}c\u{85}d\u{b}e\u{c}!f"
        );
    }

    #[test]
    fn offsets_agree_with_the_core_line_index() {
        let text = "x\r\n/* é 😀 */ a\n\n\u{2028}b\rc\n😀😀\r\r\n\r";
        let doc = Document::new(text, 1, None, 0);
        let index = LineIndex::new(text);
        assert_eq!(doc.rope.len_lines(), index.line_count());
        for line in 0..12u32 {
            for col in 0..16u32 {
                let position = lsp::Position::new(line, col);
                let core = index.offset(text, LineCol { line, col }, ColumnUnit::Utf16);
                match doc.byte_offset(position, PositionEncoding::Utf16) {
                    Ok(ours) => assert_eq!(ours, core, "line {line} col {col}"),
                    Err(ChangeError::LineOutOfRange { .. }) => {
                        assert!(line as usize > index.line_count())
                    }
                    // Inside 😀: the core index takes the character's start.
                    Err(ChangeError::InsideCharacter { .. }) => {
                        assert!(text[core..].starts_with('😀'), "line {line} col {col}")
                    }
                    Err(e) => panic!("{e}"),
                }
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
        )
        .unwrap();
        assert!(doc.text().contains("\nLINE 15000\n"));
        assert_eq!(doc.text().len(), text.len());
    }
}
