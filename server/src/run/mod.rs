//! `speclint run`: compile a kernel, run it on a local device and report its buffers. This
//! part is language-neutral: a language plugs in through `Language::runner` (a `Runner`),
//! giving its kernels' signatures (`kernel`) and the device work. The values the user gives
//! (`spec`, `values`) are checked against the signature, and the device work runs in a child
//! process with a timeout.

pub mod args;
pub mod command;
pub mod kernel;
pub mod report;
pub mod resolve;
pub mod runner;
pub mod spec;
pub mod values;
pub mod worker;
