//! What the id operands of the debug-information extended instruction sets
//! (`OpenCL.DebugInfo.100`, `NonSemantic.Shader.DebugInfo.100`) must name, from
//! `spirv/debug-info.toml`: the instruction an operand's id is the result of, and whether
//! spirv-val 2023.1 checks it. Validated against the grammars and compiled at build time.

/// The sets these rules are for, by the name `OpExtInstImport` gives them.
pub const SETS: [&str; 2] = ["OpenCL.DebugInfo.100", "NonSemantic.Shader.DebugInfo.100"];

/// One operand of one debug instruction and the instructions its id may be the result of.
#[derive(Debug)]
pub struct OperandRule {
    pub instruction: &'static str,
    /// The grammar's operand name.
    pub operand: &'static str,
    /// Core opcodes (`OpString`) and debug instructions of the same set (`DebugSource`).
    pub names: &'static [&'static str],
    /// For a pair operand (`DebugTypeEnum`'s values and names): what the second id of each
    /// pair names (`names` is for the first). Empty for other operands.
    pub pair_second: &'static [&'static str],
    /// spirv-val 2023.1 rejects an id of another instruction: an error, else a warning.
    pub enforced: bool,
    /// What differs between the specification and spirv-val, if anything.
    pub note: &'static str,
}

/// An operand of `NonSemantic.Shader.DebugInfo.100` that stands for a literal or enumerant of
/// `OpenCL.DebugInfo.100`: it names a 32-bit unsigned integer `OpConstant`.
#[derive(Debug)]
pub struct ConstantOperand {
    pub instruction: &'static str,
    pub operand: &'static str,
    /// spirv-val 2023.1 checks it.
    pub enforced: bool,
}

include!(concat!(env!("OUT_DIR"), "/spirv_debug_info.rs"));

/// The rules of an operand, checked ones first.
pub fn operand_rules<'a>(
    instruction: &'a str,
    operand: &'a str,
) -> impl Iterator<Item = &'static OperandRule> + 'a {
    let matching = move |enforced: bool| {
        OPERAND_RULES.iter().filter(move |r| {
            r.enforced == enforced && r.instruction == instruction && r.operand == operand
        })
    };
    matching(true).chain(matching(false))
}

/// The non-semantic operand standing for a literal, if this is one.
pub fn constant_operand(instruction: &str, operand: &str) -> Option<&'static ConstantOperand> {
    CONSTANT_OPERANDS
        .iter()
        .find(|c| c.instruction == instruction && c.operand == operand)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spirv::grammar;

    #[test]
    fn a_debug_functions_declaration_names_a_debug_function_declaration() {
        let rules: Vec<_> = operand_rules("DebugFunction", "Declaration").collect();
        assert_eq!(rules.len(), 1);
        assert_eq!(rules[0].names, ["DebugFunctionDeclaration"]);
        assert!(rules[0].enforced);
    }

    #[test]
    fn an_enums_pairs_are_a_constant_and_a_string() {
        let rule = operand_rules("DebugTypeEnum", "Value, Name, Value, Name, ...")
            .next()
            .unwrap();
        assert_eq!(
            (rule.names, rule.pair_second),
            (&["OpConstant"][..], &["OpString"][..])
        );
    }

    #[test]
    fn checked_rules_come_before_the_ones_spirv_val_does_not_check() {
        let rules: Vec<_> = operand_rules("DebugFunction", "Type").collect();
        assert_eq!(
            rules.iter().map(|r| r.enforced).collect::<Vec<_>>(),
            [true, false]
        );
        assert!(rules[0].names.contains(&"DebugTypeFunction"));
        assert_eq!(rules[1].names, ["DebugTypeFunction"]);
    }

    #[test]
    fn non_semantic_literals_come_from_the_two_grammars() {
        let line = constant_operand("DebugFunction", "Line").unwrap();
        assert!(line.enforced);
        assert!(
            !constant_operand("DebugTypeComposite", "Tag")
                .unwrap()
                .enforced
        );
        // An id in both sets is no literal.
        assert!(constant_operand("DebugFunction", "Source").is_none());
        // OpenCL.DebugInfo.100's DebugTypeBasic has no Flags operand to pair with.
        assert!(constant_operand("DebugTypeBasic", "Flags").is_none());
    }

    #[test]
    fn every_rule_names_operands_the_grammars_have() {
        for set in SETS {
            assert!(grammar::extended_set(set).is_some(), "{set}");
        }
        let shader = grammar::extended_set(SETS[1]).unwrap();
        let function = shader.instruction("DebugFunction").unwrap();
        assert!(function.operands.iter().any(|o| o.name == "Declaration"));
        for rule in OPERAND_RULES {
            let found = SETS.iter().any(|set| {
                grammar::extended_set(set)
                    .and_then(|s| s.instruction(rule.instruction))
                    .is_some_and(|i| i.operands.iter().any(|o| o.name == rule.operand))
            });
            assert!(found, "{} {}", rule.instruction, rule.operand);
        }
    }
}
