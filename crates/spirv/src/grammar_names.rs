//! How the grammar's names are put into messages: an instruction's operand list as people
//! read it, and how far a misspelt name may be from a suggestion. The walk in `module.rs`, the
//! rules and the hovers all word these the same way, so they live below all of them.

use speclint_spec_db::spirv::grammar::{self, Quantifier};

/// How far a misspelling may be from a suggestion: a third of the name, at least 2 edits.
pub(crate) fn suggestion_distance(name: &str) -> usize {
    (name.len() / 3).max(2)
}

/// A parameter by its name, or by its kind where the grammar leaves it unnamed.
pub(crate) fn parameter_name(parameter: &grammar::Operand) -> &'static str {
    if parameter.name.is_empty() {
        parameter.kind.get().name
    } else {
        parameter.name
    }
}

/// "Result Type, Pointer, Memory, Semantics".
pub(crate) fn operand_list(operands: &[grammar::Operand]) -> String {
    let names: Vec<String> = operands
        .iter()
        .filter(|o| o.kind.get().name != "IdResult")
        .map(|o| {
            let name = if o.kind.get().name == "IdResultType" {
                "Result Type"
            } else {
                parameter_name(o)
            };
            match o.quantifier {
                Quantifier::One => name.to_string(),
                Quantifier::Optional => format!("[{name}]"),
                Quantifier::Many => format!("{name}…"),
            }
        })
        .collect();
    if names.is_empty() {
        "no operands".to_string()
    } else {
        names.join(", ")
    }
}
