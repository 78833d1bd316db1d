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
//! ```
//!
//! Every key is optional. Unknown keys and invalid values are errors (a misspelt key silently
//! ignored would check against the wrong target). Sources are layered with [`Config::overlaid`]:
//! the command line's flags, or the editor's settings, win over the file.

use super::Options;
use crate::ptx::header::Overrides;
use crate::tile_ir::TileIrSettings;
use serde::Deserialize;
use speclint_spec_db::{Target, Version};
use std::fmt;
use std::path::{Path, PathBuf};

pub const FILE_NAME: &str = "speclint.toml";

/// Where settings came from, named in messages ("the check targets sm_60 (speclint.toml)").
pub const FROM_FILE: &str = "speclint.toml";
pub const FROM_EDITOR: &str = "editor settings";

/// Validated settings of one source; `None` where the source does not set a key.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Config {
    pub ptx: Overrides,
    pub tile_ir: TileIrSettings,
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

pub fn parse_target(text: &str) -> Result<Target, String> {
    Target::parse(text)
        .ok_or_else(|| format!("`{text}` is not a target like sm_90, sm_90a or sm_100f"))
}

pub fn parse_ptx_version(text: &str) -> Result<Version, String> {
    Version::parse(text).ok_or_else(|| format!("`{text}` is not a version like 8.0"))
}

/// A Tile IR version speclint knows (`13.1`, `13.2`, `13.3`).
pub fn parse_tile_ir_version(text: &str) -> Result<String, String> {
    let known = speclint_spec_db::tile_ir::VERSIONS;
    if known.contains(&text) {
        Ok(text.to_string())
    } else {
        Err(format!(
            "`{text}` is not a Tile IR version speclint knows ({})",
            known.join(", ")
        ))
    }
}

/// The GPU a Tile IR module is checked against: `sm_90` and `sm_90a` are both 90.
pub fn parse_tile_ir_target(text: &str) -> Result<u32, String> {
    parse_target(text).map(|t| u32::from(t.number))
}

/// The file's shape. `S` is `String` for editor settings and a `Spanned<String>` for TOML,
/// whose errors then give the line.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Raw<S> {
    ptx: Option<Section<S>>,
    #[serde(rename = "tile-ir")]
    tile_ir: Option<Section<S>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Section<S> {
    target: Option<S>,
    version: Option<S>,
}

/// A string value and, from TOML, its byte range in the file.
trait Located {
    fn value(&self) -> &str;
    fn span(&self) -> Option<std::ops::Range<usize>>;
}

impl Located for String {
    fn value(&self) -> &str {
        self
    }
    fn span(&self) -> Option<std::ops::Range<usize>> {
        None
    }
}

impl Located for toml::Spanned<String> {
    fn value(&self) -> &str {
        self.get_ref()
    }
    fn span(&self) -> Option<std::ops::Range<usize>> {
        Some(toml::Spanned::span(self))
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
    pub fn from_toml(text: &str) -> Result<Config, String> {
        let raw: Raw<toml::Spanned<String>> = toml::from_str(text).map_err(|e| {
            let message = e.message().trim_end().replace('\n', "; ");
            match e.span() {
                Some(span) => format!("{}: {message}", line_column(text, span.start)),
                None => message.to_string(),
            }
        })?;
        Config::validate(&raw, FROM_FILE, Some(text))
    }

    /// Parses and validates editor settings: the same keys as the file, as JSON. A `speclint`
    /// member, if there is one, holds them (VS Code-style settings); `null` sets nothing.
    pub fn from_json(value: &serde_json::Value) -> Result<Config, String> {
        let value = value.get("speclint").unwrap_or(value);
        if value.is_null() {
            return Ok(Config::default());
        }
        let raw: Raw<String> = serde_json::from_value(value.clone())
            .map_err(|e| format!("invalid speclint settings: {e}"))?;
        Config::validate(&raw, FROM_EDITOR, None)
    }

    fn validate<S: Located>(
        raw: &Raw<S>,
        origin: &'static str,
        text: Option<&str>,
    ) -> Result<Config, String> {
        fn check<S: Located, T>(
            value: Option<&S>,
            key: &str,
            parse: impl Fn(&str) -> Result<T, String>,
            text: Option<&str>,
        ) -> Result<Option<T>, String> {
            let Some(value) = value else { return Ok(None) };
            parse(value.value())
                .map(Some)
                .map_err(|message| match (value.span(), text) {
                    (Some(span), Some(text)) => {
                        format!("{}: `{key}`: {message}", line_column(text, span.start))
                    }
                    _ => format!("`{key}`: {message}"),
                })
        }
        let ptx = raw.ptx.as_ref();
        let tile_ir = raw.tile_ir.as_ref();
        let ptx_target = check(
            ptx.and_then(|s| s.target.as_ref()),
            "ptx.target",
            parse_target,
            text,
        )?;
        let ptx_version = check(
            ptx.and_then(|s| s.version.as_ref()),
            "ptx.version",
            parse_ptx_version,
            text,
        )?;
        Ok(Config {
            ptx: Overrides {
                target: ptx_target,
                version: ptx_version,
                target_origin: ptx_target.map(|_| origin),
                version_origin: ptx_version.map(|_| origin),
            },
            tile_ir: TileIrSettings {
                version: check(
                    tile_ir.and_then(|s| s.version.as_ref()),
                    "tile-ir.version",
                    parse_tile_ir_version,
                    text,
                )?,
                target: check(
                    tile_ir.and_then(|s| s.target.as_ref()),
                    "tile-ir.target",
                    parse_tile_ir_target,
                    text,
                )?,
            },
        })
    }

    /// Reads and validates a `speclint.toml`.
    pub fn load(path: &Path) -> Result<Config, ConfigError> {
        let error = |message: String| ConfigError {
            path: Some(path.to_path_buf()),
            message,
        };
        let bytes = std::fs::read(path).map_err(|e| error(format!("cannot read it: {e}")))?;
        let text =
            std::str::from_utf8(&bytes).map_err(|e| error(format!("not UTF-8 text ({e})")))?;
        Config::from_toml(text).map_err(error)
    }

    /// These settings, each replaced by `over`'s where `over` sets it.
    pub fn overlaid(mut self, over: &Config) -> Config {
        if over.ptx.target.is_some() {
            self.ptx.target = over.ptx.target;
            self.ptx.target_origin = over.ptx.target_origin;
        }
        if over.ptx.version.is_some() {
            self.ptx.version = over.ptx.version;
            self.ptx.version_origin = over.ptx.version_origin;
        }
        if over.tile_ir.version.is_some() {
            self.tile_ir.version = over.tile_ir.version.clone();
        }
        if over.tile_ir.target.is_some() {
            self.tile_ir.target = over.tile_ir.target;
        }
        self
    }

    /// The analysis options these settings give.
    pub fn options(&self, record_uses: bool) -> Options {
        Options {
            ptx: self.ptx.clone(),
            tile_ir: self.tile_ir.clone(),
            record_uses,
        }
    }
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
pub fn for_directory(dir: &Path) -> Result<(Config, Option<PathBuf>), ConfigError> {
    match find(dir) {
        Some(path) => Config::load(&path).map(|config| (config, Some(path))),
        None => Ok((Config::default(), None)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn every_key() {
        let config = Config::from_toml(
            "# speclint settings\n[ptx]\ntarget = \"sm_90a\"\nversion = \"8.5\"\n\n[tile-ir]\nversion = \"13.2\"\ntarget = \"sm_100f\"\n",
        )
        .unwrap();
        assert_eq!(config.ptx.target, Target::parse("sm_90a"));
        assert_eq!(config.ptx.version, Some(Version::new(8, 5)));
        assert_eq!(config.ptx.target_origin, Some(FROM_FILE));
        assert_eq!(config.tile_ir.version.as_deref(), Some("13.2"));
        assert_eq!(config.tile_ir.target, Some(100));
        assert_eq!(Config::from_toml("").unwrap(), Config::default());
        assert_eq!(Config::from_toml("[ptx]\n").unwrap(), Config::default());
    }

    #[test]
    fn errors_name_the_line_and_the_key() {
        let error = |text: &str| Config::from_toml(text).unwrap_err();
        assert_eq!(
            error("[ptx]\ntarget = \"sm_xx\"\n"),
            "line 2, column 10: `ptx.target`: `sm_xx` is not a target like sm_90, sm_90a or sm_100f"
        );
        assert_eq!(
            error("[tile-ir]\nversion = \"13.0\"\n"),
            "line 2, column 11: `tile-ir.version`: `13.0` is not a Tile IR version speclint knows (13.1, 13.2, 13.3)"
        );
        let unknown = error("[ptx]\ntarget = \"sm_90\"\ntarrget = \"sm_80\"\n");
        assert!(
            unknown.starts_with("line 3, column 1: unknown field `tarrget`"),
            "{unknown}"
        );
        let section = error("[tile_ir]\nversion = \"13.1\"\n");
        assert!(
            section.contains("unknown field `tile_ir`") && section.contains("`tile-ir`"),
            "{section}"
        );
        // A bare number would lose trailing zeros (8.10 is 8.1): versions are strings.
        let number = error("[ptx]\nversion = 8.5\n");
        assert!(
            number.starts_with("line 2, column 11: invalid type"),
            "{number}"
        );
        let syntax = error("[ptx\n");
        assert!(syntax.starts_with("line 1"), "{syntax}");
    }

    #[test]
    fn editor_settings_use_the_same_keys() {
        let settings = json!({"ptx": {"target": "sm_80"}, "tile-ir": {"version": "13.1"}});
        let config = Config::from_json(&settings).unwrap();
        assert_eq!(config.ptx.target, Target::parse("sm_80"));
        assert_eq!(config.ptx.target_origin, Some(FROM_EDITOR));
        assert_eq!(config.tile_ir.version.as_deref(), Some("13.1"));
        // Wrapped in a `speclint` member, null, or empty.
        assert_eq!(
            Config::from_json(&json!({ "speclint": settings })).unwrap(),
            config
        );
        assert_eq!(Config::from_json(&json!(null)).unwrap(), Config::default());
        assert_eq!(Config::from_json(&json!({})).unwrap(), Config::default());
        let error = Config::from_json(&json!({"ptx": {"target": 90}})).unwrap_err();
        assert!(error.contains("invalid type"), "{error}");
        let error = Config::from_json(&json!({"ptx": {"target": "sm90"}})).unwrap_err();
        assert_eq!(
            error,
            "`ptx.target`: `sm90` is not a target like sm_90, sm_90a or sm_100f"
        );
    }

    #[test]
    fn later_layers_win_key_by_key() {
        let file = Config::from_toml("[ptx]\ntarget = \"sm_90\"\nversion = \"8.5\"\n").unwrap();
        let editor = Config::from_json(&json!({"ptx": {"target": "sm_80"}})).unwrap();
        let both = file.overlaid(&editor);
        assert_eq!(both.ptx.target, Target::parse("sm_80"));
        assert_eq!(both.ptx.target_origin, Some(FROM_EDITOR));
        assert_eq!(both.ptx.version, Some(Version::new(8, 5)));
        assert_eq!(both.ptx.version_origin, Some(FROM_FILE));
        let options = both.options(true);
        assert_eq!(options.ptx, both.ptx);
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
        let (config, path) = for_directory(&deep).unwrap();
        assert_eq!(
            path,
            Some(root.join("a/b").join(FILE_NAME).canonicalize().unwrap())
        );
        // The nearest file only: its settings are not merged with the ones above.
        assert_eq!(config.ptx.target, None);
        assert_eq!(config.ptx.version, Some(Version::new(7, 0)));
        let (config, _) = for_directory(&root.join("a")).unwrap();
        assert_eq!(config.ptx.target, Target::parse("sm_70"));
        std::fs::write(
            root.join("a/b").join(FILE_NAME),
            "[ptx]\nversoin = \"7.0\"\n",
        )
        .unwrap();
        let error = for_directory(&deep).unwrap_err();
        assert!(error.path.is_some());
        assert!(
            error
                .to_string()
                .contains("speclint.toml: line 2, column 1: unknown field `versoin`"),
            "{error}"
        );
        let _ = std::fs::remove_dir_all(&root);
    }
}
