//! The module header — `.version`, `.target`, `.address_size` — as the checks see it, and the
//! overrides that replace it (`read_header` reads it).

use speclint_base::text::TextRange;
use speclint_spec_db::{ptx, Target, Version};

/// What the checks compare requirements against, and where to edit when raising them.
#[derive(Clone, Debug, Default)]
pub struct Header {
    pub version: Option<Version>,
    /// The range of the version number, for the "raise .version" fix.
    pub version_range: Option<TextRange>,
    /// The `sm_NN` target, if one is named.
    pub target: Option<Target>,
    pub target_range: Option<TextRange>,
    /// Every name on the `.target` line (`sm_90`, `texmode_independent`, `debug`).
    pub target_names: Vec<String>,
    /// `.address_size 64` (or 32); None when the directive is absent.
    pub address_size: Option<u32>,
    /// Where a missing directive would be inserted (after `.version`, or at the top).
    pub insert_at: usize,
    pub version_overridden: bool,
    pub target_overridden: bool,
    /// Where the overrides come from (`--target`, `speclint.toml`), for messages.
    pub version_origin: &'static str,
    pub target_origin: &'static str,
}

/// Command-line or configuration overrides of the header.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Overrides {
    pub target: Option<Target>,
    pub version: Option<Version>,
    /// Where each override comes from, named in messages (`speclint.toml`); the command-line
    /// flag (`--target`, `--ptx-version`) when None.
    pub target_origin: Option<&'static str>,
    pub version_origin: Option<&'static str>,
}

impl Header {
    pub fn maps_f64_to_f32(&self) -> bool {
        self.target_names.iter().any(|n| n == "map_f64_to_f32")
    }
}

pub fn newest_version() -> Version {
    ptx::newest_version().unwrap_or(Version::new(9, 0))
}
