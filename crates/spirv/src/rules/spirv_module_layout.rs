//! SPV006 `spirv-module-layout`: the sections of a module in order, one memory model, header
//! instructions outside functions and a function's `OpVariable`s first in its first block.

use crate::layout::{section_of, Section};
use crate::module::{Instruction, Module};
use speclint_base::diagnostic::Diagnostic;
use speclint_base::rules::rules;
use speclint_base::text::TextRange;

rules! {
    SPIRV_MODULE_LAYOUT = "SPV006" "spirv-module-layout" Error fix=false {
        summary: "An instruction is out of the module's logical layout order",
        explanation: "A module lists, in order: capabilities, extensions, extended instruction set imports, the one memory model, entry points, execution modes, debug instructions (strings, names), annotations (decorations), types, constants and global variables, function declarations, function definitions. Inside a function, `OpFunctionParameter`s follow `OpFunction`, blocks start with `OpLabel` and end with a terminator, and `OpVariable`s come first in the first block (SPIR-V 2.4).",
        example: "OpMemoryModel Physical64 OpenCL\nOpCapability Kernel   ; SPV006: capabilities come first",
    }
}

/// The module's sections and memory models.
pub(crate) fn check_sections(module: &Module, diagnostics: &mut Vec<Diagnostic>) {
    let mut latest = Section::Capability;
    let mut latest_name = "";
    let mut memory_models = 0;
    let mut in_function = false;
    for inst in &module.instructions {
        let Some(opcode) = inst.opcode else { continue };
        match opcode.name {
            "OpFunction" => in_function = true,
            "OpFunctionEnd" => {
                in_function = false;
                continue;
            }
            "OpMemoryModel" => {
                memory_models += 1;
                if memory_models == 2 {
                    diagnostics.push(Diagnostic::new(
                        &SPIRV_MODULE_LAYOUT,
                        inst.range,
                        "a module has exactly one OpMemoryModel; this is the second",
                    ));
                }
            }
            _ => {}
        }
        if in_function && opcode.name != "OpFunction" {
            // Instructions of the header sections cannot appear inside a function.
            if let Some(section) = section_of(opcode.name, opcode.class) {
                if section <= Section::Annotation || matches!(opcode.class, "Type-Declaration") {
                    diagnostics.push(Diagnostic::new(
                        &SPIRV_MODULE_LAYOUT,
                        inst.range,
                        format!(
                            "{} belongs with the {}, before the functions",
                            opcode.name,
                            section.describe()
                        ),
                    ));
                }
            }
            continue;
        }
        let Some(section) = section_of(opcode.name, opcode.class) else {
            if !in_function && !matches!(opcode.name, "OpLine" | "OpNoLine" | "OpNop") {
                diagnostics.push(Diagnostic::new(
                    &SPIRV_MODULE_LAYOUT,
                    inst.range,
                    format!("{} may only appear inside a function", opcode.name),
                ));
            }
            continue;
        };
        if section < latest {
            diagnostics.push(Diagnostic::new(
                &SPIRV_MODULE_LAYOUT,
                inst.range,
                format!(
                    "{} is out of order: {} come before {} (after {})",
                    opcode.name,
                    section.describe(),
                    latest.describe(),
                    latest_name
                ),
            ));
        } else {
            latest = section;
            latest_name = opcode.name;
        }
    }
    if memory_models == 0 && !module.instructions.is_empty() {
        diagnostics.push(Diagnostic::new(
            &SPIRV_MODULE_LAYOUT,
            TextRange::empty(0),
            "the module has no OpMemoryModel (OpMemoryModel Physical64 OpenCL for a 64-bit OpenCL module)",
        ));
    }
}

/// An `OpVariable` of a function, where the block walk says whether only variables came before
/// it in the function's first block (`variables_allowed`).
pub(crate) fn check_variable_position(
    inst: &Instruction,
    variables_allowed: bool,
    diagnostics: &mut Vec<Diagnostic>,
) {
    if !variables_allowed {
        diagnostics.push(Diagnostic::new(
            &SPIRV_MODULE_LAYOUT,
            inst.range,
            "a function's OpVariables must be the first instructions of its first block",
        ));
    }
}
