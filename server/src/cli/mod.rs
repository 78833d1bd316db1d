//! The command-line front end: `check` and `explain`. It shares the core with the LSP.

pub mod check;
pub mod explain;
pub mod fix;
pub mod output;
pub mod selection;
