//! Compiles the Khronos machine-readable SPIR-V grammars (`spirv/grammar/*.json`, vendored
//! from SPIRV-Headers) into static tables: every instruction, operand kind and enumerant with
//! its capabilities, extensions and versions. Nothing here is written by hand: the JSON is the
//! spec's own data, so the tables follow it exactly.

use serde::Deserialize;
use std::collections::BTreeMap;
use std::fmt::Write;
use std::path::Path;

#[derive(Deserialize)]
pub(crate) struct Grammar {
    #[serde(default)]
    pub(crate) major_version: Option<u32>,
    #[serde(default)]
    pub(crate) minor_version: Option<u32>,
    pub(crate) instructions: Vec<JsonInstruction>,
    #[serde(default)]
    pub(crate) operand_kinds: Vec<JsonOperandKind>,
}

#[derive(Deserialize)]
pub(crate) struct JsonInstruction {
    pub(crate) opname: String,
    #[serde(default)]
    pub(crate) class: Option<String>,
    pub(crate) opcode: u32,
    #[serde(default)]
    pub(crate) operands: Vec<JsonOperand>,
    #[serde(default)]
    pub(crate) capabilities: Vec<String>,
    #[serde(default)]
    pub(crate) extensions: Vec<String>,
    #[serde(default)]
    pub(crate) version: Option<String>,
    #[serde(default, rename = "lastVersion")]
    pub(crate) last_version: Option<String>,
    #[serde(default)]
    pub(crate) aliases: Vec<String>,
    #[serde(default)]
    pub(crate) provisional: bool,
}

#[derive(Deserialize)]
pub(crate) struct JsonOperand {
    pub(crate) kind: String,
    #[serde(default)]
    pub(crate) name: Option<String>,
    #[serde(default)]
    pub(crate) quantifier: Option<String>,
}

#[derive(Deserialize)]
pub(crate) struct JsonOperandKind {
    pub(crate) category: String,
    pub(crate) kind: String,
    #[serde(default)]
    pub(crate) enumerants: Vec<JsonEnumerant>,
    #[serde(default)]
    pub(crate) bases: Vec<String>,
}

#[derive(Deserialize)]
pub(crate) struct JsonEnumerant {
    pub(crate) enumerant: String,
    pub(crate) value: serde_json::Value,
    #[serde(default)]
    pub(crate) capabilities: Vec<String>,
    #[serde(default)]
    pub(crate) extensions: Vec<String>,
    #[serde(default)]
    pub(crate) parameters: Vec<JsonOperand>,
    #[serde(default)]
    pub(crate) version: Option<String>,
    #[serde(default, rename = "lastVersion")]
    pub(crate) last_version: Option<String>,
    #[serde(default)]
    pub(crate) aliases: Vec<String>,
    #[serde(default)]
    pub(crate) provisional: bool,
}

/// The extended instruction sets speclint knows, by the name `OpExtInstImport` gives them.
const EXTENDED_SETS: &[(&str, &str)] = &[
    ("OpenCL.std", "extinst.opencl.std.100.grammar.json"),
    (
        "OpenCL.DebugInfo.100",
        "extinst.opencl.debuginfo.100.grammar.json",
    ),
    // From SPIRV-Headers 1.3.239 (Debian's spirv-headers 1.6.1+1.3.239.0, what SPIRV-Tools
    // 2023.1 is built with): every operand is an id.
    (
        "NonSemantic.Shader.DebugInfo.100",
        "extinst.nonsemantic.shader.debuginfo.100.grammar.json",
    ),
];

pub fn generate(dir: &Path, errors: &mut Vec<String>) -> String {
    let Some(core) = read_grammar(dir, "spirv.core.grammar.json", errors) else {
        return String::new();
    };
    let sets: Vec<(&str, Grammar)> = EXTENDED_SETS
        .iter()
        .filter_map(|(name, file)| read_grammar(dir, file, errors).map(|g| (*name, g)))
        .collect();

    // Operand kinds: the core's, then each extended set's own. The two debug-information sets
    // both describe `DebugInfoFlags` and the like; the first description is kept (the
    // non-semantic set's operands are all ids, so none of its instructions names them).
    let mut kinds: Vec<&JsonOperandKind> = core.operand_kinds.iter().collect();
    for (_, set) in &sets {
        for kind in &set.operand_kinds {
            if !kinds.iter().any(|k| k.kind == kind.kind) {
                kinds.push(kind);
            }
        }
    }
    let kind_index: BTreeMap<&str, usize> = kinds
        .iter()
        .enumerate()
        .map(|(i, k)| (k.kind.as_str(), i))
        .collect();

    let mut out = String::new();
    writeln!(
        out,
        "pub static GRAMMAR_VERSION: (u8, u8) = ({}, {});",
        core.major_version.unwrap_or(0),
        core.minor_version.unwrap_or(0)
    )
    .unwrap();

    // Operand kinds with their enumerants.
    out.push_str("pub static OPERAND_KINDS: &[OperandKind] = &[\n");
    for kind in &kinds {
        let category = match kind.category.as_str() {
            "BitEnum" => "BitEnum",
            "ValueEnum" => "ValueEnum",
            "Id" => "Id",
            "Literal" => "Literal",
            "Composite" => "Composite",
            other => {
                errors.push(format!("operand kind {}: category `{other}`", kind.kind));
                "Literal"
            }
        };
        let mut enumerants: Vec<&JsonEnumerant> = kind.enumerants.iter().collect();
        enumerants.sort_by_key(|e| enum_value(&e.value));
        let mut rendered = Vec::new();
        for e in &enumerants {
            let context = format!("{}::{}", kind.kind, e.enumerant);
            let value = match enum_value(&e.value) {
                Some(v) => v,
                None => {
                    errors.push(format!("{context}: value {:?}", e.value));
                    0
                }
            };
            let parameters: Vec<String> = e
                .parameters
                .iter()
                .map(|p| operand(p, &context, &kind_index, errors))
                .collect();
            rendered.push(format!(
                "Enumerant {{ name: {:?}, value: {value}, capabilities: {}, extensions: {}, parameters: &[{}], version: {}, last_version: {}, aliases: {}, provisional: {} }}",
                e.enumerant,
                str_slice(&e.capabilities),
                str_slice(&e.extensions),
                parameters.join(", "),
                spirv_version(e.version.as_deref(), &context, errors),
                opt_spirv_version(e.last_version.as_deref(), &context, errors),
                str_slice(&e.aliases),
                e.provisional,
            ));
        }
        let bases: Vec<String> = kind
            .bases
            .iter()
            .map(|b| match kind_index.get(b.as_str()) {
                Some(i) => format!("OperandKindId({i})"),
                None => {
                    errors.push(format!("operand kind {}: base `{b}`", kind.kind));
                    "OperandKindId(0)".into()
                }
            })
            .collect();
        writeln!(
            out,
            "    OperandKind {{ name: {:?}, category: Category::{category}, enumerants: &[{}], bases: &[{}] }},",
            kind.kind,
            rendered.join(", "),
            bases.join(", ")
        )
        .unwrap();
    }
    out.push_str("];\n");

    // Core instructions, sorted by opcode.
    let mut instructions: Vec<&JsonInstruction> = core.instructions.iter().collect();
    instructions.sort_by_key(|i| i.opcode);
    out.push_str("pub static INSTRUCTIONS: &[Instruction] = &[\n");
    for i in &instructions {
        let operands: Vec<String> = i
            .operands
            .iter()
            .map(|o| operand(o, &i.opname, &kind_index, errors))
            .collect();
        writeln!(
            out,
            "    Instruction {{ name: {:?}, opcode: {}, class: {:?}, operands: &[{}], capabilities: {}, extensions: {}, version: {}, last_version: {}, provisional: {} }},",
            i.opname,
            i.opcode,
            i.class.as_deref().unwrap_or(""),
            operands.join(", "),
            str_slice(&i.capabilities),
            str_slice(&i.extensions),
            spirv_version(i.version.as_deref(), &i.opname, errors),
            opt_spirv_version(i.last_version.as_deref(), &i.opname, errors),
            i.provisional,
        )
        .unwrap();
    }
    out.push_str("];\n");
    // Name (and alias) -> index into INSTRUCTIONS, sorted for binary search.
    let mut by_name: Vec<(&str, usize)> = Vec::new();
    for (index, i) in instructions.iter().enumerate() {
        by_name.push((&i.opname, index));
        for alias in &i.aliases {
            by_name.push((alias, index));
        }
    }
    by_name.sort();
    by_name.dedup_by(|a, b| a.0 == b.0);
    out.push_str("pub static INSTRUCTIONS_BY_NAME: &[(&str, u16)] = &[\n");
    for (name, index) in &by_name {
        writeln!(out, "    ({name:?}, {index}),").unwrap();
    }
    out.push_str("];\n");

    // Extended instruction sets.
    out.push_str("pub static EXTENDED_SETS: &[ExtendedSet] = &[\n");
    for (name, set) in &sets {
        let mut list: Vec<&JsonInstruction> = set.instructions.iter().collect();
        list.sort_by_key(|i| i.opcode);
        let rendered: Vec<String> = list
            .iter()
            .map(|i| {
                let context = format!("{name} {}", i.opname);
                let operands: Vec<String> = i
                    .operands
                    .iter()
                    .map(|o| operand(o, &context, &kind_index, errors))
                    .collect();
                format!(
                    "ExtendedInstruction {{ name: {:?}, opcode: {}, operands: &[{}] }}",
                    i.opname,
                    i.opcode,
                    operands.join(", ")
                )
            })
            .collect();
        writeln!(
            out,
            "    ExtendedSet {{ name: {name:?}, instructions: &[\n        {}\n    ] }},",
            rendered.join(",\n        ")
        )
        .unwrap();
    }
    out.push_str("];\n");
    out
}

/// Reads one of the JSON grammars; the other SPIR-V generators check their data against it.
pub(crate) fn read_grammar(dir: &Path, name: &str, errors: &mut Vec<String>) -> Option<Grammar> {
    let path = dir.join(name);
    let parsed = std::fs::read_to_string(&path)
        .map_err(|e| e.to_string())
        .and_then(|text| serde_json::from_str(&text).map_err(|e| e.to_string()));
    parsed
        .map_err(|e| errors.push(format!("{}: {e}", path.display())))
        .ok()
}

fn operand(
    op: &JsonOperand,
    context: &str,
    kind_index: &BTreeMap<&str, usize>,
    errors: &mut Vec<String>,
) -> String {
    let Some(index) = kind_index.get(op.kind.as_str()) else {
        errors.push(format!("{context}: unknown operand kind `{}`", op.kind));
        return String::new();
    };
    let quantifier = match op.quantifier.as_deref() {
        None => "One",
        Some("?") => "Optional",
        Some("*") => "Many",
        Some(other) => {
            errors.push(format!("{context}: unknown quantifier `{other}`"));
            "One"
        }
    };
    format!(
        "Operand {{ kind: OperandKindId({index}), quantifier: Quantifier::{quantifier}, name: {:?} }}",
        operand_name(op)
    )
}

/// The operand's name as the grammar writes it, without the quotes (`'Name'`) or underscores
/// (`_Name_`) some grammar revisions put around it.
pub(crate) fn operand_name(op: &JsonOperand) -> &str {
    let name = op.name.as_deref().unwrap_or("");
    ['\'', '_']
        .into_iter()
        .find_map(|q| name.strip_prefix(q)?.strip_suffix(q))
        .unwrap_or(name)
}

fn enum_value(value: &serde_json::Value) -> Option<u32> {
    match value {
        serde_json::Value::Number(n) => n.as_u64().and_then(|v| u32::try_from(v).ok()),
        serde_json::Value::String(s) => match s.strip_prefix("0x") {
            Some(hex) => u32::from_str_radix(hex, 16).ok(),
            None => s.parse().ok(),
        },
        _ => None,
    }
}

fn str_slice(items: &[String]) -> String {
    let inner: Vec<String> = items.iter().map(|s| format!("{s:?}")).collect();
    format!("&[{}]", inner.join(", "))
}

/// `"1.3"` -> `Some((1, 3))`; `"None"` (only through an extension) or absent -> `None`.
fn spirv_version(text: Option<&str>, context: &str, errors: &mut Vec<String>) -> String {
    match text {
        None | Some("None") => "None".into(),
        Some(v) => match v
            .split_once('.')
            .and_then(|(a, b)| Some((a.parse::<u8>().ok()?, b.parse::<u8>().ok()?)))
        {
            Some((major, minor)) => format!("Some(SpirvVersion::new({major}, {minor}))"),
            None => {
                errors.push(format!("{context}: version `{v}`"));
                "None".into()
            }
        },
    }
}

fn opt_spirv_version(text: Option<&str>, context: &str, errors: &mut Vec<String>) -> String {
    match text {
        None => "None".into(),
        some => spirv_version(some, context, errors),
    }
}
