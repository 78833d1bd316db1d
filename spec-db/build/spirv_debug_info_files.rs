//! Validates `spirv/debug-info.toml` (what the id operands of the debug-information sets must
//! name) against the grammars and compiles it into `OUT_DIR/spirv_debug_info.rs`, together with
//! the operands of `NonSemantic.Shader.DebugInfo.100` that stand for literals: those an
//! `OpenCL.DebugInfo.100` instruction of the same name types as a literal or an enumerant.

use super::rust_writer::{str_lit, str_slice};
use super::spirv_grammar::{operand_name, read_grammar, Grammar};
use serde::Deserialize;
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

const OPENCL_DEBUG: &str = "extinst.opencl.debuginfo.100.grammar.json";
const SHADER_DEBUG: &str = "extinst.nonsemantic.shader.debuginfo.100.grammar.json";

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct DataFile {
    groups: BTreeMap<String, Vec<String>>,
    operand: Vec<OperandEntry>,
    constants: Constants,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct OperandEntry {
    instructions: Vec<String>,
    operand: String,
    names: Vec<String>,
    #[serde(rename = "spirv-val")]
    spirv_val: String,
    /// For a pair operand (`PairIdRefIdRef`): what the second id of each pair names.
    #[serde(default, rename = "pair-second")]
    pair_second: Vec<String>,
    #[serde(default)]
    note: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Constants {
    #[serde(rename = "unchecked-instructions")]
    unchecked_instructions: Vec<String>,
    #[serde(rename = "unchecked-operands")]
    unchecked_operands: Vec<InstructionOperand>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct InstructionOperand {
    instruction: String,
    operand: String,
}

/// Instruction name -> its operands' (name, kind), in one grammar.
fn operands_by_instruction(grammar: &Grammar) -> BTreeMap<&str, Vec<(&str, &str)>> {
    grammar
        .instructions
        .iter()
        .map(|i| {
            let ops = i
                .operands
                .iter()
                .map(|o| (operand_name(o), o.kind.as_str()))
                .collect();
            (i.opname.as_str(), ops)
        })
        .collect()
}

pub fn generate(file: &Path, grammar_dir: &Path, errors: &mut Vec<String>) -> String {
    let (Some(core), Some(opencl), Some(shader)) = (
        read_grammar(grammar_dir, "spirv.core.grammar.json", errors),
        read_grammar(grammar_dir, OPENCL_DEBUG, errors),
        read_grammar(grammar_dir, SHADER_DEBUG, errors),
    ) else {
        return String::new();
    };
    let data: DataFile = match std::fs::read_to_string(file)
        .map_err(|e| e.to_string())
        .and_then(|t| toml::from_str(&t).map_err(|e| e.to_string()))
    {
        Ok(d) => d,
        Err(e) => {
            errors.push(format!("{}: {e}", file.display()));
            return String::new();
        }
    };
    let opencl_ops = operands_by_instruction(&opencl);
    let shader_ops = operands_by_instruction(&shader);
    let core_names: BTreeSet<&str> = core
        .instructions
        .iter()
        .map(|i| i.opname.as_str())
        .collect();
    let is_debug = |name: &str| opencl_ops.contains_key(name) || shader_ops.contains_key(name);
    let mut error = |m: String| errors.push(format!("debug-info.toml: {m}"));

    // Groups expand to debug instruction names; a member may be another group of instructions.
    let mut groups: BTreeMap<&str, Vec<String>> = BTreeMap::new();
    for (group, members) in &data.groups {
        let mut names = Vec::new();
        for member in members {
            let inner = data.groups.get(member).map_or(&[][..], |m| m.as_slice());
            for name in std::iter::once(member).chain(inner) {
                if is_debug(name) {
                    names.push(name.clone());
                } else if !data.groups.contains_key(name) {
                    error(format!(
                        "group {group}: `{name}` is no debug instruction or group"
                    ));
                }
            }
        }
        groups.insert(group, names);
    }

    let mut rows = Vec::new();
    let mut seen = BTreeSet::new();
    for entry in &data.operand {
        let context = format!("{} of {:?}", entry.operand, entry.instructions);
        let enforced = match entry.spirv_val.as_str() {
            "rejects" => true,
            "accepts" => false,
            other => {
                error(format!(
                    "{context}: spirv-val = `{other}` (rejects or accepts)"
                ));
                continue;
            }
        };
        let mut expand = |listed: &[String]| {
            let mut names = Vec::new();
            for name in listed {
                if let Some(members) = groups.get(name.as_str()) {
                    names.extend(members.iter().cloned());
                } else if is_debug(name) || core_names.contains(name.as_str()) {
                    names.push(name.clone());
                } else {
                    error(format!("{context}: `{name}` is no instruction or group"));
                }
            }
            names.sort();
            names.dedup();
            names
        };
        let names = expand(&entry.names);
        let second = expand(&entry.pair_second);
        for instruction in &entry.instructions {
            let has = |ops: &BTreeMap<&str, Vec<(&str, &str)>>| {
                ops.get(instruction.as_str())
                    .is_some_and(|o| o.iter().any(|(n, _)| *n == entry.operand))
            };
            if !is_debug(instruction) {
                error(format!(
                    "{context}: `{instruction}` is no debug instruction"
                ));
                continue;
            }
            if !has(&opencl_ops) && !has(&shader_ops) {
                error(format!(
                    "{context}: `{instruction}` has no operand `{}` in either grammar",
                    entry.operand
                ));
                continue;
            }
            let is_pair = |ops: &BTreeMap<&str, Vec<(&str, &str)>>| {
                ops.get(instruction.as_str()).is_some_and(|o| {
                    o.iter()
                        .any(|(n, kind)| *n == entry.operand && *kind == "PairIdRefIdRef")
                })
            };
            if (is_pair(&opencl_ops) || is_pair(&shader_ops)) == second.is_empty() {
                error(format!(
                    "{context}: `pair-second` is for pair operands, and a pair operand needs it"
                ));
            }
            if !seen.insert((instruction.clone(), entry.operand.clone(), enforced)) {
                error(format!("{context}: `{instruction}` listed twice"));
            }
            rows.push(format!(
                "    OperandRule {{ instruction: {}, operand: {}, names: {}, pair_second: {}, enforced: {enforced}, note: {} }},\n",
                str_lit(instruction),
                str_lit(&entry.operand),
                str_slice(&names),
                str_slice(&second),
                str_lit(entry.note.as_deref().unwrap_or("")),
            ));
        }
    }

    // NonSemantic ids that stand for OpenCL.DebugInfo.100's literals and enumerants.
    for name in &data.constants.unchecked_instructions {
        if !shader_ops.contains_key(name.as_str()) {
            error(format!("constants: `{name}` is not in {SHADER_DEBUG}"));
        }
    }
    let mut constants = Vec::new();
    let mut unchecked_seen = BTreeSet::new();
    for (instruction, ops) in &shader_ops {
        let Some(literal_ops) = opencl_ops.get(instruction) else {
            continue;
        };
        for (operand, _) in ops {
            let literal = literal_ops
                .iter()
                .any(|(n, kind)| n == operand && *kind != "IdRef" && *kind != "PairIdRefIdRef");
            if !literal {
                continue;
            }
            let unchecked_operand = data
                .constants
                .unchecked_operands
                .iter()
                .any(|u| u.instruction == *instruction && u.operand == *operand);
            if unchecked_operand {
                unchecked_seen.insert((instruction.to_string(), operand.to_string()));
            }
            let enforced = !unchecked_operand
                && !data
                    .constants
                    .unchecked_instructions
                    .iter()
                    .any(|u| u == instruction);
            constants.push(format!(
                "    ConstantOperand {{ instruction: {}, operand: {}, enforced: {enforced} }},\n",
                str_lit(instruction),
                str_lit(operand)
            ));
        }
    }
    for u in &data.constants.unchecked_operands {
        if !unchecked_seen.contains(&(u.instruction.clone(), u.operand.clone())) {
            error(format!(
                "constants: {} `{}` is no literal operand of both grammars",
                u.instruction, u.operand
            ));
        }
    }

    let mut out = String::from("pub static OPERAND_RULES: &[OperandRule] = &[\n");
    for row in rows {
        out.push_str(&row);
    }
    out.push_str("];\npub static CONSTANT_OPERANDS: &[ConstantOperand] = &[\n");
    for row in constants {
        out.push_str(&row);
    }
    out.push_str("];\n");
    out
}
