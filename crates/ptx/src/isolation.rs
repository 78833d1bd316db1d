//! Which edits stay inside one function (`LanguageAnalysis::isolated_edit`).
//!
//! Functions are checked against the module scope alone (`ptx::analyze`) and a body declares
//! nothing at module scope, so an edit inside one function that leaves the function's extent
//! as it was changes no hover, definition or completion outside it. The extent is checked by
//! parsing the edited function again on its own (a millisecond for a large one): braces alone
//! do not tell, as error recovery may read a `{` on the next line as a vector operand, and a
//! comment or a string may swallow the closing `}`. The parse of everything before the
//! function is untouched, so the parser reaches it in the same state; when the function, parsed
//! alone, ends at its shifted end and is closed there, the parse after it is the same too.
//!
//! Left out, so they wait: edits that add or remove a line break (line numbers appear in hover
//! text), edits on the function's first line or the line of its `{` (a hover on a call shows
//! the first line), and positions in the function's header (a completion there offers the
//! body's registers).

use super::ast::Item;
use super::{parse, PtxAnalysis};
use speclint_base::text::TextRange;

/// The function (header and body) whose inner body lines hold the whole edit, when the
/// edited function parses to the same extent.
pub fn isolated_edit(
    analysis: &PtxAnalysis,
    text: &str,
    edited: TextRange,
    inserted: &str,
) -> Option<TextRange> {
    let removed = text.get(edited.start..edited.end)?;
    let line_break = |t: &str| t.contains(['\n', '\r']);
    if line_break(removed) || line_break(inserted) {
        return None;
    }
    let function = analysis.module.items.iter().find_map(|item| match item {
        Item::Function(f) if f.range.start <= edited.start && edited.end <= f.range.end => Some(f),
        _ => None,
    })?;
    let body = function.body.as_ref()?.range;
    if !text.get(body.start..body.end)?.ends_with('}') || body.end != function.range.end {
        return None; // never closed (it runs to the end of the text), or odd
    }
    // Inner lines: after the line break that ends the `{` line, before the `}`.
    let inner_start = body.start + text[body.start..body.end].find('\n')? + 1;
    if function.range.start >= inner_start || edited.start < inner_start || edited.end >= body.end {
        return None;
    }
    keeps_extent(text, function.range, edited, inserted)
        .then_some(TextRange::new(function.range.start, body.end))
}

/// Whether the function at `range`, edited, parsed alone still ends at its (shifted) end
/// with a closed body and nothing else in it.
fn keeps_extent(text: &str, range: TextRange, edited: TextRange, inserted: &str) -> bool {
    // One byte of context before the function: the lexer looks at it for the line start.
    let base = range.start.saturating_sub(1);
    let mut piece = String::with_capacity(range.end - base + inserted.len());
    piece.push_str(&text[base..edited.start]);
    piece.push_str(inserted);
    piece.push_str(&text[edited.end..range.end]);
    let module = parse::parse_range(&piece, range.start - base, piece.len());
    match module.items.as_slice() {
        [Item::Function(f)] => {
            f.range == TextRange::new(range.start - base, piece.len())
                && f.body.as_ref().is_some_and(|b| b.range.end == piece.len())
                && piece.ends_with('}')
                && !module
                    .errors
                    .iter()
                    .any(|e| e.message.starts_with("missing `}`"))
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use speclint_analysis::{Analysis, Options};
    use speclint_base::language::Input;
    use speclint_test_support::isolation_checks::{
        listed_edits_keep_answers, random_edits_keep_answers,
    };

    const MODULE: &str = "\
.version 8.0
.target sm_90
.address_size 64

.global .u32 counter;

.func (.reg .u32 r) twice(.reg .u32 a)
{
\tadd.u32 r, a, a;
\tret;
}

.visible .entry first(.param .u64 out)
{
\t.reg .u32 %r<4>;
\t.reg .u64 %rd<2>;
\tmov.u32 %r1, 7;
\tld.param.u64 %rd1, [out];
\tcall (%r2), twice, (%r1);
\tst.global.u32 [%rd1], %r2;
\tret;
}

.visible .entry second(.param .u64 out)
{
\t.reg .u32 %r<4>;
\t.reg .u64 %rd<2>;
\tld.param.u64 %rd1, [out];
\tld.global.u32 %r1, [counter];
\tcall (%r2), twice, (%r1);
\tadd.u32 %r3, %r2, 1;
\tst.global.u32 [%rd1], %r3;
\tret;
}
";

    fn ptx() -> &'static dyn speclint_base::language::Language {
        &crate::language::Ptx
    }

    fn analyse(text: &str) -> Analysis {
        Analysis::run(ptx(), Input::Text(text), None, &Options::default())
    }

    fn at(text: &str, needle: &str) -> usize {
        text.find(needle)
            .unwrap_or_else(|| panic!("{needle:?} not found"))
    }

    /// The region for replacing the first `needle` by `with`.
    fn region(needle: &str, with: &str) -> Option<TextRange> {
        let start = at(MODULE, needle);
        let edited = TextRange::new(start, start + needle.len());
        analyse(MODULE).isolated_edit(MODULE, edited, with)
    }

    #[test]
    fn an_edit_on_an_inner_line_of_a_body_is_isolated_to_that_function() {
        let found = region("mov.u32 %r1, 7", "mov.u32 %r1, 8").unwrap();
        assert_eq!(found.start, at(MODULE, ".visible .entry first"));
        assert_eq!(&MODULE[found.end - 1..found.end], "}");
        assert!(MODULE[found.start..found.end].contains("call (%r2), twice, (%r1);\n\tst"));
        // Inserting and deleting single characters.
        assert!(region("7;", "x7;").is_some());
        assert!(region("add.u32 %r3", "add.u32%r3").is_some());
    }

    #[test]
    fn edits_that_move_a_function_boundary_are_not() {
        assert_eq!(region("mov.u32 %r1, 7;", "mov.u32 %r1, 7; }"), None);
        assert_eq!(region("mov.u32 %r1, 7;", "mov.u32 %r1, 7; /* x"), None);
        assert_eq!(region("mov.u32 %r1, 7;", "mov.u32 %r1, 7; {"), None);
        assert_eq!(region("mov.u32 %r1, 7;", "mov.u32 %r1, 7;\n"), None);
        // Balanced or harmless: the function keeps its extent.
        assert!(region("mov.u32 %r1, 7;", "mov.u32 %r1, (7;").is_some());
        assert!(region("mov.u32 %r1, 7;", "mov.u32 %r1, 7; // }").is_some());
        assert!(region("[out]", "out]").is_some());
        assert!(region("mov.u32 %r1, 7;", "{ mov.u32 %r1, 7; }").is_some());
    }

    /// Error recovery reads a `{` on the next line as the start of a vector operand: the
    /// function would end at the inner block's `}`.
    #[test]
    fn an_edit_that_makes_the_parser_read_past_a_brace_is_not() {
        let text = MODULE.replace(
            "\tmov.u32 %r1, 7;\n",
            "\tmov.u32 %r1, 7;\n\t\n\t{\n\t.reg .pred p;\n\tsetp.ne.b32 p, %r1, 0;\n\t}\n",
        );
        let start = text.find("\t\n\t{").unwrap() + 1;
        let analysis = analyse(&text);
        assert!(analysis
            .isolated_edit(&text, TextRange::empty(start), " ")
            .is_some());
        assert_eq!(
            analysis.isolated_edit(&text, TextRange::empty(start), "%"),
            None
        );
    }

    #[test]
    fn edits_outside_the_inner_lines_of_a_body_are_not() {
        assert_eq!(
            region(".global .u32 counter", ".global .u32 counters"),
            None
        );
        assert_eq!(region(".entry first(", ".entry firsts("), None);
        assert_eq!(region(".version 8.0", ".version 8.1"), None);
    }

    /// Random single-character edits of real modules: wherever the region allows one, the
    /// answers outside it do not change.
    #[test]
    fn random_edits_leave_the_answers_outside_the_region_as_they_were() {
        let modules = [
            include_str!("../../../tests/corpus/ptx/valid/calls-sm_120.ptx"),
            include_str!("../../../tests/corpus/ptx/valid/control-sm_90.ptx"),
            // Where the two mistakes of earlier versions of this rule showed: an edit that
            // made recovery end the function early, and a completion just after its `}`.
            include_str!("../../../tests/corpus/ptx/valid/wgmma-sm_90a-lineinfo.ptx"),
            include_str!("../../../tests/corpus/ptx/valid/atomics-sm_90.ptx"),
        ];
        let pool = [
            "x", "1", " ", "%", ".", ";", ",", "r", "}", "{", "(", "/", "*", "\"",
        ];
        let isolated = random_edits_keep_answers(ptx(), &modules, &pool, 60);
        assert!(isolated > 80, "only {isolated} isolated edits were tried");
    }

    /// Every hover, definition and completion at an offset outside the region: the same
    /// before and after each edit the region allows (offsets after the edit shifted).
    #[test]
    fn answers_outside_the_region_do_not_change() {
        let edits = [
            ("mov.u32 %r1, 7;", "mov.u32 %r1, 7"),
            ("mov.u32", "xmov.u32"),
            ("%r1, 7;", "%r9, 7;"),
            ("mov.u32 %r1, 7;", "mov.u32 %r1, 7; ld.global.u32 %r1, 1;"),
            ("mov.u32 %r1, 7;", ".reg .u32 counter; .reg .u32 %r1;"),
            ("mov.u32 %r1, 7;", "mov.u32 %r1, 7; ret; ret"),
        ];
        listed_edits_keep_answers(ptx(), MODULE, &edits);
    }
}
