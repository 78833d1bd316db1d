//! The walk behind SPV016 (`rules/spirv_operand_target.rs`): id operands that must name a
//! particular kind of instruction. It also finds each `OpVariable`'s initializer, which SPV034
//! (`rules/opencl_decoration.rs`) checks against an `Import` linkage.

use super::facts::Facts;
use super::module::{Instruction, Module, Value};
use super::rules::{opencl_decoration, spirv_operand_target};
use speclint_base::diagnostic::Diagnostic;
use speclint_spec_db::spirv::debug_info;

/// The checks of one instruction.
pub fn check_instruction(
    text: &str,
    module: &Module,
    facts: &Facts,
    inst: &Instruction,
    diagnostics: &mut Vec<Diagnostic>,
) {
    if let Some((set, extended)) = inst.extended {
        if debug_info::SETS.contains(&set.name) {
            spirv_operand_target::check_debug_operands(
                text,
                module,
                facts,
                inst,
                set.name,
                extended.name,
                diagnostics,
            );
        }
        return;
    }
    let Some(opcode) = inst.opcode else { return };
    spirv_operand_target::check_value_operands(text, module, facts, inst, opcode, diagnostics);
    if opcode.name == "OpVariable" {
        variable_initializer(text, module, facts, inst, diagnostics);
    }
}

/// An `OpVariable`'s initializer, where it has one that names an instruction.
fn variable_initializer(
    text: &str,
    module: &Module,
    facts: &Facts,
    inst: &Instruction,
    diagnostics: &mut Vec<Diagnostic>,
) {
    let Some(initializer) = module.operands(inst).get(1) else {
        return;
    };
    let Value::Id(id) = initializer.value else {
        return;
    };
    let Some(definition) = module.definition(id) else {
        return;
    };
    spirv_operand_target::check_variable_initializer(
        text,
        facts,
        initializer,
        id,
        definition,
        diagnostics,
    );
    opencl_decoration::check_imported_initializer(module, facts, inst, initializer, diagnostics);
}
