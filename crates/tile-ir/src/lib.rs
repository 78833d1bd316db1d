//! Tile IR (the `cuda_tile` MLIR dialect, textual form): text -> tokens (`lex`) -> operations
//! and regions (`parse`) -> values, symbols and per-op checks against the spec-db (`check`);
//! hovers and navigation read the result back.

mod annotate;
mod assume;
mod assume_terms;
mod ast;
mod atomics;
mod bind;
mod bodies;
pub mod bytecode;
mod check;
mod checker;
mod complete;
mod flow_views;
mod format;
mod hover;
mod incremental;
mod isolation;
pub mod language;
mod lex;
mod navigate;
mod op_plan;
mod op_rules;
pub mod parse;
pub mod probe;
mod region_frames;
mod regions;
mod rename;
mod rules;
mod run;
mod shapes;
mod signature;
mod structure;
mod type_constraints;
mod types;
mod version;
mod views;

/// The language's id (`Language::id`): its settings section and its LSP language id.
pub const LANGUAGE_ID: &str = "tile-ir";

use speclint_base::diagnostic::Diagnostic;

/// What a Tile IR module is checked against. `None` = the default / not configured.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TileIrSettings {
    /// The Tile IR version, `"13.1"`; default `speclint_spec_db::tile_ir::DEFAULT_VERSION`.
    pub version: Option<String>,
    /// The GPU the module is compiled for, as `sm_NN`'s number (`90`); no target checks if None.
    pub target: Option<u32>,
}

/// Everything one check of a Tile IR module produced.
pub struct TileIrAnalysis {
    pub file: ast::File,
    pub facts: checker::Facts,
    pub diagnostics: Vec<Diagnostic>,
    /// The Tile IR version the module was checked against.
    pub version: String,
    /// The target it was checked against (`sm_NN`'s number), if any.
    pub target: Option<u32>,
    /// What the next analysis of an edited text may reuse (for editors; `None` for one-shot
    /// checks and files checked against a version newer than the spec-db's).
    pub memo: Option<incremental::Memo>,
    /// What this analysis took from the previous one, when it was computed incrementally.
    pub reuse: Option<speclint_base::language::Reuse>,
}

/// Does this text use the cuda_tile dialect?
pub fn sniff(text: &str) -> bool {
    // tileirdisasm prints kernels as bare `entry @k(…)` without naming the dialect.
    text.contains("cuda_tile")
        || text
            .lines()
            .take(200)
            .any(|l| l.trim_start().starts_with("entry @"))
}

pub fn analyze(text: &str, settings: &TileIrSettings, record_uses: bool) -> TileIrAnalysis {
    if text.len() >= u32::MAX as usize {
        // Token offsets are 32-bit; no real module comes near this size.
        let mut analysis = analyze("", settings, record_uses);
        analysis.diagnostics.push(Diagnostic::new(
            &speclint_base::rules::UNREADABLE_INPUT,
            speclint_base::text::TextRange::empty(0),
            "the file is 4 GiB or larger; speclint checks Tile IR files up to 4 GiB",
        ));
        return analysis;
    }
    let file = parse::parse(text);
    let mut checker = checker::Checker::new(&file, text, settings);
    checker.record_uses = record_uses;
    let before_syntax = checker.diagnostics.len();
    checker.run();
    let version = checker.version().to_string();
    let target = checker.target;
    let mut diagnostics = std::mem::take(&mut checker.diagnostics);
    let facts = std::mem::take(&mut checker.facts);
    let memo = (record_uses && !checker.beyond_spec()).then(|| incremental::Memo {
        reported: diagnostics.clone(),
        syntax: before_syntax..before_syntax + file.errors.len() + file.too_deep.len(),
        items: std::mem::take(&mut checker.items),
    });
    drop(checker);
    diagnostics.sort_by_key(|d| (d.range.start, d.range.end));
    TileIrAnalysis {
        file,
        facts,
        diagnostics,
        version,
        target,
        memo,
        reuse: None,
    }
}

/// The analysis of `text`, `previous`'s text with `edit`, re-checking only the edited entry
/// when it can (`incremental`), in full otherwise.
pub fn reanalyze(
    previous: TileIrAnalysis,
    edit: speclint_base::language::Edit<'_>,
    text: &str,
    settings: &TileIrSettings,
) -> TileIrAnalysis {
    incremental::reanalyze(previous, edit, text, settings)
        .unwrap_or_else(|| analyze(text, settings, true))
}
