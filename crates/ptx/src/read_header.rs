//! The module header — `.version`, `.target`, `.address_size` — read once, calling the checks
//! of PTX007 and PTX013 (`rules/`).

use super::ast::{Item, Module};
use super::header::{Header, Overrides};
use super::rules::{module_header, target_unsupported_by_version};
use speclint_base::diagnostic::Diagnostic;
use speclint_base::text::TextRange;
use speclint_spec_db::{Target, Version};

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
                    diagnostics.push(module_header::repeated(".version", *range));
                    continue;
                }
                diagnostics.extend(module_header::version_not_first(position, *range));
                version_at = Some(position);
                header.version = Version::parse(text(source, *number));
                header.version_range = Some(*number);
                diagnostics.extend(module_header::version_number(header.version, *number));
                header.insert_at = range.end;
            }
            Item::Target { names, range, .. } => {
                if target_seen {
                    diagnostics.push(module_header::repeated(".target", *range));
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
        diagnostics.push(module_header::missing_version(first_statement));
    }
    if !target_seen {
        let after_version = version_at
            .and_then(|v| module.items.get(v + 1))
            .map(first_line_of);
        diagnostics.push(module_header::missing_target(
            after_version.unwrap_or(first_statement),
            header.insert_at,
        ));
    }

    if let Some(version) = overrides.version {
        header.version = Some(version);
        header.version_overridden = true;
        header.version_origin = overrides.version_origin.unwrap_or("--ptx-version");
    }
    // Against the version the checks use, so `--ptx-version` can settle it.
    target_unsupported_by_version::check_targets_against_version(
        target_names,
        source,
        &header,
        diagnostics,
    );
    if let Some(target) = overrides.target {
        header.target = Some(target);
        header.target_overridden = true;
        header.target_origin = overrides.target_origin.unwrap_or("--target");
    }
    header
}
