//! Tile IR as a plug-in of the core: detection, the `[tile-ir]` settings, and the analysis
//! behind the core's interface.

use super::{complete, hover, navigate, TileIrAnalysis, TileIrSettings};
use crate::core::diagnostic::Diagnostic;
use crate::core::language::{ForeignContent, Input, Language, LanguageAnalysis};
use crate::core::navigation::DocumentSymbol;
use crate::core::rules::Rule;
use crate::core::settings::{LanguageSettings, SettingShape, SettingSpec};
use crate::core::text::TextRange;
use crate::core::{Completion, Hover};

pub struct TileIr;

/// A Tile IR version speclint knows (`13.1`, `13.2`, `13.3`).
pub fn parse_version(text: &str) -> Result<String, String> {
    let known = speclint_spec_db::tile_ir::VERSIONS;
    if known.contains(&text) {
        Ok(text.to_string())
    } else {
        Err(format!(
            "`{text}` is not a Tile IR version speclint knows ({})",
            known.join(", ")
        ))
    }
}

/// The GPU a Tile IR module is checked against: `sm_90` and `sm_90a` are both 90.
pub fn parse_target(text: &str) -> Result<u32, String> {
    crate::ptx::language::parse_target(text).map(|t| u32::from(t.number))
}

static SETTINGS: &[SettingSpec] = &[
    SettingSpec {
        key: "version",
        shape: SettingShape::Text,
        validate: |text| parse_version(text).map(drop),
    },
    SettingSpec {
        key: "target",
        shape: SettingShape::Text,
        validate: |text| parse_target(text).map(drop),
    },
];

/// The settings the `[tile-ir]` section gives (validated when read).
pub fn tile_ir_settings(settings: &LanguageSettings) -> TileIrSettings {
    TileIrSettings {
        version: settings.text("version").map(str::to_string),
        target: settings.text("target").and_then(|t| parse_target(t).ok()),
    }
}

impl Language for TileIr {
    fn id(&self) -> &'static str {
        "tile-ir"
    }

    fn name(&self) -> &'static str {
        "Tile IR"
    }

    fn extensions(&self) -> &'static [&'static str] {
        &["mlir"]
    }

    fn sniff(&self, text: &str) -> bool {
        super::sniff(text)
    }

    fn foreign_content(&self) -> ForeignContent {
        // `.mlir` holds every MLIR dialect: another dialect is not ours to check, and failing
        // on it would break `speclint check **/*.mlir`.
        ForeignContent::Skip("skipped, it does not use the cuda_tile dialect")
    }

    fn line_comment(&self) -> &'static str {
        "//"
    }

    fn rules(&self) -> &'static [&'static Rule] {
        super::rules::TILE_IR_RULES
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
        Box::new(super::analyze(
            text,
            &tile_ir_settings(settings),
            record_uses,
        ))
    }
}

impl LanguageAnalysis for TileIrAnalysis {
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
