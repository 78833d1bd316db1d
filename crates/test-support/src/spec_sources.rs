//! Where the specification sources are: `$SPECLINT_SPEC_SOURCES`, or `shared/spec-sources`
//! beside the checkout (`<repo>/../shared/spec-sources`). Tests that read them fail when they
//! are absent: a missing directory must not turn those tests into passes.

use std::path::{Path, PathBuf};

/// The spec-sources directory; panics, naming where it looked, when it is not there.
pub fn spec_sources() -> PathBuf {
    let dir = match std::env::var_os("SPECLINT_SPEC_SOURCES") {
        Some(dir) => PathBuf::from(dir),
        None => repository_root()
            .parent()
            .expect("the repository has a parent directory")
            .join("shared/spec-sources"),
    };
    assert!(
        dir.is_dir(),
        "the specification sources are missing: {} is not a directory (put them beside the \
         checkout as shared/spec-sources, or set SPECLINT_SPEC_SOURCES)",
        dir.display()
    );
    dir
}

/// The checkout's root: the nearest directory above this crate with a workspace Cargo.toml.
fn repository_root() -> PathBuf {
    let crate_dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    crate_dir
        .ancestors()
        .find(|dir| {
            std::fs::read_to_string(dir.join("Cargo.toml"))
                .is_ok_and(|manifest| manifest.contains("[workspace]"))
        })
        .unwrap_or(crate_dir)
        .to_path_buf()
}
