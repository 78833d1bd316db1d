//! The module header — `.version`, `.target`, `.address_size` — and its checks (PTX007, PTX013).

use super::syntax::{children_by_field, named_children, range, text};
use crate::core::diagnostic::{Diagnostic, Fix};
use crate::core::rules;
use crate::core::text::TextRange;
use speclint_spec_db::{ptx, Target, Version};
use tree_sitter::Node;

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
    /// Where a missing directive would be inserted (after `.version`, or at the top).
    pub insert_at: usize,
    pub version_overridden: bool,
    pub target_overridden: bool,
}

/// Command-line or configuration overrides of the header.
#[derive(Clone, Debug, Default)]
pub struct Overrides {
    pub target: Option<Target>,
    pub version: Option<Version>,
}

impl Header {
    pub fn maps_f64_to_f32(&self) -> bool {
        self.target_names.iter().any(|n| n == "map_f64_to_f32")
    }
}

pub fn read(
    root: Node,
    source: &str,
    overrides: &Overrides,
    diagnostics: &mut Vec<Diagnostic>,
) -> Header {
    let mut header = Header::default();
    let mut version_node: Option<Node> = None;
    let mut target_node: Option<Node> = None;

    let statements: Vec<Node> = named_children(root)
        .into_iter()
        .filter(|n| n.kind() != "comment")
        .collect();
    for (position, &child) in statements.iter().enumerate() {
        match child.kind() {
            "version_directive" => {
                if version_node.is_some() {
                    diagnostics.push(Diagnostic::new(
                        &rules::MODULE_HEADER,
                        range(child),
                        "`.version` appears more than once",
                    ));
                    continue;
                }
                if position > 0 {
                    diagnostics.push(Diagnostic::new(
                        &rules::MODULE_HEADER,
                        range(child),
                        "`.version` must be the first statement of the module (before `.target`)",
                    ));
                }
                version_node = Some(child);
                if let Some(number) = child.child_by_field_name("version") {
                    header.version = Version::parse(text(number, source));
                    header.version_range = Some(range(number));
                    if header.version.is_none() {
                        diagnostics.push(Diagnostic::new(
                            &rules::MODULE_HEADER,
                            range(number),
                            "`.version` needs a MAJOR.MINOR number",
                        ));
                    }
                }
                header.insert_at = child.end_byte();
            }
            "target_directive" => {
                if target_node.is_some() {
                    diagnostics.push(Diagnostic::new(
                        &rules::MODULE_HEADER,
                        range(child),
                        "`.target` appears more than once",
                    ));
                    continue;
                }
                target_node = Some(child);
                for name in children_by_field(child, "target") {
                    let name_text = text(name, source).to_string();
                    if let Some(target) = Target::parse(&name_text) {
                        header.target = Some(target);
                        header.target_range = Some(range(name));
                    }
                    header.target_names.push(name_text);
                }
                header.insert_at = header.insert_at.max(child.end_byte());
            }
            _ => {}
        }
    }

    // ptxas reports a missing directive at the statement where it should have been.
    let first_statement = statements
        .first()
        .map_or(TextRange::empty(0), |n| first_line(*n, source));
    if version_node.is_none() {
        diagnostics.push(
            Diagnostic::new(&rules::MODULE_HEADER, first_statement, "the module has no `.version` directive; it is checked against the newest PTX ISA version")
                .with_fix(Fix::insert("Insert `.version`", 0, format!(".version {}\n", newest_version()))),
        );
    }
    if target_node.is_none() {
        let after_version = version_node.and_then(|v| {
            statements
                .iter()
                .find(|n| n.start_byte() > v.start_byte())
                .map(|n| first_line(*n, source))
        });
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
            .with_fix(Fix::insert("Insert `.target sm_90`", at, fix_text)),
        );
    }
    if let Some(node) = target_node {
        check_targets_against_version(node, source, &header, diagnostics);
    }

    if let Some(version) = overrides.version {
        header.version = Some(version);
        header.version_overridden = true;
    }
    if let Some(target) = overrides.target {
        header.target = Some(target);
        header.target_overridden = true;
    }
    header
}

pub fn newest_version() -> Version {
    ptx::newest_version().unwrap_or(Version::new(9, 0))
}

/// PTX007: each `.target` name must have been introduced by the module's `.version` or earlier.
fn check_targets_against_version(
    node: Node,
    source: &str,
    header: &Header,
    diagnostics: &mut Vec<Diagnostic>,
) {
    let Some(version) = header.version else {
        return;
    };
    for name in children_by_field(node, "target") {
        let name_text = text(name, source);
        match ptx::version_introducing_target(name_text) {
            Some(intro) if intro.version > version => {
                let mut diagnostic = Diagnostic::new(
                    &rules::TARGET_UNSUPPORTED_BY_VERSION,
                    range(name),
                    format!(
                        "`.target {name_text}` needs PTX ISA {} or later, but the module declares `.version {version}` (PTX ISA §{})",
                        intro.version, intro.citation.section
                    ),
                );
                if let Some(version_range) = header.version_range {
                    diagnostic = diagnostic.with_fix(Fix::replace(
                        format!("Raise `.version` to {}", intro.version),
                        version_range,
                        intro.version.to_string(),
                    ));
                }
                diagnostics.push(diagnostic);
            }
            Some(_) => {}
            // A name the database does not know: only an error when the module's version is
            // one the database covers (a newer ISA may have introduced it).
            None if version <= newest_version() => diagnostics.push(Diagnostic::new(
                &rules::TARGET_UNSUPPORTED_BY_VERSION,
                range(name),
                format!("unknown target `{name_text}` for PTX ISA {version}"),
            )),
            None => {}
        }
    }
}

/// The first line of a statement, for squiggles that should not cover a whole function.
fn first_line(node: Node, source: &str) -> TextRange {
    let whole = range(node);
    let text = &source[whole.start..whole.end];
    TextRange::new(
        whole.start,
        whole.start + text.find('\n').unwrap_or(text.len()),
    )
}
