//! Type rules of SPIR-V core instructions (result and operand types), from
//! `spirv/core-types.toml`, each with the section of the SPIR-V specification it comes from
//! (<https://registry.khronos.org/SPIR-V/specs/unified1/SPIRV.html>). Validated against the core
//! grammar and compiled at build time.

#[path = "core_types_model.rs"]
mod model;
pub use model::*;

/// One core instruction's type rule.
#[derive(Debug)]
pub struct CoreInstruction {
    pub name: &'static str,
    pub opcode: u16,
    /// Section of the SPIR-V 1.6 specification.
    pub section: &'static str,
    /// The result type's rule (`None`: no result type, or only `check` constrains it).
    pub result: Option<Rule>,
    /// One per grammar operand (result type and result id not counted); the last repeats for
    /// a `*` operand.
    pub operands: &'static [Rule],
    /// A hand-written rule the checker applies as well.
    pub check: Option<Check>,
}

include!(concat!(env!("OUT_DIR"), "/spirv_core_types.rs"));

pub fn instruction_by_opcode(opcode: u16) -> Option<&'static CoreInstruction> {
    INSTRUCTIONS
        .binary_search_by_key(&opcode, |i| i.opcode)
        .ok()
        .map(|i| &INSTRUCTIONS[i])
}

pub fn instruction(name: &str) -> Option<&'static CoreInstruction> {
    INSTRUCTIONS.iter().find(|i| i.name == name)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spirv::grammar;

    #[test]
    fn rules_are_found_by_opcode_and_match_the_grammar() {
        for inst in INSTRUCTIONS {
            assert_eq!(
                instruction_by_opcode(inst.opcode).map(|i| i.name),
                Some(inst.name)
            );
            let g = grammar::instruction(inst.name).unwrap();
            assert_eq!(g.opcode, inst.opcode);
        }
        let iadd = instruction("OpIAdd").unwrap();
        assert_eq!(iadd.section, "3.3.13 Arithmetic Instructions");
        assert_eq!(iadd.operands[0].to_string(), "int[count,width]");
        assert_eq!(
            instruction("OpLoad").unwrap().operands[0].to_string(),
            "pointer[pointee]"
        );
        assert_eq!(
            instruction("OpAccessChain").unwrap().check,
            Some(Check::AccessChain)
        );
        assert!(instruction("OpMatrixTimesVector").is_none());
    }
}
