//! Checks of `Language::reanalyze` shared by the languages' tests: after each edit of a random
//! sequence, the analysis computed from the previous one (itself incremental) must equal a
//! full analysis of the edited text.

use speclint_analysis::{Analysis, Options};
use speclint_base::language::{Edit, Input, Language, Reuse};
use speclint_base::text::TextRange;

/// Everything the editor features read that must not depend on how the analysis was made:
/// the diagnostics, the outline and semantic tokens, and hover, definition, references and
/// completions at `offsets`.
fn assert_same(
    incremental: &Analysis,
    full: &Analysis,
    text: &str,
    offsets: &[usize],
    context: &str,
) {
    let diagnostics = |a: &Analysis| -> Vec<String> {
        a.diagnostics()
            .iter()
            .map(|d| {
                format!(
                    "{} {:?} {:?} {} {:?}",
                    d.rule.code, d.severity, d.range, d.message, d.fixes
                )
            })
            .collect()
    };
    let (ours, theirs) = (diagnostics(incremental), diagnostics(full));
    if ours != theirs {
        let only = |a: &[String], b: &[String]| -> Vec<String> {
            a.iter().filter(|d| !b.contains(d)).cloned().collect()
        };
        panic!(
            "diagnostics, {context}: only incremental {:#?}, only full {:#?} (or another order)",
            only(&ours, &theirs),
            only(&theirs, &ours)
        );
    }
    assert_eq!(
        incremental.semantic_tokens(text, None),
        full.semantic_tokens(text, None),
        "semantic tokens, {context}"
    );
    assert_eq!(
        incremental.document_symbols(text),
        full.document_symbols(text),
        "outline, {context}"
    );
    assert_eq!(
        incremental.folding_ranges(text),
        full.folding_ranges(text),
        "folds, {context}"
    );
    for &offset in offsets {
        let at = format!("{context}, offset {offset}");
        assert_eq!(
            incremental.hover(text, offset),
            full.hover(text, offset),
            "hover, {at}"
        );
        assert_eq!(
            incremental.definition(text, offset),
            full.definition(text, offset),
            "definition, {at}"
        );
        assert_eq!(
            incremental.references(text, offset, true),
            full.references(text, offset, true),
            "references, {at}"
        );
        assert_eq!(
            incremental.completions(text, offset),
            full.completions(text, offset),
            "completions, {at}"
        );
    }
}

/// The tests' deterministic random numbers (xorshift64; no dependency for a test's randomness).
pub struct XorShift(pub u64);

impl XorShift {
    /// A number in `0..below` (0 when `below` is 0).
    pub fn below(&mut self, below: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % below.max(1) as u64) as usize
    }
}

/// `edits` random edits in a row of each module (inserting one of `pool`, or deleting up to
/// three characters, at a random place), each analysed from the previous incremental analysis
/// and compared with a full analysis (`assert_same`, at 30 random offsets and around the
/// edit). Returns how many items were re-checked and reused over all the edits.
pub fn random_edits_match_full_analysis(
    language: &'static dyn Language,
    modules: &[&str],
    pool: &[&str],
    edits: usize,
    seed: u64,
) -> Reuse {
    let mut random = XorShift(seed | 1);
    let mut next = move |below: usize| random.below(below);
    let options = Options::default();
    let mut total = Reuse::default();
    for &module in modules {
        let mut text = module.to_string();
        let mut previous = Analysis::run(language, Input::Text(&text), None, &options);
        for step in 0..edits {
            let mut at = next(text.len() + 1);
            while !text.is_char_boundary(at) {
                at -= 1;
            }
            let (range, inserted) = if next(3) == 0 {
                let mut end = at + 1 + next(3);
                end = end.min(text.len());
                while !text.is_char_boundary(end) {
                    end += 1;
                }
                (TextRange::new(at, end), "")
            } else {
                (TextRange::empty(at), pool[next(pool.len())])
            };
            let mut edited = text.clone();
            edited.replace_range(range.start..range.end, inserted);
            let edit = Edit {
                old_text: &text,
                range,
                inserted,
            };
            let context = format!("step {step}: {range:?} -> {inserted:?}");
            let incremental = Analysis::rerun(previous, edit, &edited, &options);
            let full = Analysis::run(language, Input::Text(&edited), None, &options);
            let mut offsets: Vec<usize> = (0..30).map(|_| next(edited.len() + 1)).collect();
            offsets.extend(at.saturating_sub(3)..(at + inserted.len() + 3).min(edited.len()));
            offsets.retain(|&o| edited.is_char_boundary(o));
            assert_same(&incremental, &full, &edited, &offsets, &context);
            if let Some(reuse) = incremental.reuse() {
                total.rechecked += reuse.rechecked;
                total.reused += reuse.reused;
            }
            text = edited;
            previous = incremental;
        }
    }
    total
}
