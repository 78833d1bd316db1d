//! Conversions from LSP types to the core's model.

use super::to_proto::{Lines, PositionEncoding};
use speclint_base::text::{LineCol, TextRange};
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

/// The workspace's root directory, where `speclint.toml` is looked for: the first workspace
/// folder, else the (deprecated) root URI or root path.
pub fn workspace_root(params: &lsp::InitializeParams) -> Option<PathBuf> {
    let folder = params
        .workspace_folders
        .as_deref()
        .and_then(|folders| folders.first())
        .and_then(|folder| path(&folder.uri));
    #[allow(deprecated)] // Older clients send only these.
    let fallback = || {
        params
            .root_uri
            .as_ref()
            .and_then(path)
            .or_else(|| params.root_path.as_ref().map(PathBuf::from))
    };
    folder.or_else(fallback)
}

/// Every workspace folder the client names (the root when it names none).
pub fn workspace_folders(params: &lsp::InitializeParams) -> Vec<PathBuf> {
    let folders: Vec<PathBuf> = params
        .workspace_folders
        .iter()
        .flatten()
        .filter_map(|folder| path(&folder.uri))
        .collect();
    if folders.is_empty() {
        workspace_root(params).into_iter().collect()
    } else {
        folders
    }
}

/// Whether the client lets the server register file watchers.
pub fn can_watch_files(params: &lsp::InitializeParams) -> bool {
    params
        .capabilities
        .workspace
        .as_ref()
        .and_then(|w| w.did_change_watched_files.as_ref())
        .and_then(|w| w.dynamic_registration)
        .unwrap_or(false)
}

#[cfg(test)]
mod tests {
    use super::*;
    use speclint_base::text::LineIndex;

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

    #[test]
    fn the_workspace_root_is_the_first_folder_else_the_root_uri() {
        let mut params = lsp::InitializeParams::default();
        assert_eq!(workspace_root(&params), None);
        #[allow(deprecated)]
        {
            params.root_path = Some("/old".to_string());
            assert_eq!(workspace_root(&params), Some(PathBuf::from("/old")));
            params.root_uri = Some("file:///root".parse().unwrap());
        }
        assert_eq!(workspace_root(&params), Some(PathBuf::from("/root")));
        params.workspace_folders = Some(vec![lsp::WorkspaceFolder {
            uri: "file:///first".parse().unwrap(),
            name: "first".to_string(),
        }]);
        assert_eq!(workspace_root(&params), Some(PathBuf::from("/first")));
    }
}
