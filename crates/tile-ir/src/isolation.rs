//! Which edits stay inside one kernel (`LanguageAnalysis::isolated_edit`).
//!
//! An `entry` is isolated from above: its values and block arguments are its own, and what it
//! refers to outside (`@globals`, other functions) is declared at module level. An edit on the
//! inner lines of its body that leaves the entry's extent as it was therefore changes no hover,
//! definition or completion outside it. The extent is checked by parsing the edited entry
//! again alone: an op ends at a line break unless something is left open or the next line
//! continues it, so brackets and continuation lines decide it, not braces alone.
//!
//! Left out, so they wait: edits that add or remove a line break, edits on a line with a
//! comment or that write a `/` (a `// speclint:` pragma sets the version of the whole file, a
//! `// -----` splits it), edits on the entry's first line or the line of its body's `{`, and
//! entries that do not start their line.

use super::{parse, TileIrAnalysis};
use speclint_base::text::{line_start_of, TextRange};

/// The entry whose inner body lines hold the whole edit, when the edited entry parses to the
/// same extent.
pub fn isolated_edit(
    analysis: &TileIrAnalysis,
    text: &str,
    edited: TextRange,
    inserted: &str,
) -> Option<TextRange> {
    let removed = text.get(edited.start..edited.end)?;
    let line_start = line_start_of(text, edited.start);
    let line_end = text[edited.start..]
        .find('\n')
        .map_or(text.len(), |n| edited.start + n);
    let breaks = |t: &str| t.contains(['\n', '\r']);
    if breaks(removed) || breaks(inserted) || inserted.contains('/') {
        return None;
    }
    if text[line_start..line_end].contains('/') {
        return None;
    }
    let ops = &analysis.file.ops;
    let (id, entry) = ops.iter().enumerate().find(|(_, op)| {
        op.name == "entry"
            && op.range.start <= edited.start
            && edited.end <= op.range.end
            && op.parent.is_none_or(|p| ops[p].name == "module")
    })?;
    let body = entry.regions.last()?.range;
    if !text.get(body.start..body.end)?.ends_with('}') || body.end != entry.range.end {
        return None;
    }
    let inner_start = body.start + text[body.start..body.end].find('\n')? + 1;
    if entry.range.start >= inner_start || edited.start < inner_start || edited.end >= body.end {
        return None;
    }
    let base = line_start_of(text, entry.range.start);
    if !text[base..entry.range.start].trim().is_empty() {
        return None;
    }
    let depth = std::iter::successors(ops[id].parent, |&p| ops[p].parent).count();
    let mut piece = String::with_capacity(entry.range.end - base + inserted.len());
    piece.push_str(&text[base..edited.start]);
    piece.push_str(inserted);
    piece.push_str(&text[edited.end..entry.range.end]);
    let expected = TextRange::new(entry.range.start - base, piece.len());
    (parse::lone_op_range(&piece, depth) == Some(expected))
        .then_some(TextRange::new(entry.range.start, body.end))
}

#[cfg(test)]
mod tests {
    use speclint_analysis::{Analysis, Options};
    use speclint_base::language::{Input, Language};
    use speclint_base::text::TextRange;
    use speclint_test_support::isolation_checks::random_edits_keep_answers;

    fn tile_ir() -> &'static dyn Language {
        &crate::language::TileIr
    }

    /// Two kernels in one module, and two modules (MLIR's split-input-file).
    fn modules() -> Vec<String> {
        let softmax = include_str!("../../../tests/corpus/tile-ir/valid/softmax_row-v13_3.mlir");
        let gemm = include_str!("../../../tests/corpus/tile-ir/valid/gemm_f16-v13_1-sm_90.mlir");
        let gather =
            include_str!("../../../tests/corpus/tile-ir/valid/gather_2d_masked-v13_3.mlir");
        vec![
            format!("{softmax}\n// -----\n{gemm}"),
            format!("{gather}\n// -----\n{softmax}"),
        ]
    }

    #[test]
    fn an_edit_inside_a_kernel_body_is_isolated_to_that_kernel() {
        let text = &modules()[0];
        let analysis = Analysis::run(tile_ir(), Input::Text(text), None, &Options::default());
        let at = text.find("%cst_1_i32 = constant").unwrap() + 1;
        let region = analysis
            .isolated_edit(text, TextRange::empty(at), "x")
            .unwrap();
        assert!(text[region.start..].starts_with("entry @softmax_row"));
        assert!(text[region.start..region.end].ends_with('}'));
        // A comment, a line break, the entry's first line: not isolated.
        assert_eq!(
            analysis.isolated_edit(text, TextRange::empty(at), "//"),
            None
        );
        assert_eq!(
            analysis.isolated_edit(text, TextRange::empty(at), "\n"),
            None
        );
        let header = text.find("entry @softmax_row(").unwrap() + 8;
        assert_eq!(
            analysis.isolated_edit(text, TextRange::empty(header), "x"),
            None
        );
    }

    #[test]
    fn random_edits_leave_the_answers_outside_the_region_as_they_were() {
        let modules = modules();
        let modules: Vec<&str> = modules.iter().map(String::as_str).collect();
        let pool = [
            "x", "1", " ", "%", ":", ",", "=", "(", "{", "}", "<", ">", "[", "\"",
        ];
        let isolated = random_edits_keep_answers(tile_ir(), &modules, &pool, 80);
        assert!(isolated > 40, "only {isolated} isolated edits were tried");
    }
}
