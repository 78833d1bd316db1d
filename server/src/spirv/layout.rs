//! The module's structure (SPIR-V 2.4 Logical Layout of a Module): sections in order, one
//! memory model, functions made of blocks that end in a terminator, `OpPhi` first in its block
//! with one value per predecessor, branch targets that are labels, and ids defined before use
//! except where forward references are allowed.

use super::facts::Facts;
use super::module::{Instruction, Module, Value};
use super::rules;
use crate::core::diagnostic::Diagnostic;
use crate::core::text::TextRange;
use rustc_hash::{FxHashMap, FxHashSet};

/// The sections of a module, in the order they must come.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Section {
    Capability,
    Extension,
    Import,
    MemoryModel,
    EntryPoint,
    ExecutionMode,
    DebugSource,
    DebugName,
    DebugProcessed,
    Annotation,
    Globals,
    Functions,
}

impl Section {
    fn describe(self) -> &'static str {
        match self {
            Section::Capability => "capabilities (OpCapability)",
            Section::Extension => "extensions (OpExtension)",
            Section::Import => "extended instruction set imports (OpExtInstImport)",
            Section::MemoryModel => "the memory model (OpMemoryModel)",
            Section::EntryPoint => "entry points (OpEntryPoint)",
            Section::ExecutionMode => "execution modes (OpExecutionMode)",
            Section::DebugSource => "debug strings and sources (OpString, OpSource)",
            Section::DebugName => "debug names (OpName, OpMemberName)",
            Section::DebugProcessed => "OpModuleProcessed",
            Section::Annotation => "annotations (OpDecorate and the like)",
            Section::Globals => "types, constants and global variables",
            Section::Functions => "functions",
        }
    }
}

/// The section an instruction belongs to outside functions; `None` for instructions allowed
/// anywhere (OpLine, OpNop) or only inside functions.
fn section_of(name: &str, class: &str) -> Option<Section> {
    Some(match name {
        "OpCapability" => Section::Capability,
        "OpExtension" => Section::Extension,
        "OpExtInstImport" => Section::Import,
        "OpMemoryModel" => Section::MemoryModel,
        "OpEntryPoint" => Section::EntryPoint,
        "OpExecutionMode" | "OpExecutionModeId" => Section::ExecutionMode,
        "OpString" | "OpSource" | "OpSourceContinued" | "OpSourceExtension" => Section::DebugSource,
        "OpName" | "OpMemberName" => Section::DebugName,
        "OpModuleProcessed" => Section::DebugProcessed,
        "OpLine" | "OpNoLine" | "OpNop" => return None,
        "OpVariable" | "OpUndef" | "OpExtInst" | "OpTypeForwardPointer" => Section::Globals,
        "OpFunction" => Section::Functions,
        _ => match class {
            "Annotation" => Section::Annotation,
            "Type-Declaration" | "Constant-Creation" => Section::Globals,
            _ => return None,
        },
    })
}

fn is_terminator(name: &str) -> bool {
    matches!(
        name,
        "OpBranch"
            | "OpBranchConditional"
            | "OpSwitch"
            | "OpReturn"
            | "OpReturnValue"
            | "OpKill"
            | "OpUnreachable"
            | "OpTerminateInvocation"
            | "OpIgnoreIntersectionKHR"
            | "OpTerminateRayKHR"
            | "OpEmitMeshTasksEXT"
    )
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

pub fn check(module: &Module, facts: &Facts, diagnostics: &mut Vec<Diagnostic>) {
    check_sections(module, diagnostics);
    check_forward_references(module, facts, diagnostics);
    check_blocks(module, diagnostics);
}

fn check_sections(module: &Module, diagnostics: &mut Vec<Diagnostic>) {
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
                        &rules::MODULE_LAYOUT,
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
                if section < Section::Annotation
                    || (section == Section::Annotation)
                    || matches!(opcode.class, "Type-Declaration")
                {
                    diagnostics.push(Diagnostic::new(
                        &rules::MODULE_LAYOUT,
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
                    &rules::MODULE_LAYOUT,
                    inst.range,
                    format!("{} may only appear inside a function", opcode.name),
                ));
            }
            continue;
        };
        if section < latest {
            diagnostics.push(Diagnostic::new(
                &rules::MODULE_LAYOUT,
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
            &rules::MODULE_LAYOUT,
            TextRange::empty(0),
            "the module has no OpMemoryModel (OpMemoryModel Physical64 OpenCL for a 64-bit OpenCL module)",
        ));
    }
}

fn check_forward_references(module: &Module, facts: &Facts, diagnostics: &mut Vec<Diagnostic>) {
    // Ids OpTypeForwardPointer declares may be used by pointer and struct types before their
    // definition.
    let mut forward_pointers: FxHashSet<u32> = FxHashSet::default();
    for (index, inst) in module.instructions.iter().enumerate() {
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
                _ => facts.function_index.contains_key(&id)
                    && operand.is_some_and(|o| matches!(o.name, "Function" | "Invoke")),
            };
            if allowed {
                continue;
            }
            let range = operand.map_or(inst.range, |o| o.range);
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
            diagnostics.push(Diagnostic::new(&rules::FORWARD_REFERENCE, range, message));
        }
    }
}

/// Blocks: labels, terminators, branch targets and `OpPhi`.
fn check_blocks(module: &Module, diagnostics: &mut Vec<Diagnostic>) {
    let labels: FxHashSet<u32> = module
        .instructions
        .iter()
        .filter(|i| i.name() == "OpLabel")
        .filter_map(|i| i.result)
        .collect();
    let mut in_function = false;
    let mut in_block: Option<u32> = None;
    let mut seen_non_phi = false;
    // Per function: block -> predecessors, and the phis to check once all branches are known.
    let mut predecessors: FxHashMap<u32, Vec<u32>> = FxHashMap::default();
    let mut phis: Vec<(u32, &Instruction)> = Vec::new();
    let finish_function = |predecessors: &mut FxHashMap<u32, Vec<u32>>,
                           phis: &mut Vec<(u32, &Instruction)>,
                           diagnostics: &mut Vec<Diagnostic>| {
        for (block, phi) in phis.drain(..) {
            let expected: FxHashSet<u32> = predecessors
                .get(&block)
                .map(|p| p.iter().copied().collect())
                .unwrap_or_default();
            let mut named: FxHashSet<u32> = FxHashSet::default();
            for pair in module.operands(phi).chunks(2) {
                if let [_, parent] = pair {
                    if let Value::Id(parent_id) = parent.value {
                        if !labels.contains(&parent_id) {
                            diagnostics.push(Diagnostic::new(
                                &rules::CONTROL_FLOW,
                                parent.range,
                                "OpPhi's parent operand must be the label of a block",
                            ));
                        } else if !expected.contains(&parent_id) {
                            diagnostics.push(Diagnostic::new(
                                &rules::CONTROL_FLOW,
                                parent.range,
                                "this block is not a predecessor of the OpPhi's block: no branch from it leads here",
                            ));
                        }
                        named.insert(parent_id);
                    }
                }
            }
            let missing = expected.difference(&named).count();
            if missing > 0 {
                diagnostics.push(Diagnostic::new(
                    &rules::CONTROL_FLOW,
                    phi.range,
                    format!(
                        "OpPhi names no value for {missing} of its block's {} predecessor(s)",
                        expected.len()
                    ),
                ));
            }
        }
        predecessors.clear();
    };
    for inst in &module.instructions {
        let Some(opcode) = inst.opcode else { continue };
        match opcode.name {
            "OpFunction" => {
                in_function = true;
                in_block = None;
                continue;
            }
            "OpFunctionEnd" => {
                if let Some(_block) = in_block {
                    diagnostics.push(Diagnostic::new(
                        &rules::CONTROL_FLOW,
                        inst.range,
                        "the function's last block has no terminator (OpReturn, OpBranch, …)",
                    ));
                }
                finish_function(&mut predecessors, &mut phis, diagnostics);
                in_function = false;
                in_block = None;
                continue;
            }
            _ => {}
        }
        if !in_function || matches!(opcode.name, "OpFunctionParameter" | "OpLine" | "OpNoLine") {
            continue;
        }
        if opcode.name == "OpLabel" {
            if in_block.is_some() {
                diagnostics.push(Diagnostic::new(
                    &rules::CONTROL_FLOW,
                    inst.range,
                    "a new block starts before the previous one ended with a terminator",
                ));
            }
            in_block = inst.result;
            seen_non_phi = false;
            continue;
        }
        let Some(block) = in_block else {
            diagnostics.push(Diagnostic::new(
                &rules::CONTROL_FLOW,
                inst.range,
                format!(
                    "{} is outside any block: a block starts with OpLabel",
                    opcode.name
                ),
            ));
            continue;
        };
        if opcode.name == "OpPhi" {
            if seen_non_phi {
                diagnostics.push(Diagnostic::new(
                    &rules::CONTROL_FLOW,
                    inst.range,
                    "OpPhi must come first in its block, before any other instruction",
                ));
            }
            phis.push((block, inst));
            continue;
        }
        seen_non_phi = true;
        let targets: &[&str] = match opcode.name {
            "OpBranch" => &["Target Label"],
            "OpBranchConditional" => &["True Label", "False Label"],
            "OpSwitch" => &["Default", "Target"],
            "OpLoopMerge" => &["Merge Block", "Continue Target"],
            "OpSelectionMerge" => &["Merge Block"],
            _ => &[],
        };
        for operand in module.operands(inst) {
            let is_target = targets.contains(&operand.name)
                || (opcode.name == "OpSwitch"
                    && operand.name == "Target"
                    && matches!(operand.value, Value::Id(_)));
            if !is_target {
                continue;
            }
            if let Value::Id(target) = operand.value {
                if !labels.contains(&target) {
                    diagnostics.push(Diagnostic::new(
                        &rules::CONTROL_FLOW,
                        operand.range,
                        format!("{} must name a block's label", operand.name),
                    ));
                } else if !matches!(opcode.name, "OpLoopMerge" | "OpSelectionMerge") {
                    predecessors.entry(target).or_default().push(block);
                }
            }
        }
        if is_terminator(opcode.name) {
            in_block = None;
        }
    }
}
