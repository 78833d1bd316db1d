//! Which rules a check reports, and how severe each is: ruff's `select`, `extend-select` and
//! `ignore`, by code or prefix (`PTX005`, `PTX0`, `TILE`, `ALL`), and per-rule severity.
//!
//! Sources are layers (the `[rules]` table of `speclint.toml`, then the editor's settings or the
//! command line's flags). Every rule is on before the first layer. In each layer, selectors
//! apply from the least specific (`ALL`) to the most specific (a full code), `ignore` after
//! `select` at the same specificity, so `select = ["PTX"], ignore = ["PTX0"]` keeps PTX1xx and
//! `ignore = ["PTX"], extend-select = ["PTX005"]` keeps PTX005. A layer with `select` replaces
//! what the layers below chose; one without it adds and removes. Prefixes are matched against
//! every rule of the registry, so a language's rules are selectable as soon as it registers.

use speclint_base::diagnostic::Severity;
use speclint_base::rules::Rule;
use speclint_base::text::{closest, quoted_list};
use std::fmt;

/// `ALL`, or a prefix of rule codes that starts with a whole group name (`PTX`, `PTX0`,
/// `PTX005`); kept upper-case.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Selector(String);

const ALL: &str = "ALL";

impl Selector {
    /// Parses a selector against every rule there is (`all`); an unknown one is an error
    /// naming the nearest known ones.
    pub fn parse(text: &str, all: &[&'static Rule]) -> Result<Selector, String> {
        let upper = text.trim().to_ascii_uppercase();
        if upper == ALL || all.iter().any(|rule| selects(&upper, rule.code)) {
            return Ok(Selector(upper));
        }
        let mut known: Vec<&str> = groups(all);
        known.extend(all.iter().map(|rule| rule.code));
        let near = closest(&upper, known.iter().copied(), |name| {
            (name.len() / 2).clamp(1, 2)
        });
        let hint = if near.is_empty() {
            format!("codes start with {}", quoted_list(groups(all)))
        } else {
            format!("did you mean {}?", quoted_list(near))
        };
        Err(format!("unknown rule code or prefix `{text}`; {hint}"))
    }

    /// Whether the selector picks this rule.
    pub fn selects(&self, rule: &Rule) -> bool {
        self.0 == ALL || selects(&self.0, rule.code)
    }

    /// More specific selectors win: `ALL`, then longer prefixes.
    fn specificity(&self) -> usize {
        if self.0 == ALL {
            0
        } else {
            self.0.len()
        }
    }
}

impl fmt::Display for Selector {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// `prefix` is a prefix of `code` that contains the code's whole group name (`PTX0` of
/// `PTX005`, but not `PT`).
fn selects(prefix: &str, code: &str) -> bool {
    let group = code.trim_end_matches(|c: char| c.is_ascii_digit()).len();
    prefix.len() >= group && code.starts_with(prefix)
}

/// The group names (`IO`, `PTX`, ...) in registry order.
fn groups(all: &[&'static Rule]) -> Vec<&'static str> {
    let mut groups: Vec<&'static str> = Vec::new();
    for rule in all {
        let group = rule.code.trim_end_matches(|c: char| c.is_ascii_digit());
        if !groups.contains(&group) {
            groups.push(group);
        }
    }
    groups
}

/// Parses `error`, `warning`, `info` or `hint`.
pub fn parse_severity(text: &str) -> Result<Severity, String> {
    const ALL: [Severity; 4] = [
        Severity::Error,
        Severity::Warning,
        Severity::Info,
        Severity::Hint,
    ];
    ALL.into_iter().find(|s| s.as_str() == text).ok_or_else(|| {
        format!(
            "unknown severity `{text}`, expected one of {}",
            quoted_list(ALL.map(Severity::as_str))
        )
    })
}

/// One source's choices.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RuleSelection {
    /// Replaces the rules chosen below (`None`: keep them).
    pub select: Option<Vec<Selector>>,
    pub extend_select: Vec<Selector>,
    pub ignore: Vec<Selector>,
    /// Severity by selector; the most specific one wins.
    pub severity: Vec<(Selector, Severity)>,
}

impl RuleSelection {
    pub fn is_empty(&self) -> bool {
        *self == RuleSelection::default()
    }
}

/// The outcome of the layers: each rule on or off, and its severity when a layer sets one.
#[derive(Clone, Debug)]
pub struct RuleTable {
    /// Each rule, whether it is on, and the severity a layer gave it.
    rules: Vec<(&'static Rule, bool, Option<Severity>)>,
}

impl RuleTable {
    /// Every rule of `all` at its default severity (no layers).
    pub fn defaults(all: Vec<&'static Rule>) -> RuleTable {
        RuleTable::resolve(all, &[])
    }

    /// The rules of `all`, each on or off and at the severity the layers give it.
    pub fn resolve(all: Vec<&'static Rule>, layers: &[RuleSelection]) -> RuleTable {
        let mut on = vec![true; all.len()];
        let mut severity: Vec<Option<Severity>> = vec![None; all.len()];
        for layer in layers {
            let mut update: Vec<Option<bool>> = vec![None; all.len()];
            let selected = layer.select.iter().flatten().chain(&layer.extend_select);
            let mut specificities: Vec<usize> = selected
                .clone()
                .chain(&layer.ignore)
                .map(Selector::specificity)
                .collect();
            specificities.sort_unstable();
            specificities.dedup();
            for specificity in specificities {
                let at = |s: &&Selector| s.specificity() == specificity;
                for (selectors, value) in [
                    (selected.clone().filter(at).collect::<Vec<_>>(), true),
                    (layer.ignore.iter().filter(at).collect(), false),
                ] {
                    for selector in selectors {
                        for (i, rule) in all.iter().enumerate() {
                            if selector.selects(rule) {
                                update[i] = Some(value);
                            }
                        }
                    }
                }
            }
            let replace = layer.select.is_some();
            for (on, update) in on.iter_mut().zip(update) {
                match update {
                    Some(value) => *on = value,
                    None if replace => *on = false,
                    None => {}
                }
            }
            let mut by_specificity: Vec<&(Selector, Severity)> = layer.severity.iter().collect();
            by_specificity.sort_by_key(|(selector, _)| selector.specificity());
            for (selector, value) in by_specificity {
                for (i, rule) in all.iter().enumerate() {
                    if selector.selects(rule) {
                        severity[i] = Some(*value);
                    }
                }
            }
        }
        RuleTable {
            rules: all
                .into_iter()
                .zip(on.into_iter().zip(severity))
                .map(|(rule, (on, severity))| (rule, on, severity))
                .collect(),
        }
    }

    fn entry(&self, rule: &Rule) -> Option<&(&'static Rule, bool, Option<Severity>)> {
        self.rules
            .iter()
            .find(|(r, _, _)| std::ptr::eq(*r, rule) || r.code == rule.code)
    }

    /// The rule of the table with this code (any case) or name.
    pub fn rule(&self, code: &str) -> Option<&'static Rule> {
        self.rules
            .iter()
            .map(|(rule, _, _)| *rule)
            .find(|rule| rule.is_named(code))
    }

    pub fn is_selected(&self, rule: &Rule) -> bool {
        self.entry(rule).is_some_and(|(_, on, _)| *on)
    }

    /// The severity a layer gave the rule, if one did.
    pub fn severity_override(&self, rule: &Rule) -> Option<Severity> {
        self.entry(rule).and_then(|(_, _, severity)| *severity)
    }

    /// The rule's severity when it is selected; `None` when it is off.
    pub fn severity(&self, rule: &'static Rule) -> Option<Severity> {
        self.is_selected(rule)
            .then(|| self.severity_override(rule).unwrap_or(rule.severity))
    }

    /// The table with `rules` off.
    pub fn without(&self, rules: &[&Rule]) -> RuleTable {
        let mut table = self.clone();
        for (rule, on, _) in &mut table.rules {
            if rules.iter().any(|r| r.code == rule.code) {
                *on = false;
            }
        }
        table
    }

    /// Whether every rule is on and none has a new severity (nothing to filter or change).
    pub fn is_default(&self) -> bool {
        self.rules
            .iter()
            .all(|(_, on, severity)| *on && severity.is_none())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::REGISTRY;

    fn selectors(texts: &[&str]) -> Vec<Selector> {
        texts
            .iter()
            .map(|t| Selector::parse(t, &REGISTRY.rules()).unwrap())
            .collect()
    }

    fn layer(select: Option<&[&str]>, extend: &[&str], ignore: &[&str]) -> RuleSelection {
        RuleSelection {
            select: select.map(selectors),
            extend_select: selectors(extend),
            ignore: selectors(ignore),
            severity: Vec::new(),
        }
    }

    /// The selected codes among those starting with `group`.
    fn on(table: &RuleTable, group: &str) -> Vec<&'static str> {
        REGISTRY
            .rules()
            .into_iter()
            .filter(|rule| rule.code.starts_with(group) && table.is_selected(rule))
            .map(|rule| rule.code)
            .collect()
    }

    fn count(group: &str) -> usize {
        REGISTRY
            .rules()
            .iter()
            .filter(|rule| rule.code.starts_with(group))
            .count()
    }

    #[test]
    fn selectors_are_codes_or_prefixes_of_whole_groups() {
        for good in [
            "ALL", "all", "PTX", "PTX0", "ptx005", "TILE", "SPV01", "IO001",
        ] {
            assert!(Selector::parse(good, &REGISTRY.rules()).is_ok(), "{good}");
        }
        assert_eq!(
            Selector::parse("ptx0", &REGISTRY.rules())
                .unwrap()
                .to_string(),
            "PTX0"
        );
        assert_eq!(
            Selector::parse("PT", &REGISTRY.rules()).unwrap_err(),
            "unknown rule code or prefix `PT`; did you mean `PTX`?"
        );
        let error = Selector::parse("PTX099", &REGISTRY.rules()).unwrap_err();
        assert!(
            error.starts_with("unknown rule code or prefix `PTX099`; did you mean `PTX009`"),
            "{error}"
        );
        let error = Selector::parse("WXYZ123456", &REGISTRY.rules()).unwrap_err();
        assert!(error.contains("codes start with `IO`"), "{error}");
        assert!(
            Selector::parse("PTX9", &REGISTRY.rules()).is_err(),
            "selects no rule"
        );
    }

    #[test]
    fn a_table_without_rules_turns_only_them_off() {
        let table = RuleTable::defaults(REGISTRY.rules());
        let ptx005 = table.rule("PTX005").unwrap();
        let without = table.without(&[ptx005]);
        assert!(!without.is_selected(ptx005));
        assert_eq!(on(&without, "PTX").len(), count("PTX") - 1);
        assert!(table.is_selected(ptx005), "the table itself is unchanged");
    }

    #[test]
    fn every_rule_is_on_by_default() {
        let table = RuleTable::defaults(REGISTRY.rules());
        assert!(table.is_default());
        assert_eq!(on(&table, "PTX").len(), count("PTX"));
    }

    #[test]
    fn select_replaces_and_the_more_specific_selector_wins() {
        let table = RuleTable::resolve(REGISTRY.rules(), &[layer(Some(&["PTX"]), &[], &["PTX00"])]);
        assert_eq!(
            on(&table, "PTX"),
            [
                "PTX010", "PTX011", "PTX012", "PTX013", "PTX014", "PTX015", "PTX016", "PTX101",
                "PTX102", "PTX103"
            ]
        );
        assert!(on(&table, "TILE").is_empty());
        // A full code is more specific than the prefix ignoring it, in either list.
        let table = RuleTable::resolve(REGISTRY.rules(), &[layer(None, &["PTX005"], &["PTX"])]);
        assert_eq!(on(&table, "PTX"), ["PTX005"]);
        assert_eq!(on(&table, "TILE").len(), count("TILE"));
        // At the same specificity, ignore wins.
        let table = RuleTable::resolve(
            REGISTRY.rules(),
            &[layer(Some(&["PTX005"]), &[], &["PTX005"])],
        );
        assert!(on(&table, "").is_empty());
        // ALL is the least specific.
        let table = RuleTable::resolve(REGISTRY.rules(), &[layer(Some(&["ALL"]), &[], &["TILE"])]);
        assert!(on(&table, "TILE").is_empty());
        assert_eq!(on(&table, "SPV").len(), count("SPV"));
    }

    #[test]
    fn later_layers_build_on_earlier_ones() {
        // PTX00 is PTX001 to PTX009 (PTX0 would be every PTX0xx).
        let file = layer(Some(&["PTX00"]), &[], &[]);
        // extend-select adds to the file's choice; ignore removes from it.
        let flags = layer(None, &["TILE011"], &["PTX005"]);
        let table = RuleTable::resolve(REGISTRY.rules(), &[file.clone(), flags]);
        assert_eq!(on(&table, "TILE"), ["TILE011"]);
        assert_eq!(on(&table, "PTX").len(), 8, "{:?}", on(&table, "PTX"));
        assert!(!on(&table, "PTX").contains(&"PTX005"));
        // A later select starts again.
        let table =
            RuleTable::resolve(REGISTRY.rules(), &[file, layer(Some(&["SPV01"]), &[], &[])]);
        assert!(on(&table, "PTX").is_empty());
        assert_eq!(
            on(&table, "SPV"),
            on(&RuleTable::defaults(REGISTRY.rules()), "SPV01")
        );
        assert!(!on(&table, "SPV").is_empty());
    }

    #[test]
    fn severities_follow_specificity_then_layers() {
        let file = RuleSelection {
            severity: vec![
                (
                    Selector::parse("PTX005", &REGISTRY.rules()).unwrap(),
                    Severity::Hint,
                ),
                (
                    Selector::parse("PTX", &REGISTRY.rules()).unwrap(),
                    Severity::Warning,
                ),
            ],
            ..RuleSelection::default()
        };
        let table = RuleTable::resolve(REGISTRY.rules(), std::slice::from_ref(&file));
        let rule = |code| REGISTRY.rule(code).unwrap();
        assert_eq!(table.severity(rule("PTX005")), Some(Severity::Hint));
        assert_eq!(table.severity(rule("PTX001")), Some(Severity::Warning));
        assert_eq!(table.severity(rule("TILE001")), Some(Severity::Error));
        assert!(!table.is_default());
        let editor = RuleSelection {
            severity: vec![(
                Selector::parse("ALL", &REGISTRY.rules()).unwrap(),
                Severity::Info,
            )],
            ..RuleSelection::default()
        };
        let table = RuleTable::resolve(REGISTRY.rules(), &[file, editor]);
        assert_eq!(table.severity(rule("PTX005")), Some(Severity::Info));
        assert_eq!(parse_severity("warning"), Ok(Severity::Warning));
        assert!(parse_severity("fatal")
            .unwrap_err()
            .contains("`error`, `warning`"));
    }
}
