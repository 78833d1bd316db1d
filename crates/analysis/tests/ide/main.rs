//! The editor features through the analysis API, for each language: every test is a marked
//! fixture (`speclint_test_support::marked`: `//- file.ext` headers, `$0` the cursor, `«…»`
//! the ranges expected, `// ^^^ CODE` the findings expected) and the answer, as plain data:
//! ranges from the markers, longer answers (hovers, outlines, token lists) as expect-test
//! snapshots (`UPDATE_EXPECT=1` rewrites them after review). The language server serves these
//! same answers; its conversations in the binary's `tests/lsp*.rs` test the protocol.

mod completions;
mod diagnostics;
mod folding_ranges;
mod highlights;
mod hover;
mod inlay_hints;
mod navigation;
mod rename;
mod selection_ranges;
mod semantic_tokens;
mod signature_help;
mod symbols;

use speclint_analysis::{config::Config, Analysis, Options, Registry};
use speclint_base::language::Input;
use speclint_base::text::{ColumnUnit, LineIndex, TextRange};
use speclint_test_support::marked::{Fixture, FixtureFile};

/// The languages, as the binary lists them (server/src/languages.rs).
/// A Tile IR module with a global and one entry, shared by the hover and navigation tests.
pub const TILE_IR_KERNEL: &str = "//- kernel.mlir
cuda_tile.module @kernels {
  global @bias <f32: [1.0, 2.0]> : tile<2xf32>
  entry @scale(%p: tile<ptr<f32>>) {
    %h = constant <bf16: 1.0> : tile<4xbf16>
    %sum = addf %h, %h rounding<zero> : tile<4xbf16>
    %twice = addf %sum, %sum : tile<4xbf16>
    %g = get_global @bias : tile<ptr<f32>>
    return
  }
}
";

/// A SPIR-V OpenCL kernel, shared by the hover and navigation tests.
pub const SPIRV_KERNEL: &str = "//- kernel.spvasm
; SPIR-V
; Version: 1.0
OpCapability Addresses
OpCapability Kernel
%std = OpExtInstImport \"OpenCL.std\"
OpMemoryModel Physical64 OpenCL
OpEntryPoint Kernel %k \"scale\"
%void = OpTypeVoid
%float = OpTypeFloat 32
%ptr = OpTypePointer CrossWorkgroup %float
%fn = OpTypeFunction %void %ptr
%k = OpFunction %void None %fn
%p = OpFunctionParameter %ptr
%entry = OpLabel
%x = OpLoad %float %p Aligned 4
%y = OpExtInst %float %std cos %x
OpStore %p %y Aligned 4
OpReturn
OpFunctionEnd
";

pub static REGISTRY: Registry = Registry::new(&[
    &speclint_ptx::language::Ptx,
    &speclint_tile_ir::language::TileIr,
    &speclint_spirv::language::Spirv,
]);

/// A fixture file and its analysis, with the settings the language server starts with.
pub struct Analysed {
    pub file: FixtureFile,
    pub analysis: Analysis,
}

impl Analysed {
    pub fn text(&self) -> &str {
        &self.file.text
    }

    /// The cursor's offset.
    pub fn cursor(&self) -> usize {
        self.file
            .cursor
            .unwrap_or_else(|| panic!("{} has no $0 cursor", self.file.path))
    }

    /// `range` as `line:column-line:column` (1-based, characters) and the text it covers.
    pub fn show(&self, range: TextRange) -> String {
        let text = self.text();
        let index = LineIndex::new(text);
        let at = |offset| {
            let p = index.position(text, offset, ColumnUnit::Chars);
            format!("{}:{}", p.line + 1, p.col + 1)
        };
        let covered = &text[range.start..range.end];
        let covered = if covered == text {
            "<file>".to_string()
        } else {
            format!("{covered:?}")
        };
        format!("{}-{} {covered}", at(range.start), at(range.end))
    }

    /// Each range shown ([`Analysed::show`]).
    pub fn show_all(&self, ranges: impl IntoIterator<Item = TextRange>) -> Vec<String> {
        ranges.into_iter().map(|r| self.show(r)).collect()
    }

    /// The fixture's `«…»` ranges, shown.
    pub fn marked(&self) -> Vec<String> {
        let ranges = self.file.ranges.iter().map(|&(s, e)| TextRange::new(s, e));
        self.show_all(ranges)
    }

    /// The 1-based line an offset is on.
    pub fn line(&self, offset: usize) -> usize {
        self.text()[..offset].matches('\n').count() + 1
    }
}

/// Analyses every file of `fixture` with the language server's default settings; each
/// file's language must be the one the server detects for its name and text.
pub fn analyse_all(fixture: &str) -> Vec<Analysed> {
    analyse_all_with(fixture, Config::default())
}

/// [`analyse_all`] with settings, as `initializationOptions` or `speclint.toml` give them.
pub fn analyse_all_with(fixture: &str, config: Config) -> Vec<Analysed> {
    let options = Options {
        config,
        record_uses: true,
        registry: REGISTRY,
    };
    Fixture::parse(&REGISTRY, fixture)
        .files
        .into_iter()
        .map(|file| {
            let detected = REGISTRY
                .detect_language(Some(std::path::Path::new(&file.path)), &file.text)
                .found()
                .unwrap_or_else(|| panic!("{}: the server would not analyse it", file.path));
            assert_eq!(detected.id(), file.language.id(), "{}", file.path);
            let analysis = Analysis::run(file.language, Input::Text(&file.text), None, &options);
            Analysed { file, analysis }
        })
        .collect()
}

/// The analysis of a fixture of one file.
pub fn analyse(fixture: &str) -> Analysed {
    let mut all = analyse_all(fixture);
    assert_eq!(all.len(), 1, "a fixture of one file");
    all.remove(0)
}

/// Settings from JSON, as a client's `initializationOptions` give them.
pub fn settings(json: serde_json::Value) -> Config {
    Config::from_json(&REGISTRY, &json).unwrap_or_else(|e| panic!("{json}: {e}"))
}

/// The fixture docs/testing.md shows holds: its cursor's definition is the marked range and
/// its findings are its annotations.
#[test]
fn the_fixture_shown_in_the_testing_docs_holds() {
    let docs = include_str!("../../../../docs/testing.md");
    let section = &docs[docs.find("## Marked fixtures").expect("the section")..];
    let start = section.find("```text\n").expect("the example") + "```text\n".len();
    let example = &section[start..start + section[start..].find("```").unwrap()];
    let a = analyse(example);
    let definition = a.analysis.definition(a.text(), a.cursor());
    assert_eq!(a.show_all(definition), a.marked());
    diagnostics::check_files(analyse_all(example));
}
