//! The types between `speclint run` and a language's runner: the runner interface, kernel
//! signatures, argument values and the flags `run` shares with the editor's run comments.

pub mod args;
pub mod kernel;
pub mod runner;
pub mod spec;
pub mod values;
