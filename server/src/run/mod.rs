//! `speclint run`: compile a kernel, run it on a local device and report its buffers. This
//! part is language-neutral: a language plugs in through `Language::runner` (a `Runner`,
//! `runner`), giving its kernels' signatures (`kernel`) and the device work. The command
//! (`command`, flags in `args`) reads the `--arg` values (`spec`, scalars in `values`), checks
//! them against the signature (`resolve`), runs the device work in a child process with a
//! timeout (`worker`) and prints what the buffers hold afterwards (`report`).

pub mod args;
pub mod command;
pub mod comment;
pub mod kernel;
pub mod report;
pub mod resolve;
pub mod runner;
pub mod spec;
pub mod values;
pub mod worker;
