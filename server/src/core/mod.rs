//! The protocol-neutral analysis core: language detection, one analysis per document, and
//! queries over it (diagnostics, hovers, fixes). The CLI and the LSP glue both call this; only
//! the LSP glue knows LSP types.

pub mod config;
pub mod diagnostic;
pub mod navigation;
pub mod parallel;
pub mod rules;
pub mod text;

use crate::ptx::{self, header::Overrides, PtxAnalysis};
use crate::tile_ir::{self, TileIrAnalysis, TileIrSettings};
use diagnostic::Diagnostic;
use navigation::DocumentSymbol;
use std::path::Path;
use text::TextRange;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Language {
    Ptx,
    /// NVIDIA Tile IR: the `cuda_tile` MLIR dialect in its textual form.
    TileIr,
}

/// Settings that change what a check reports or keeps.
#[derive(Clone, Debug)]
pub struct Options {
    pub ptx: Overrides,
    pub tile_ir: TileIrSettings,
    /// Keep where each name is used, for hovers; a one-shot check does not need it.
    pub record_uses: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            ptx: Overrides::default(),
            tile_ir: TileIrSettings::default(),
            record_uses: true,
        }
    }
}

/// A hover: the range it describes and Markdown text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hover {
    pub range: TextRange,
    pub markdown: String,
}

/// What a completion inserts, for the editor's icon.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CompletionKind {
    Instruction,
    Modifier,
    Directive,
    Register,
    SpecialRegister,
    Label,
    Function,
}

/// A completion: the text to insert in place of `replace` (the word typed so far).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Completion {
    pub label: String,
    pub kind: CompletionKind,
    pub detail: String,
    pub replace: TextRange,
}

/// Which language a file is in: by extension, or by sniffing its text (`.ptx` is shared with
/// other formats, and unnamed buffers have no extension).
pub fn detect_language(path: Option<&Path>, text: &str) -> Option<Language> {
    let extension = path
        .and_then(|p| p.extension())
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase);
    match extension.as_deref() {
        Some("ptx") if ptx::sniff(text) || text.trim().is_empty() => Some(Language::Ptx),
        // `.mlir` holds every MLIR dialect: claim only files that use cuda_tile.
        Some("mlir") if tile_ir::sniff(text) => Some(Language::TileIr),
        Some("mlir") => None,
        _ if ptx::sniff(text) => Some(Language::Ptx),
        _ if tile_ir::sniff(text) => Some(Language::TileIr),
        _ => None,
    }
}

/// Files a directory walk picks up.
pub fn is_candidate_extension(path: &Path) -> bool {
    path.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| e.eq_ignore_ascii_case("ptx") || e.eq_ignore_ascii_case("mlir"))
}

/// Why bytes could not be analysed as text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum InputProblem {
    Binary(&'static str),
    NotUtf8 { valid_up_to: usize },
}

impl InputProblem {
    pub fn message(&self) -> String {
        match self {
            InputProblem::Binary(what) => {
                format!("binary input ({what}); speclint checks text files")
            }
            InputProblem::NotUtf8 { valid_up_to } => {
                format!("the file is not valid UTF-8 (first invalid byte at offset {valid_up_to})")
            }
        }
    }
}

/// Decodes input bytes as text, refusing binary files.
pub fn decode(bytes: &[u8]) -> Result<&str, InputProblem> {
    const MAGICS: &[(&[u8], &str)] = &[
        (b"\x7fELF", "an ELF object such as a cubin"),
        (&[0x03, 0x02, 0x23, 0x07], "a SPIR-V binary module"),
        (&[0x07, 0x23, 0x02, 0x03], "a SPIR-V binary module"),
        (&[0x50, 0xed, 0x55, 0xba], "a CUDA fatbinary"),
        (b"BC\xc0\xde", "LLVM bitcode"),
    ];
    if let Some((_, what)) = MAGICS.iter().find(|(magic, _)| bytes.starts_with(magic)) {
        return Err(InputProblem::Binary(what));
    }
    if bytes.iter().take(8192).any(|&b| b == 0) {
        return Err(InputProblem::Binary("it contains NUL bytes"));
    }
    std::str::from_utf8(bytes).map_err(|e| InputProblem::NotUtf8 {
        valid_up_to: e.valid_up_to(),
    })
}

/// The result of analysing one document.
pub enum Analysis {
    Ptx(PtxAnalysis),
    TileIr(TileIrAnalysis),
}

impl Analysis {
    /// Analyses `text`. `previous` is this document's last analysis, which a future
    /// incremental mode may reuse; analysis is currently fast enough to redo in full.
    pub fn run(
        language: Language,
        text: &str,
        previous: Option<&Analysis>,
        options: &Options,
    ) -> Self {
        let _ = previous;
        match language {
            Language::Ptx => Analysis::Ptx(ptx::analyze(text, &options.ptx, options.record_uses)),
            Language::TileIr => Analysis::TileIr(tile_ir::analyze(
                text,
                &options.tile_ir,
                options.record_uses,
            )),
        }
    }

    pub fn diagnostics(&self) -> &[Diagnostic] {
        match self {
            Analysis::Ptx(a) => &a.diagnostics,
            Analysis::TileIr(a) => &a.diagnostics,
        }
    }

    /// What may be typed at `offset`.
    pub fn completions(&self, text: &str, offset: usize) -> Vec<Completion> {
        match self {
            Analysis::Ptx(a) => ptx::complete::complete(a, text, offset),
            Analysis::TileIr(a) => tile_ir::complete::complete(a, text, offset),
        }
    }

    pub fn hover(&self, text: &str, offset: usize) -> Option<Hover> {
        match self {
            Analysis::Ptx(a) => ptx::hover::hover(a, text, offset),
            Analysis::TileIr(a) => tile_ir::hover::hover(a, text, offset),
        }
    }

    /// Where the name at `offset` is defined.
    pub fn definition(&self, text: &str, offset: usize) -> Option<TextRange> {
        match self {
            Analysis::Ptx(a) => ptx::navigate::definition(a, text, offset),
            Analysis::TileIr(a) => tile_ir::navigate::definition(a, text, offset),
        }
    }

    /// Every occurrence of the name at `offset`, its definition included when asked.
    pub fn references(
        &self,
        text: &str,
        offset: usize,
        include_definition: bool,
    ) -> Vec<TextRange> {
        match self {
            Analysis::Ptx(a) => ptx::navigate::references(a, text, offset, include_definition),
            Analysis::TileIr(a) => {
                tile_ir::navigate::references(a, text, offset, include_definition)
            }
        }
    }

    /// The outline: modules, kernels, functions and globals.
    pub fn document_symbols(&self, text: &str) -> Vec<DocumentSymbol> {
        match self {
            Analysis::Ptx(a) => ptx::navigate::document_symbols(a, text),
            Analysis::TileIr(a) => tile_ir::navigate::document_symbols(a, text),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn binary_and_non_utf8_inputs_are_refused() {
        assert!(matches!(
            decode(b"\x7fELF\x02"),
            Err(InputProblem::Binary(_))
        ));
        assert!(matches!(decode(b"abc\0def"), Err(InputProblem::Binary(_))));
        assert_eq!(
            decode(b"ab\xffc"),
            Err(InputProblem::NotUtf8 { valid_up_to: 2 })
        );
        assert_eq!(decode(b".version 8.0"), Ok(".version 8.0"));
    }

    #[test]
    fn languages_are_detected_by_extension_and_content() {
        assert_eq!(
            detect_language(Some(Path::new("k.ptx")), ".version 8.0\n"),
            Some(Language::Ptx)
        );
        assert_eq!(
            detect_language(Some(Path::new("k.ptx")), "Microsoft Project data"),
            None
        );
        assert_eq!(
            detect_language(None, "// x\n.version 7.0\n.target sm_80\n"),
            Some(Language::Ptx)
        );
    }
}
