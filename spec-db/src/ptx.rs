//! The PTX tables (generated from `ptx/**/*.toml` by `build/main.rs`) and lookups over them.

use crate::model::*;

include!(concat!(env!("OUT_DIR"), "/ptx_tables.rs"));

/// The newest PTX ISA version the database describes.
pub fn newest_version() -> Option<Version> {
    VERSIONS.last().map(|v| v.version)
}

/// Every instruction entry whose opcode or alias starts with `head` (the first segment).
pub fn entries_with_head(head: &str) -> impl Iterator<Item = &'static Instruction> {
    let indices: &[u16] = OPCODE_INDEX
        .binary_search_by(|(h, _)| (*h).cmp(head))
        .map(|i| OPCODE_INDEX[i].1)
        .unwrap_or(&[]);
    indices.iter().map(|&i| &INSTRUCTIONS[i as usize])
}

/// Does any instruction start with this first segment?
pub fn is_known_head(head: &str) -> bool {
    OPCODE_INDEX
        .binary_search_by(|(h, _)| (*h).cmp(head))
        .is_ok()
}

/// The `sm_` targets the PTX ISA versions introduced, by number then suffix.
pub fn known_targets() -> Vec<Target> {
    let mut targets: Vec<Target> = VERSIONS
        .iter()
        .flat_map(|v| v.targets.iter())
        .filter(|name| name.starts_with("sm_"))
        .filter_map(|name| Target::parse(name))
        .collect();
    targets.sort_by_key(|t| (t.number, t.suffix as u8));
    targets.dedup();
    targets
}

/// A GPU target the database knows (`sm_90`, `sm_90a`, `sm_100f`), or why the text is not one:
/// a target no PTX ISA version introduced would be checked against made-up facts.
pub fn parse_known_target(text: &str) -> Result<Target, String> {
    let target = Target::parse(text)
        .ok_or_else(|| format!("`{text}` is not a target like sm_90, sm_90a or sm_100f"))?;
    let known = known_targets();
    if known.contains(&target) {
        Ok(target)
    } else {
        let names: Vec<String> = known.iter().map(|t| t.to_string()).collect();
        Err(format!(
            "`{text}` is not a target speclint knows (one of {})",
            names.join(", ")
        ))
    }
}

/// The PTX version that introduced a `.target` name (`sm_90a`, `texmode_independent`).
pub fn version_introducing_target(target: &str) -> Option<&'static PtxVersion> {
    VERSIONS.iter().find(|v| v.targets.contains(&target))
}

fn find_named(table: &'static [NamedFact], name: &str) -> Option<&'static NamedFact> {
    table
        .binary_search_by(|f| f.name.cmp(name))
        .ok()
        .map(|i| &table[i])
}

pub fn directive(name: &str) -> Option<&'static NamedFact> {
    find_named(DIRECTIVES, name)
}

pub fn state_space(name: &str) -> Option<&'static NamedFact> {
    find_named(STATE_SPACES, name)
}

pub fn ptx_type(name: &str) -> Option<&'static PtxType> {
    TYPES
        .binary_search_by(|t| t.name.cmp(name))
        .ok()
        .map(|i| &TYPES[i])
}

pub fn special_register(name: &str) -> Option<&'static SpecialRegister> {
    SPECIAL_REGISTERS
        .binary_search_by(|r| r.fact.name.cmp(name))
        .ok()
        .map(|i| &SPECIAL_REGISTERS[i])
}

/// Is this modifier token a type (`.u32`, `.f16x2`, `.pred`)?
pub fn is_type_token(token: &str) -> bool {
    TYPE_TOKENS.contains(&token)
}
