//! TILE012 `tile-version-too-low`.

use crate::check::Checker;
use speclint_base::diagnostic::{Diagnostic, Fix};
use speclint_base::rules::rules;
use speclint_base::text::TextRange;

rules! {
    TILE_VERSION_TOO_LOW = "TILE012" "tile-version-too-low" Error fix=true {
        summary: "An op, attribute, enum value or type is newer than the Tile IR version being checked",
        explanation: "Every op, operand, attribute and type has the Tile IR version that introduced it (13.1, 13.2, 13.3 or 13.4). The version checked against comes from `--tile-ir-version`, a `// speclint: tile-ir-version=13.2` line in the file, or `speclint.toml`; the default is the newest the spec-db holds (13.4), since the text tileirdisasm prints names no version. The fix sets the version pragma in the file.",
        example: "// speclint: tile-ir-version=13.1\n%r = atan2 %y, %x : tile<f32>   // TILE012: atan2 needs 13.2",
    }
}

impl Checker<'_> {
    /// What is written at `range` came in Tile IR `since` (`what` names it): reported when
    /// that is after the version checked.
    pub(crate) fn version_too_low(
        &mut self,
        range: TextRange,
        since: &str,
        what: impl FnOnce() -> String,
    ) {
        if self.newer(since) {
            self.too_new(range, what(), since);
        }
    }

    /// A TILE012 diagnostic with a fix that raises the file's version pragma.
    fn too_new(&mut self, range: TextRange, what: String, since: &str) {
        let message = format!(
            "{what} needs Tile IR {since}, but the module is checked against {}",
            self.version
        );
        // Replace the pragma line, or insert one at the top.
        let (at, new_text) = match self.pragma {
            Some(pragma) => (pragma, format!("// speclint: tile-ir-version={since}")),
            None => (
                TextRange::new(0, 0),
                format!("// speclint: tile-ir-version={since}\n"),
            ),
        };
        // Unsafe: the file then needs a newer Tile IR toolchain.
        let fix = Fix::replace(
            format!("Check this file against Tile IR {since}"),
            at,
            new_text,
        );
        self.diagnostics
            .push(Diagnostic::new(&TILE_VERSION_TOO_LOW, range, message).with_fix(fix));
    }
}
