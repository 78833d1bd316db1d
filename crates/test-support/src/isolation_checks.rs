//! Checks of `LanguageAnalysis::isolated_edit` shared by the languages' tests: an edit the
//! rule isolates must leave every hover, definition and completion outside the region as it
//! was (positions after the edit shifted by its length).

use speclint_analysis::{Analysis, Options};
use speclint_base::ide::Hover;
use speclint_base::language::{Input, Language};
use speclint_base::text::TextRange;

/// Hover, definition and completion at each of `offsets` (of `old_text`, outside the
/// edit's region): the same in `old` and in the analysis of the edited text.
pub fn assert_same_answers(
    language: &'static dyn Language,
    old: &Analysis,
    old_text: &str,
    edited: TextRange,
    with: &str,
    offsets: impl Iterator<Item = usize>,
) {
    let mut text = old_text.to_string();
    text.replace_range(edited.start..edited.end, with);
    let new = Analysis::run(language, Input::Text(&text), None, &Options::default());
    let delta = with.len() as isize - (edited.end - edited.start) as isize;
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
    let completions = |a: &Analysis, t: &str, o: usize| {
        a.completions(t, o)
            .into_iter()
            .map(|c| (c.label, c.detail, c.replace))
            .collect::<Vec<_>>()
    };
    for offset in offsets {
        let context = format!("{edited:?} -> {with:?}, offset {offset}");
        let moved = shift(offset);
        assert_eq!(
            old.hover(old_text, offset).map(shift_hover),
            new.hover(&text, moved),
            "hover, {context}"
        );
        assert_eq!(
            old.definition(old_text, offset).map(shifted),
            new.definition(&text, moved),
            "definition, {context}"
        );
        let before: Vec<_> = completions(old, old_text, offset)
            .into_iter()
            .map(|(label, detail, replace)| (label, detail, shifted(replace)))
            .collect();
        assert_eq!(
            before,
            completions(&new, &text, moved),
            "completions, {context}"
        );
    }
}

/// Each of `edits` (the first occurrence of a piece of `module`, and what replaces it) is
/// isolated, and every hover, definition and completion outside its region stays the same.
pub fn listed_edits_keep_answers(
    language: &'static dyn Language,
    module: &str,
    edits: &[(&str, &str)],
) {
    let old = Analysis::run(language, Input::Text(module), None, &Options::default());
    for &(needle, with) in edits {
        let start = module
            .find(needle)
            .unwrap_or_else(|| panic!("{needle:?} not found"));
        let edited = TextRange::new(start, start + needle.len());
        let Some(region) = old.isolated_edit(module, edited, with) else {
            panic!("{needle:?} -> {with:?} is expected to be isolated");
        };
        let outside = (0..=module.len()).filter(|&o| o < region.start || o > region.end);
        assert_same_answers(language, &old, module, edited, with, outside);
    }
}

/// `edits` random edits of each module (inserting one of `pool` or deleting a character at
/// a random place); for each the rule isolates, the answers at 150 random offsets outside
/// the region are checked. Returns how many edits were isolated.
pub fn random_edits_keep_answers(
    language: &'static dyn Language,
    modules: &[&str],
    pool: &[&str],
    edits: usize,
) -> usize {
    let mut random = crate::incremental_checks::XorShift(0x2545_f491_4f6c_dd1d);
    let mut next = move |below: usize| random.below(below);
    let mut isolated = 0;
    for &module in modules {
        let old = Analysis::run(language, Input::Text(module), None, &Options::default());
        for _ in 0..edits {
            let mut at = next(module.len());
            while !module.is_char_boundary(at) {
                at -= 1;
            }
            let (edited, with) = if next(2) == 0 {
                (TextRange::empty(at), pool[next(pool.len())])
            } else {
                let len = module[at..].chars().next().map_or(0, char::len_utf8);
                (TextRange::new(at, at + len), "")
            };
            let Some(region) = old.isolated_edit(module, edited, with) else {
                continue;
            };
            isolated += 1;
            let outside: Vec<usize> = (0..=module.len())
                .filter(|&o| o < region.start || o > region.end)
                .filter(|&o| module.is_char_boundary(o))
                .collect();
            let sample = (0..150).map(|_| outside[next(outside.len())]);
            assert_same_answers(language, &old, module, edited, with, sample);
        }
    }
    isolated
}
