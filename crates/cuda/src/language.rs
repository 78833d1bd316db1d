//! CUDA C++ as a plug-in of the core: detection by the PTX in `asm` statements, the
//! `[cuda-cpp]` settings, and the analysis behind the core's interface.

use super::CudaAnalysis;
use speclint_base::diagnostic::Diagnostic;
use speclint_base::ide::{Completion, Hover};
use speclint_base::language::{ForeignContent, Input, Language, LanguageAnalysis};
use speclint_base::navigation::DocumentSymbol;
use speclint_base::rules::Rule;
use speclint_base::semantic::SemanticToken;
use speclint_base::settings::{LanguageSettings, SettingFlag, SettingShape, SettingSpec};
use speclint_base::signature::SignatureHelp;
use speclint_base::text::TextRange;

pub struct Cuda;

/// The same keys as `[ptx]`, with the same flags: `--target` and `--ptx-version` set both
/// languages. The settings system gives each language its own section, so inline PTX reads
/// `[cuda-cpp]` (a CUDA project's target is not always its `.ptx` files' target); the values
/// are handed to the PTX checker as they are.
static SETTINGS: &[SettingSpec] = &[
    SettingSpec {
        key: "target",
        shape: SettingShape::Text,
        validate: |text| speclint_ptx::language::parse_target(text).map(drop),
        flag: Some(SettingFlag {
            name: "target",
            help: "Check the PTX of CUDA C++ `asm` statements against this target (e.g. sm_90).",
        }),
    },
    SettingSpec {
        key: "version",
        shape: SettingShape::Text,
        validate: |text| speclint_ptx::language::parse_ptx_version(text).map(drop),
        flag: Some(SettingFlag {
            name: "ptx-version",
            help: "Check the PTX of CUDA C++ `asm` statements against this PTX ISA version (e.g. 8.5).",
        }),
    },
];

impl Language for Cuda {
    fn id(&self) -> &'static str {
        crate::LANGUAGE_ID
    }

    fn name(&self) -> &'static str {
        "CUDA C++"
    }

    fn extensions(&self) -> &'static [&'static str] {
        &["cu", "cuh", "h", "hpp", "inl", "cpp", "cc", "cxx"]
    }

    fn sniff(&self, text: &str) -> bool {
        super::sniff(text)
    }

    /// A walk passes over C++ files without PTX quietly (a header tree holds thousands); one
    /// named on the command line is checked, with a hint.
    fn foreign_content(&self) -> ForeignContent {
        ForeignContent::CheckAnyway(
            "the file holds no `asm` statement with PTX; checked as CUDA C++ anyway",
        )
    }

    fn line_comment(&self) -> &'static str {
        "//"
    }

    fn rules(&self) -> &'static [&'static Rule] {
        super::rules::CUDA_RULES
    }

    fn settings(&self) -> &'static [SettingSpec] {
        SETTINGS
    }

    fn analyze(
        &self,
        input: Input<'_>,
        settings: &LanguageSettings,
        record_uses: bool,
    ) -> Box<dyn LanguageAnalysis> {
        self.analyze_at(input, None, settings, record_uses)
    }

    /// The file's path finds the project headers it includes and its compile command.
    fn analyze_at(
        &self,
        input: Input<'_>,
        path: Option<&std::path::Path>,
        settings: &LanguageSettings,
        record_uses: bool,
    ) -> Box<dyn LanguageAnalysis> {
        let text = match input {
            Input::Text(text) => text,
            Input::Binary(_) => "",
        };
        // A one-shot check answers no hovers: it skips writing them.
        Box::new(super::analyze_file(text, path, settings, record_uses))
    }
}

/// Inside the strings the server answers what the PTX language answers in a `.ptx` file
/// (hovers, completion, semantic tokens) and hovers on `%N`; it answers nothing in C++, which
/// stays with clangd.
impl LanguageAnalysis for CudaAnalysis {
    fn diagnostics(&self) -> &[Diagnostic] {
        &self.diagnostics
    }

    fn completions(&self, text: &str, offset: usize) -> Vec<Completion> {
        crate::ide::completions(&self.views, text, offset)
    }

    /// On a `%N` of a template its operand, elsewhere in a template the PTX hover.
    fn hover(&self, text: &str, offset: usize) -> Option<Hover> {
        self.placeholders
            .iter()
            .find(|h| h.range.start <= offset && offset < h.range.end)
            .map(|h| Hover {
                range: h.range,
                markdown: h.markdown.clone(),
            })
            .or_else(|| crate::ide::hover(&self.views, text, offset))
    }

    fn semantic_tokens(&self, text: &str) -> Vec<SemanticToken> {
        crate::ide::semantic_tokens(&self.views, text)
    }

    fn signature_help(&self, _text: &str, offset: usize) -> Option<SignatureHelp> {
        crate::ide::signature_help(&self.views, offset)
    }

    /// Names a template declares (`.reg .pred p`); a placeholder's register is speclint's.
    fn definition(&self, _text: &str, offset: usize) -> Option<TextRange> {
        crate::ide::definition(&self.views, offset)
    }

    fn references(&self, _text: &str, offset: usize, include_definition: bool) -> Vec<TextRange> {
        crate::ide::references(&self.views, offset, include_definition)
    }

    fn document_symbols(&self, _text: &str) -> Vec<DocumentSymbol> {
        Vec::new()
    }
}
