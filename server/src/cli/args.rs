//! The `check` command's flags, and the settings they give.

use super::fix::FixArgs;
use super::output::Format;
use super::selection::RuleArgs;
use crate::core::config::Config;
use crate::core::diagnostic::Severity;
use crate::core::settings::Value;
use crate::{ptx, spirv, tile_ir};
use clap::{Args, ValueEnum};
use std::path::PathBuf;

#[derive(Args)]
pub struct CheckArgs {
    /// Files and directories (directories are searched for .ptx, .mlir, .spvasm and .spv
    /// files); `-` reads standard input.
    #[arg(required = true)]
    pub paths: Vec<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// Write the report to this file instead of standard output.
    #[arg(long = "output-file", short = 'o', value_name = "PATH")]
    pub output_file: Option<PathBuf>,
    /// Use this configuration file instead of the `speclint.toml` nearest each file.
    #[arg(long, value_name = "PATH")]
    pub config: Option<PathBuf>,
    /// The least severe findings that fail the check (exit 1) [default: warning, or
    /// `[check] fail-on` in speclint.toml]. Hints and infos do not fail it by default.
    #[arg(long = "fail-on", value_enum, value_name = "SEVERITY")]
    pub fail_on: Option<FailOn>,
    /// Exit 0 even when there are findings (2 still means the check could not be done).
    #[arg(long = "exit-zero")]
    pub exit_zero: bool,
    /// Skip paths matching these globs in directory walks (gitignore-style: `gen/`,
    /// `*.g.ptx`, `build/**/*.ptx`); repeat or separate with commas. Paths named on the
    /// command line are always checked.
    #[arg(long, value_name = "GLOB", value_delimiter = ',', value_parser = checked_glob)]
    pub exclude: Vec<String>,
    /// The file name to use for standard input (`-`): its language, its `speclint.toml`, and
    /// the name in the report.
    #[arg(long = "stdin-filename", value_name = "PATH")]
    pub stdin_filename: Option<PathBuf>,
    /// Show at most this many findings per file in the text output (0: all); JSON and SARIF
    /// keep every finding.
    #[arg(long = "max-errors", value_name = "N", default_value_t = 100)]
    pub max_errors: usize,
    /// Print how many findings each rule has instead of the findings.
    #[arg(long)]
    pub statistics: bool,
    /// Print only the findings: no summary line.
    #[arg(long, short = 'q')]
    pub quiet: bool,
    /// Colour the text output: auto (when standard output is a terminal; NO_COLOR turns it
    /// off, FORCE_COLOR on), always or never.
    #[arg(long, value_enum, value_name = "WHEN", default_value_t = ColorChoice::Auto)]
    pub color: ColorChoice,
    /// Check against this target instead of the module's `.target` (e.g. sm_80); Tile IR
    /// modules are checked against it too when tileiras compiles for it (sm_80 to sm_121).
    #[arg(long, value_parser = checked(either_target))]
    target: Option<String>,
    /// Check against this PTX ISA version instead of the module's `.version` (e.g. 7.8).
    #[arg(long = "ptx-version", value_parser = checked(ptx::language::parse_ptx_version))]
    ptx_version: Option<String>,
    /// Check Tile IR modules against this Tile IR version (13.1 to 13.4; default the newest).
    /// A newer one (13.5) is checked against 13.4, with a note.
    #[arg(long = "tile-ir-version", value_parser = checked(tile_ir::language::parse_version))]
    tile_ir_version: Option<String>,
    /// Check SPIR-V modules against this OpenCL version (1.2, 2.0, 2.1, 2.2, 3.0 or 3.1;
    /// default 3.1).
    #[arg(long = "opencl-version", value_parser = checked(spirv::language::parse_opencl_version))]
    opencl_version: Option<String>,
    /// The SPIR-V version of SPIR-V assembly that has no `; Version:` line (1.0 to 1.6);
    /// default: the newest the OpenCL version accepts, stated in a hint.
    #[arg(long = "spirv-version", value_parser = checked(spirv::language::parse_spirv_version))]
    spirv_version: Option<String>,
    /// Check SPIR-V modules against this OpenCL profile (full or embedded; default full).
    #[arg(long = "opencl-profile", value_parser = checked(spirv::language::parse_profile))]
    opencl_profile: Option<String>,
    /// The OpenCL extensions the device supports, comma-separated (`cl_khr_fp16,cl_khr_fp64`;
    /// empty for none); default: whatever the module needs.
    #[arg(long = "opencl-extensions", value_parser = checked_list(spirv::language::extension_name))]
    opencl_extensions: Option<String>,
    /// The OpenCL 3.0 optional features the device supports, comma-separated
    /// (`__opencl_c_generic_address_space`; empty for none); default: whatever the module needs.
    #[arg(long = "opencl-features", value_parser = checked_list(spirv::language::feature_name))]
    opencl_features: Option<String>,
    #[command(flatten)]
    pub rules: RuleArgs,
    #[command(flatten)]
    pub fixes: FixArgs,
}

/// `--target` sets the target of PTX and of Tile IR: a name either of them takes (sm_107 for
/// Tile IR, sm_75 or sm_90a for PTX). A language the name is not a target of checks without it.
fn either_target(text: &str) -> Result<(), String> {
    match ptx::language::parse_target(text) {
        Ok(_) => Ok(()),
        Err(ptx_error) => tile_ir::language::parse_target(text)
            .map(drop)
            .map_err(|tile_error| format!("{ptx_error}; {tile_error}")),
    }
}

/// A comma-separated list whose items `validate` accepts (empty: no items).
fn checked_list(
    validate: fn(&str) -> Result<(), String>,
) -> impl Fn(&str) -> Result<String, String> + Clone + Send + Sync + 'static {
    move |text| {
        list_items(text).try_for_each(validate)?;
        Ok(text.to_string())
    }
}

fn list_items(text: &str) -> impl Iterator<Item = &str> {
    text.split(',')
        .map(str::trim)
        .filter(|item| !item.is_empty())
}

/// A clap value parser that validates with a language's own parser and keeps the text: the
/// flags become settings, which the language reads back.
fn checked<T: 'static>(
    parse: fn(&str) -> Result<T, String>,
) -> impl Fn(&str) -> Result<String, String> + Clone + Send + Sync + 'static {
    move |text| parse(text).map(|_| text.to_string())
}

impl CheckArgs {
    /// The settings the flags give: the top layer, over any `speclint.toml`. Each flag is a
    /// key of one or more languages' sections.
    pub fn flags(&self) -> Config {
        let flags: [(&Option<String>, &[(&'static str, &'static str)]); 6] = [
            (&self.target, &[("ptx", "target"), ("tile-ir", "target")]),
            (&self.ptx_version, &[("ptx", "version")]),
            (&self.tile_ir_version, &[("tile-ir", "version")]),
            (&self.opencl_version, &[("spirv", "opencl-version")]),
            (&self.opencl_profile, &[("spirv", "opencl-profile")]),
            (&self.spirv_version, &[("spirv", "spirv-version")]),
        ];
        let mut config = Config::default();
        let lists: [(&Option<String>, &'static str); 2] = [
            (&self.opencl_extensions, "extensions"),
            (&self.opencl_features, "features"),
        ];
        for (value, key) in lists {
            if let Some(value) = value {
                let items = list_items(value).map(str::to_string).collect();
                config.set_flag("spirv", key, Value::List(items));
            }
        }
        for (value, keys) in flags {
            if let Some(value) = value {
                for (language, key) in keys {
                    config.set_flag(language, key, Value::Text(value.clone()));
                }
            }
        }
        config.add_rules(self.rules.selection());
        config
    }
}

/// `--fail-on`: the least severe findings that fail the check.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum FailOn {
    Error,
    Warning,
    Info,
    Hint,
}

impl FailOn {
    pub fn severity(self) -> Severity {
        match self {
            FailOn::Error => Severity::Error,
            FailOn::Warning => Severity::Warning,
            FailOn::Info => Severity::Info,
            FailOn::Hint => Severity::Hint,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ColorChoice {
    Auto,
    Always,
    Never,
}

impl ColorChoice {
    /// Whether to colour output going to a terminal (`is_terminal`) or not: NO_COLOR and
    /// FORCE_COLOR (non-empty) decide `auto` before the terminal does.
    pub fn enabled(self, is_terminal: bool) -> bool {
        let set = |name: &str| std::env::var_os(name).is_some_and(|v| !v.is_empty() && v != "0");
        match self {
            ColorChoice::Always => true,
            ColorChoice::Never => false,
            ColorChoice::Auto if set("NO_COLOR") => false,
            ColorChoice::Auto if set("FORCE_COLOR") => true,
            ColorChoice::Auto => is_terminal,
        }
    }
}

fn checked_glob(text: &str) -> Result<String, String> {
    glob::Pattern::new(text.trim_matches('/'))
        .map(|_| text.to_string())
        .map_err(|e| format!("`{text}` is not a glob: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;
    use speclint_spec_db::Target;

    #[derive(Parser)]
    struct Command {
        #[command(flatten)]
        check: CheckArgs,
    }

    fn flags(args: &[&str]) -> Config {
        let mut all = vec!["check"];
        all.extend_from_slice(args);
        all.push("k.ptx");
        Command::try_parse_from(all).unwrap().check.flags()
    }

    #[test]
    fn target_applies_to_both_languages() {
        let config = flags(&["--target", "sm_90a"]);
        let ptx = ptx::language::overrides(config.language("ptx"));
        assert_eq!(ptx.target, Target::parse("sm_90a"));
        assert_eq!(ptx.target_origin, None, "named as --target");
        let tile =
            |config: &Config| tile_ir::language::tile_ir_settings(config.language("tile-ir"));
        assert_eq!(tile(&config).target, Some(90));
        assert_eq!(tile(&flags(&["--target", "sm_100f"])).target, Some(100));
        assert_eq!(flags(&[]), Config::default());
    }

    /// The GPUs of `tileiras --help` (13.5.37) are Tile IR targets; a PTX-only target is
    /// taken for PTX and leaves Tile IR without one; a name neither knows is refused.
    #[test]
    fn tile_ir_targets_are_the_gpus_tileiras_compiles_for() {
        let tile =
            |config: &Config| tile_ir::language::tile_ir_settings(config.language("tile-ir"));
        for (gpu, number) in [
            ("sm_80", 80),
            ("sm_86", 86),
            ("sm_87", 87),
            ("sm_88", 88),
            ("sm_89", 89),
            ("sm_90", 90),
            ("sm_100", 100),
            ("sm_103", 103),
            ("sm_107", 107),
            ("sm_110", 110),
            ("sm_120", 120),
            ("sm_121", 121),
        ] {
            assert_eq!(
                tile(&flags(&["--target", gpu])).target,
                Some(number),
                "{gpu}"
            );
            assert!(tile_ir::language::parse_target(gpu).is_ok(), "{gpu}");
        }
        assert_eq!(tile_ir::language::compile_targets().len(), 12);
        let ptx_only = flags(&["--target", "sm_75"]);
        assert_eq!(tile(&ptx_only).target, None);
        assert_eq!(
            ptx::language::overrides(ptx_only.language("ptx")).target,
            Target::parse("sm_75")
        );
        for refused in ["sm_75", "sm_70", "sm_101", "sm_122", "compute_90"] {
            assert!(
                tile_ir::language::parse_target(refused).is_err(),
                "{refused}"
            );
        }
        for neither in ["sm_122", "sm_xx", "sm_999"] {
            let parsed = Command::try_parse_from(["check", "--target", neither, "k.mlir"]);
            assert!(parsed.is_err(), "{neither}");
        }
    }

    #[test]
    fn tile_ir_versions_are_validated() {
        let config = flags(&["--tile-ir-version", "13.2"]);
        assert_eq!(config.language("tile-ir").text("version"), Some("13.2"));
        // Newer well-formed versions are checked against the newest known (TILE019).
        for newer in ["13.4", "13.5", "13.10", "14.0"] {
            let config = flags(&["--tile-ir-version", newer]);
            assert_eq!(config.language("tile-ir").text("version"), Some(newer));
        }
        for bad in [
            "13.0", "12.9", "13", "13.2.1", "latest", "13.x", "13.04", "133.0", "13.", ".4",
        ] {
            let parsed = Command::try_parse_from(["check", "--tile-ir-version", bad, "k.ptx"]);
            assert!(parsed.is_err(), "{bad}");
        }
    }
}
