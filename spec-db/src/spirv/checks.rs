//! What spirv-val does with single checks of speclint (`spirv/spirv-val.toml`), where the rule a
//! check belongs to has cases spirv-val rejects and cases it accepts. A check spirv-val misses is
//! reported as a warning: a module the reference validator accepts gets no error.

use super::env::{self, SpirvVal};
use serde::Deserialize;
use std::sync::OnceLock;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ChecksFile {
    check: Vec<CheckEntry>,
    registered_extensions: RegisteredExtensions,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RegisteredExtensions {
    spirv_tools: Vec<String>,
    spirv_spec: Vec<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct CheckEntry {
    id: String,
    code: String,
    #[serde(default)]
    rule: String,
    #[serde(default)]
    section: String,
    spirv_val: String,
    #[serde(default)]
    case: String,
    #[serde(default)]
    note: String,
}

/// One check and spirv-val's verdict on it.
#[derive(Debug)]
pub struct Check {
    pub id: String,
    /// The speclint rule code it reports (`SPV034`).
    pub code: String,
    /// The OpenCL environment rule it is part of, if it is one's (else `section` names the
    /// SPIR-V or environment section it comes from).
    pub rule: Option<&'static env::Rule>,
    pub section: String,
    /// `Checks` or `Misses`, never `Partial`: a check is one kind of case.
    pub spirv_val: SpirvVal,
    /// The oracle case (`invalid/SPV034-...`) that shows the verdict; empty where no case can
    /// (then `note` says how it was probed).
    pub case: String,
    pub note: String,
}

const FILE: &str = include_str!("../../spirv/spirv-val.toml");

struct Data {
    checks: Vec<Check>,
    registered_extensions: Vec<String>,
}

fn data() -> &'static Data {
    static DATA: OnceLock<Data> = OnceLock::new();
    DATA.get_or_init(|| load(FILE).unwrap_or_else(|e| panic!("spirv/spirv-val.toml: {e}")))
}

/// Every check, in the file's order.
pub fn all() -> &'static [Check] {
    &data().checks
}

/// Whether `extension` is a registered SPIR-V extension that the grammar ties nothing to
/// (SPIRV-Tools knows it, or the SPIR-V specification's change log names it).
pub fn is_registered_extension(extension: &str) -> bool {
    data().registered_extensions.iter().any(|e| e == extension)
}

/// The check `id`, if the file lists it.
pub fn check(id: &str) -> Option<&'static Check> {
    all().iter().find(|c| c.id == id)
}

fn load(text: &str) -> Result<Data, String> {
    let file: ChecksFile = toml::from_str(text).map_err(|e| e.to_string())?;
    let mut checks: Vec<Check> = Vec::with_capacity(file.check.len());
    for entry in file.check {
        let at = |problem: &str| format!("check `{}`: {problem}", entry.id);
        if entry.id.is_empty()
            || !entry
                .id
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
        {
            return Err(at("the id is not lower-case-with-dashes"));
        }
        if checks.iter().any(|c| c.id == entry.id) {
            return Err(at("listed twice"));
        }
        let spirv_val = match entry.spirv_val.as_str() {
            "checks" => SpirvVal::Checks,
            "misses" => SpirvVal::Misses,
            other => return Err(at(&format!("spirv_val `{other}` (checks or misses)"))),
        };
        let rule = if entry.rule.is_empty() {
            None
        } else {
            Some(env::rule(&entry.rule).ok_or_else(|| at("no such environment rule"))?)
        };
        if rule.is_some() != entry.section.is_empty() {
            return Err(at("give exactly one of `rule` and `section`"));
        }
        let code_ok = entry.code.len() == 6
            && entry.code.starts_with("SPV")
            && entry.code[3..].chars().all(|c| c.is_ascii_digit());
        if !code_ok {
            return Err(at("the code is not SPVnnn"));
        }
        if entry.case.is_empty() {
            if entry.note.is_empty() {
                return Err(at("with no case, the note says how spirv-val was probed"));
            }
        } else if !entry.case.starts_with(&format!("invalid/{}-", entry.code)) {
            return Err(at("the case is not an invalid case of its code"));
        }
        checks.push(Check {
            section: rule.map_or(entry.section, |r| r.section.to_string()),
            id: entry.id,
            code: entry.code,
            rule,
            spirv_val,
            case: entry.case,
            note: entry.note,
        });
    }
    let registered = file.registered_extensions;
    let registered_extensions: Vec<String> = registered
        .spirv_tools
        .into_iter()
        .chain(registered.spirv_spec)
        .collect();
    if let Some(bad) = registered_extensions
        .iter()
        .find(|e| !e.starts_with("SPV_"))
    {
        return Err(format!("registered extension `{bad}` is not an SPV_ name"));
    }
    Ok(Data {
        checks,
        registered_extensions,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_file_loads_and_names_both_kinds() {
        assert!(all().iter().any(|c| c.spirv_val == SpirvVal::Checks));
        assert!(all().iter().any(|c| c.spirv_val == SpirvVal::Misses));
        let narrow = check("atomic-narrow-integer").unwrap();
        assert_eq!(narrow.rule.map(|r| r.id), Some("atomic-32bit-only"));
        assert_eq!(narrow.spirv_val, SpirvVal::Misses);
        assert_eq!(check("builtin-target").unwrap().spirv_val, SpirvVal::Checks);
    }

    #[test]
    fn every_partial_environment_rule_names_its_checks() {
        for rule in env::RULES
            .iter()
            .filter(|r| r.spirv_val == SpirvVal::Partial)
        {
            assert!(
                all()
                    .iter()
                    .any(|c| c.rule.is_some_and(|r| r.id == rule.id)),
                "{} is partial: spirv-val.toml says which of its checks spirv-val enforces",
                rule.id
            );
        }
    }

    #[test]
    fn registered_extensions_are_ones_the_grammar_does_not_name() {
        use crate::spirv::grammar::{INSTRUCTIONS, OPERAND_KINDS};
        assert!(is_registered_extension("SPV_EXT_image_raw10_raw12"));
        assert!(!is_registered_extension("SPV_KHR_does_not_exist"));
        for extension in &data().registered_extensions {
            let in_grammar = INSTRUCTIONS
                .iter()
                .any(|i| i.extensions.contains(&extension.as_str()))
                || OPERAND_KINDS.iter().any(|k| {
                    k.enumerants
                        .iter()
                        .any(|e| e.extensions.contains(&extension.as_str()))
                });
            assert!(!in_grammar, "{extension}: the grammar says what it adds");
        }
    }

    #[test]
    fn bad_entries_are_refused() {
        let entry = |fields: &str| {
            format!("[registered_extensions]\nspirv_tools = []\nspirv_spec = []\n[[check]]\nid = \"x\"\ncode = \"SPV034\"\ncase = \"invalid/SPV034-x\"\n{fields}")
        };
        assert!(load(&entry("section = \"s\"\nspirv_val = \"checks\"")).is_ok());
        assert!(load(&entry("section = \"s\"\nspirv_val = \"partial\"")).is_err());
        assert!(load(&entry("spirv_val = \"checks\"")).is_err());
        assert!(load(&entry("rule = \"no-such-rule\"\nspirv_val = \"checks\"")).is_err());
        assert!(load(&entry(
            "rule = \"no-recursion\"\nsection = \"s\"\nspirv_val = \"checks\""
        ))
        .is_err());
    }
}
