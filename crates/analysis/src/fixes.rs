//! Applying fixes to a text (`--fix`), ruff's way: in rounds, each applying the fixes whose
//! edits do not touch another's, re-analysing between rounds, until none applies (at most
//! [`MAX_ROUNDS`]). A diagnostic's fix applies only when it is its only fix (among alternatives
//! the author chooses) and is safe, or unsafe fixes were asked for.

use super::{Analysis, Options};
use speclint_base::diagnostic::{Applicability, Fix};
use speclint_base::language::{Input, Language};
use speclint_base::rules::Rule;

pub const MAX_ROUNDS: usize = 100;

/// What fixing a text did.
pub struct Fixed {
    pub text: String,
    /// How many fixes of each rule were applied, in the order first seen.
    pub applied: Vec<(&'static Rule, usize)>,
    /// Whether fixes were still applying after the last round.
    pub converged: bool,
}

impl Fixed {
    pub fn count(&self) -> usize {
        self.applied.iter().map(|(_, n)| n).sum()
    }
}

/// The fix `--fix` would apply for a diagnostic with these fixes.
pub fn applicable(fixes: &[Fix], unsafe_fixes: bool) -> Option<&Fix> {
    match fixes {
        [fix] if fix.applicability == Applicability::Safe || unsafe_fixes => Some(fix),
        _ => None,
    }
}

/// Applies fixes to `text` until none applies.
pub fn fix_text(
    language: &'static dyn Language,
    text: &str,
    options: &Options,
    unsafe_fixes: bool,
) -> Fixed {
    let mut text = text.to_string();
    let mut applied: Vec<(&'static Rule, usize)> = Vec::new();
    for _ in 0..MAX_ROUNDS {
        let analysis = Analysis::run(language, Input::Text(&text), None, options);
        let mut chosen: Vec<(&'static Rule, &Fix)> = analysis
            .diagnostics()
            .iter()
            .filter_map(|d| applicable(&d.fixes, unsafe_fixes).map(|fix| (d.rule, fix)))
            .filter(|(_, fix)| !fix.edits.is_empty())
            .collect();
        chosen.sort_by_key(|(_, fix)| fix.edits.iter().map(|e| e.range.start).min());
        // Edits that touch (an insertion where another edit ends, say) wait for a later round:
        // which goes first would be a guess.
        let mut taken: Vec<&Fix> = Vec::new();
        let mut edits = Vec::new();
        for (rule, fix) in chosen {
            let clashes = fix.edits.iter().any(|e| {
                edits
                    .iter()
                    .any(|t: &&speclint_base::diagnostic::TextEdit| {
                        e.range.start <= t.range.end && t.range.start <= e.range.end
                    })
            });
            let repeated = taken.iter().any(|t| t.edits == fix.edits);
            if clashes || repeated {
                continue;
            }
            taken.push(fix);
            edits.extend(fix.edits.iter());
            match applied.iter_mut().find(|(r, _)| std::ptr::eq(*r, rule)) {
                Some((_, n)) => *n += 1,
                None => applied.push((rule, 1)),
            }
        }
        if edits.is_empty() {
            return Fixed {
                text,
                applied,
                converged: true,
            };
        }
        edits.sort_by_key(|e| std::cmp::Reverse(e.range.start));
        for edit in edits {
            text.replace_range(edit.range.start..edit.range.end, &edit.new_text);
        }
    }
    Fixed {
        text,
        applied,
        converged: false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::REGISTRY;

    fn language(id: &str) -> &'static dyn Language {
        REGISTRY.by_id(id).unwrap()
    }

    #[test]
    fn safe_fixes_apply_until_none_is_left() {
        // Two unused suppressions on one line (SUP001, then SUP002 once the first is gone).
        let text = ".version 8.0\n.target sm_90\n.address_size 64\n// speclint: ignore[PTX005, PTX5]\n.visible .entry k()\n{\n    ret;\n}\n";
        let fixed = fix_text(language("ptx"), text, &Options::default(), false);
        assert!(fixed.converged);
        assert_eq!(
            fixed.text,
            ".version 8.0\n.target sm_90\n.address_size 64\n.visible .entry k()\n{\n    ret;\n}\n"
        );
        assert_eq!(fixed.count(), 2);
    }

    #[test]
    fn unsafe_fixes_need_asking_and_alternatives_are_never_applied() {
        // PTX004: `mul.s32` needs one of .lo/.hi/.wide (alternatives); PTX013 (no .target) has
        // one unsafe fix.
        let text = ".version 8.0\n.address_size 64\n.visible .entry k()\n{\n    .reg .s32 %r<3>;\n    mul.s32 %r1, %r2, %r2;\n    ret;\n}\n";
        let ptx = language("ptx");
        let safe = fix_text(ptx, text, &Options::default(), false);
        assert_eq!((safe.count(), safe.text.as_str()), (0, text));
        let all = fix_text(ptx, text, &Options::default(), true);
        assert_eq!(all.count(), 1);
        assert!(all.text.contains(".target sm_90"), "{}", all.text);
        assert!(all.text.contains("mul.s32 %r1"), "{}", all.text);
    }
}
