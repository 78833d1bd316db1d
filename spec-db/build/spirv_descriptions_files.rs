//! Validates the hover descriptions of SPIR-V core instructions and enumerants
//! (`spirv/descriptions/*.toml`) against the core JSON grammar and compiles them into
//! static tables (`OUT_DIR/spirv_descriptions.rs`). Every error names the file and the entry.

use super::spirv_grammar::{read_grammar, JsonOperandKind};
use serde::Deserialize;
use std::collections::BTreeMap;
use std::fmt::Write;
use std::path::{Path, PathBuf};

/// Longest summary accepted: a hover line, not a paragraph.
const MAX_SUMMARY: usize = 120;

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct DataFile {
    #[serde(default)]
    section: Vec<SectionEntry>,
    #[serde(default)]
    instruction: Vec<InstructionEntry>,
    #[serde(default)]
    enumerant: Vec<EnumerantEntry>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SectionEntry {
    number: String,
    title: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct InstructionEntry {
    name: String,
    section: String,
    summary: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct EnumerantEntry {
    kind: String,
    name: String,
    section: String,
    summary: String,
}

/// What the build needs from the core JSON grammar.
/// `3`, `3.2`, `3.3.13`: dot-separated decimal numbers.
fn is_section_number(text: &str) -> bool {
    text.split('.')
        .all(|part| !part.is_empty() && part.bytes().all(|b| b.is_ascii_digit()))
}

fn summary_error(summary: &str) -> Option<String> {
    let len = summary.chars().count();
    if summary.trim().is_empty() {
        Some("empty summary".into())
    } else if len > MAX_SUMMARY {
        Some(format!(
            "summary is {len} characters, at most {MAX_SUMMARY}"
        ))
    } else if summary.contains('\n') {
        Some("summary spans several lines".into())
    } else {
        None
    }
}

/// Looks `name` up among canonical names; an alias is an error that names the canonical one,
/// so the tables hold one spelling per entry.
fn canonical<'a>(
    name: &str,
    entries: impl Iterator<Item = (&'a str, &'a [String])>,
) -> Result<(), Option<&'a str>> {
    let mut alias_of = None;
    for (canonical, aliases) in entries {
        if canonical == name {
            return Ok(());
        }
        if aliases.iter().any(|a| a == name) {
            alias_of = Some(canonical);
        }
    }
    Err(alias_of)
}

pub fn generate(
    dir: &Path,
    files: &[PathBuf],
    grammar_dir: &Path,
    errors: &mut Vec<String>,
) -> String {
    let Some(grammar) = read_grammar(grammar_dir, "spirv.core.grammar.json", errors) else {
        return String::new();
    };
    let kinds: BTreeMap<&str, &JsonOperandKind> = grammar
        .operand_kinds
        .iter()
        .map(|k| (k.kind.as_str(), k))
        .collect();

    let mut data: Vec<(String, DataFile)> = Vec::new();
    for path in files {
        let name = format!(
            "spirv/descriptions/{}",
            path.strip_prefix(dir).unwrap_or(path).display()
        );
        match std::fs::read_to_string(path)
            .map_err(|e| e.to_string())
            .and_then(|t| toml::from_str::<DataFile>(&t).map_err(|e| e.to_string()))
        {
            Ok(file) => data.push((name, file)),
            Err(e) => errors.push(format!("{name}: {e}")),
        }
    }

    let mut sections: BTreeMap<&str, &str> = BTreeMap::new();
    for (file, f) in &data {
        for s in &f.section {
            let mut error =
                |msg: String| errors.push(format!("{file}: section {}: {msg}", s.number));
            if !is_section_number(&s.number) {
                error("number must look like `3.3.13`".into());
            }
            if s.title.trim().is_empty() {
                error("empty title".into());
            }
            if sections.insert(&s.number, &s.title).is_some() {
                error("declared twice".into());
            }
        }
    }
    let check_section = |section: &str, error: &mut dyn FnMut(String)| {
        if !is_section_number(section) {
            error(format!("section `{section}` must look like `3.3.13`"));
        } else if !sections.contains_key(section) {
            error(format!("section `{section}` has no [[section]] entry"));
        }
    };

    let mut instructions: BTreeMap<&str, (&str, &str)> = BTreeMap::new();
    let mut instruction_files: BTreeMap<&str, &str> = BTreeMap::new();
    for (file, f) in &data {
        for entry in &f.instruction {
            let mut error =
                |msg: String| errors.push(format!("{file}: instruction {}: {msg}", entry.name));
            if let Some(other) = instruction_files.insert(&entry.name, file) {
                error(format!("described twice (also in {other})"));
                continue;
            }
            match canonical(
                &entry.name,
                grammar
                    .instructions
                    .iter()
                    .map(|i| (i.opname.as_str(), i.aliases.as_slice())),
            ) {
                Ok(()) => {}
                Err(Some(canonical)) => error(format!("an alias; write {canonical}")),
                Err(None) => error("not an instruction of spirv.core.grammar.json".into()),
            }
            check_section(&entry.section, &mut error);
            if let Some(msg) = summary_error(&entry.summary) {
                error(msg);
            }
            instructions.insert(&entry.name, (&entry.section, &entry.summary));
        }
    }

    let mut enumerants: BTreeMap<(&str, &str), (&str, &str)> = BTreeMap::new();
    let mut enumerant_files: BTreeMap<(&str, &str), &str> = BTreeMap::new();
    // One operand kind is listed in one section; a different one is a typo.
    let mut kind_sections: BTreeMap<&str, &str> = BTreeMap::new();
    for (file, f) in &data {
        for entry in &f.enumerant {
            let mut error = |msg: String| {
                errors.push(format!(
                    "{file}: enumerant {} {}: {msg}",
                    entry.kind, entry.name
                ))
            };
            let key = (entry.kind.as_str(), entry.name.as_str());
            if let Some(other) = enumerant_files.insert(key, file) {
                error(format!("described twice (also in {other})"));
                continue;
            }
            match kinds.get(entry.kind.as_str()) {
                None => error(format!("`{}` is not an operand kind", entry.kind)),
                Some(kind) => match canonical(
                    &entry.name,
                    kind.enumerants
                        .iter()
                        .map(|e| (e.enumerant.as_str(), e.aliases.as_slice())),
                ) {
                    Ok(()) => {}
                    Err(Some(canonical)) => error(format!("an alias; write {canonical}")),
                    Err(None) => error(format!("not an enumerant of {}", entry.kind)),
                },
            }
            check_section(&entry.section, &mut error);
            match kind_sections.get(entry.kind.as_str()) {
                Some(first) if *first != entry.section => error(format!(
                    "section {} differs from the {first} other {} entries give",
                    entry.section, entry.kind
                )),
                Some(_) => {}
                None => {
                    kind_sections.insert(&entry.kind, &entry.section);
                }
            }
            if let Some(msg) = summary_error(&entry.summary) {
                error(msg);
            }
            enumerants.insert(key, (&entry.section, &entry.summary));
        }
    }

    let mut out = String::new();
    let mut ordered: Vec<(&str, &str)> = sections.into_iter().collect();
    ordered.sort_by_key(|(number, _)| section_key(number));
    out.push_str("/// Section number and title, in document order.\npub static SECTIONS: &[(&str, &str)] = &[\n");
    for (number, title) in ordered {
        writeln!(out, "    ({number:?}, {title:?}),").unwrap();
    }
    out.push_str("];\n/// Sorted by name.\npub static INSTRUCTIONS: &[(&str, Description)] = &[\n");
    for (name, (section, summary)) in &instructions {
        writeln!(
            out,
            "    ({name:?}, Description {{ section: {section:?}, summary: {summary:?} }}),"
        )
        .unwrap();
    }
    out.push_str(
        "];\n/// Sorted by (kind, name).\npub static ENUMERANTS: &[((&str, &str), Description)] = &[\n",
    );
    for ((kind, name), (section, summary)) in &enumerants {
        writeln!(
            out,
            "    (({kind:?}, {name:?}), Description {{ section: {section:?}, summary: {summary:?} }}),"
        )
        .unwrap();
    }
    out.push_str("];\n");
    out
}

fn section_key(number: &str) -> Vec<u32> {
    number.split('.').filter_map(|p| p.parse().ok()).collect()
}
