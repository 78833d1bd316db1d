//! The protocol-neutral analysis: one analysis per document, over the list of languages it is
//! given (a [`Registry`]), and queries over it (diagnostics, hovers, fixes). It also holds
//! language detection, configuration, rule selection, suppression comments and the file walk.
//! The CLI and the LSP glue both call this; only the LSP glue knows LSP types. The analysis
//! names no language: the binary passes the list down.

pub mod config;
pub mod fixes;
mod registry;
pub mod run_comment;
pub mod selection;
mod suppression;
pub mod walk;

pub use registry::Registry;

#[cfg(test)]
mod testing;
use speclint_base::diagnostic::Diagnostic;
use speclint_base::ide::{Completion, Hover};
use speclint_base::language::{ForeignContent, Input, Language, LanguageAnalysis};
use speclint_base::navigation::{DocumentSymbol, Highlight};
use speclint_base::resources::KernelLaunch;
use speclint_base::semantic::SemanticToken;
use speclint_base::structure::Fold;
use speclint_base::text::TextRange;
use speclint_base::{annotations, language, rules, semantic, signature, structure};
use std::path::Path;
use std::sync::OnceLock;

/// Settings that change what a check reports or keeps.
#[derive(Clone, Debug)]
pub struct Options {
    /// Every language's validated settings.
    pub config: config::Config,
    /// Keep where each name is used, for hovers; a one-shot check does not need it.
    pub record_uses: bool,
    /// Every language there is: rule selection and suppression comments know their rules.
    pub registry: Registry,
}

impl Default for Options {
    /// No settings, and no languages but the one analysed.
    fn default() -> Self {
        Options {
            config: config::Config::default(),
            record_uses: true,
            registry: Registry::new(&[]),
        }
    }
}

/// Which language a file is in, and how sure we are.
#[derive(Clone, Copy)]
pub enum Detection {
    Found(&'static dyn Language),
    /// The extension is the language's but the content does not look like it.
    Foreign(&'static dyn Language, ForeignContent),
    /// Nothing claims it.
    Unknown,
}

impl Detection {
    /// The language, when the content confirms it.
    pub fn found(self) -> Option<&'static dyn Language> {
        match self {
            Detection::Found(language) => Some(language),
            _ => None,
        }
    }
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
pub struct Analysis {
    inner: Box<dyn LanguageAnalysis>,
    language: &'static dyn Language,
    /// The findings after rule selection, severities and suppression comments; `None` when
    /// they change nothing (the language's own list is the answer).
    diagnostics: Option<Vec<Diagnostic>>,
    /// The semantic tokens, computed on the first request (sorted, without overlaps).
    semantic_tokens: OnceLock<Vec<SemanticToken>>,
    /// Whether the text holds `speclint:`, which starts every suppression and run comment
    /// (`suppression::may_have_directives`): most texts do not, and then neither is looked
    /// for.
    mentions_speclint: bool,
}

/// `suppression::may_have_directives` of `text`, the text of `edit` applied to one that did
/// not mention `speclint:` (`mentioned: false`): only the inserted text and its neighbours can
/// now, so only they are searched (a keystroke in a large file does not scan the whole of it).
fn mentions_speclint_after(mentioned: bool, edit: &language::Edit<'_>, text: &str) -> bool {
    if mentioned {
        return suppression::may_have_directives(text);
    }
    let prefix = suppression::PREFIX.as_bytes();
    let start = edit.range.start.saturating_sub(prefix.len() - 1);
    let end = (edit.range.start + edit.inserted.len() + prefix.len() - 1).min(text.len());
    text.as_bytes()
        .get(start..end)
        .is_some_and(|window| window.windows(prefix.len()).any(|w| w == prefix))
}

/// RUN001 for each run comment (`speclint: run`, the editor's "Run" lens) that would not run
/// (asked only of texts that mention `speclint:`).
fn run_comment_problems(
    text: &str,
    language: &dyn Language,
    inner: &dyn LanguageAnalysis,
    table: &selection::RuleTable,
) -> Vec<Diagnostic> {
    if !table.is_selected(&rules::INVALID_RUN_COMMENT) {
        return Vec::new();
    }
    let kernels = inner.kernel_summaries(text);
    let severity = table
        .severity_override(&rules::INVALID_RUN_COMMENT)
        .unwrap_or(rules::INVALID_RUN_COMMENT.severity);
    let runner_flags = run_comment::runner_flags(language);
    run_comment::run_comments(text, language.line_comment(), &kernels)
        .into_iter()
        .filter_map(|found| {
            // The flags do not depend on the file's name: any stands in for it here.
            let problem = found.args(Path::new("-"), &runner_flags).err()?;
            let mut diagnostic = Diagnostic::new(&rules::INVALID_RUN_COMMENT, found.range, problem);
            diagnostic.severity = severity;
            Some(diagnostic)
        })
        .collect()
}

/// The language's findings after rule selection, severities and suppression comments, with
/// `compiled` (the findings of a compile of the same text) added; `None` when that changes
/// nothing. Without a compile, the rules it would report count as not selected, so that a
/// suppression comment naming them is not reported as unused.
fn selected(
    language: &'static dyn Language,
    inner: &dyn LanguageAnalysis,
    text: Option<&str>,
    mentions_speclint: bool,
    options: &Options,
    compiled: Option<&[Diagnostic]>,
) -> Option<Vec<Diagnostic>> {
    let table = selection::RuleTable::resolve(
        options.registry.rules_with(language),
        options.config.rule_layers(),
    );
    let run_comment_problems = match text {
        Some(text) if mentions_speclint && language.runner().is_some() => {
            run_comment_problems(text, language, inner, &table)
        }
        _ => Vec::new(),
    };
    let compiled_ran = compiled.is_some();
    let compiled = compiled.unwrap_or_default();
    let changes = !table.is_default()
        || mentions_speclint
        || !run_comment_problems.is_empty()
        || !compiled.is_empty();
    if !changes {
        return None;
    }
    let mut diagnostics: Vec<Diagnostic> = (inner.diagnostics().iter())
        .chain(compiled)
        .filter(|d| table.is_selected(d.rule))
        .cloned()
        .map(|mut d| {
            d.severity = table.severity_override(d.rule).unwrap_or(d.severity);
            d
        })
        .collect();
    diagnostics.extend(run_comment_problems);
    if let Some(text) = text.filter(|_| mentions_speclint) {
        let compiled_rules = language.resource_check().map(|check| check.rules());
        match compiled_rules {
            Some(rules) if !compiled_ran => {
                let table = table.without(rules);
                suppression::apply(text, language.line_comment(), &mut diagnostics, &table);
            }
            _ => suppression::apply(text, language.line_comment(), &mut diagnostics, &table),
        }
    }
    Some(diagnostics)
}

impl Analysis {
    /// Analyses one document. `previous` is not read: `rerun` reuses a previous analysis.
    pub fn run(
        language: &'static dyn Language,
        input: Input<'_>,
        previous: Option<&Analysis>,
        options: &Options,
    ) -> Self {
        let _ = previous;
        Self::run_at(language, input, None, options)
    }

    /// Analyses the document saved at `path`, which the language may read files beside
    /// (`Language::analyze_at`).
    pub fn run_at(
        language: &'static dyn Language,
        input: Input<'_>,
        path: Option<&Path>,
        options: &Options,
    ) -> Self {
        let settings = options.config.language(language.id());
        let text = match input {
            Input::Text(text) => Some(text),
            Input::Binary(_) => None,
        };
        let inner = language.analyze_at(input, path, settings, options.record_uses);
        let mentions = text.is_some_and(suppression::may_have_directives);
        Self::select(language, inner, text, mentions, options)
    }

    /// Analyses `text`, which is `previous`'s text with one `edit`, with the same options
    /// (the caller makes sure of that): the language reuses what the edit cannot have changed
    /// (`Language::reanalyze`), and the result equals `run` on `text`.
    pub fn rerun(
        previous: Analysis,
        edit: language::Edit<'_>,
        text: &str,
        options: &Options,
    ) -> Self {
        let language = previous.language;
        let settings = options.config.language(language.id());
        let mentions = mentions_speclint_after(previous.mentions_speclint, &edit, text);
        let inner = language.reanalyze(previous.inner, edit, text, settings, options.record_uses);
        Self::select(language, inner, Some(text), mentions, options)
    }

    /// The language's findings after rule selection, severities and suppression comments.
    fn select(
        language: &'static dyn Language,
        inner: Box<dyn LanguageAnalysis>,
        text: Option<&str>,
        mentions_speclint: bool,
        options: &Options,
    ) -> Self {
        let diagnostics = selected(
            language,
            inner.as_ref(),
            text,
            mentions_speclint,
            options,
            None,
        );
        Analysis {
            inner,
            language,
            diagnostics,
            semantic_tokens: OnceLock::new(),
            mentions_speclint,
        }
    }

    /// The findings with those of a compile of the same text added (`ResourceCheck`), after
    /// the same selection, severities and suppression comments.
    pub fn diagnostics_with_compiled(
        &self,
        text: &str,
        compiled: &[Diagnostic],
        options: &Options,
    ) -> Vec<Diagnostic> {
        selected(
            self.language,
            self.inner.as_ref(),
            Some(text),
            self.mentions_speclint,
            options,
            Some(compiled),
        )
        .unwrap_or_else(|| self.inner.diagnostics().to_vec())
    }

    /// How the text's run comments launch its kernels, where they give a block size: what the
    /// language's compiled findings check the kernels' resources against.
    pub fn kernel_launches(&self, text: &str) -> Vec<KernelLaunch> {
        if !self.mentions_speclint {
            return Vec::new();
        }
        let kernels = self.inner.kernel_summaries(text);
        let runner_flags = run_comment::runner_flags(self.language);
        run_comment::run_comments(text, self.language.line_comment(), &kernels)
            .into_iter()
            .filter(|found| found.flags.split_whitespace().any(|f| f == "--block"))
            .filter_map(|found| {
                let args = found.args(Path::new("-"), &runner_flags).ok()?;
                Some(KernelLaunch {
                    kernel: args.kernel?,
                    threads: args.block.iter().product(),
                    dynamic_shared: u64::from(args.shared),
                    range: found.range,
                })
            })
            .collect()
    }

    /// What this analysis reused of the previous one (see `Language::reanalyze`).
    pub fn reuse(&self) -> Option<language::Reuse> {
        self.inner.reuse()
    }

    /// The findings of the selected rules, at their configured severity, less the suppressed.
    pub fn diagnostics(&self) -> &[Diagnostic] {
        self.diagnostics
            .as_deref()
            .unwrap_or_else(|| self.inner.diagnostics())
    }

    /// The fix that suppresses `diagnostic` with a comment on its line (text input only).
    pub fn suppression_fix(
        &self,
        text: &str,
        diagnostic: &Diagnostic,
    ) -> Option<speclint_base::diagnostic::Fix> {
        let about_suppressions = [&rules::UNUSED_SUPPRESSION, &rules::INVALID_SUPPRESSION]
            .iter()
            .any(|rule| std::ptr::eq(*rule, diagnostic.rule));
        if self.inner.shown_text().is_some() || about_suppressions {
            return None;
        }
        suppression::suppress(
            text,
            self.language.line_comment(),
            diagnostic.range.start,
            diagnostic.rule,
        )
    }

    /// The text positions refer to, when it is not the input (a binary module's disassembly).
    pub fn shown_text(&self) -> Option<&str> {
        self.inner.shown_text()
    }

    /// How a position is named in reports when line:column would mislead.
    pub fn position_label(&self, range: TextRange) -> Option<String> {
        self.inner.position_label(range)
    }

    /// What may be typed at `offset`.
    pub fn completions(&self, text: &str, offset: usize) -> Vec<Completion> {
        self.inner.completions(text, offset)
    }

    pub fn hover(&self, text: &str, offset: usize) -> Option<Hover> {
        self.inner.hover(text, offset)
    }

    /// Where the name at `offset` is defined.
    pub fn definition(&self, text: &str, offset: usize) -> Option<TextRange> {
        self.inner.definition(text, offset)
    }

    /// Every occurrence of the name at `offset`, its definition included when asked.
    pub fn references(
        &self,
        text: &str,
        offset: usize,
        include_definition: bool,
    ) -> Vec<TextRange> {
        self.inner.references(text, offset, include_definition)
    }

    /// The outline: modules, kernels, functions and globals.
    pub fn document_symbols(&self, text: &str) -> Vec<DocumentSymbol> {
        self.inner.document_symbols(text)
    }

    /// The language the document was analysed as.
    pub fn language(&self) -> &'static dyn Language {
        self.language
    }

    /// What the document as a whole was checked against, for a status line.
    pub fn module_summary(&self, text: &str) -> Option<String> {
        self.inner.module_summary(text)
    }

    /// The kernels, each with a summary of what it was checked against (code lenses).
    pub fn kernel_summaries(&self, text: &str) -> Vec<annotations::KernelSummary> {
        self.inner.kernel_summaries(text)
    }

    /// The inlay hints whose offsets fall in `range`.
    pub fn inlay_hints(&self, text: &str, range: TextRange) -> Vec<annotations::InlayHint> {
        self.inner.inlay_hints(text, range)
    }

    /// The renamable name at `offset`, if there is one.
    pub fn rename_target(&self, text: &str, offset: usize) -> Option<TextRange> {
        self.inner.rename_target(text, offset)
    }

    /// The edits that rename the name at `offset`.
    pub fn rename(
        &self,
        text: &str,
        offset: usize,
        new_name: &str,
    ) -> Result<Vec<speclint_base::diagnostic::TextEdit>, String> {
        self.inner.rename(text, offset, new_name)
    }

    /// The classified tokens that intersect `range` (all of them for `None`), sorted and
    /// without overlaps. Computed once per analysis.
    pub fn semantic_tokens(&self, text: &str, range: Option<TextRange>) -> &[SemanticToken] {
        let all = self.semantic_tokens.get_or_init(|| {
            let mut tokens = self.inner.semantic_tokens(text);
            // Positions of a binary module refer to its disassembly, not to `text`.
            tokens.retain(|t| {
                t.range.end <= text.len()
                    && text.is_char_boundary(t.range.start)
                    && text.is_char_boundary(t.range.end)
            });
            semantic::normalize(tokens)
        });
        match range {
            Some(range) => semantic::in_range(all, range),
            None => all,
        }
    }

    /// Foldable ranges: the language's constructs and the runs of line comments.
    pub fn folding_ranges(&self, text: &str) -> Vec<Fold> {
        let mut folds = self.inner.folding_ranges(text);
        folds.extend(structure::comment_blocks(
            text,
            self.language.line_comment(),
        ));
        structure::normalize_folds(text, folds)
    }

    /// The ranges to grow a selection at `offset` through, innermost first, ending with the
    /// whole text.
    pub fn selection_ranges(&self, text: &str, offset: usize) -> Vec<TextRange> {
        structure::selection_chain(text, offset, self.inner.selection_ranges(text, offset))
    }

    /// The occurrences of the symbol at `offset`, each read or written.
    pub fn highlights(&self, text: &str, offset: usize) -> Vec<Highlight> {
        let mut found = self.inner.highlights(text, offset);
        found.sort_by_key(|h| (h.range.start, h.range.end));
        found.dedup_by_key(|h| h.range);
        found
    }

    /// Where replacing `edited` by `inserted` leaves hovers, definitions and completions
    /// as they are (see `LanguageAnalysis::isolated_edit`).
    pub fn isolated_edit(
        &self,
        text: &str,
        edited: TextRange,
        inserted: &str,
    ) -> Option<TextRange> {
        if edited.start > edited.end || edited.end > text.len() {
            return None;
        }
        let region = self.inner.isolated_edit(text, edited, inserted)?;
        (region.start <= edited.start && edited.end <= region.end).then_some(region)
    }

    /// The operand lists of the instruction whose operands are being typed at `offset`.
    pub fn signature_help(&self, text: &str, offset: usize) -> Option<signature::SignatureHelp> {
        self.inner.signature_help(text, offset)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::REGISTRY;

    /// The windowed search after an edit agrees with a search of the whole text, for edits
    /// that complete, split or delete `speclint:` at any place around it.
    #[test]
    fn mentions_after_an_edit_match_a_full_search() {
        let mut random = speclint_test_support::incremental_checks::XorShift(0x9e37_79b9_7f4a_7c15);
        let pieces = ["speclint:", "spec", "lint:", ":", "s", "x", ""];
        let mut text = String::from("; a comment speclint and lint: here\n");
        let mut found = 0;
        for _ in 0..20_000 {
            let mentioned = suppression::may_have_directives(&text);
            let start = random.below(text.len() + 1);
            let end = (start + random.below(4)).min(text.len());
            let inserted = pieces[random.below(pieces.len())];
            let mut edited = text.clone();
            edited.replace_range(start..end, inserted);
            let edit = language::Edit {
                old_text: &text,
                range: TextRange::new(start, end),
                inserted,
            };
            let expected = suppression::may_have_directives(&edited);
            found += usize::from(expected && !mentioned);
            assert_eq!(
                mentions_speclint_after(mentioned, &edit, &edited),
                expected,
                "{text:?} -> {edited:?}"
            );
            text = if edited.len() > 200 {
                "speclint".into()
            } else {
                edited
            };
        }
        assert!(found > 100, "only {found} edits made a mention appear");
    }

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
        let id = |detection: Detection| match detection {
            Detection::Found(language) => format!("found {}", language.id()),
            Detection::Foreign(language, _) => format!("foreign {}", language.id()),
            Detection::Unknown => "unknown".to_string(),
        };
        let text = |path: Option<&str>, text: &str| {
            id(REGISTRY.detect_language(path.map(Path::new), text))
        };
        assert_eq!(text(Some("k.ptx"), ".version 8.0\n"), "found ptx");
        assert_eq!(text(Some("k.ptx"), "Microsoft Project data"), "foreign ptx");
        assert_eq!(
            text(None, "// x\n.version 7.0\n.target sm_80\n"),
            "found ptx"
        );
        assert_eq!(text(Some("k.mlir"), "func.func @f()"), "foreign tile-ir");
        assert_eq!(
            text(Some("k.mlir"), "cuda_tile.module @m {}"),
            "found tile-ir"
        );
        assert_eq!(text(Some("k.txt"), "hello"), "unknown");
    }
}
