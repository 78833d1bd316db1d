//! Tile IR (the `cuda_tile` MLIR dialect, textual form): text -> tokens (`lex`) -> operations
//! and regions (`parse`) -> values, symbols and per-op checks against the spec-db (`check`);
//! hovers and navigation read the result back.

pub mod ast;
pub mod complete;
pub mod hover;
pub mod lex;
pub mod navigate;
pub mod parse;

use crate::core::diagnostic::Diagnostic;

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
    pub diagnostics: Vec<Diagnostic>,
}

/// Does this text use the cuda_tile dialect?
pub fn sniff(text: &str) -> bool {
    text.contains("cuda_tile")
}

pub fn analyze(text: &str, settings: &TileIrSettings) -> TileIrAnalysis {
    let _ = (text, settings);
    TileIrAnalysis {
        diagnostics: Vec::new(),
    }
}
