//! The `check` command's flags, and the settings they give.

use super::fix::FixArgs;
use super::output::Format;
use super::selection::RuleArgs;
use crate::languages::REGISTRY;
use clap::{Args, ValueEnum};
use speclint_analysis::config::Config;
use speclint_base::diagnostic::Severity;
use speclint_base::settings::{SettingShape, SettingSpec, Value};
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
    /// Also compile each module with its language's compiler (ptxas) and report what that
    /// says about each kernel: spills, registers against its launch bounds, stack frames
    /// (PTX101 to PTX103). A compile takes longer than the check, so this is asked for.
    #[arg(long)]
    pub resources: bool,
    /// Colour the text output: auto (when standard output is a terminal; NO_COLOR turns it
    /// off, FORCE_COLOR on), always or never.
    #[arg(long, value_enum, value_name = "WHEN", default_value_t = ColorChoice::Auto)]
    pub color: ColorChoice,
    /// Each language's settings that have a flag (`--target`, `--ptx-version`...).
    #[command(flatten)]
    pub settings: SettingFlags,
    #[command(flatten)]
    pub rules: RuleArgs,
    #[command(flatten)]
    pub fixes: FixArgs,
}

/// The flags the languages' settings declare ([`SettingFlag`]), as given: each sets its key in
/// the section of every language that declares it.
#[derive(Clone, Debug, Default)]
pub struct SettingFlags {
    given: Vec<(&'static str, String)>,
}

/// Each flag's name with the settings it sets, in the order of the languages and their keys.
fn declared_flags() -> Vec<(&'static str, Vec<(&'static str, &'static SettingSpec)>)> {
    let mut flags: Vec<(&'static str, Vec<(&'static str, &'static SettingSpec)>)> = Vec::new();
    for language in REGISTRY.languages() {
        for spec in language.settings() {
            let Some(flag) = &spec.flag else { continue };
            match flags.iter_mut().find(|(name, _)| *name == flag.name) {
                Some((_, specs)) => specs.push((language.id(), spec)),
                None => flags.push((flag.name, vec![(language.id(), spec)])),
            }
        }
    }
    flags
}

fn list_items(text: &str) -> impl Iterator<Item = &str> {
    text.split(',')
        .map(str::trim)
        .filter(|item| !item.is_empty())
}

/// Whether `spec` takes `text` (a list's items one by one), with the language's own validation.
fn takes(spec: &SettingSpec, text: &str) -> Result<(), String> {
    match spec.shape {
        SettingShape::Text => (spec.validate)(text),
        SettingShape::List => list_items(text).try_for_each(spec.validate),
    }
}

/// Keeps a flag's text when one of the languages that declare it takes it (`--target sm_75` is
/// a PTX target and no Tile IR one); otherwise says why each refuses it. The flags become
/// settings, which the languages read back.
fn validated(specs: &[(&'static str, &'static SettingSpec)], text: &str) -> Result<String, String> {
    let mut refusals = Vec::new();
    for (_, spec) in specs {
        match takes(spec, text) {
            Ok(()) => return Ok(text.to_string()),
            // Languages that share a validation (CUDA C++ takes PTX's targets) say it once.
            Err(why) if refusals.contains(&why) => {}
            Err(why) => refusals.push(why),
        }
    }
    Err(refusals.join("; "))
}

impl clap::FromArgMatches for SettingFlags {
    fn from_arg_matches(matches: &clap::ArgMatches) -> Result<Self, clap::Error> {
        let given = declared_flags()
            .into_iter()
            .filter_map(|(name, _)| Some((name, matches.get_one::<String>(name)?.clone())))
            .collect();
        Ok(SettingFlags { given })
    }

    fn update_from_arg_matches(&mut self, matches: &clap::ArgMatches) -> Result<(), clap::Error> {
        *self = SettingFlags::from_arg_matches(matches)?;
        Ok(())
    }
}

impl clap::Args for SettingFlags {
    fn augment_args(mut command: clap::Command) -> clap::Command {
        for (name, specs) in declared_flags() {
            let help: Vec<&str> = specs.iter().map(|(_, spec)| spec_help(spec)).collect();
            let value_name = name.to_ascii_uppercase().replace('-', "_");
            command = command.arg(
                clap::Arg::new(name)
                    .long(name)
                    .value_name(value_name)
                    .help(help.join(" "))
                    .value_parser(move |text: &str| validated(&specs, text)),
            );
        }
        command
    }

    fn augment_args_for_update(command: clap::Command) -> clap::Command {
        SettingFlags::augment_args(command)
    }
}

fn spec_help(spec: &SettingSpec) -> &'static str {
    spec.flag.as_ref().map_or("", |flag| flag.help)
}

impl CheckArgs {
    /// The settings the flags give: the top layer, over any `speclint.toml`. Each flag is a
    /// key of one or more languages' sections.
    pub fn flags(&self) -> Config {
        let mut config = Config::default();
        let declared = declared_flags();
        for (name, text) in &self.settings.given {
            let Some((_, specs)) = declared.iter().find(|(flag, _)| flag == name) else {
                continue;
            };
            // A language that does not take the value is checked without it.
            for (language, spec) in specs.iter().filter(|(_, spec)| takes(spec, text).is_ok()) {
                let value = match spec.shape {
                    SettingShape::Text => Value::Text(text.clone()),
                    SettingShape::List => {
                        Value::List(list_items(text).map(str::to_string).collect())
                    }
                };
                config.set_flag(language, spec.key, value);
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
    use speclint_ptx as ptx;
    use speclint_spec_db::Target;
    use speclint_tile_ir as tile_ir;

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
