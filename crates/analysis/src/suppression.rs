//! Inline suppression comments, in each language's line-comment syntax
//! (`Language::line_comment`):
//!
//! ```text
//! bmsk.clamp.b32 %r1, %r2, %r3;   // speclint: ignore[PTX005]
//! // speclint: ignore[PTX005, PTX012]
//! min.xorsign.abs.f32 %f1, %f2, %f3;
//! OpCapability Int64 ; speclint: ignore
//! ```
//!
//! At the end of a line, a directive suppresses the named rules' findings that start on that
//! line; alone on its line, those on the next line. A bare `speclint: ignore` suppresses every
//! finding there (like ruff's `# noqa`). Codes are full codes or rule names (no prefixes), and
//! text after the `]` is free (a reason). A directive that suppresses nothing is reported
//! (SUP001, with a fix that removes it or its unused codes), and so is a code that names no rule
//! or a directive that does not parse (SUP002). A code whose rule is not selected is not called
//! unused: the rule may be on in another configuration. The SUP rules are not suppressible.

use crate::selection::RuleTable;
use speclint_base::diagnostic::{Diagnostic, Fix};
use speclint_base::rules::{Rule, INVALID_SUPPRESSION, UNUSED_SUPPRESSION};
use speclint_base::text::{quoted_list, LineIndex, TextRange};

/// What starts every directive (and every `speclint:` comment: run comments too).
pub const PREFIX: &str = "speclint:";
const IGNORE: &str = "ignore";

/// One `speclint: ignore` directive.
#[derive(Debug)]
struct Directive {
    /// The line (0-based) whose findings it suppresses.
    target_line: usize,
    /// Whether the comment is alone on its line (so it applies to the next one).
    own_line: bool,
    /// From the comment marker to the end of the line.
    comment: TextRange,
    /// What removing the directive deletes: its whole line when it is alone there, else the
    /// comment and the spaces before it.
    removal: TextRange,
    /// The codes between the brackets and the range inside them; `None` for a bare `ignore`.
    codes: Option<(Vec<Code>, TextRange)>,
}

#[derive(Debug)]
struct Code {
    text: String,
    range: TextRange,
    rule: Option<&'static Rule>,
    used: bool,
}

/// Where a directive is malformed, and why.
struct Invalid {
    range: TextRange,
    message: String,
}

/// The directives of a text; comments that are `speclint:` pragmas other than `ignore` (Tile
/// IR's `speclint: tile-ir-version=13.2`) are not ours.
/// The directives of `text`; `rule` finds the rule a listed code names.
fn directives(
    text: &str,
    marker: &str,
    rule: impl Fn(&str) -> Option<&'static Rule>,
) -> (Vec<Directive>, Vec<Invalid>) {
    let (mut found, mut invalid) = (Vec::new(), Vec::new());
    let mut index: Option<LineIndex> = None;
    let mut last_line_start = None;
    for (at, _) in text.match_indices(PREFIX) {
        let line_start = text[..at].rfind('\n').map_or(0, |i| i + 1);
        if last_line_start == Some(line_start) {
            continue;
        }
        // Only a comment's first words: `speclint:` right after the marker.
        let before = text[line_start..at].trim_end();
        let Some(code_part) = before.strip_suffix(marker) else {
            continue;
        };
        let line_end = text[at..].find('\n').map_or(text.len(), |i| at + i).max(at);
        let line_end = if text[..line_end].ends_with('\r') {
            line_end - 1
        } else {
            line_end
        };
        let after_prefix = at + PREFIX.len();
        let body = &text[after_prefix..line_end];
        let ignore_at = after_prefix + (body.len() - body.trim_start().len());
        if !text[ignore_at..line_end].starts_with(IGNORE) {
            continue;
        }
        last_line_start = Some(line_start);
        let index = index.get_or_insert_with(|| LineIndex::new(text));
        let line = index.line_of(at);
        let comment_start = line_start + code_part.len();
        let comment = TextRange::new(comment_start, line_end);
        let own_line = code_part.trim().is_empty();
        let removal = if own_line {
            let next = text[line_end..]
                .find('\n')
                .map_or(text.len(), |i| line_end + i + 1);
            TextRange::new(line_start, next)
        } else {
            TextRange::new(line_start + code_part.trim_end().len(), line_end)
        };
        let rest_at = ignore_at + IGNORE.len();
        let rest = &text[rest_at..line_end];
        let codes = if rest.trim().is_empty() {
            None
        } else if let Some(inside) = rest.strip_prefix('[') {
            let Some(close) = inside.find(']') else {
                invalid.push(Invalid {
                    range: comment,
                    message:
                        "the suppression's `[` is not closed: write `speclint: ignore[CODE, …]`"
                            .into(),
                });
                continue;
            };
            let list_start = rest_at + 1;
            let mut codes = Vec::new();
            let mut offset = list_start;
            for part in inside[..close].split(',') {
                let trimmed = part.trim();
                let start = offset + (part.len() - part.trim_start().len());
                offset += part.len() + 1;
                if trimmed.is_empty() {
                    continue;
                }
                codes.push(Code {
                    text: trimmed.to_string(),
                    range: TextRange::new(start, start + trimmed.len()),
                    rule: rule(trimmed),
                    used: false,
                });
            }
            if codes.is_empty() {
                invalid.push(Invalid {
                    range: comment,
                    message: "the suppression names no rule: write `speclint: ignore[CODE, …]`, or `speclint: ignore` for every rule".into(),
                });
                continue;
            }
            Some((codes, TextRange::new(list_start, list_start + close)))
        } else {
            invalid.push(Invalid {
                range: comment,
                message: format!(
                    "`{}` is not a suppression: write `speclint: ignore[CODE, …]`, or `speclint: ignore` for every rule",
                    text[ignore_at..line_end].trim_end()
                ),
            });
            continue;
        };
        found.push(Directive {
            target_line: line + usize::from(own_line),
            own_line,
            comment,
            removal,
            codes,
        });
    }
    (found, invalid)
}

/// Whether the text may hold a directive (a fast scan, so most texts skip the rest).
pub fn may_have_directives(text: &str) -> bool {
    text.contains(PREFIX)
}

/// Drops the findings the text's directives suppress and reports the directives that
/// suppress nothing or do not parse (when their rules are selected). A cheap scan when the
/// text has no `speclint:` at all.
pub fn apply(text: &str, marker: &str, diagnostics: &mut Vec<Diagnostic>, table: &RuleTable) {
    if !may_have_directives(text) {
        return;
    }
    let (mut found, invalid) = directives(text, marker, |code| table.rule(code));
    if found.is_empty() && invalid.is_empty() {
        return;
    }
    if !found.is_empty() {
        let index = LineIndex::new(text);
        let mut used_bare = vec![false; found.len()];
        diagnostics.retain(|d| {
            let line = index.line_of(d.range.start);
            let mut suppressed = false;
            for (i, directive) in found.iter_mut().enumerate() {
                if directive.target_line != line {
                    continue;
                }
                match &mut directive.codes {
                    None => {
                        used_bare[i] = true;
                        suppressed = true;
                    }
                    Some((codes, _)) => {
                        for code in codes.iter_mut() {
                            if code.rule.is_some_and(|r| std::ptr::eq(r, d.rule)) {
                                code.used = true;
                                suppressed = true;
                            }
                        }
                    }
                }
            }
            !suppressed
        });
        for (directive, used_bare) in found.iter().zip(used_bare) {
            report(directive, used_bare, table, diagnostics);
        }
    }
    if table.is_selected(&INVALID_SUPPRESSION) {
        for problem in invalid {
            diagnostics.push(sup(
                &INVALID_SUPPRESSION,
                table,
                problem.range,
                problem.message,
            ));
        }
    }
}

fn sup(rule: &'static Rule, table: &RuleTable, range: TextRange, message: String) -> Diagnostic {
    let mut diagnostic = Diagnostic::new(rule, range, message);
    diagnostic.severity = table.severity_override(rule).unwrap_or(rule.severity);
    diagnostic
}

/// SUP001 for what a directive did not use, SUP002 for each code that names no rule.
fn report(directive: &Directive, used_bare: bool, table: &RuleTable, out: &mut Vec<Diagnostic>) {
    let which_line = if directive.own_line {
        "the next line"
    } else {
        "this line"
    };
    // Safe (both rules): a directive, or a code, that suppresses nothing changes no finding.
    let without = |dropped: &dyn Fn(&Code) -> bool, title: String| {
        let Some((codes, list)) = &directive.codes else {
            return Fix::replace(title, directive.removal, "").safe();
        };
        let kept: Vec<&str> = codes
            .iter()
            .filter(|c| !dropped(c))
            .map(|c| c.text.as_str())
            .collect();
        if kept.is_empty() {
            Fix::replace(title, directive.removal, "").safe()
        } else {
            Fix::replace(title, *list, kept.join(", ")).safe()
        }
    };
    let Some((codes, _)) = &directive.codes else {
        if !used_bare && table.is_selected(&UNUSED_SUPPRESSION) {
            let message = format!("unused suppression: {which_line} has no finding to suppress");
            let fix = without(&|_| true, "Remove the suppression".into());
            out.push(sup(&UNUSED_SUPPRESSION, table, directive.comment, message).with_fix(fix));
        }
        return;
    };
    let unused = |c: &Code| c.rule.is_some_and(|r| !c.used && table.is_selected(r));
    let names: Vec<&str> = codes
        .iter()
        .filter(|c| unused(c))
        .map(|c| c.text.as_str())
        .collect();
    if !names.is_empty() && table.is_selected(&UNUSED_SUPPRESSION) {
        let message = format!(
            "unused suppression: {which_line} has no {} finding",
            names.join(" or ")
        );
        let title = if names.len() == codes.len() {
            "Remove the suppression".to_string()
        } else {
            format!("Remove {}", quoted_list(names.iter().copied()))
        };
        let fix = without(&unused, title);
        out.push(sup(&UNUSED_SUPPRESSION, table, directive.comment, message).with_fix(fix));
    }
    if table.is_selected(&INVALID_SUPPRESSION) {
        for code in codes.iter().filter(|c| c.rule.is_none()) {
            let message = format!("`{}` is not a rule code or name", code.text);
            let fix = without(
                &|c: &Code| c.range == code.range,
                format!("Remove `{}`", code.text),
            );
            out.push(sup(&INVALID_SUPPRESSION, table, code.range, message).with_fix(fix));
        }
    }
}

/// The edit that suppresses `rule` on the line of `offset`: its code added to the line's
/// end-of-line directive, or a new directive at the end of the line. `None` on a line that a
/// `\` continues (a C++ macro's): a line comment there would swallow the next line.
pub fn suppress(text: &str, marker: &str, offset: usize, rule: &Rule) -> Option<Fix> {
    let index = LineIndex::new(text);
    let line = index.line_of(offset.min(text.len()));
    let line_range = index.line_range(text, line);
    if text[line_range.start..line_range.end].ends_with('\\') {
        return None;
    }
    let title = format!("Suppress {} on this line", rule.code);
    let (found, _) = directives(&text[..line_range.end], marker, |_| None);
    if let Some(directive) = found.iter().find(|d| d.target_line == line && !d.own_line) {
        if let Some((_, list)) = &directive.codes {
            return Some(Fix::insert(title, list.end, format!(", {}", rule.code)));
        }
    }
    Some(Fix::insert(
        title,
        line_range.end,
        format!(" {marker} {PREFIX} {IGNORE}[{}]", rule.code),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::selection::{RuleSelection, Selector};
    use crate::testing::REGISTRY;
    use speclint_base::diagnostic::Severity;

    /// Findings of `rule` at the start of each listed line (0-based).
    fn findings(text: &str, lines: &[(usize, &str)]) -> Vec<Diagnostic> {
        let index = LineIndex::new(text);
        lines
            .iter()
            .map(|&(line, code)| {
                let at = index.line_start(line);
                Diagnostic::new(
                    REGISTRY.rule(code).unwrap(),
                    TextRange::new(at, at + 1),
                    "x",
                )
            })
            .collect()
    }

    fn codes(diagnostics: &[Diagnostic]) -> Vec<&'static str> {
        diagnostics.iter().map(|d| d.rule.code).collect()
    }

    fn apply_fix(text: &str, fix: &Fix) -> String {
        let edit = &fix.edits[0];
        format!(
            "{}{}{}",
            &text[..edit.range.start],
            edit.new_text,
            &text[edit.range.end..]
        )
    }

    #[test]
    fn end_of_line_and_own_line_directives() {
        let text =
            "a // speclint: ignore[PTX005]\n// speclint: ignore[PTX004, PTX012] reason\nb\nc\n";
        let mut ds = findings(
            text,
            &[(0, "PTX005"), (2, "PTX004"), (2, "PTX005"), (3, "PTX004")],
        );
        apply(text, "//", &mut ds, &RuleTable::defaults(REGISTRY.rules()));
        // PTX005 on line 2 and PTX004 on line 3 stay; PTX012 was not used.
        assert_eq!(codes(&ds), ["PTX005", "PTX004", "SUP001"]);
        let unused = &ds[2];
        assert_eq!(
            unused.message,
            "unused suppression: the next line has no PTX012 finding"
        );
        assert_eq!(unused.severity, Severity::Warning);
        assert_eq!(unused.fixes[0].title, "Remove `PTX012`");
        assert_eq!(
            apply_fix(text, &unused.fixes[0]),
            "a // speclint: ignore[PTX005]\n// speclint: ignore[PTX004] reason\nb\nc\n"
        );
    }

    #[test]
    fn a_bare_directive_suppresses_everything_on_its_line() {
        let text = "a ; speclint: ignore\nb ; speclint: ignore\n";
        let mut ds = findings(text, &[(0, "SPV001"), (0, "SPV002")]);
        apply(text, ";", &mut ds, &RuleTable::defaults(REGISTRY.rules()));
        assert_eq!(codes(&ds), ["SUP001"]);
        assert_eq!(
            ds[0].message,
            "unused suppression: this line has no finding to suppress"
        );
        assert_eq!(
            apply_fix(text, &ds[0].fixes[0]),
            "a ; speclint: ignore\nb\n"
        );
    }

    #[test]
    fn unknown_codes_and_malformed_directives_are_sup002() {
        let text = "a // speclint: ignore[PTX005, NOPE]\nb // speclint: ignore PTX005\nc // speclint: ignore[PTX005\nd // speclint: tile-ir-version=13.2\n";
        let mut ds = findings(text, &[(0, "PTX005")]);
        apply(text, "//", &mut ds, &RuleTable::defaults(REGISTRY.rules()));
        assert_eq!(codes(&ds), ["SUP002", "SUP002", "SUP002"]);
        assert_eq!(ds[0].message, "`NOPE` is not a rule code or name");
        assert_eq!(
            apply_fix(text, &ds[0].fixes[0]).lines().next(),
            Some("a // speclint: ignore[PTX005]")
        );
        assert!(
            ds[1]
                .message
                .starts_with("`ignore PTX005` is not a suppression"),
            "{}",
            ds[1].message
        );
        assert!(ds[2].message.contains("not closed"), "{}", ds[2].message);
        assert!(ds[1].fixes.is_empty());
    }

    #[test]
    fn codes_of_rules_that_are_off_are_not_unused_and_sup_rules_follow_the_table() {
        let text = "a // speclint: ignore[PTX005]\n";
        let layer = |select: &str, ignore: &[&str]| RuleSelection {
            select: Some(vec![Selector::parse(select, &REGISTRY.rules()).unwrap()]),
            ignore: ignore
                .iter()
                .map(|s| Selector::parse(s, &REGISTRY.rules()).unwrap())
                .collect(),
            ..RuleSelection::default()
        };
        let mut ds = Vec::new();
        apply(
            text,
            "//",
            &mut ds,
            &RuleTable::resolve(REGISTRY.rules(), &[layer("ALL", &["PTX005"])]),
        );
        assert!(ds.is_empty(), "{ds:?}");
        apply(
            text,
            "//",
            &mut ds,
            &RuleTable::resolve(REGISTRY.rules(), &[layer("ALL", &["SUP"])]),
        );
        assert!(ds.is_empty(), "{ds:?}");
        apply(text, "//", &mut ds, &RuleTable::defaults(REGISTRY.rules()));
        assert_eq!(codes(&ds), ["SUP001"]);
        // The only code unused: the whole comment goes, and the spaces before it.
        assert_eq!(apply_fix(text, &ds[0].fixes[0]), "a\n");
    }

    #[test]
    fn suppressing_adds_to_the_lines_directive_or_appends_one() {
        let rule = REGISTRY.rule("PTX005").unwrap();
        let text = "a\r\nb // speclint: ignore[PTX004]\n";
        assert_eq!(
            apply_fix(text, &suppress(text, "//", 0, rule).unwrap()),
            "a // speclint: ignore[PTX005]\r\nb // speclint: ignore[PTX004]\n"
        );
        assert_eq!(
            apply_fix(text, &suppress(text, "//", 4, rule).unwrap()),
            "a\r\nb // speclint: ignore[PTX004, PTX005]\n"
        );
    }

    #[test]
    fn a_line_a_backslash_continues_gets_no_suppression_fix() {
        // In a C++ macro the comment would run on into the next line and swallow it.
        let rule = REGISTRY.rule("PTX005").unwrap();
        let text = "#define F() \\
  asm(\"x\"); \\
  asm(\"y\")\n";
        assert!(suppress(text, "//", text.find("x").unwrap(), rule).is_none());
        let last = suppress(text, "//", text.find("y").unwrap(), rule).unwrap();
        assert!(apply_fix(text, &last).ends_with("asm(\"y\") // speclint: ignore[PTX005]\n"));
    }
}
