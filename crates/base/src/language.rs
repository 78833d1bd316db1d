//! The interface every language implements. The analysis, the CLI and the language server
//! reach a language only through these traits and the list of languages the binary passes
//! down (`server/src/languages.rs`), so adding one is its crate and one line there.

use crate::annotations::{InlayHint, KernelSummary};
use crate::diagnostic::{Diagnostic, TextEdit};
use crate::ide::{Completion, Hover};
use crate::navigation::{DocumentSymbol, Highlight, HighlightKind};
use crate::probe::Prober;
use crate::resources::ResourceCheck;
use crate::rules::Rule;
use crate::run::runner::Runner;
use crate::sass::Disassembler;
use crate::semantic::SemanticToken;
use crate::settings::{LanguageSettings, SettingSpec};
use crate::signature::SignatureHelp;
use crate::structure::Fold;
use crate::text::TextRange;
use std::any::Any;

/// What to do with a file that has one of the language's extensions but does not look like it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ForeignContent {
    /// Check it anyway, with this warning first (`.ptx` is PTX more often than not).
    CheckAnyway(&'static str),
    /// Skip it with this note (`.mlir` holds every MLIR dialect).
    Skip(&'static str),
}

/// One edit of an analysed text: `range` of the old text replaced by `inserted`.
#[derive(Clone, Copy, Debug)]
pub struct Edit<'a> {
    /// The text the previous analysis was computed from.
    pub old_text: &'a str,
    pub range: TextRange,
    pub inserted: &'a str,
}

impl Edit<'_> {
    /// How far text after the edit moved (bytes, negative when it shrank).
    pub fn delta(&self) -> isize {
        self.inserted.len() as isize - (self.range.end - self.range.start) as isize
    }

    /// Where `offset` of the old text is in the new one; an offset inside the edit (which
    /// reused data never holds) stays where it was.
    pub fn moved(&self, offset: usize) -> usize {
        if offset >= self.range.end {
            offset.wrapping_add_signed(self.delta())
        } else {
            offset
        }
    }

    /// `range` of the old text in the new one (see `moved`).
    pub fn moved_range(&self, range: TextRange) -> TextRange {
        TextRange::new(self.moved(range.start), self.moved(range.end))
    }

    /// Whether the edit adds or removes line breaks (lines after it are renumbered).
    pub fn moves_lines(&self) -> bool {
        let breaks = |t: &str| t.bytes().filter(|&b| b == b'\n' || b == b'\r').count();
        let removed = &self.old_text[self.range.start..self.range.end];
        breaks(removed) != breaks(self.inserted)
            || removed.contains('\r')
            || self.inserted.contains('\r')
    }
}

/// What an incremental analysis reused: how many of the document's items (functions, entries)
/// it checked again and how many it took from the previous analysis.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Reuse {
    pub rechecked: usize,
    pub reused: usize,
}

pub use crate::input::Input;

pub trait Language: Sync {
    /// Stable identifier, also the settings section (`[ptx]`) and the LSP language id.
    fn id(&self) -> &'static str;
    /// How messages name it ("PTX").
    fn name(&self) -> &'static str;
    /// Extensions (lower case, no dot) a directory walk picks up.
    fn extensions(&self) -> &'static [&'static str];
    /// Does this text look like the language? (For files without a known extension.)
    fn sniff(&self, text: &str) -> bool;
    /// Does this binary input look like the language? Text-only languages say no.
    fn sniff_binary(&self, bytes: &[u8]) -> bool {
        let _ = bytes;
        false
    }
    /// What happens to a file with one of our extensions whose content does not sniff.
    fn foreign_content(&self) -> ForeignContent;
    /// What starts a comment that runs to the end of the line (`//`), for suppression
    /// comments (`// speclint: ignore[CODE]`).
    fn line_comment(&self) -> &'static str;
    /// The rules this language reports, in code order.
    fn rules(&self) -> &'static [&'static Rule];
    /// The settings it takes under its section.
    fn settings(&self) -> &'static [SettingSpec];
    /// Analyses one document.
    fn analyze(
        &self,
        input: Input<'_>,
        settings: &LanguageSettings,
        record_uses: bool,
    ) -> Box<dyn LanguageAnalysis>;
    /// Analyses the document saved at `path` (where it has one): a language that reads the
    /// files beside a document (the headers it includes, a build's compile commands) takes
    /// them from there. The default reads nothing else.
    fn analyze_at(
        &self,
        input: Input<'_>,
        path: Option<&std::path::Path>,
        settings: &LanguageSettings,
        record_uses: bool,
    ) -> Box<dyn LanguageAnalysis> {
        let _ = path;
        self.analyze(input, settings, record_uses)
    }
    /// How `speclint run` compiles and runs the language's kernels; `None` where it cannot.
    fn runner(&self) -> Option<&'static dyn Runner> {
        None
    }

    /// The math functions `speclint probe` can measure in the language; `None` where none.
    fn prober(&self) -> Option<&'static dyn Prober> {
        None
    }

    /// How `speclint sass` compiles the language's kernels to machine code; `None` where it
    /// cannot.
    fn disassembler(&self) -> Option<&'static dyn Disassembler> {
        None
    }

    /// The findings that need the language's compiler (`speclint check --resources`, and the
    /// language server on save); `None` where there are none.
    fn resource_check(&self) -> Option<&'static dyn ResourceCheck> {
        None
    }

    /// Whether `reanalyze` reuses anything (a server then hands it the previous analysis
    /// instead of keeping it to answer requests from).
    fn reanalyzes(&self) -> bool {
        false
    }

    /// Analyses `text`, which is `previous`'s text with one `edit`, reusing what the edit
    /// cannot have changed; the result must equal `analyze` of `text` with the same settings
    /// (which `previous` was computed with). The default analyses it all again.
    fn reanalyze(
        &self,
        previous: Box<dyn LanguageAnalysis>,
        edit: Edit<'_>,
        text: &str,
        settings: &LanguageSettings,
        record_uses: bool,
    ) -> Box<dyn LanguageAnalysis> {
        drop(previous);
        let _ = edit;
        self.analyze(Input::Text(text), settings, record_uses)
    }
}

/// For `Language::reanalyze`: `previous` as the language's own analysis, or `None` (analyse the
/// text in full) when it is another language's or the new analysis records no uses (one-shot
/// checks, which a re-check would not be cheaper for).
pub fn previous_analysis<A: LanguageAnalysis>(
    previous: Box<dyn LanguageAnalysis>,
    record_uses: bool,
) -> Option<A> {
    let previous: Box<dyn Any> = previous;
    match previous.downcast::<A>() {
        Ok(previous) if record_uses => Some(*previous),
        _ => None,
    }
}

/// One analysed document. Offsets are byte offsets into the analysed text. `Any` lets a
/// language take its own analysis back from `Language::reanalyze`.
pub trait LanguageAnalysis: Any + Send + Sync {
    fn diagnostics(&self) -> &[Diagnostic];
    /// What this analysis took from the previous one, when it was computed incrementally.
    fn reuse(&self) -> Option<Reuse> {
        None
    }
    /// The text positions refer to when it is not the input itself (a binary module's
    /// disassembly); `None` for text input.
    fn shown_text(&self) -> Option<&str> {
        None
    }
    /// How a position is named in reports when line:column would mislead (binary input).
    fn position_label(&self, range: TextRange) -> Option<String> {
        let _ = range;
        None
    }
    fn completions(&self, text: &str, offset: usize) -> Vec<Completion>;
    fn hover(&self, text: &str, offset: usize) -> Option<Hover>;
    fn definition(&self, text: &str, offset: usize) -> Option<TextRange>;
    fn references(&self, text: &str, offset: usize, include_definition: bool) -> Vec<TextRange>;
    fn document_symbols(&self, text: &str) -> Vec<DocumentSymbol>;
    /// What the document as a whole was checked against ("PTX ISA 8.0 · sm_90"), for a status
    /// line.
    fn module_summary(&self, text: &str) -> Option<String> {
        let _ = text;
        None
    }
    /// The kernels, each with a summary of what it was checked against (code lenses).
    fn kernel_summaries(&self, text: &str) -> Vec<KernelSummary> {
        let _ = text;
        Vec::new()
    }
    /// The inlay hints whose offsets fall in `range`, in text order.
    fn inlay_hints(&self, text: &str, range: TextRange) -> Vec<InlayHint> {
        let _ = (text, range);
        Vec::new()
    }
    /// The name at `offset` if the language can rename it: its range, for the editor to show.
    fn rename_target(&self, text: &str, offset: usize) -> Option<TextRange> {
        let _ = (text, offset);
        None
    }
    /// The edits that rename the name at `offset` to `new_name`, or why it cannot be.
    fn rename(&self, text: &str, offset: usize, new_name: &str) -> Result<Vec<TextEdit>, String> {
        let _ = (text, offset, new_name);
        Err("renaming is not supported in this language yet".to_string())
    }

    // Document structure for editors (semantic tokens, folding, selection, highlights).

    /// Every token the language can classify, in any order: the core sorts them and, where
    /// two overlap, keeps the one pushed first.
    fn semantic_tokens(&self, text: &str) -> Vec<SemanticToken> {
        let _ = text;
        Vec::new()
    }
    /// Foldable constructs (function bodies, regions, block comments); runs of line comments
    /// are added by the core.
    fn folding_ranges(&self, text: &str) -> Vec<Fold> {
        let _ = text;
        Vec::new()
    }
    /// The constructs around `offset`, from the token to the outermost, in any order (the
    /// core sorts them into a chain and adds the file).
    fn selection_ranges(&self, text: &str, offset: usize) -> Vec<TextRange> {
        let _ = (text, offset);
        Vec::new()
    }
    /// Every occurrence of the symbol at `offset`: by default its references, the definition
    /// written and the others read.
    fn highlights(&self, text: &str, offset: usize) -> Vec<Highlight> {
        let definition = self.definition(text, offset);
        self.references(text, offset, true)
            .into_iter()
            .map(|range| Highlight {
                range,
                kind: if Some(range) == definition {
                    HighlightKind::Write
                } else {
                    HighlightKind::Read
                },
            })
            .collect()
    }

    /// While the operands of an instruction are typed at `offset`: its forms that fit what is
    /// written, and the operand the cursor is on.
    fn signature_help(&self, text: &str, offset: usize) -> Option<SignatureHelp> {
        let _ = (text, offset);
        None
    }

    /// The region (containing `edited`) outside which (its end offset counts as inside)
    /// replacing `edited` of the analysed text by `inserted` changes no hover, definition or
    /// completion, nor the text of any line but the edited one: then those answers can come from this analysis while the edited
    /// text is re-analysed. `None` (the default) when that is not known; answers wait.
    /// References, renames and highlights list occurrences across the module and always wait.
    fn isolated_edit(&self, text: &str, edited: TextRange, inserted: &str) -> Option<TextRange> {
        let _ = (text, edited, inserted);
        None
    }
}
