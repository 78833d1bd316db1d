//! TILE012 `tile-version-too-low`.

use crate::checker::Checker;
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

#[cfg(test)]
mod tests {
    use crate::rules::findings_in_entry;
    use crate::TileIrSettings;

    #[test]
    fn an_op_newer_than_the_version_checked() {
        let body =
            "    %y = constant <f32: 1.0> : tile<4xf32>\n    %a = atan2 %y, %y : tile<4xf32>";
        let found = findings_in_entry(
            "",
            body,
            &TileIrSettings {
                version: Some("13.1".into()),
                ..Default::default()
            },
        );
        assert_eq!(found, vec![("TILE012", "atan2".to_string())]);
    }

    #[test]
    fn the_fix_raises_the_version_pragma() {
        let text = "// speclint: tile-ir-version=13.1\ncuda_tile.module @m {\n  entry @k() {\n    %y = constant <f32: 1.0> : tile<4xf32>\n    %a = atan2 %y, %y : tile<4xf32>\n    return\n  }\n}\n";
        let analysis = crate::analyze(text, &TileIrSettings::default(), false);
        let [too_low] = analysis.diagnostics.as_slice() else {
            panic!("{:?}", analysis.diagnostics);
        };
        assert_eq!(
            too_low.message,
            "`cuda_tile.atan2` needs Tile IR 13.2, but the module is checked against 13.1"
        );
        let edit = &too_low.fixes[0].edits[0];
        assert_eq!(edit.new_text, "// speclint: tile-ir-version=13.2");
        assert_eq!(
            &text[edit.range.start..edit.range.end],
            "// speclint: tile-ir-version=13.1"
        );
    }
}
