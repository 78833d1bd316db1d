//! Tile IR as a plug-in of the core: detection, the `[tile-ir]` settings, and the analysis
//! behind the core's interface.

use super::version::parse_version;
use super::{
    complete, hover, navigate, rename, signature, structure, TileIrAnalysis, TileIrSettings,
};
use speclint_base::annotations::{InlayHint, KernelSummary};
use speclint_base::diagnostic::{Diagnostic, TextEdit};
use speclint_base::ide::{Completion, Hover};
use speclint_base::language::{
    previous_analysis, Edit, ForeignContent, Input, Language, LanguageAnalysis, Reuse,
};
use speclint_base::navigation::DocumentSymbol;
use speclint_base::rules::Rule;
use speclint_base::semantic::SemanticToken;
use speclint_base::settings::{LanguageSettings, SettingFlag, SettingShape, SettingSpec};
use speclint_base::signature::SignatureHelp;
use speclint_base::structure::Fold;
use speclint_base::text::TextRange;

pub struct TileIr;

/// The GPU a Tile IR module is checked against: one tileiras compiles for (spec-db `gpus`).
/// A PTX suffix is dropped (`sm_90a` is 90): the bytecode has no family-specific targets.
pub fn parse_target(text: &str) -> Result<u32, String> {
    let target = Some(text)
        .filter(|t| t.starts_with("sm_"))
        .and_then(speclint_spec_db::Target::parse)
        .ok_or_else(|| format!("`{text}` is not a target like sm_90 or sm_100"))?;
    let number = u32::from(target.number);
    let names = compile_targets();
    if names.iter().any(|name| *name == format!("sm_{number}")) {
        Ok(number)
    } else {
        Err(format!(
            "`{text}` is not a GPU tileiras compiles Tile IR for (one of {})",
            names.join(", ")
        ))
    }
}

/// The GPUs tileiras compiles Tile IR for, oldest first.
pub fn compile_targets() -> &'static [String] {
    speclint_spec_db::tile_ir::db()
        .gpus
        .as_ref()
        .map_or(&[], |gpus| gpus.names.as_slice())
}

static SETTINGS: &[SettingSpec] = &[
    SettingSpec {
        key: "version",
        shape: SettingShape::Text,
        validate: |text| parse_version(text).map(drop),
        flag: Some(SettingFlag {
            name: "tile-ir-version",
            help: "Check Tile IR modules against this Tile IR version (13.1 to 13.4; default the newest). A newer one (13.5) is checked against 13.4, with a note.",
        }),
    },
    SettingSpec {
        key: "target",
        shape: SettingShape::Text,
        validate: |text| parse_target(text).map(drop),
        flag: Some(SettingFlag {
            name: "target",
            help: "Tile IR modules are checked against it too when tileiras compiles for it (sm_80 to sm_121).",
        }),
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
        crate::LANGUAGE_ID
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

    fn runner(&self) -> Option<&'static dyn speclint_base::run::runner::Runner> {
        Some(&super::run::TileIrRunner)
    }

    fn prober(&self) -> Option<&'static dyn speclint_base::probe::Prober> {
        Some(&super::probe::TileForms)
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
        match previous_analysis::<TileIrAnalysis>(previous, record_uses) {
            Some(previous) => Box::new(super::reanalyze(
                previous,
                edit,
                text,
                &tile_ir_settings(settings),
            )),
            None => self.analyze(Input::Text(text), settings, record_uses),
        }
    }
}

impl LanguageAnalysis for TileIrAnalysis {
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
        Some(super::annotate::module_summary(self))
    }

    fn kernel_summaries(&self, text: &str) -> Vec<KernelSummary> {
        super::annotate::kernel_summaries(self, text)
    }

    fn inlay_hints(&self, text: &str, range: TextRange) -> Vec<InlayHint> {
        super::annotate::inlay_hints(self, text, range)
    }

    fn semantic_tokens(&self, text: &str) -> Vec<SemanticToken> {
        structure::semantic_tokens(self, text)
    }

    fn folding_ranges(&self, _text: &str) -> Vec<Fold> {
        structure::folding_ranges(self)
    }

    fn selection_ranges(&self, text: &str, offset: usize) -> Vec<TextRange> {
        structure::selection_ranges(self, text, offset)
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
        super::isolation::isolated_edit(self, text, edited, inserted)
    }
}
