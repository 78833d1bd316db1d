//! The command-line front end: `check` and `explain`. It shares the core with the LSP.

pub mod args;
pub mod check;
pub mod explain;
pub mod fix;
pub mod frame;
pub mod output;
pub mod probe;
pub mod sass;
pub mod selection;
