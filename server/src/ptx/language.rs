//! PTX as a plug-in of the core: detection, the `[ptx]` settings, and the analysis behind the
//! core's interface.

use super::header::Overrides;
use super::{complete, hover, navigate, PtxAnalysis};
use crate::core::diagnostic::Diagnostic;
use crate::core::language::{ForeignContent, Input, Language, LanguageAnalysis};
use crate::core::navigation::DocumentSymbol;
use crate::core::rules::Rule;
use crate::core::settings::{LanguageSettings, SettingShape, SettingSpec};
use crate::core::text::TextRange;
use crate::core::{Completion, Hover};
use speclint_spec_db::{Target, Version};

pub struct Ptx;

pub fn parse_target(text: &str) -> Result<Target, String> {
    Target::parse(text)
        .ok_or_else(|| format!("`{text}` is not a target like sm_90, sm_90a or sm_100f"))
}

pub fn parse_ptx_version(text: &str) -> Result<Version, String> {
    Version::parse(text).ok_or_else(|| format!("`{text}` is not a version like 8.0"))
}

static SETTINGS: &[SettingSpec] = &[
    SettingSpec {
        key: "target",
        shape: SettingShape::Text,
        validate: |text| parse_target(text).map(drop),
    },
    SettingSpec {
        key: "version",
        shape: SettingShape::Text,
        validate: |text| parse_ptx_version(text).map(drop),
    },
];

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
        "ptx"
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
}

impl LanguageAnalysis for PtxAnalysis {
    fn diagnostics(&self) -> &[Diagnostic] {
        &self.diagnostics
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
}
