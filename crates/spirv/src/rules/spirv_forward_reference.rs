//! SPV005 `spirv-forward-reference`: ids used before their definition where the specification
//! allows no forward reference.

use crate::facts::Facts;
use crate::module::{Module, Value};
use rustc_hash::FxHashSet;
use speclint_base::diagnostic::Diagnostic;
use speclint_base::rules::rules;

rules! {
    SPIRV_FORWARD_REFERENCE = "SPV005" "spirv-forward-reference" Error fix=false {
        summary: "An id is used before its definition where the specification forbids it",
        explanation: "Forward references are allowed only in a few places: names, decorations, entry points and execution modes, `OpTypeForwardPointer`, branch targets and `OpPhi` operands, and calls to functions defined later. Anywhere else the definition must come first (SPIR-V 2.4 Logical Layout of a Module; 2.16 Validation Rules).",
        example: "%p = OpTypePointer CrossWorkgroup %uint   ; SPV005: %uint is defined below\n%uint = OpTypeInt 32 0",
    }
}

/// Instructions whose id operands may name ids defined later.
fn allows_forward_references(name: &str) -> bool {
    matches!(
        name,
        "OpName"
            | "OpMemberName"
            | "OpDecorate"
            | "OpMemberDecorate"
            | "OpDecorateId"
            | "OpDecorateString"
            | "OpMemberDecorateString"
            | "OpGroupDecorate"
            | "OpGroupMemberDecorate"
            | "OpEntryPoint"
            | "OpExecutionMode"
            | "OpExecutionModeId"
            | "OpTypeForwardPointer"
            | "OpPhi"
            | "OpBranch"
            | "OpBranchConditional"
            | "OpSwitch"
            | "OpLoopMerge"
            | "OpSelectionMerge"
    )
}

/// Forward references of the instructions in `range`: all of them, or the instructions of
/// functions (which hold no OpTypeForwardPointer, OpTypePointer or OpTypeStruct to need the
/// ones before).
pub(crate) fn check_forward_references(
    module: &Module,
    facts: &Facts,
    range: std::ops::Range<usize>,
    diagnostics: &mut Vec<Diagnostic>,
) {
    // Ids OpTypeForwardPointer declares may be used by pointer and struct types before their
    // definition.
    let mut forward_pointers: FxHashSet<u32> = FxHashSet::default();
    for (index, inst) in module.instructions[range.clone()].iter().enumerate() {
        let index = index + range.start;
        let Some(opcode) = inst.opcode else { continue };
        if allows_forward_references(opcode.name) {
            if opcode.name == "OpTypeForwardPointer" {
                if let Some(Value::Id(id)) = module.operands(inst).first().map(|o| o.value) {
                    forward_pointers.insert(id);
                }
            }
            continue;
        }
        let uses = inst.result_type.into_iter().map(|id| (id, None)).chain(
            module.operands(inst).iter().filter_map(|o| match o.value {
                Value::Id(id) => Some((id, Some(o))),
                _ => None,
            }),
        );
        for (id, operand) in uses {
            let Some(definition) = module.ids[id as usize].definition else {
                continue;
            };
            if definition as usize <= index {
                continue;
            }
            let allowed = match opcode.name {
                "OpTypePointer" | "OpTypeStruct" => forward_pointers.contains(&id),
                // Functions may be called (or enqueued) before they are defined.
                _ => {
                    facts.function_index.contains_key(&id)
                        && operand.is_some_and(|o| matches!(o.name(), "Function" | "Invoke"))
                }
            };
            if allowed {
                continue;
            }
            let range = operand.map_or(inst.range, |o| o.range());
            let in_same_function = facts
                .function_containing(index as u32)
                .is_some_and(|f| facts.function_containing(definition) == Some(f));
            let message = if in_same_function {
                // Definitions dominate their uses and blocks come before the blocks they
                // dominate, so outside OpPhi a use always follows its definition.
                format!(
                    "{} uses a value defined further down the function: the block that defines it must come before this one (blocks appear before the blocks they dominate)",
                    opcode.name
                )
            } else {
                format!(
                    "{} uses an id defined later in the module; {} may not refer forward",
                    opcode.name, opcode.name
                )
            };
            diagnostics.push(Diagnostic::new(&SPIRV_FORWARD_REFERENCE, range, message));
        }
    }
}
