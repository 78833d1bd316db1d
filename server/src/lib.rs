//! speclint's library: the protocol-neutral core, one module per language, the LSP glue and the
//! CLI. The `speclint` binary is a thin `main` over it; the fuzz targets link it too.

pub mod cli;
pub mod core;
pub mod device;
pub mod languages;
pub mod lsp;
pub mod probe;
pub mod ptx;
pub mod run;
pub mod spirv;
pub mod tile_ir;
