//! The module header — `.version`, `.target`, `.address_size` — and its checks (PTX007, PTX013).

use super::ast::{Item, Module};
use super::rules;
use speclint_base::diagnostic::{Diagnostic, Fix};
use speclint_base::text::TextRange;
use speclint_spec_db::{ptx, Target, Version};

/// What the checks compare requirements against, and where to edit when raising them.
#[derive(Clone, Debug, Default)]
pub struct Header {
    pub version: Option<Version>,
    /// The range of the version number, for the "raise .version" fix.
    pub version_range: Option<TextRange>,
    /// The `sm_NN` target, if one is named.
    pub target: Option<Target>,
    pub target_range: Option<TextRange>,
    /// Every name on the `.target` line (`sm_90`, `texmode_independent`, `debug`).
    pub target_names: Vec<String>,
    /// `.address_size 64` (or 32); None when the directive is absent.
    pub address_size: Option<u32>,
    /// Where a missing directive would be inserted (after `.version`, or at the top).
    pub insert_at: usize,
    pub version_overridden: bool,
    pub target_overridden: bool,
    /// Where the overrides come from (`--target`, `speclint.toml`), for messages.
    pub version_origin: &'static str,
    pub target_origin: &'static str,
}

/// Command-line or configuration overrides of the header.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Overrides {
    pub target: Option<Target>,
    pub version: Option<Version>,
    /// Where each override comes from, named in messages (`speclint.toml`); the command-line
    /// flag (`--target`, `--ptx-version`) when None.
    pub target_origin: Option<&'static str>,
    pub version_origin: Option<&'static str>,
}

impl Header {
    pub fn maps_f64_to_f32(&self) -> bool {
        self.target_names.iter().any(|n| n == "map_f64_to_f32")
    }
}

pub fn newest_version() -> Version {
    ptx::newest_version().unwrap_or(Version::new(9, 0))
}

fn text(source: &str, range: TextRange) -> &str {
    source.get(range.start..range.end).unwrap_or("")
}

pub fn read(
    module: &Module,
    source: &str,
    overrides: &Overrides,
    diagnostics: &mut Vec<Diagnostic>,
) -> Header {
    let mut header = Header::default();
    let mut version_at: Option<usize> = None;
    let mut target_seen = false;
    let mut target_names: &[TextRange] = &[];

    for (position, item) in module.items.iter().enumerate() {
        match item {
            Item::Version { number, range, .. } => {
                if version_at.is_some() {
                    diagnostics.push(Diagnostic::new(
                        &rules::MODULE_HEADER,
                        *range,
                        "`.version` appears more than once",
                    ));
                    continue;
                }
                if position > 0 {
                    diagnostics.push(Diagnostic::new(
                        &rules::MODULE_HEADER,
                        *range,
                        "`.version` must be the first statement of the module (before `.target`)",
                    ));
                }
                version_at = Some(position);
                header.version = Version::parse(text(source, *number));
                header.version_range = Some(*number);
                if header.version.is_none() {
                    diagnostics.push(Diagnostic::new(
                        &rules::MODULE_HEADER,
                        *number,
                        "`.version` needs a MAJOR.MINOR number",
                    ));
                }
                header.insert_at = range.end;
            }
            Item::Target { names, range, .. } => {
                if target_seen {
                    diagnostics.push(Diagnostic::new(
                        &rules::MODULE_HEADER,
                        *range,
                        "`.target` appears more than once",
                    ));
                    continue;
                }
                target_seen = true;
                for &name in names {
                    let name_text = text(source, name);
                    if let Some(target) = Target::parse(name_text) {
                        header.target = Some(target);
                        header.target_range = Some(name);
                    }
                    header.target_names.push(name_text.to_string());
                }
                header.insert_at = header.insert_at.max(range.end);
                target_names = names.as_slice();
            }
            Item::AddressSize { range, .. } => {
                header.address_size = text(source, *range)
                    .split_whitespace()
                    .nth(1)
                    .and_then(|n| n.trim_end_matches(';').parse().ok());
            }
            _ => {}
        }
    }

    // ptxas reports a missing directive at the statement where it should have been.
    let first_line_of = |item: &Item| {
        let range = item.range();
        let text = text(source, range);
        TextRange::new(
            range.start,
            range.start + text.find('\n').unwrap_or(text.len()),
        )
    };
    let first_statement = module
        .items
        .first()
        .map_or(TextRange::empty(0), first_line_of);
    if version_at.is_none() {
        diagnostics.push(
            Diagnostic::new(&rules::MODULE_HEADER, first_statement, "the module has no `.version` directive; it is checked against the newest PTX ISA version")
                // Unsafe: the newest version is a guess at the author's toolchain.
                .with_fix(Fix::insert("Insert `.version`", 0, format!(".version {}\n", newest_version()))),
        );
    }
    if !target_seen {
        let after_version = version_at
            .and_then(|v| module.items.get(v + 1))
            .map(first_line_of);
        let at = header.insert_at;
        let fix_text = if at == 0 {
            ".target sm_90\n".to_string()
        } else {
            "\n.target sm_90".to_string()
        };
        diagnostics.push(
            Diagnostic::new(
                &rules::MODULE_HEADER,
                after_version.unwrap_or(first_statement),
                "the module has no `.target` directive; target requirements are not checked",
            )
            // Unsafe: sm_90 is a guess at the target.
            .with_fix(Fix::insert("Insert `.target sm_90`", at, fix_text)),
        );
    }

    if let Some(version) = overrides.version {
        header.version = Some(version);
        header.version_overridden = true;
        header.version_origin = overrides.version_origin.unwrap_or("--ptx-version");
    }
    // Against the version the checks use, so `--ptx-version` can settle it.
    check_targets_against_version(target_names, source, &header, diagnostics);
    if let Some(target) = overrides.target {
        header.target = Some(target);
        header.target_overridden = true;
        header.target_origin = overrides.target_origin.unwrap_or("--target");
    }
    header
}

/// PTX007: each `.target` name must have been introduced by the module's `.version` or earlier.
fn check_targets_against_version(
    names: &[TextRange],
    source: &str,
    header: &Header,
    diagnostics: &mut Vec<Diagnostic>,
) {
    let Some(version) = header.version else {
        return;
    };
    for &name in names {
        let name_text = text(source, name);
        match ptx::version_introducing_target(name_text) {
            Some(intro) if intro.version > version => {
                let against = if header.version_overridden {
                    format!(
                        "the check uses PTX ISA {version} ({})",
                        header.version_origin
                    )
                } else {
                    format!("the module declares `.version {version}`")
                };
                let mut diagnostic = Diagnostic::new(
                    &rules::TARGET_UNSUPPORTED_BY_VERSION,
                    name,
                    format!(
                        "`.target {name_text}` needs PTX ISA {} or later, but {against} (PTX ISA §{})",
                        intro.version, intro.citation.section
                    ),
                );
                if let (Some(version_range), false) =
                    (header.version_range, header.version_overridden)
                {
                    // Unsafe: a higher `.version` needs a newer driver and toolchain.
                    diagnostic = diagnostic.with_fix(Fix::replace(
                        format!("Raise `.version` to {}", intro.version),
                        version_range,
                        intro.version.to_string(),
                    ));
                }
                diagnostics.push(diagnostic);
            }
            Some(_) => {}
            // A name the database does not know is only an error for versions the database
            // covers (a newer ISA may have introduced it).
            None if version <= newest_version() => diagnostics.push(Diagnostic::new(
                &rules::TARGET_UNSUPPORTED_BY_VERSION,
                name,
                format!("unknown target `{name_text}` for PTX ISA {version}"),
            )),
            None => {}
        }
    }
}
