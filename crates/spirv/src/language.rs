//! SPIR-V as a plug-in of the core: detection (text and binary), the `[spirv]` settings, and
//! the analysis behind the core's interface.

use super::{structure, SpirvAnalysis, SpirvSettings};
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
use speclint_spec_db::spirv::env::{OpenClVersion, Profile};
use speclint_spec_db::spirv::grammar::SpirvVersion;

pub struct Spirv;

pub fn parse_opencl_version(text: &str) -> Result<OpenClVersion, String> {
    text.parse()
}

pub fn parse_profile(text: &str) -> Result<Profile, String> {
    text.parse()
}

pub fn parse_spirv_version(text: &str) -> Result<SpirvVersion, String> {
    let parsed = text.split_once('.').and_then(|(major, minor)| {
        let version = SpirvVersion::new(major.parse().ok()?, minor.parse().ok()?);
        (version.major == 1 && version.minor <= 6).then_some(version)
    });
    parsed.ok_or_else(|| format!("`{text}` is not a SPIR-V version (1.0 to 1.6)"))
}

pub fn extension_name(text: &str) -> Result<(), String> {
    if text.starts_with("cl_") || text.starts_with("cles_") {
        Ok(())
    } else {
        Err(format!(
            "`{text}` is not an OpenCL extension name like cl_khr_fp16"
        ))
    }
}

pub fn feature_name(text: &str) -> Result<(), String> {
    if text.starts_with("__opencl_c_") {
        Ok(())
    } else {
        Err(format!(
            "`{text}` is not an OpenCL 3.0 feature name like __opencl_c_generic_address_space"
        ))
    }
}

static SETTINGS: &[SettingSpec] = &[
    SettingSpec {
        key: "opencl-version",
        shape: SettingShape::Text,
        validate: |text| parse_opencl_version(text).map(drop),
        flag: Some(SettingFlag {
            name: "opencl-version",
            help: "Check SPIR-V modules against this OpenCL version (1.2, 2.0, 2.1, 2.2, 3.0 or 3.1; default 3.1).",
        }),
    },
    SettingSpec {
        key: "opencl-profile",
        shape: SettingShape::Text,
        validate: |text| parse_profile(text).map(drop),
        flag: Some(SettingFlag {
            name: "opencl-profile",
            help: "Check SPIR-V modules against this OpenCL profile (full or embedded; default full).",
        }),
    },
    SettingSpec {
        key: "extensions",
        shape: SettingShape::List,
        validate: extension_name,
        flag: Some(SettingFlag {
            name: "opencl-extensions",
            help: "The OpenCL extensions the device supports, comma-separated (`cl_khr_fp16,cl_khr_fp64`; empty for none); default: whatever the module needs.",
        }),
    },
    SettingSpec {
        key: "features",
        shape: SettingShape::List,
        validate: feature_name,
        flag: Some(SettingFlag {
            name: "opencl-features",
            help: "The OpenCL 3.0 optional features the device supports, comma-separated (`__opencl_c_generic_address_space`; empty for none); default: whatever the module needs.",
        }),
    },
    SettingSpec {
        key: "spirv-version",
        shape: SettingShape::Text,
        validate: |text| parse_spirv_version(text).map(drop),
        flag: Some(SettingFlag {
            name: "spirv-version",
            help: "The SPIR-V version of SPIR-V assembly that has no `; Version:` line (1.0 to 1.6); default: the newest the OpenCL version accepts, stated in a hint.",
        }),
    },
    SettingSpec {
        key: "spirv-versions",
        shape: SettingShape::List,
        validate: |text| parse_spirv_version(text).map(drop),
        flag: None,
    },
];

/// The settings the `[spirv]` section gives (validated when read).
pub fn spirv_settings(settings: &LanguageSettings) -> SpirvSettings {
    let defaults = SpirvSettings::default();
    SpirvSettings {
        opencl: settings
            .text("opencl-version")
            .and_then(|v| parse_opencl_version(v).ok())
            .unwrap_or(defaults.opencl),
        profile: settings
            .text("opencl-profile")
            .and_then(|p| parse_profile(p).ok())
            .unwrap_or(defaults.profile),
        extensions: settings.list("extensions").map(<[String]>::to_vec),
        features: settings.list("features").map(<[String]>::to_vec),
        spirv_versions: settings.list("spirv-versions").map(|list| {
            list.iter()
                .filter_map(|v| parse_spirv_version(v).ok())
                .collect()
        }),
        spirv_version: settings
            .text("spirv-version")
            .and_then(|v| parse_spirv_version(v).ok()),
    }
}

impl Language for Spirv {
    fn id(&self) -> &'static str {
        crate::LANGUAGE_ID
    }

    fn name(&self) -> &'static str {
        "SPIR-V"
    }

    fn extensions(&self) -> &'static [&'static str] {
        &["spvasm", "spvasm32", "spvasm64", "spv"]
    }

    fn sniff(&self, text: &str) -> bool {
        super::sniff(text)
    }

    fn sniff_binary(&self, bytes: &[u8]) -> bool {
        // The magic number in either byte order; a truncated module is still ours to report.
        bytes.len() >= 4 && {
            let first = u32::from_le_bytes([bytes[0], bytes[1], bytes[2], bytes[3]]);
            first == super::binary::MAGIC || first.swap_bytes() == super::binary::MAGIC
        }
    }

    fn foreign_content(&self) -> ForeignContent {
        ForeignContent::CheckAnyway(
            "the file does not look like SPIR-V assembly (no `OpCapability`); checked as SPIR-V anyway",
        )
    }

    fn line_comment(&self) -> &'static str {
        ";"
    }

    fn rules(&self) -> &'static [&'static Rule] {
        super::rules::SPIRV_RULES
    }

    fn settings(&self) -> &'static [SettingSpec] {
        SETTINGS
    }

    fn analyze(
        &self,
        input: Input<'_>,
        settings: &LanguageSettings,
        _record_uses: bool,
    ) -> Box<dyn LanguageAnalysis> {
        let settings = spirv_settings(settings);
        match input {
            Input::Text(text) => Box::new(super::analyze(text, &settings)),
            Input::Binary(bytes) => Box::new(super::analyze_binary(bytes, &settings)),
        }
    }

    fn runner(&self) -> Option<&'static dyn speclint_base::run::runner::Runner> {
        Some(&super::run::SpirvRunner)
    }

    fn prober(&self) -> Option<&'static dyn speclint_base::probe::Prober> {
        Some(&super::probe::OpenClStd)
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
        let settings = spirv_settings(settings);
        if let Some(previous) = previous_analysis::<SpirvAnalysis>(previous, record_uses) {
            if let Some(analysis) = super::incremental::reanalyze(previous, edit, text, &settings) {
                return Box::new(analysis);
            }
        }
        Box::new(super::analyze(text, &settings))
    }
}

impl LanguageAnalysis for SpirvAnalysis {
    fn diagnostics(&self) -> &[Diagnostic] {
        &self.diagnostics
    }

    fn reuse(&self) -> Option<Reuse> {
        self.reuse
    }

    fn shown_text(&self) -> Option<&str> {
        self.binary.as_ref().map(|b| b.text.as_str())
    }

    fn position_label(&self, range: TextRange) -> Option<String> {
        let binary = self.binary.as_ref()?;
        let after = binary
            .lines
            .partition_point(|place| place.text_range.start <= range.start);
        match after.checked_sub(1).map(|i| &binary.lines[i]) {
            Some(place) if range.start <= place.text_range.end => Some(format!(
                "instruction {}, word offset {}",
                place.index, place.word_offset
            )),
            _ => Some("module header".to_string()),
        }
    }

    fn completions(&self, text: &str, offset: usize) -> Vec<Completion> {
        super::complete::complete(self, text, offset)
    }

    fn hover(&self, text: &str, offset: usize) -> Option<Hover> {
        super::hover::hover(self, text, offset)
    }

    fn definition(&self, text: &str, offset: usize) -> Option<TextRange> {
        super::navigate::definition(self, text, offset)
    }

    fn references(&self, text: &str, offset: usize, include_definition: bool) -> Vec<TextRange> {
        super::navigate::references(self, text, offset, include_definition)
    }

    fn document_symbols(&self, text: &str) -> Vec<DocumentSymbol> {
        super::navigate::document_symbols(self, text)
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

    fn rename_target(&self, text: &str, offset: usize) -> Option<TextRange> {
        super::navigate::rename_target(self, text, offset)
    }

    fn rename(&self, text: &str, offset: usize, new_name: &str) -> Result<Vec<TextEdit>, String> {
        super::navigate::rename(self, text, offset, new_name)
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

    fn signature_help(&self, text: &str, offset: usize) -> Option<SignatureHelp> {
        // Binary input is shown as its disassembly, which is not edited.
        self.binary
            .is_none()
            .then(|| super::signature::signature_help(text, offset))?
    }

    fn isolated_edit(&self, text: &str, edited: TextRange, inserted: &str) -> Option<TextRange> {
        super::isolation::isolated_edit(self, text, edited, inserted)
    }
}
