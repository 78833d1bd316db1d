//! SPV015 `spirv-control-flow`: blocks that start with a label and end in a terminator, branch
//! targets that are labels, merge instructions before their branch, `OpPhi` first in its block
//! with one value per predecessor, and blocks after their dominators.

use super::spirv_module_layout;
use crate::module::{Instruction, Module, Value};
use rustc_hash::{FxHashMap, FxHashSet};
use speclint_base::diagnostic::Diagnostic;
use speclint_base::rules::rules;
use speclint_base::text::TextRange;

rules! {
    SPIRV_CONTROL_FLOW = "SPV015" "spirv-control-flow" Error fix=false {
        summary: "Blocks, branches or `OpPhi` break the control-flow rules",
        explanation: "Every block starts with `OpLabel` and ends with one terminator; branch targets are labels of the same function; `OpPhi` comes first in its block and names one value for each predecessor block. A merge instruction (`OpLoopMerge`, `OpSelectionMerge`) is the second-to-last instruction of its header block, right before the branch, and no two headers of a function share a merge block (SPIR-V 2.11 Structured Control Flow); spirv-val reports a shared merge block on the function's `OpFunction`, and so does speclint.",
        example: "OpBranch %x   ; SPV015: %x is not a label",
    }
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

/// One function's blocks, in text order, with their branches.
#[derive(Default)]
struct Blocks<'m> {
    /// Label id (none when the `OpLabel` lacks its result, a syntax error reported elsewhere:
    /// the block still counts, so what follows is in it) and the range of its `OpLabel`.
    order: Vec<(Option<u32>, TextRange)>,
    /// Label id -> position in `order`.
    position: FxHashMap<u32, usize>,
    /// Successor positions of each block (by position).
    successors: Vec<Vec<u32>>,
    /// Each `OpPhi` with the position of its block.
    phis: Vec<(usize, &'m Instruction)>,
}

/// Blocks: labels, terminators, branch targets, `OpPhi`, where `OpVariable`s go, and the
/// order of blocks (each after its dominator).
/// The blocks of the functions in `range` (all instructions, or whole functions: everything
/// is reset at each OpFunction), with `labels` those of the whole module.
pub(crate) fn check_blocks(
    module: &Module,
    labels: &FxHashSet<u32>,
    range: std::ops::Range<usize>,
    diagnostics: &mut Vec<Diagnostic>,
) {
    let mut in_function = false;
    let mut in_block: Option<usize> = None;
    let mut seen_non_phi = false;
    // Only OpVariable (and debug lines) so far in the function's first block.
    let mut variables_allowed = false;
    let mut blocks = Blocks::default();
    // Branch targets are resolved when the function ends (they may name later blocks).
    let mut branches: Vec<(usize, u32)> = Vec::new();
    // The function's `OpFunction`, where spirv-val reports a merge block two headers share.
    let mut function_range = None;
    // The blocks this function's merge instructions have named so far.
    let mut merge_blocks: FxHashSet<u32> = FxHashSet::default();
    // A merge instruction just seen: the next instruction of its block must be its branch.
    let mut pending_merge: Option<(&'static str, TextRange)> = None;
    for inst in &module.instructions[range] {
        let Some(opcode) = inst.opcode else { continue };
        if let Some((merge, merge_range)) = pending_merge.take() {
            if !matches!(opcode.name, "OpLine" | "OpNoLine") {
                check_merge_position(merge, merge_range, opcode.name, diagnostics);
            } else {
                pending_merge = Some((merge, merge_range));
            }
        }
        match opcode.name {
            "OpFunction" => {
                in_function = true;
                in_block = None;
                blocks = Blocks::default();
                branches.clear();
                function_range = Some(inst.range);
                merge_blocks.clear();
                continue;
            }
            "OpFunctionEnd" => {
                if in_block.is_some() {
                    diagnostics.push(Diagnostic::new(
                        &SPIRV_CONTROL_FLOW,
                        inst.range,
                        "the function's last block has no terminator (OpReturn, OpBranch, …)",
                    ));
                }
                blocks.successors = vec![Vec::new(); blocks.order.len()];
                for &(from, target) in &branches {
                    if let Some(&to) = blocks.position.get(&target) {
                        blocks.successors[from].push(to as u32);
                    }
                }
                check_phis(module, &blocks, labels, diagnostics);
                check_block_order(&blocks, diagnostics);
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
                    &SPIRV_CONTROL_FLOW,
                    inst.range,
                    "a new block starts before the previous one ended with a terminator",
                ));
            }
            variables_allowed = blocks.order.is_empty();
            if let Some(label) = inst.result {
                blocks.position.insert(label, blocks.order.len());
            }
            blocks.order.push((inst.result, inst.range));
            in_block = Some(blocks.order.len() - 1);
            seen_non_phi = false;
            continue;
        }
        let Some(block) = in_block else {
            diagnostics.push(Diagnostic::new(
                &SPIRV_CONTROL_FLOW,
                inst.range,
                format!(
                    "{} is outside any block: a block starts with OpLabel",
                    opcode.name
                ),
            ));
            continue;
        };
        if opcode.name == "OpVariable" {
            spirv_module_layout::check_variable_position(inst, variables_allowed, diagnostics);
            seen_non_phi = true;
            continue;
        }
        variables_allowed = false;
        if opcode.name == "OpPhi" {
            if seen_non_phi {
                diagnostics.push(Diagnostic::new(
                    &SPIRV_CONTROL_FLOW,
                    inst.range,
                    "OpPhi must come first in its block, before any other instruction",
                ));
            }
            blocks.phis.push((block, inst));
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
            if !targets.contains(&operand.name()) {
                continue;
            }
            if let Value::Id(target) = operand.value {
                let merge = matches!(opcode.name, "OpLoopMerge" | "OpSelectionMerge");
                if merge && operand.name() == "Merge Block" && !merge_blocks.insert(target) {
                    diagnostics.push(Diagnostic::new(
                        &SPIRV_CONTROL_FLOW,
                        function_range.unwrap_or(inst.range),
                        format!(
                            "two structured headers of this function share a merge block: an \
                             {} names a block another header already merges to; each header \
                             needs its own merge block (SPIR-V 1.6 / 2.11 Structured Control Flow)",
                            opcode.name
                        ),
                    ));
                }
                if !labels.contains(&target) {
                    diagnostics.push(Diagnostic::new(
                        &SPIRV_CONTROL_FLOW,
                        operand.range(),
                        format!("{} must name a block's label", operand.name()),
                    ));
                } else if !matches!(opcode.name, "OpLoopMerge" | "OpSelectionMerge") {
                    branches.push((block, target));
                }
            }
        }
        if matches!(opcode.name, "OpLoopMerge" | "OpSelectionMerge") {
            pending_merge = Some((opcode.name, inst.range));
        }
        if is_terminator(opcode.name) {
            in_block = None;
        }
    }
}

/// A merge instruction is the second-to-last of its block: the branch it declares follows it
/// (SPIR-V 1.6 / 2.11 Structured Control Flow).
fn check_merge_position(
    merge: &'static str,
    merge_range: TextRange,
    next: &str,
    diagnostics: &mut Vec<Diagnostic>,
) {
    let (allowed, branches): (&[&str], &str) = if merge == "OpLoopMerge" {
        (
            &["OpBranch", "OpBranchConditional"],
            "OpBranch or OpBranchConditional",
        )
    } else {
        (
            &["OpBranchConditional", "OpSwitch"],
            "OpBranchConditional or OpSwitch",
        )
    };
    // A block that ends without a terminator is reported as such.
    if !allowed.contains(&next) && !matches!(next, "OpLabel" | "OpFunctionEnd") {
        diagnostics.push(Diagnostic::new(
            &SPIRV_CONTROL_FLOW,
            merge_range,
            format!(
                "{merge} must be the second-to-last instruction of its block, right before its \
                 {branches}, not before {next} (SPIR-V 1.6 / 2.11 Structured Control Flow)"
            ),
        ));
    }
}

/// Each `OpPhi` names every predecessor of its block once, and only predecessors.
fn check_phis(
    module: &Module,
    blocks: &Blocks,
    labels: &FxHashSet<u32>,
    diagnostics: &mut Vec<Diagnostic>,
) {
    if blocks.phis.is_empty() {
        return;
    }
    let mut predecessors: Vec<FxHashSet<u32>> = vec![FxHashSet::default(); blocks.order.len()];
    for (from, successors) in blocks.successors.iter().enumerate() {
        for &to in successors {
            if let Some(label) = blocks.order[from].0 {
                predecessors[to as usize].insert(label);
            }
        }
    }
    for &(block, phi) in &blocks.phis {
        let expected = &predecessors[block];
        let mut named: FxHashSet<u32> = FxHashSet::default();
        for pair in module.operands(phi).chunks(2) {
            let [_, parent] = pair else { continue };
            let Value::Id(parent_id) = parent.value else {
                continue;
            };
            if !labels.contains(&parent_id) {
                diagnostics.push(Diagnostic::new(
                    &SPIRV_CONTROL_FLOW,
                    parent.range(),
                    "OpPhi's parent operand must be the label of a block",
                ));
            } else if !expected.contains(&parent_id) {
                diagnostics.push(Diagnostic::new(
                    &SPIRV_CONTROL_FLOW,
                    parent.range(),
                    "this block is not a predecessor of the OpPhi's block: no branch from it leads here",
                ));
            } else if !named.insert(parent_id) {
                diagnostics.push(Diagnostic::new(
                    &SPIRV_CONTROL_FLOW,
                    parent.range(),
                    "OpPhi names this predecessor twice: each parent block appears once, even when several branches of it lead here",
                ));
            }
        }
        let missing = expected.iter().filter(|p| !named.contains(p)).count();
        if missing > 0 {
            diagnostics.push(Diagnostic::new(
                &SPIRV_CONTROL_FLOW,
                phi.range,
                format!(
                    "OpPhi names no value for {missing} of its block's {} predecessor(s)",
                    expected.len()
                ),
            ));
        }
    }
}

/// Blocks appear before the blocks they dominate (SPIR-V 2.16.1). Dominators by the
/// iterative algorithm of Cooper, Harvey and Kennedy over reverse postorder; unreachable
/// blocks are not constrained.
fn check_block_order(blocks: &Blocks, diagnostics: &mut Vec<Diagnostic>) {
    let n = blocks.order.len();
    if n < 2 {
        return;
    }
    // Reverse postorder from the entry block, iteratively.
    let mut postorder: Vec<usize> = Vec::with_capacity(n);
    let mut visited = vec![false; n];
    let mut stack: Vec<(usize, usize)> = vec![(0, 0)];
    visited[0] = true;
    while let Some((block, next)) = stack.pop() {
        if let Some(&successor) = blocks.successors[block].get(next) {
            stack.push((block, next + 1));
            let successor = successor as usize;
            if !visited[successor] {
                visited[successor] = true;
                stack.push((successor, 0));
            }
        } else {
            postorder.push(block);
        }
    }
    let mut rpo_number = vec![usize::MAX; n];
    for (i, &block) in postorder.iter().rev().enumerate() {
        rpo_number[block] = i;
    }
    let mut predecessors: Vec<Vec<usize>> = vec![Vec::new(); n];
    for (from, successors) in blocks.successors.iter().enumerate() {
        if visited[from] {
            for &to in successors {
                predecessors[to as usize].push(from);
            }
        }
    }
    let mut idom: Vec<Option<usize>> = vec![None; n];
    idom[0] = Some(0);
    let mut changed = true;
    while changed {
        changed = false;
        for &block in postorder.iter().rev().skip(1) {
            let mut new_idom: Option<usize> = None;
            for &p in &predecessors[block] {
                if idom[p].is_none() {
                    continue;
                }
                new_idom = Some(match new_idom {
                    None => p,
                    Some(current) => intersect(current, p, &idom, &rpo_number),
                });
            }
            if new_idom.is_some() && idom[block] != new_idom {
                idom[block] = new_idom;
                changed = true;
            }
        }
    }
    for block in 1..n {
        if let Some(dominator) = idom[block] {
            if visited[block] && dominator > block {
                diagnostics.push(Diagnostic::new(
                    &SPIRV_CONTROL_FLOW,
                    blocks.order[block].1,
                    "this block appears before the block that dominates it: blocks must come after their dominators",
                ));
            }
        }
    }
}

fn intersect(mut a: usize, mut b: usize, idom: &[Option<usize>], rpo: &[usize]) -> usize {
    while a != b {
        while rpo[a] > rpo[b] {
            a = idom[a].expect("processed blocks have a dominator");
        }
        while rpo[b] > rpo[a] {
            b = idom[b].expect("processed blocks have a dominator");
        }
    }
    a
}

#[cfg(test)]
mod tests {
    use crate::{analyze, SpirvSettings};

    /// Found by the `analysis` fuzz target: an `OpLabel` without its result id opened a block
    /// that was never recorded, and the `OpPhi` or branch in it indexed past the blocks.
    #[test]
    fn a_block_whose_label_lacks_its_result_is_still_a_block() {
        for body in [
            "OpLabel\n%x = OpPhi %uint %a %b\nOpReturn\n",
            "OpLabel\nOpBranch %next\n%next = OpLabel\n%y = OpPhi %uint %c %next\nOpReturn\n",
        ] {
            let text = format!(
                "OpCapability Addresses\nOpMemoryModel Physical64 OpenCL\n\
                 %void = OpTypeVoid\n%uint = OpTypeInt 32 0\n%fn = OpTypeFunction %void\n\
                 %k = OpFunction %void None %fn\n{body}OpFunctionEnd\n"
            );
            let analysis = analyze(&text, &SpirvSettings::default());
            let messages: Vec<&str> = analysis
                .diagnostics
                .iter()
                .map(|d| d.message.as_str())
                .collect();
            assert!(
                !messages.iter().any(|m| m.contains("outside any block")),
                "{messages:#?}"
            );
        }
    }
}
