//! What the tests share: checks of random and listed edits against a full analysis
//! (`incremental_checks`, `isolation_checks`), nesting limits (`limits`), snapshot files
//! (`snapshots`), marked fixtures: files, cursor, ranges and expected findings (`marked`),
//! and for the binary's integration tests: running `speclint` (`cli`), an LSP client
//! (`lsp_client`), the oracle harness (`oracle`, `ptxas`), scratch folders (`scratch`) and
//! the spec sources (`spec_sources`).
//!
//! `env!("CARGO_BIN_EXE_speclint")` exists only while the binary's own integration tests
//! compile, so each of them names the binary once and passes that path to the helpers here.

pub mod cli;
pub mod incremental_checks;
pub mod isolation_checks;
pub mod limits;
pub mod lsp_client;
pub mod marked;
pub mod oracle;
pub mod ptxas;
pub mod scratch;
pub mod snapshots;
pub mod spec_sources;
