//! Validates `spirv/core-types.toml` (type rules of core instructions) against the core grammar
//! and compiles it into `OUT_DIR/spirv_core_types.rs`. Every error names the entry.

use super::spirv_grammar::{read_grammar, JsonInstruction, JsonOperand};
use crate::core_types_model::{parse_rule, Check, Ref, Rule, ValueRule};
use serde::Deserialize;
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// The sections instructions may cite: SPIR-V 1.6, 3.3 Instructions.
const SECTIONS: &[&str] = &[
    "3.3.7 Constant-Creation Instructions",
    "3.3.8 Memory Instructions",
    "3.3.9 Function Instructions",
    "3.3.10 Image Instructions",
    "3.3.11 Conversion Instructions",
    "3.3.12 Composite Instructions",
    "3.3.13 Arithmetic Instructions",
    "3.3.14 Bit Instructions",
    "3.3.15 Relational and Logical Instructions",
    "3.3.17 Control-Flow Instructions",
    "3.3.18 Atomic Instructions",
    "3.3.20 Barrier Instructions",
    "3.3.21 Group and Subgroup Instructions",
    "3.3.22 Device-Side Enqueue Instructions",
    "3.3.23 Pipe Instructions",
    "3.3.24 Non-Uniform Instructions",
];

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct DataFile {
    instruction: Vec<Entry>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Entry {
    name: String,
    section: String,
    #[serde(default)]
    result: Option<String>,
    operands: Vec<String>,
    #[serde(default)]
    check: Option<String>,
}

pub fn generate(file: &Path, grammar_dir: &Path, errors: &mut Vec<String>) -> String {
    let Some(grammar) = read_grammar(grammar_dir, "spirv.core.grammar.json", errors) else {
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
    let by_name: BTreeMap<&str, &JsonInstruction> = grammar
        .instructions
        .iter()
        .map(|i| (i.opname.as_str(), i))
        .collect();
    let id_kinds: BTreeSet<&str> = grammar
        .operand_kinds
        .iter()
        .filter(|k| k.category == "Id")
        .map(|k| k.kind.as_str())
        .collect();

    let mut seen = BTreeSet::new();
    let mut rows: Vec<(u32, String)> = Vec::new();
    for entry in &data.instruction {
        let mut error = |m: String| errors.push(format!("core-types.toml: {}: {m}", entry.name));
        if !seen.insert(entry.name.clone()) {
            error("listed twice".into());
        }
        let Some(inst) = by_name.get(entry.name.as_str()) else {
            error("not an instruction of the core grammar".into());
            continue;
        };
        if !SECTIONS.contains(&entry.section.as_str()) {
            error(format!("unknown section `{}`", entry.section));
        }
        let has_result_type = inst.operands.iter().any(|o| o.kind == "IdResultType");
        let grammar_operands: Vec<&JsonOperand> = inst
            .operands
            .iter()
            .filter(|o| o.kind != "IdResultType" && o.kind != "IdResult")
            .collect();
        if entry.result.is_some() && !has_result_type {
            error("has a result rule but the instruction has no result type".into());
        }
        if entry.operands.len() != grammar_operands.len() {
            error(format!(
                "{} operand rules for {} grammar operands",
                entry.operands.len(),
                grammar_operands.len()
            ));
            continue;
        }
        let parse = |token: &str, error: &mut dyn FnMut(String)| -> Option<Rule> {
            let rule = parse_rule(token).map_err(&mut *error).ok()?;
            for r in rule.refs() {
                let ok = match r {
                    Ref::Result => has_result_type,
                    Ref::Operand(n) => (n as usize) < grammar_operands.len(),
                };
                if !ok {
                    error(format!("`{token}` refers to nothing"));
                }
            }
            Some(rule)
        };
        let result = match &entry.result {
            Some(t) => match parse(t, &mut error) {
                Some(r) => format!("Some({})", rule_rust(&r)),
                None => continue,
            },
            None => "None".to_string(),
        };
        let mut operands = Vec::new();
        for (token, operand) in entry.operands.iter().zip(&grammar_operands) {
            let Some(rule) = parse(token, &mut error) else {
                continue;
            };
            if rule != Rule::Unchecked && !id_kinds.contains(operand.kind.as_str()) {
                error(format!(
                    "`{token}` on a {} operand: literal and enumerant operands take `-`",
                    operand.kind
                ));
            }
            operands.push(rule_rust(&rule));
        }
        let check = match &entry.check {
            Some(c) => match Check::parse(c) {
                Ok(c) => format!("Some(Check::{c:?})"),
                Err(e) => {
                    error(e);
                    continue;
                }
            },
            None => "None".to_string(),
        };
        rows.push((
            inst.opcode,
            format!(
                "    CoreInstruction {{ name: {:?}, opcode: {}, section: {:?}, result: {result}, operands: &[{}], check: {check} }},\n",
                entry.name,
                inst.opcode,
                entry.section,
                operands.join(", ")
            ),
        ));
    }
    rows.sort_by_key(|(opcode, _)| *opcode);
    let mut out =
        String::from("/// Sorted by opcode.\npub static INSTRUCTIONS: &[CoreInstruction] = &[\n");
    for (_, row) in rows {
        out.push_str(&row);
    }
    out.push_str("];\n");
    out
}

fn ref_rust(r: Ref) -> String {
    match r {
        Ref::Result => "Ref::Result".into(),
        Ref::Operand(n) => format!("Ref::Operand({n})"),
    }
}

fn opt_ref(r: Option<Ref>) -> String {
    r.map_or("None".into(), |r| format!("Some({})", ref_rust(r)))
}

fn rule_rust(rule: &Rule) -> String {
    match rule {
        Rule::Unchecked => "Rule::Unchecked".into(),
        Rule::Same(r) => format!("Rule::Same({})", ref_rust(*r)),
        Rule::Value(ValueRule {
            base,
            shape,
            count,
            width,
            component,
            pointee,
            bits,
        }) => format!(
            "Rule::Value(ValueRule {{ base: Base::{:?}, shape: Shape::{:?}, count: {}, width: {}, component: {}, pointee: {}, bits: {bits} }})",
            base,
            shape,
            opt_ref(*count),
            opt_ref(*width),
            opt_ref(*component),
            opt_ref(*pointee)
        ),
    }
}
