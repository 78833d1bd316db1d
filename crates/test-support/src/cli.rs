//! Running the `speclint` binary from a test suite.

use std::process::{Command, Output};

/// `speclint ARGS...` (the binary at `speclint`), its exit status and output.
pub fn speclint(speclint: &str, args: &[&str]) -> Output {
    Command::new(speclint)
        .args(args)
        .output()
        .expect("speclint runs")
}

/// Output bytes as text.
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}
