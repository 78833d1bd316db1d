//! Conversions from LSP types to the core's model.

use super::to_proto::{Lines, PositionEncoding};
use crate::core::text::{LineCol, TextRange};
use std::path::PathBuf;
use tower_lsp_server::ls_types as lsp;

/// The byte offset of an LSP position; positions past the end of a line or of the document
/// clamp to that end.
pub fn offset(lines: Lines, position: lsp::Position) -> usize {
    lines.index.offset(
        lines.text,
        LineCol {
            line: position.line,
            col: position.character,
        },
        lines.encoding.unit(),
    )
}

/// The byte range of an LSP range (a reversed range is read as the empty range at its start).
pub fn text_range(lines: Lines, range: lsp::Range) -> TextRange {
    let start = offset(lines, range.start);
    let end = offset(lines, range.end);
    TextRange::new(start, end)
}

/// The encoding to use: `utf-8` when the client offers it (no transcoding), else the
/// protocol's default `utf-16`.
pub fn position_encoding(params: &lsp::InitializeParams) -> PositionEncoding {
    let offered = params
        .capabilities
        .general
        .as_ref()
        .and_then(|g| g.position_encodings.as_deref())
        .unwrap_or_default();
    if offered.contains(&lsp::PositionEncodingKind::UTF8) {
        PositionEncoding::Utf8
    } else {
        PositionEncoding::Utf16
    }
}

/// The file path of a `file:` URI, for language detection by extension; other schemes
/// (`untitled:`, ...) still give the path part, whose extension is just as telling.
pub fn path(uri: &lsp::Uri) -> Option<PathBuf> {
    uri.to_file_path().map(|p| p.into_owned())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::text::LineIndex;

    #[test]
    fn positions_clamp_and_count_utf16_units() {
        let text = "ab\n/* 😀 */ x\r\n";
        let index = LineIndex::new(text);
        let lines = Lines {
            text,
            index: &index,
            encoding: PositionEncoding::Utf16,
        };
        let x = text.find('x').unwrap();
        assert_eq!(offset(lines, lsp::Position::new(1, 9)), x);
        assert_eq!(offset(lines, lsp::Position::new(1, 99)), x + 1);
        assert_eq!(offset(lines, lsp::Position::new(9, 0)), text.len());
    }

    #[test]
    fn utf8_is_chosen_only_when_offered() {
        let mut params = lsp::InitializeParams::default();
        assert_eq!(position_encoding(&params), PositionEncoding::Utf16);
        params.capabilities.general = Some(lsp::GeneralClientCapabilities {
            position_encodings: Some(vec![
                lsp::PositionEncodingKind::UTF16,
                lsp::PositionEncodingKind::UTF8,
            ]),
            ..Default::default()
        });
        assert_eq!(position_encoding(&params), PositionEncoding::Utf8);
    }

    #[test]
    fn paths_come_from_file_uris() {
        let uri: lsp::Uri = "file:///tmp/k%20x.ptx".parse().unwrap();
        assert_eq!(path(&uri), Some(PathBuf::from("/tmp/k x.ptx")));
    }
}
