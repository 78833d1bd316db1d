//! Checks the languages' tests share: random and listed edits against a full analysis
//! (`incremental_checks`, `isolation_checks`) and snapshot files (`snapshots`).

pub mod incremental_checks;
pub mod isolation_checks;
pub mod limits;
pub mod snapshots;
