//! Running the `speclint` binary from a test suite
//! (`#[path = "support/cli.rs"] mod cli;`).

#![allow(dead_code)] // Each suite uses its own part.

use std::process::{Command, Output};

pub const SPECLINT: &str = env!("CARGO_BIN_EXE_speclint");

/// `speclint ARGS...`, its exit status and output.
pub fn speclint(args: &[&str]) -> Output {
    Command::new(SPECLINT)
        .args(args)
        .output()
        .expect("speclint runs")
}

/// Output bytes as text.
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}
