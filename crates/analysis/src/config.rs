//! Project configuration, shared by the CLI and the language server: a `speclint.toml` file
//! found by walking up from a directory, and the same keys sent by an editor (LSP
//! `initializationOptions` or `workspace/didChangeConfiguration`, as JSON).
//!
//! ```toml
//! [ptx]
//! target = "sm_90"     # like --target
//! version = "8.5"      # like --ptx-version
//! [tile-ir]
//! version = "13.2"     # like --tile-ir-version
//! target = "sm_90"
//! [spirv]
//! opencl-version = "3.0"
//! [rules]
//! select = ["ALL"]          # like --select: codes or prefixes (`PTX`, `PTX0`, `TILE011`)
//! extend-select = []        # like --extend-select
//! ignore = ["PTX012"]       # like --ignore
//! severity = { PTX005 = "warning", TILE011 = "error" }   # by code or prefix
//! ```
//!
//! A `[check]` table holds what `speclint check` itself reads: `fail-on = "error"` (the least
//! severe findings that fail the check) and `exclude = ["generated/", "*.ll.ptx"]` (globs a
//! directory walk skips, relative to the file's directory).
//!
//! Each language declares the keys of its section (`Language::settings`); this module knows
//! none of them. `[rules]` is the core's (`selection`), `[check]` the command line's. Every key
//! is optional. Unknown sections, unknown keys and invalid values are errors (a misspelt key
//! silently ignored would check against the wrong target). Sources are layered with
//! [`Config::overlaid`]: the command line's flags, or the editor's settings, win over the file.

use crate::selection::{self, RuleSelection, Selector};
use crate::{Options, Registry};
use speclint_base::diagnostic::Severity;
use speclint_base::rules::Rule;
use speclint_base::settings::{LanguageSettings, Setting, SettingShape, Value};
use speclint_base::text::quoted_list;
use std::collections::BTreeMap;
use std::fmt;
use std::path::{Path, PathBuf};

pub const FILE_NAME: &str = "speclint.toml";

/// The section that chooses rules and their severity.
pub const RULES_SECTION: &str = "rules";

/// Where settings came from, named in messages ("the check targets sm_60 (speclint.toml)").
pub const FROM_FILE: &str = "speclint.toml";
pub const FROM_EDITOR: &str = "editor settings";

/// Validated settings of one source, by language id; a language a source does not mention has
/// no entry.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Config {
    sections: BTreeMap<&'static str, LanguageSettings>,
    /// Each source's `[rules]`, lowest first.
    rules: Vec<RuleSelection>,
    /// The `[check]` table.
    pub check: CheckSettings,
}

/// The `[check]` table: how `speclint check` judges findings and walks directories.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CheckSettings {
    /// The least severe findings that fail the check.
    pub fail_on: Option<Severity>,
    /// Globs (gitignore-style) a directory walk skips, relative to the file's directory.
    pub exclude: Vec<String>,
}

const CHECK_SECTION: &str = "check";

impl CheckSettings {
    fn read(
        keys: Vec<RawKey>,
        at: &dyn Fn(&Option<std::ops::Range<usize>>, String) -> String,
    ) -> Result<CheckSettings, String> {
        let mut check = CheckSettings::default();
        for key in keys {
            let invalid =
                |message: String| at(&key.value_span, format!("`check.{}`: {message}", key.name));
            match (key.name.as_str(), &key.value) {
                ("fail-on", RawValue::Text(text)) => {
                    check.fail_on = Some(Severity::parse(text).ok_or_else(|| {
                        invalid(format!(
                            "`{text}` is not a severity, expected one of {}",
                            quoted_list(Severity::ALL.map(Severity::as_str))
                        ))
                    })?);
                }
                ("exclude", RawValue::List(items)) => {
                    for (item, _) in items {
                        let RawValue::Text(glob) = item else {
                            return Err(invalid("invalid type: expected a list of strings".into()));
                        };
                        glob::Pattern::new(glob.trim_matches('/'))
                            .map_err(|e| invalid(format!("`{glob}` is not a glob: {e}")))?;
                        check.exclude.push(glob.clone());
                    }
                }
                ("fail-on", _) => return Err(invalid("invalid type: expected a string".into())),
                ("exclude", _) => {
                    return Err(invalid("invalid type: expected a list of strings".into()))
                }
                (name, _) => {
                    return Err(at(
                        &key.span,
                        format!(
                            "unknown key `{name}` in [check], expected one of `fail-on`, `exclude`"
                        ),
                    ))
                }
            }
        }
        Ok(check)
    }
}

/// A configuration that could not be used: the file (None for editor settings) and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConfigError {
    pub path: Option<PathBuf>,
    pub message: String,
}

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.path {
            Some(path) => write!(f, "{}: {}", display_path(path), self.message),
            None => f.write_str(&self.message),
        }
    }
}

/// `path` relative to the current directory when it is inside it (shorter, and stable in
/// test expectations), else as is.
pub fn display_path(path: &Path) -> String {
    std::env::current_dir()
        .ok()
        .and_then(|cwd| {
            let cwd = cwd.canonicalize().unwrap_or(cwd);
            path.strip_prefix(&cwd).ok().map(Path::to_path_buf)
        })
        .filter(|relative| !relative.as_os_str().is_empty())
        .unwrap_or_else(|| path.to_path_buf())
        .display()
        .to_string()
}

/// A value as read from TOML or JSON, before validation, with its byte range in the file.
enum RawValue {
    Text(String),
    List(Vec<(RawValue, Option<std::ops::Range<usize>>)>),
    Table(Vec<(String, RawValue)>),
    /// Anything else, described for the message ("integer `90`").
    Other(String),
}

/// One `[section]` with its keys, as read.
struct RawSection {
    name: String,
    span: Option<std::ops::Range<usize>>,
    keys: Vec<RawKey>,
}

struct RawKey {
    name: String,
    span: Option<std::ops::Range<usize>>,
    value: RawValue,
    value_span: Option<std::ops::Range<usize>>,
}

type TomlShape = BTreeMap<
    toml::Spanned<String>,
    toml::Spanned<BTreeMap<toml::Spanned<String>, toml::Spanned<toml::Value>>>,
>;

fn describe_toml(value: &toml::Value) -> String {
    match value {
        toml::Value::Integer(i) => format!("integer `{i}`"),
        toml::Value::Float(f) => format!("floating point `{f}`"),
        toml::Value::Boolean(b) => format!("boolean `{b}`"),
        toml::Value::Datetime(d) => format!("datetime `{d}`"),
        toml::Value::Table(_) => "a table".into(),
        toml::Value::String(s) => format!("string `{s}`"),
        toml::Value::Array(_) => "an array".into(),
    }
}

fn raw_toml(value: &toml::Value) -> RawValue {
    match value {
        toml::Value::String(s) => RawValue::Text(s.clone()),
        toml::Value::Array(items) => {
            RawValue::List(items.iter().map(|item| (raw_toml(item), None)).collect())
        }
        toml::Value::Table(table) => RawValue::Table(
            table
                .iter()
                .map(|(key, value)| (key.clone(), raw_toml(value)))
                .collect(),
        ),
        other => RawValue::Other(describe_toml(other)),
    }
}

fn raw_json(value: &serde_json::Value) -> RawValue {
    match value {
        serde_json::Value::String(s) => RawValue::Text(s.clone()),
        serde_json::Value::Array(items) => {
            RawValue::List(items.iter().map(|item| (raw_json(item), None)).collect())
        }
        serde_json::Value::Number(n) => RawValue::Other(format!("number `{n}`")),
        serde_json::Value::Bool(b) => RawValue::Other(format!("boolean `{b}`")),
        serde_json::Value::Null => RawValue::Other("null".into()),
        serde_json::Value::Object(members) => RawValue::Table(
            members
                .iter()
                .map(|(key, value)| (key.clone(), raw_json(value)))
                .collect(),
        ),
    }
}

/// "line L, column C" of a byte offset (1-based, columns in characters).
fn line_column(text: &str, offset: usize) -> String {
    let before = text.get(..offset).unwrap_or(text);
    let line = before.matches('\n').count() + 1;
    let column = before[before.rfind('\n').map_or(0, |i| i + 1)..]
        .chars()
        .count()
        + 1;
    format!("line {line}, column {column}")
}

impl Config {
    /// Parses and validates the text of a `speclint.toml`.
    pub fn from_toml(registry: &Registry, text: &str) -> Result<Config, String> {
        let parsed: TomlShape = toml::from_str(text).map_err(|e| {
            let message = e.message().trim_end().replace('\n', "; ");
            match e.span() {
                Some(span) => format!("{}: {message}", line_column(text, span.start)),
                None => message.to_string(),
            }
        })?;
        let sections = parsed
            .into_iter()
            .map(|(name, keys)| RawSection {
                span: Some(name.span()),
                name: name.into_inner(),
                keys: keys
                    .into_inner()
                    .into_iter()
                    .map(|(key, value)| RawKey {
                        span: Some(key.span()),
                        name: key.into_inner(),
                        value_span: Some(value.span()),
                        value: raw_toml(value.get_ref()),
                    })
                    .collect(),
            })
            .collect();
        Config::validate(registry, sections, FROM_FILE, Some(text))
    }

    /// Parses and validates editor settings: the same keys as the file, as JSON. A `speclint`
    /// member, if there is one, holds them (VS Code-style settings); `null` sets nothing.
    pub fn from_json(registry: &Registry, value: &serde_json::Value) -> Result<Config, String> {
        let value = value.get("speclint").unwrap_or(value);
        if value.is_null() {
            return Ok(Config::default());
        }
        let Some(object) = value.as_object() else {
            return Err("invalid speclint settings: expected an object".into());
        };
        let mut sections = Vec::new();
        for (name, keys) in object {
            let Some(keys) = keys.as_object() else {
                return Err(format!(
                    "invalid speclint settings: `{name}` should be an object of settings"
                ));
            };
            sections.push(RawSection {
                name: name.clone(),
                span: None,
                keys: keys
                    .iter()
                    .map(|(key, value)| RawKey {
                        name: key.clone(),
                        span: None,
                        value: raw_json(value),
                        value_span: None,
                    })
                    .collect(),
            });
        }
        Config::validate(registry, sections, FROM_EDITOR, None)
    }

    fn validate(
        registry: &Registry,
        sections: Vec<RawSection>,
        origin: &'static str,
        text: Option<&str>,
    ) -> Result<Config, String> {
        let at = |span: &Option<std::ops::Range<usize>>, message: String| match (span, text) {
            (Some(span), Some(text)) => format!("{}: {message}", line_column(text, span.start)),
            _ => message,
        };
        let languages = registry.languages();
        let all_rules = registry.rules();
        let mut config = Config::default();
        for section in sections {
            if section.name == RULES_SECTION {
                let rules = rule_selection(&all_rules, section.keys, &at, text)?;
                if !rules.is_empty() {
                    config.rules.push(rules);
                }
                continue;
            }
            if section.name == CHECK_SECTION {
                config.check = CheckSettings::read(section.keys, &at)?;
                continue;
            }
            let Some(language) = languages.iter().find(|l| l.id() == section.name) else {
                return Err(at(
                    &section.span,
                    format!(
                        "unknown section `{}`, expected one of {}",
                        section.name,
                        quoted_list(
                            languages
                                .iter()
                                .map(|l| l.id())
                                .chain([RULES_SECTION, CHECK_SECTION])
                        )
                    ),
                ));
            };
            let mut settings = LanguageSettings::default();
            for key in section.keys {
                let specs = language.settings();
                let Some(spec) = specs.iter().find(|s| s.key == key.name) else {
                    return Err(at(
                        &key.span,
                        format!(
                            "unknown key `{}` in [{}], expected one of {}",
                            key.name,
                            section.name,
                            quoted_list(specs.iter().map(|s| s.key))
                        ),
                    ));
                };
                let full_key = format!("{}.{}", section.name, spec.key);
                let invalid = |span: &Option<std::ops::Range<usize>>, message: String| {
                    at(span, format!("`{full_key}`: {message}"))
                };
                let value = match (spec.shape, key.value) {
                    (SettingShape::Text, RawValue::Text(text)) => {
                        (spec.validate)(&text).map_err(|m| invalid(&key.value_span, m))?;
                        Value::Text(text)
                    }
                    (SettingShape::List, RawValue::List(items)) => {
                        let mut texts = Vec::new();
                        for (item, _) in items {
                            let RawValue::Text(text) = item else {
                                return Err(invalid(
                                    &key.value_span,
                                    "invalid type: expected a list of strings".into(),
                                ));
                            };
                            (spec.validate)(&text).map_err(|m| invalid(&key.value_span, m))?;
                            texts.push(text);
                        }
                        Value::List(texts)
                    }
                    (shape, value) => {
                        let found = match value {
                            RawValue::Text(t) => format!("string `{t}`"),
                            RawValue::List(_) => "a list".into(),
                            RawValue::Table(_) => "a table".into(),
                            RawValue::Other(description) => description,
                        };
                        let expected = match shape {
                            SettingShape::Text => "a string",
                            SettingShape::List => "a list of strings",
                        };
                        return Err(invalid(
                            &key.value_span,
                            format!("invalid type: {found}, expected {expected}"),
                        ));
                    }
                };
                settings.set(
                    spec.key,
                    Setting {
                        value,
                        origin: Some(origin),
                    },
                );
            }
            if !settings.is_empty() {
                config
                    .sections
                    .entry(language.id())
                    .or_default()
                    .overlay(&settings);
            }
        }
        Ok(config)
    }

    /// Sets one key from the command line (origin `None`); the value must be valid.
    pub fn set_flag(&mut self, language: &'static str, key: &'static str, value: Value) {
        self.sections.entry(language).or_default().set(
            key,
            Setting {
                value,
                origin: None,
            },
        );
    }

    /// Adds a source's rule choices on top of the others (the command line's flags).
    pub fn add_rules(&mut self, rules: RuleSelection) {
        if !rules.is_empty() {
            self.rules.push(rules);
        }
    }

    /// Each source's rule choices, lowest first, for [`selection::RuleTable::resolve`].
    pub fn rule_layers(&self) -> &[RuleSelection] {
        &self.rules
    }

    /// The settings of one language (empty when no source mentions it).
    pub fn language(&self, id: &str) -> &LanguageSettings {
        static EMPTY: std::sync::OnceLock<LanguageSettings> = std::sync::OnceLock::new();
        self.sections
            .get(id)
            .unwrap_or_else(|| EMPTY.get_or_init(LanguageSettings::default))
    }

    /// Reads and validates a `speclint.toml`.
    pub fn load(registry: &Registry, path: &Path) -> Result<Config, ConfigError> {
        let error = |message: String| ConfigError {
            path: Some(path.to_path_buf()),
            message,
        };
        let bytes = std::fs::read(path).map_err(|e| error(format!("cannot read it: {e}")))?;
        let text =
            std::str::from_utf8(&bytes).map_err(|e| error(format!("not UTF-8 text ({e})")))?;
        Config::from_toml(registry, text).map_err(error)
    }

    /// These settings, each replaced by `over`'s where `over` sets it.
    pub fn overlaid(mut self, over: &Config) -> Config {
        for (id, settings) in &over.sections {
            self.sections.entry(id).or_default().overlay(settings);
        }
        self.rules.extend(over.rules.iter().cloned());
        if over.check.fail_on.is_some() {
            self.check.fail_on = over.check.fail_on;
        }
        if !over.check.exclude.is_empty() {
            self.check.exclude.clone_from(&over.check.exclude);
        }
        self
    }

    /// The analysis options these settings give.
    pub fn options(&self, registry: Registry, record_uses: bool) -> Options {
        Options {
            config: self.clone(),
            record_uses,
            registry,
        }
    }
}

/// A source's `[rules]` section. Positions point at the offending item when the file text shows
/// where it is (the TOML parser gives spans for keys and whole values only).
fn rule_selection(
    all_rules: &[&'static Rule],
    keys: Vec<RawKey>,
    at: &dyn Fn(&Option<std::ops::Range<usize>>, String) -> String,
    text: Option<&str>,
) -> Result<RuleSelection, String> {
    // The span of `needle` inside the value's span, else the value's.
    let locate = |span: &Option<std::ops::Range<usize>>, needle: &str| match (span, text) {
        (Some(span), Some(text)) => text
            .get(span.clone())
            .and_then(|value| value.find(needle))
            .map(|i| Some(span.start + i..span.start + i + needle.len()))
            .unwrap_or_else(|| Some(span.clone())),
        _ => span.clone(),
    };
    const KEYS: [&str; 4] = ["select", "extend-select", "ignore", "severity"];
    let mut rules = RuleSelection::default();
    for key in keys {
        let full_key = format!("{RULES_SECTION}.{}", key.name);
        let invalid = |span: &Option<std::ops::Range<usize>>, message: String| {
            at(span, format!("`{full_key}`: {message}"))
        };
        let found = |value: &RawValue| match value {
            RawValue::Text(t) => format!("string `{t}`"),
            RawValue::List(_) => "a list".to_string(),
            RawValue::Table(_) => "a table".to_string(),
            RawValue::Other(description) => description.clone(),
        };
        if key.name == "severity" {
            let RawValue::Table(entries) = key.value else {
                let message = format!("invalid type: {}, expected a table", found(&key.value));
                return Err(invalid(&key.value_span, message));
            };
            for (code, value) in entries {
                let selector = Selector::parse(&code, all_rules)
                    .map_err(|m| invalid(&locate(&key.value_span, &code), m))?;
                let RawValue::Text(value) = value else {
                    let message = format!("invalid type: {}, expected a string", found(&value));
                    return Err(invalid(&locate(&key.value_span, &code), message));
                };
                let severity = selection::parse_severity(&value)
                    .map_err(|m| invalid(&locate(&key.value_span, &code), m))?;
                rules.severity.push((selector, severity));
            }
            continue;
        }
        if !KEYS.contains(&key.name.as_str()) {
            return Err(at(
                &key.span,
                format!(
                    "unknown key `{}` in [{RULES_SECTION}], expected one of {}",
                    key.name,
                    quoted_list(KEYS)
                ),
            ));
        }
        let RawValue::List(items) = key.value else {
            let message = format!(
                "invalid type: {}, expected a list of rule codes or prefixes",
                found(&key.value)
            );
            return Err(invalid(&key.value_span, message));
        };
        let mut selectors = Vec::new();
        for (item, _) in items {
            let RawValue::Text(item) = item else {
                let message = format!("invalid type: {}, expected a string", found(&item));
                return Err(invalid(&key.value_span, message));
            };
            let quoted = format!("\"{item}\"");
            let selector = Selector::parse(&item, all_rules)
                .map_err(|m| invalid(&locate(&key.value_span, &quoted), m))?;
            selectors.push(selector);
        }
        match key.name.as_str() {
            "select" => rules.select = Some(selectors),
            "extend-select" => rules.extend_select = selectors,
            _ => rules.ignore = selectors,
        }
    }
    Ok(rules)
}

/// The nearest `speclint.toml` in `dir` or one of its ancestors (`dir` may be relative; the
/// empty path is the current directory).
pub fn find(dir: &Path) -> Option<PathBuf> {
    let dir = if dir.as_os_str().is_empty() {
        Path::new(".")
    } else {
        dir
    };
    let dir = dir
        .canonicalize()
        .or_else(|_| std::path::absolute(dir))
        .ok()?;
    dir.ancestors()
        .map(|d| d.join(FILE_NAME))
        .find(|candidate| candidate.is_file())
}

/// The configuration for files in `dir`: the nearest `speclint.toml`, or the defaults when
/// there is none; with the file's path.
pub fn for_directory(
    registry: &Registry,
    dir: &Path,
) -> Result<(Config, Option<PathBuf>), ConfigError> {
    match find(dir) {
        Some(path) => Config::load(registry, &path).map(|config| (config, Some(path))),
        None => Ok((Config::default(), None)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::REGISTRY;
    use serde_json::json;

    #[test]
    fn every_key() {
        let config = Config::from_toml(&REGISTRY,
            "# speclint settings\n[ptx]\ntarget = \"sm_90a\"\nversion = \"8.5\"\n\n[tile-ir]\nversion = \"13.2\"\ntarget = \"sm_100f\"\n",
        )
        .unwrap();
        assert_eq!(config.language("ptx").text("target"), Some("sm_90a"));
        assert_eq!(config.language("ptx").text("version"), Some("8.5"));
        assert_eq!(
            config.language("ptx").get("target").unwrap().origin,
            Some(FROM_FILE)
        );
        assert_eq!(config.language("tile-ir").text("version"), Some("13.2"));
        assert_eq!(config.language("tile-ir").text("target"), Some("sm_100f"));
        assert_eq!(Config::from_toml(&REGISTRY, "").unwrap(), Config::default());
        assert_eq!(
            Config::from_toml(&REGISTRY, "[ptx]\n").unwrap(),
            Config::default()
        );
    }

    #[test]
    fn errors_name_the_line_and_the_key() {
        let error = |text: &str| Config::from_toml(&REGISTRY, text).unwrap_err();
        assert_eq!(
            error("[ptx]\ntarget = \"sm_xx\"\n"),
            "line 2, column 10: `ptx.target`: `sm_xx` is not a target like sm_90, sm_90a or sm_100f"
        );
        assert_eq!(
            error("[tile-ir]\nversion = \"13.0\"\n"),
            "line 2, column 11: `tile-ir.version`: `13.0` is not a Tile IR version speclint can check against (13.1, 13.2, 13.3, 13.4, or a newer MAJOR.MINOR such as 13.5)"
        );
        let unknown = error("[ptx]\ntarget = \"sm_90\"\ntarrget = \"sm_80\"\n");
        assert_eq!(
            unknown,
            "line 3, column 1: unknown key `tarrget` in [ptx], expected one of `target`, `version`, `block-size`"
        );
        let section = error("[tile_ir]\nversion = \"13.1\"\n");
        assert!(
            section.starts_with("line 1, column 2: unknown section `tile_ir`")
                && section.contains("`tile-ir`"),
            "{section}"
        );
        // A bare number would lose trailing zeros (8.10 is 8.1): versions are strings.
        let number = error("[ptx]\nversion = 8.5\n");
        assert_eq!(
            number,
            "line 2, column 11: `ptx.version`: invalid type: floating point `8.5`, expected a string"
        );
        let syntax = error("[ptx\n");
        assert!(syntax.starts_with("line 1"), "{syntax}");
    }

    #[test]
    fn the_check_table() {
        let config = Config::from_toml(
            &REGISTRY,
            "[check]\nfail-on = \"hint\"\nexclude = [\"gen/\", \"*.g.ptx\"]\n",
        )
        .unwrap();
        assert_eq!(config.check.fail_on, Some(Severity::Hint));
        assert_eq!(config.check.exclude, ["gen/", "*.g.ptx"]);
        let error = |text: &str| Config::from_toml(&REGISTRY, text).unwrap_err();
        assert_eq!(
            error("[check]\nfail-on = \"notes\"\n"),
            "line 2, column 11: `check.fail-on`: `notes` is not a severity, expected one of `error`, `warning`, `info`, `hint`"
        );
        assert!(error("[check]\nexclude = \"gen\"\n").contains("expected a list of strings"));
        assert!(error("[check]\nexclude = [\"[gen\"]\n").contains("is not a glob"));
        assert!(error("[check]\nfailon = \"error\"\n").contains("unknown key `failon` in [check]"));
        assert!(error("[chek]\n").contains("`check`"));
    }

    #[test]
    fn editor_settings_use_the_same_keys() {
        let settings = json!({"ptx": {"target": "sm_80"}, "tile-ir": {"version": "13.1"}});
        let config = Config::from_json(&REGISTRY, &settings).unwrap();
        assert_eq!(config.language("ptx").text("target"), Some("sm_80"));
        assert_eq!(
            config.language("ptx").get("target").unwrap().origin,
            Some(FROM_EDITOR)
        );
        assert_eq!(config.language("tile-ir").text("version"), Some("13.1"));
        // Wrapped in a `speclint` member, null, or empty.
        assert_eq!(
            Config::from_json(&REGISTRY, &json!({ "speclint": settings })).unwrap(),
            config
        );
        assert_eq!(
            Config::from_json(&REGISTRY, &json!(null)).unwrap(),
            Config::default()
        );
        assert_eq!(
            Config::from_json(&REGISTRY, &json!({})).unwrap(),
            Config::default()
        );
        let error = Config::from_json(&REGISTRY, &json!({"ptx": {"target": 90}})).unwrap_err();
        assert!(error.contains("invalid type"), "{error}");
        let error = Config::from_json(&REGISTRY, &json!({"ptx": {"target": "sm90"}})).unwrap_err();
        assert_eq!(
            error,
            "`ptx.target`: `sm90` is not a target like sm_90, sm_90a or sm_100f"
        );
    }

    #[test]
    fn the_rules_table() {
        use crate::selection::RuleTable;
        use speclint_base::diagnostic::Severity;
        let inline = Config::from_toml(&REGISTRY,
            "[rules]\nselect = [\"PTX\", \"TILE011\"]\nignore = [\"PTX012\"]\nseverity = { PTX005 = \"warning\", TILE011 = \"error\" }\n",
        )
        .unwrap();
        let table = RuleTable::resolve(REGISTRY.rules(), inline.rule_layers());
        let rule = |code| REGISTRY.rule(code).unwrap();
        assert_eq!(table.severity(rule("PTX005")), Some(Severity::Warning));
        assert_eq!(table.severity(rule("TILE011")), Some(Severity::Error));
        assert_eq!(table.severity(rule("PTX012")), None);
        assert_eq!(table.severity(rule("TILE001")), None);
        // A `[rules.severity]` table after `[rules]` is the same TOML.
        let sub_table = Config::from_toml(&REGISTRY,
            "[rules]\nselect = [\"PTX\", \"TILE011\"]\nignore = [\"PTX012\"]\n[rules.severity]\nPTX005 = \"warning\"\nTILE011 = \"error\"\n",
        )
        .unwrap();
        assert_eq!(sub_table, inline);
        // Editor settings take the same keys; layers stack.
        let editor =
            Config::from_json(&REGISTRY, &json!({"rules": {"extend-select": ["TILE"]}})).unwrap();
        let both = inline.overlaid(&editor);
        assert_eq!(both.rule_layers().len(), 2);
        let table = RuleTable::resolve(REGISTRY.rules(), both.rule_layers());
        assert_eq!(table.severity(rule("TILE001")), Some(Severity::Error));
        assert_eq!(
            Config::from_toml(&REGISTRY, "[rules]\n").unwrap(),
            Config::default()
        );
    }

    #[test]
    fn rules_errors_point_at_the_item() {
        let error = |text: &str| Config::from_toml(&REGISTRY, text).unwrap_err();
        assert_eq!(
            error("[rules]\nselect = [\"PTX\", \"PTX99\"]\n"),
            "line 2, column 18: `rules.select`: unknown rule code or prefix `PTX99`; did you mean `PTX009`?"
        );
        assert_eq!(
            error("[rules]\nseverity = { PTX005 = \"fatal\" }\n"),
            "line 2, column 14: `rules.severity`: unknown severity `fatal`, expected one of `error`, `warning`, `info`, `hint`"
        );
        assert_eq!(
            error("[rules]\nselcet = [\"PTX\"]\n"),
            "line 2, column 1: unknown key `selcet` in [rules], expected one of `select`, `extend-select`, `ignore`, `severity`"
        );
        assert_eq!(
            error("[rules]\nignore = \"PTX\"\n"),
            "line 2, column 10: `rules.ignore`: invalid type: string `PTX`, expected a list of rule codes or prefixes"
        );
        let error =
            Config::from_json(&REGISTRY, &json!({"rules": {"select": ["NOPE1"]}})).unwrap_err();
        assert!(
            error.starts_with("`rules.select`: unknown rule code"),
            "{error}"
        );
    }

    #[test]
    fn later_layers_win_key_by_key() {
        let file =
            Config::from_toml(&REGISTRY, "[ptx]\ntarget = \"sm_90\"\nversion = \"8.5\"\n").unwrap();
        let editor = Config::from_json(&REGISTRY, &json!({"ptx": {"target": "sm_80"}})).unwrap();
        let both = file.overlaid(&editor);
        let ptx = both.language("ptx");
        assert_eq!(ptx.text("target"), Some("sm_80"));
        assert_eq!(ptx.get("target").unwrap().origin, Some(FROM_EDITOR));
        assert_eq!(ptx.text("version"), Some("8.5"));
        assert_eq!(ptx.get("version").unwrap().origin, Some(FROM_FILE));
        let options = both.options(REGISTRY, true);
        assert_eq!(options.config, both);
        assert!(options.record_uses);
    }

    #[test]
    fn the_nearest_file_is_found_walking_up() {
        let root = std::env::temp_dir().join(format!("speclint-config-{}", std::process::id()));
        let deep = root.join("a/b/c");
        std::fs::create_dir_all(&deep).unwrap();
        std::fs::write(root.join(FILE_NAME), "[ptx]\ntarget = \"sm_70\"\n").unwrap();
        std::fs::write(
            root.join("a/b").join(FILE_NAME),
            "[ptx]\nversion = \"7.0\"\n",
        )
        .unwrap();
        let (config, path) = for_directory(&REGISTRY, &deep).unwrap();
        assert_eq!(
            path,
            Some(root.join("a/b").join(FILE_NAME).canonicalize().unwrap())
        );
        // The nearest file only: its settings are not merged with the ones above.
        assert_eq!(config.language("ptx").text("target"), None);
        assert_eq!(config.language("ptx").text("version"), Some("7.0"));
        let (config, _) = for_directory(&REGISTRY, &root.join("a")).unwrap();
        assert_eq!(config.language("ptx").text("target"), Some("sm_70"));
        std::fs::write(
            root.join("a/b").join(FILE_NAME),
            "[ptx]\nversoin = \"7.0\"\n",
        )
        .unwrap();
        let error = for_directory(&REGISTRY, &deep).unwrap_err();
        assert!(error.path.is_some());
        assert!(
            error
                .to_string()
                .contains("speclint.toml: line 2, column 1: unknown key `versoin`"),
            "{error}"
        );
        let _ = std::fs::remove_dir_all(&root);
    }
}
