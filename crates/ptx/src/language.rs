//! PTX as a plug-in of the core: detection, the `[ptx]` settings, and the analysis behind the
//! core's interface.

use super::header::Overrides;
use super::{
    annotate, complete, hover, isolation, navigate, rename, signature, structure, PtxAnalysis,
};
use speclint_base::annotations::{InlayHint, KernelSummary};
use speclint_base::diagnostic::{Diagnostic, TextEdit};
use speclint_base::ide::{Completion, Hover};
use speclint_base::language::{
    previous_analysis, Edit, ForeignContent, Input, Language, LanguageAnalysis, Reuse,
};
use speclint_base::navigation::{DocumentSymbol, Highlight};
use speclint_base::rules::Rule;
use speclint_base::run::runner::Runner;
use speclint_base::semantic::SemanticToken;
use speclint_base::settings::{LanguageSettings, SettingFlag, SettingShape, SettingSpec};
use speclint_base::signature::SignatureHelp;
use speclint_base::structure::Fold;
use speclint_base::text::TextRange;
use speclint_spec_db::{Target, Version};

pub struct Ptx;

/// A GPU target the spec database knows (`sm_90`, `sm_90a`, `compute_90`): a target no PTX
/// ISA version introduced would be checked against made-up facts.
pub fn parse_target(text: &str) -> Result<Target, String> {
    speclint_spec_db::ptx::parse_known_target(text)
}

/// A PTX ISA version the spec database describes.
pub fn parse_ptx_version(text: &str) -> Result<Version, String> {
    let version =
        Version::parse(text).ok_or_else(|| format!("`{text}` is not a version like 8.0"))?;
    let mut known: Vec<Version> = speclint_spec_db::ptx::VERSIONS
        .iter()
        .map(|v| v.version)
        .collect();
    known.sort();
    if known.contains(&version) {
        Ok(version)
    } else {
        Err(format!(
            "`{text}` is not a PTX ISA version speclint knows ({})",
            version_ranges(&known)
        ))
    }
}

/// Sorted versions as runs of consecutive minors: `1.0-1.5, 2.0-2.3, 5.0, 6.0-6.5`.
fn version_ranges(versions: &[Version]) -> String {
    let mut runs: Vec<(Version, Version)> = Vec::new();
    for &version in versions {
        match runs.last_mut() {
            Some((_, last)) if last.major == version.major && last.minor + 1 == version.minor => {
                *last = version
            }
            _ => runs.push((version, version)),
        }
    }
    runs.iter()
        .map(|(first, last)| {
            if first == last {
                first.to_string()
            } else {
                format!("{first}-{last}")
            }
        })
        .collect::<Vec<_>>()
        .join(", ")
}

static SETTINGS: &[SettingSpec] = &[
    SettingSpec {
        key: "target",
        shape: SettingShape::Text,
        validate: |text| parse_target(text).map(drop),
        flag: Some(SettingFlag {
            name: "target",
            help: "Check against this target instead of the module's `.target` (e.g. sm_80).",
        }),
    },
    SettingSpec {
        key: "version",
        shape: SettingShape::Text,
        validate: |text| parse_ptx_version(text).map(drop),
        flag: Some(SettingFlag {
            name: "ptx-version",
            help:
                "Check against this PTX ISA version instead of the module's `.version` (e.g. 7.8).",
        }),
    },
    SettingSpec {
        key: "block-size",
        shape: SettingShape::Text,
        validate: |text| parse_block_size(text).map(drop),
        flag: None,
    },
];

/// `256` or `16,16,1`: the threads per block kernels without launch bounds or a run comment
/// are launched with, for their occupancy and PTX102.
pub fn parse_block_size(text: &str) -> Result<u32, String> {
    let dims: Option<Vec<u32>> = text.split(',').map(|d| d.trim().parse().ok()).collect();
    match dims {
        Some(dims) if (1..=3).contains(&dims.len()) && dims.iter().all(|&d| d > 0) => dims
            .iter()
            .try_fold(1u32, |threads, &d| threads.checked_mul(d))
            .ok_or_else(|| format!("block size `{text}` is too large")),
        _ => Err(format!(
            "block size `{text}` is not X[,Y[,Z]] positive numbers of threads (256, 16,16)"
        )),
    }
}

/// The overrides the `[ptx]` settings give (they were validated when read).
pub fn overrides(settings: &LanguageSettings) -> Overrides {
    Overrides {
        target: settings.text("target").and_then(|t| parse_target(t).ok()),
        version: settings
            .text("version")
            .and_then(|v| parse_ptx_version(v).ok()),
        target_origin: settings.get("target").and_then(|s| s.origin),
        version_origin: settings.get("version").and_then(|s| s.origin),
    }
}

impl Language for Ptx {
    fn id(&self) -> &'static str {
        crate::LANGUAGE_ID
    }

    fn name(&self) -> &'static str {
        "PTX"
    }

    fn extensions(&self) -> &'static [&'static str] {
        &["ptx"]
    }

    fn sniff(&self, text: &str) -> bool {
        super::sniff(text)
    }

    fn foreign_content(&self) -> ForeignContent {
        ForeignContent::CheckAnyway(
            "the file does not look like PTX (no `.version`/`.target`); checked as PTX anyway",
        )
    }

    fn line_comment(&self) -> &'static str {
        "//"
    }

    fn rules(&self) -> &'static [&'static Rule] {
        super::rules::PTX_RULES
    }

    fn settings(&self) -> &'static [SettingSpec] {
        SETTINGS
    }

    fn runner(&self) -> Option<&'static dyn Runner> {
        Some(&super::run::PtxRunner)
    }

    fn prober(&self) -> Option<&'static dyn speclint_base::probe::Prober> {
        Some(&super::probe::PtxForms)
    }

    fn disassembler(&self) -> Option<&'static dyn speclint_base::sass::Disassembler> {
        Some(&super::sass::PtxDisassembler)
    }

    fn resource_check(&self) -> Option<&'static dyn speclint_base::resources::ResourceCheck> {
        Some(&super::resources::PtxResources)
    }

    fn analyze(
        &self,
        input: Input<'_>,
        settings: &LanguageSettings,
        record_uses: bool,
    ) -> Box<dyn LanguageAnalysis> {
        let text = match input {
            Input::Text(text) => text,
            Input::Binary(_) => "",
        };
        Box::new(super::analyze(text, &overrides(settings), record_uses))
    }

    fn reanalyzes(&self) -> bool {
        true
    }

    fn reanalyze(
        &self,
        previous: Box<dyn LanguageAnalysis>,
        edit: Edit<'_>,
        text: &str,
        settings: &LanguageSettings,
        record_uses: bool,
    ) -> Box<dyn LanguageAnalysis> {
        match previous_analysis::<PtxAnalysis>(previous, record_uses) {
            Some(previous) => {
                Box::new(super::reanalyze(previous, edit, text, &overrides(settings)))
            }
            None => self.analyze(Input::Text(text), settings, record_uses),
        }
    }
}

impl LanguageAnalysis for PtxAnalysis {
    fn diagnostics(&self) -> &[Diagnostic] {
        &self.diagnostics
    }

    fn reuse(&self) -> Option<Reuse> {
        self.reuse
    }

    fn completions(&self, text: &str, offset: usize) -> Vec<Completion> {
        complete::complete(self, text, offset)
    }

    fn hover(&self, text: &str, offset: usize) -> Option<Hover> {
        hover::hover(self, text, offset)
    }

    fn definition(&self, text: &str, offset: usize) -> Option<TextRange> {
        navigate::definition(self, text, offset)
    }

    fn references(&self, text: &str, offset: usize, include_definition: bool) -> Vec<TextRange> {
        navigate::references(self, text, offset, include_definition)
    }

    fn document_symbols(&self, text: &str) -> Vec<DocumentSymbol> {
        navigate::document_symbols(self, text)
    }

    fn module_summary(&self, _text: &str) -> Option<String> {
        Some(annotate::module_summary(self))
    }

    fn kernel_summaries(&self, text: &str) -> Vec<KernelSummary> {
        annotate::kernel_summaries(self, text)
    }

    fn inlay_hints(&self, text: &str, range: TextRange) -> Vec<InlayHint> {
        annotate::inlay_hints(self, text, range)
    }

    fn semantic_tokens(&self, text: &str) -> Vec<SemanticToken> {
        structure::semantic_tokens(self, text)
    }

    fn folding_ranges(&self, text: &str) -> Vec<Fold> {
        structure::folding_ranges(self, text)
    }

    fn selection_ranges(&self, text: &str, offset: usize) -> Vec<TextRange> {
        structure::selection_ranges(self, text, offset)
    }

    fn highlights(&self, text: &str, offset: usize) -> Vec<Highlight> {
        structure::highlights(self, text, offset)
    }

    fn rename_target(&self, text: &str, offset: usize) -> Option<TextRange> {
        rename::rename_target(self, text, offset)
    }

    fn rename(&self, text: &str, offset: usize, new_name: &str) -> Result<Vec<TextEdit>, String> {
        rename::rename(self, text, offset, new_name)
    }

    fn signature_help(&self, text: &str, offset: usize) -> Option<SignatureHelp> {
        signature::signature_help(text, offset)
    }

    fn isolated_edit(&self, text: &str, edited: TextRange, inserted: &str) -> Option<TextRange> {
        isolation::isolated_edit(self, text, edited, inserted)
    }
}
