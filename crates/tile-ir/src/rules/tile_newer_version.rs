//! TILE019 `tile-newer-version`.

use crate::checker::Checker;
use speclint_base::diagnostic::Diagnostic;
use speclint_base::rules::rules;
use speclint_base::text::line_number;
use speclint_spec_db::tile_ir;

rules! {
    TILE_NEWER_VERSION = "TILE019" "tile-newer-version" Info fix=false {
        summary: "The module is for a Tile IR version newer than the specification speclint holds",
        explanation: "speclint holds the Tile IR specification up to 13.4. A version newer than that (a well-formed MAJOR.MINOR such as 13.5 or 14.0, from `--tile-ir-version`, `[tile-ir] version` in speclint.toml, the editor's settings or a `// speclint: tile-ir-version=13.5` pragma) is accepted and the module is checked against 13.4, with this one note per file, on the pragma that asked for the version or at the start of the file. What 13.4 does not define, since the newer release may define it, is listed in the note instead of reported: ops 13.4 does not have (13.5's `multimem_store_view_tko`), element and type names it does not know, a word where 13.4's form of an op has none (13.5's `inbounds = [...]` on `atomic_red_view_tko`), and modifiers and enum cases 13.4 does not allow there. Everything else is checked as for 13.4: syntax (brackets, `:` before types, type syntax), values and symbols, the types and constraints of the ops 13.4 defines, placement and terminators; ops of other dialects are still TILE002. The results of an op speclint does not know have the types written after its `->` (or its `:`), so their uses are checked. Versions older than 13.1 and malformed ones (`13.x`, `13.2.1`) are usage errors, or TILE001 in a pragma.",
        example: "// speclint: tile-ir-version=13.5   <- TILE019: checked against 13.4; not reported: op `multimem_store_view_tko` (line 3)\n%t = make_token : token\n%w = multimem_store_view_tko weak %tile, %view[%i] token = %t : tile<128xf32>, partition_view<tile=(128), tensor_view<?xf32, strides=[1]>>, tile<i32> -> token",
    }
}

impl Checker<'_> {
    /// The one TILE019 note of a file checked as a version newer than the spec-db's: which
    /// version, what it is checked against, and what was let through.
    pub(crate) fn newer_version_note(&mut self) {
        if !self.beyond_spec {
            return;
        }
        // A modifier or enum case the newest spec does not allow on this op or type may be
        // allowed by the newer version (as 13.4 allowed `rounding<zero>` on ftof to f16).
        let (allowed_later, kept): (Vec<Diagnostic>, Vec<Diagnostic>) =
            std::mem::take(&mut self.diagnostics)
                .into_iter()
                .partition(super::tile_modifier_not_allowed::reported);
        self.diagnostics = kept;
        for d in allowed_later {
            // The innermost op around it names where it was written.
            let op = self
                .file
                .ops
                .iter()
                .filter(|op| op.range.start <= d.range.start && d.range.end <= op.range.end)
                .min_by_key(|op| op.range.end - op.range.start)
                .map(|op| format!(" on `{}`", op.name))
                .unwrap_or_default();
            let written = &self.source[d.range.start..d.range.end];
            self.unchecked.push((d.range, format!("`{written}`{op}")));
        }
        self.unchecked.sort_by_key(|(range, _)| range.start);
        let newest = crate::version::newest_known_version();
        let mut seen = std::collections::HashSet::new();
        let items: Vec<String> = self
            .unchecked
            .iter()
            .filter(|(_, what)| seen.insert(what.clone()))
            .map(|(range, what)| format!("{what} (line {})", line_number(self.source, range.start)))
            .collect();
        const LISTED: usize = 8;
        let what = match items.len() {
            0 => format!("this file uses nothing that {newest} does not define"),
            n if n <= LISTED => format!(
                "not reported, as {} may define them: {}",
                self.version,
                items.join(", ")
            ),
            n => format!(
                "not reported, as {} may define them: {} and {} more",
                self.version,
                items[..LISTED].join(", "),
                n - LISTED
            ),
        };
        let message = format!(
            "Tile IR {} is newer than the specification speclint holds ({}-{newest}): the file is checked against {newest}; {what}",
            self.version,
            tile_ir::VERSIONS[0],
        );
        self.report(&TILE_NEWER_VERSION, self.note_at, message);
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::findings_in_entry;
    use crate::TileIrSettings;

    #[test]
    fn a_newer_version_is_noted_once() {
        let body = "    %a = constant <f32: 1.0> : tile<4xf32>";
        let found = findings_in_entry(
            "",
            body,
            &TileIrSettings {
                version: Some("13.5".into()),
                ..Default::default()
            },
        );
        // At the start of the file: no pragma asked for the version.
        assert_eq!(found, vec![("TILE019", String::new())]);
    }
}
