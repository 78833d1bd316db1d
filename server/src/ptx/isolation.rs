//! Which edits stay inside one function (`LanguageAnalysis::isolated_edit`).
//!
//! A function's body ends at the `}` matching its `{`, and the lexer finds braces the same way
//! whatever the text between them holds, unless an edit adds or removes a brace, opens or
//! closes a comment (`/`, `*`), a string (`"`, `\`) or a DWARF line (`@`), or a bracket that
//! error recovery counts against the braces (`(`, `)`, `[`, `]`), or a line break (which can
//! end a `//` comment). An edit free of those characters, on a line strictly inside a body,
//! leaves every other item parsed as before. Functions are checked against the module scope
//! alone (`ptx::analyze`), and a body declares nothing at module scope, so hovers,
//! definitions and completions outside the body are the same before and after the edit.
//! The first line of the function is left out: a hover on a call shows it.

use super::ast::Item;
use super::PtxAnalysis;
use crate::core::text::TextRange;

/// Characters an isolated edit may neither remove nor insert.
const STRUCTURAL: &[char] = &[
    '{', '}', '(', ')', '[', ']', '/', '*', '"', '\\', '@', '\n', '\r',
];

/// The body (`{` to `}`) of the function whose inner lines hold the whole edit, when the edit
/// leaves every function's extent as it was.
pub fn isolated_edit(
    analysis: &PtxAnalysis,
    text: &str,
    edited: TextRange,
    inserted: &str,
) -> Option<TextRange> {
    let removed = text.get(edited.start..edited.end)?;
    if removed.contains(STRUCTURAL) || inserted.contains(STRUCTURAL) {
        return None;
    }
    analysis.module.items.iter().find_map(|item| {
        let Item::Function(function) = item else {
            return None;
        };
        let body = function.body.as_ref()?.range;
        if !text.get(body.start..body.end)?.ends_with('}') {
            return None; // never closed: it runs to the end of the text
        }
        // Inner lines: after the line break that ends the `{` line (and the function's
        // first line), before the `}`.
        let inner_start = body.start + text[body.start..body.end].find('\n')? + 1;
        let inner_end = body.end - 1;
        (function.range.start < inner_start
            && inner_start <= edited.start
            && edited.end <= inner_end)
            .then_some(body)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Analysis;
    use crate::core::Options;
    use crate::core::{language::Input, Hover};

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

    fn analyse(text: &str) -> Analysis {
        let ptx = crate::languages::ALL
            .iter()
            .copied()
            .find(|l| l.id() == "ptx")
            .unwrap();
        Analysis::run(ptx, Input::Text(text), None, &Options::default())
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
    fn an_edit_on_an_inner_line_of_a_body_is_isolated_to_that_body() {
        let body = TextRange::new(
            at(MODULE, "{\n\t.reg .u32 %r<4>;\n\t.reg .u64 %rd<2>;\n\tmov"),
            0,
        );
        let found = region("mov.u32 %r1, 7", "mov.u32 %r1, 8").unwrap();
        assert_eq!(found.start, body.start);
        assert_eq!(&MODULE[found.end - 1..found.end], "}");
        assert!(MODULE[found.start..found.end].contains("call (%r2), twice, (%r1);\n\tst"));
        // Inserting and deleting single characters.
        assert!(region("7;", "x7;").is_some());
        assert!(region("add.u32 %r3", "add.u32%r3").is_some());
    }

    #[test]
    fn edits_that_may_move_a_function_boundary_are_not() {
        assert_eq!(region("mov.u32 %r1, 7;", "mov.u32 %r1, 7; }"), None);
        assert_eq!(region("mov.u32 %r1, 7;", "mov.u32 %r1, 7; // x"), None);
        assert_eq!(region("mov.u32 %r1, 7;", "mov.u32 %r1, (7;"), None);
        assert_eq!(region("[out]", "out]"), None);
        assert_eq!(region("mov.u32 %r1, 7;", "mov.u32 %r1, 7;\n"), None);
        assert_eq!(region("mov.u32 %r1, 7;", "\"mov.u32 %r1, 7;"), None);
        assert_eq!(region("mov.u32 %r1, 7;", "@@mov.u32 %r1, 7;"), None);
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
        let old = analyse(MODULE);
        for (needle, with) in edits {
            let start = at(MODULE, needle);
            let edited = TextRange::new(start, start + needle.len());
            let Some(region) = old.isolated_edit(MODULE, edited, with) else {
                panic!("{needle:?} -> {with:?} is expected to be isolated");
            };
            let mut text = MODULE.to_string();
            text.replace_range(start..start + needle.len(), with);
            let new = analyse(&text);
            let delta = with.len() as isize - needle.len() as isize;
            let shift = |offset: usize| {
                if offset >= edited.end {
                    (offset as isize + delta) as usize
                } else {
                    offset
                }
            };
            let shifted = |r: TextRange| TextRange::new(shift(r.start), shift(r.end));
            let shift_hover = |h: Hover| Hover {
                range: shifted(h.range),
                markdown: h.markdown,
            };
            for offset in (0..=MODULE.len()).filter(|&o| o < region.start || o >= region.end) {
                let context = format!("{needle:?} -> {with:?}, offset {offset}");
                let moved = shift(offset);
                assert_eq!(
                    old.hover(MODULE, offset).map(shift_hover),
                    new.hover(&text, moved),
                    "hover, {context}"
                );
                assert_eq!(
                    old.definition(MODULE, offset).map(shifted),
                    new.definition(&text, moved),
                    "definition, {context}"
                );
                let completions = |a: &Analysis, t: &str, o: usize| {
                    a.completions(t, o)
                        .into_iter()
                        .map(|c| (c.label, c.detail))
                        .collect::<Vec<_>>()
                };
                assert_eq!(
                    completions(&old, MODULE, offset),
                    completions(&new, &text, moved),
                    "completions, {context}"
                );
            }
        }
    }
}
