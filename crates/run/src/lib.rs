//! `speclint run`: compile a kernel, run it on a local device and report its buffers. This
//! crate is language-neutral: a language plugs in through `Language::runner` (the types in
//! `speclint_base::run`), giving its kernels' signatures and the device work. The command
//! (`command`) reads the `--arg` values, checks them against the signature (`resolve`), runs
//! the device work in a child process with a timeout (`worker`) and prints what the buffers
//! hold afterwards (`report`).

pub mod command;
mod report;
mod resolve;
pub mod worker;
