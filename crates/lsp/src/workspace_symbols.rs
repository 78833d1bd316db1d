//! `workspace/symbol` over the files on disk: the workspace folder is walked for files of the
//! languages' extensions (hidden entries and `[check] exclude` of its `speclint.toml`
//! skipped, as `speclint check` does), each file read and analysed once and its symbols kept
//! until its size or modification time changes. Files too large to be sources are skipped,
//! and a walk stops after `MAX_ENTRIES` entries and reads at most `MAX_FILES` files, so a huge
//! tree cannot stall the server.
//! Open documents are answered from their analyses by the server, not from here.

use super::to_proto::{self, Lines, PositionEncoding};
use speclint_analysis::config;
use speclint_analysis::walk::{self, Exclude};
use speclint_analysis::{Analysis, Options, Registry};
use speclint_base::language::Input;
use speclint_base::text::LineIndex;
use speclint_base::workspace_symbols;
use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::SystemTime;
use tower_lsp_server::ls_types as lsp;

/// Files larger than this are not read for symbols (generated or binary dumps).
const MAX_FILE_BYTES: u64 = 8 << 20;
/// At most this many files of each workspace folder are read.
const MAX_FILES: usize = 2000;
/// A walk looks at no more than this many entries (files and directories) of a folder: a home
/// directory opened as the workspace is not read to the end.
const MAX_ENTRIES: usize = 100_000;

struct Cached {
    modified: Option<SystemTime>,
    len: u64,
    symbols: Vec<lsp::WorkspaceSymbol>,
}

/// The symbols of the workspace folders' files, cached per file.
#[derive(Default)]
pub struct WorkspaceFiles {
    folders: Mutex<Vec<PathBuf>>,
    cache: Mutex<HashMap<PathBuf, Cached>>,
}

impl WorkspaceFiles {
    pub fn set_folders(&self, folders: Vec<PathBuf>) {
        *self.folders.lock().unwrap_or_else(|p| p.into_inner()) = folders;
    }

    /// The symbols of every source file of the workspace folders but those in `skip` (the
    /// open documents).
    pub fn symbols(
        &self,
        skip: &HashSet<PathBuf>,
        options: &Options,
        encoding: PositionEncoding,
    ) -> Vec<lsp::WorkspaceSymbol> {
        let folders = self
            .folders
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .clone();
        let mut cache = self.cache.lock().unwrap_or_else(|p| p.into_inner());
        let mut seen = HashSet::new();
        let mut symbols = Vec::new();
        for folder in &folders {
            symbols.extend(folder_symbols(
                folder, skip, options, encoding, &mut cache, &mut seen,
            ));
        }
        // Forget files that are gone (or now excluded).
        cache.retain(|path, _| seen.contains(path));
        symbols
    }
}

/// The symbols of the files under one folder, from `cache` where it is fresh.
fn folder_symbols(
    root: &Path,
    skip: &HashSet<PathBuf>,
    options: &Options,
    encoding: PositionEncoding,
    cache: &mut HashMap<PathBuf, Cached>,
    seen: &mut HashSet<PathBuf>,
) -> Vec<lsp::WorkspaceSymbol> {
    // Symbols need no record of uses.
    let options = Options {
        record_uses: false,
        ..options.clone()
    };
    let excludes = excludes(&options.registry, root);
    let mut entries = 0;
    let mut excluded = |path: &Path, is_dir: bool| {
        entries += 1;
        entries > MAX_ENTRIES || excludes.iter().any(|e| e.matches(path, is_dir))
    };
    let found = walk::walk(&options.registry, &[root.to_path_buf()], &mut excluded);
    let mut symbols = Vec::new();
    for file in found
        .files
        .iter()
        .filter(|f| f.unreadable.is_none())
        .take(MAX_FILES)
    {
        let path = &file.path;
        if skip.contains(path) {
            continue;
        }
        let Ok(meta) = std::fs::metadata(path) else {
            continue;
        };
        if meta.len() > MAX_FILE_BYTES {
            continue;
        }
        if !seen.insert(path.clone()) {
            continue; // In two folders (one inside the other).
        }
        let modified = meta.modified().ok();
        let fresh = cache
            .get(path)
            .is_some_and(|c| c.modified == modified && c.len == meta.len());
        if !fresh {
            let read = file_symbols(path, &options, encoding).unwrap_or_default();
            cache.insert(
                path.clone(),
                Cached {
                    modified,
                    len: meta.len(),
                    symbols: read,
                },
            );
        }
        symbols.extend(cache[path].symbols.iter().cloned());
    }
    symbols
}

/// The `[check] exclude` patterns of the workspace's `speclint.toml`, relative to its folder.
fn excludes(registry: &Registry, root: &Path) -> Vec<Exclude> {
    let Ok((file, Some(path))) = config::for_directory(registry, root) else {
        return Vec::new();
    };
    let base = path.parent().unwrap_or(root);
    file.check
        .exclude
        .iter()
        .filter_map(|glob| Exclude::new(glob, base).ok())
        .collect()
}

/// Reads and analyses one file for its symbols; None when it is not text of a language.
fn file_symbols(
    path: &Path,
    options: &Options,
    encoding: PositionEncoding,
) -> Option<Vec<lsp::WorkspaceSymbol>> {
    let bytes = std::fs::read(path).ok()?;
    let text = speclint_analysis::decode(&bytes).ok()?;
    let language = options.registry.detect_language(Some(path), text).found()?;
    let analysis = Analysis::run(language, Input::Text(text), None, options);
    let uri = lsp::Uri::from_file_path(path)?;
    let index = LineIndex::new(text);
    let lines = Lines {
        text,
        index: &index,
        encoding,
    };
    let symbols = workspace_symbols::from_outline(analysis.document_symbols(text));
    Some(
        symbols
            .into_iter()
            .map(|symbol| to_proto::workspace_symbol(lines, &uri, symbol))
            .collect(),
    )
}

/// The workspace symbols of an open document, from its analysis.
pub fn of_document(analysis: &Analysis, lines: Lines, uri: &lsp::Uri) -> Vec<lsp::WorkspaceSymbol> {
    workspace_symbols::from_outline(analysis.document_symbols(lines.text))
        .into_iter()
        .map(|symbol| to_proto::workspace_symbol(lines, uri, symbol))
        .collect()
}
