//! `docs/rules.md` is generated from the rule definitions, and so is `speclint explain`.
//!
//! `page_matches_the_rule_definitions` renders the page from the registry and compares it with
//! the file; after changing a rule, `UPDATE_EXPECT=1 cargo test -p speclint --test rules_doc`
//! rewrites it (review `git diff docs/rules.md`). The other tests check that what
//! `speclint explain` prints comes from the same definitions.

use speclint::languages::REGISTRY;
use speclint_base::rules::{Rule, CORE_RULES};
use std::fmt::Write as _;
use std::path::Path;
use std::process::Command;

const SPECLINT: &str = env!("CARGO_BIN_EXE_speclint");

struct Section {
    title: &'static str,
    intro: Option<&'static str>,
    rules: &'static [&'static Rule],
}

/// The page's sections: the analysis's own rules, then each language's, in registry order.
fn sections() -> Vec<Section> {
    let mut sections = vec![Section {
        title: "All languages",
        intro: Some("The analysis's own rules, the same in every language."),
        rules: CORE_RULES,
    }];
    for language in REGISTRY.languages() {
        sections.push(Section {
            title: language.name(),
            intro: None,
            rules: language.rules(),
        });
    }
    sections
}

/// GitHub's anchor for a heading: lower case, spaces as hyphens, other punctuation dropped
/// (`CUDA C++` is `cuda-c`).
fn anchor(heading: &str) -> String {
    heading
        .to_ascii_lowercase()
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || matches!(c, ' ' | '-' | '_'))
        .collect::<String>()
        .replace(' ', "-")
}

fn rule_heading(rule: &Rule) -> String {
    format!("{} {}", rule.code, rule.name)
}

/// Prose for Markdown: code spans stay as they are; outside them, characters that would start
/// emphasis, HTML or (in a table) a new cell are escaped.
fn prose(text: &str, in_table: bool) -> String {
    let mut out = String::new();
    for (index, part) in text.split('`').enumerate() {
        if index > 0 {
            out.push('`');
        }
        if index % 2 == 1 {
            out.push_str(part);
            continue;
        }
        for c in part.chars() {
            if c == '*' || c == '<' || (in_table && c == '|') {
                out.push('\\');
            }
            out.push(c);
        }
    }
    out
}

fn severity(rule: &Rule) -> &'static str {
    rule.severity.as_str()
}

fn render_page() -> String {
    let sections = sections();
    let total: usize = sections.iter().map(|section| section.rules.len()).sum();
    let mut page = String::new();
    page.push_str(
        "<!-- Generated from the rule definitions (crates/*/src/rules/) by server/tests/rules_doc.rs.\n     \
         Do not edit: change the rule, then run\n     \
         UPDATE_EXPECT=1 cargo test -p speclint --test rules_doc -->\n\n",
    );
    page.push_str("# Rules\n\n");
    let _ = writeln!(
        page,
        "speclint has {total} rules. Each has a stable code and a name; either one works in \
         `speclint explain`, which prints the rule's section of this page, and in a \
         `speclint: ignore[...]` comment. `speclint explain` alone lists them all.\n"
    );
    page.push_str(
        "The severity is each rule's default: `[rules] severity` in speclint.toml changes it, \
         and a finding the reference tool (ptxas, spirv-val, tileiras) does not reject is a \
         warning that says so, whatever the default (see [configuration.md](configuration.md) \
         and [ptx-unenforced.md](ptx-unenforced.md)).\n\n",
    );
    for section in &sections {
        let _ = writeln!(
            page,
            "- [{}](#{}) ({} rules)",
            section.title,
            anchor(section.title),
            section.rules.len()
        );
    }
    for section in &sections {
        let _ = writeln!(page, "\n## {}\n", section.title);
        if let Some(intro) = section.intro {
            let _ = writeln!(page, "{intro}\n");
        }
        let rules = section.rules;
        page.push_str("| Code | Name | Severity | Fix | Summary |\n");
        page.push_str("|---|---|---|---|---|\n");
        for rule in rules.iter() {
            let _ = writeln!(
                page,
                "| [{}](#{}) | `{}` | {} | {} | {} |",
                rule.code,
                anchor(&rule_heading(rule)),
                rule.name,
                severity(rule),
                if rule.fixable { "yes" } else { "" },
                prose(rule.summary, true)
            );
        }
        for rule in rules.iter() {
            let _ = writeln!(page, "\n### {}\n", rule_heading(rule));
            let _ = writeln!(page, "{}\n", prose(rule.summary, false));
            let _ = writeln!(
                page,
                "Default severity: {}. Fix available: {}.\n",
                severity(rule),
                if rule.fixable {
                    "where one is obvious"
                } else {
                    "no"
                }
            );
            let _ = writeln!(page, "{}\n", prose(rule.explanation, false));
            page.push_str("Example:\n\n```\n");
            page.push_str(rule.example);
            page.push_str("\n```\n");
        }
    }
    page
}

#[test]
fn page_matches_the_rule_definitions() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/rules.md");
    expect_test::expect_file![path].assert_eq(&render_page());
}

#[test]
fn page_has_every_rule_once() {
    let on_page: Vec<&str> = sections()
        .iter()
        .flat_map(|section| section.rules.iter().map(|rule| rule.code))
        .collect();
    let all: Vec<&str> = REGISTRY.rules().iter().map(|rule| rule.code).collect();
    assert_eq!(on_page, all);
    let page = render_page();
    for rule in REGISTRY.rules() {
        let heading = format!("\n### {}\n", rule_heading(rule));
        assert_eq!(page.matches(&heading).count(), 1, "{}", rule.code);
        // The page's own fences must not be closed early by an example.
        assert!(!rule.example.contains("```"), "{}", rule.code);
    }
}

fn explain(args: &[&str]) -> String {
    let out = Command::new(SPECLINT)
        .arg("explain")
        .args(args)
        .env("NO_COLOR", "1")
        .output()
        .expect("run speclint");
    assert!(out.status.success(), "speclint explain {args:?}");
    String::from_utf8(out.stdout).expect("UTF-8 output")
}

#[test]
fn explain_lists_the_rule_definitions() {
    let listing = explain(&[]);
    let mut lines = listing.lines();
    assert!(lines
        .next()
        .is_some_and(|header| header.starts_with("CODE")));
    let listed: Vec<&str> = lines.collect();
    let rules = REGISTRY.rules();
    assert_eq!(listed.len(), rules.len(), "{listing}");
    for (line, rule) in listed.iter().zip(&rules) {
        let words: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(words[0], rule.code, "{line}");
        assert_eq!(words[1], rule.name, "{line}");
        assert_eq!(words[2], severity(rule), "{line}");
        let summary = if rule.fixable {
            format!("{} (fix)", rule.summary)
        } else {
            rule.summary.to_string()
        };
        assert!(line.ends_with(&format!(" {summary}")), "{line}");
    }
}

#[test]
fn explain_prints_each_rule_definition() {
    for rule in REGISTRY.rules() {
        let text = explain(&[rule.code]);
        let example: String = rule
            .example
            .lines()
            .map(|line| format!("    {line}\n"))
            .collect();
        let fix = if rule.fixable {
            "where one is obvious"
        } else {
            "no"
        };
        let expected = format!(
            "{} ({}) — {}\n\nDefault severity: {}. Fix available: {fix}.\n\n{}\n\nExample:\n\n{example}",
            rule.code,
            rule.name,
            rule.summary,
            severity(rule),
            rule.explanation
        );
        assert_eq!(text, expected, "speclint explain {}", rule.code);
    }
}
