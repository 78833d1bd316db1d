//! The walks behind the OpenCL SPIR-V environment's validation rules that go beyond
//! capabilities, extensions and versions (those are `requirements`): the module's models, its
//! kernels, its decorations, its call graph and one pass over its instructions. Each rule's
//! judgment lives in its file under `rules/` (SPV020 to SPV031 and SPV034); the walks here find
//! the facts and call the rules' functions. What the rules read, and how they cite and report,
//! lives in `environment/context.rs`.

use super::facts::{Facts, Type};
use super::module::{IdIndex, Instruction, Value};
use super::rules::{
    opencl_atomic_type, opencl_builtin_variable, opencl_decoration,
    opencl_extended_instruction_set, opencl_half_without_float16, opencl_image_type,
    opencl_kernel_signature, opencl_memory_and_execution_model, opencl_memory_semantics,
    opencl_printf, opencl_recursion, opencl_scope,
};
use rustc_hash::FxHashSet;
use speclint_base::diagnostic::Diagnostic;

pub(crate) mod context;

pub use context::Context;
use context::{Device, ScopeOperand};

/// What `check` reports after the models, check by check: kernel signatures, decorations,
/// recursion (each over the module), then the instructions in `range` (all, or whole
/// functions where `functions_checked_alone`); the kernel signatures and the decorations only
/// where `[kernels, decorations]` say so (a re-check that keeps their findings passes false).
pub fn check_parts(
    cx: &Context,
    range: std::ops::Range<usize>,
    [kernels, decorations]: [bool; 2],
) -> [Vec<Diagnostic>; 4] {
    let device = Device::new(cx);
    let mut parts: [Vec<Diagnostic>; 4] = Default::default();
    if kernels {
        opencl_kernel_signature::check_kernel_signatures(cx, &mut parts[0]);
    }
    if decorations {
        check_decorations(cx, &device, &mut parts[1]);
    }
    opencl_recursion::check_recursion(cx, &mut parts[2]);
    check_instructions(cx, &device, range, &mut parts[3]);
    parts
}

/// Whether the instruction checks of a function depend only on the function and the module's
/// declarations, not on the instructions before it: not where half-precision types are
/// restricted to Float16Buffer (the pass collects the types holding them as it goes).
pub fn functions_checked_alone(facts: &Facts) -> bool {
    !facts.has_capability("Float16Buffer") || facts.has_capability("Float16")
}

/// Memory and execution models (global instructions only).
pub fn check_models_only(cx: &Context, diagnostics: &mut Vec<Diagnostic>) {
    opencl_memory_and_execution_model::check_models(cx, diagnostics);
}

// ---------------------------------------------------------------------------------------------
// The decorations, for SPV022 built-in variables and SPV034 decoration targets.

fn check_decorations(cx: &Context, device: &Device, diagnostics: &mut Vec<Diagnostic>) {
    let facts = cx.facts;
    // Sorted by decoration instruction so the output does not depend on hash order.
    let mut decorated: Vec<(IdIndex, &super::facts::Decoration)> = facts
        .decorations
        .iter()
        .flat_map(|(id, list)| list.iter().map(move |d| (*id, d)))
        .collect();
    decorated.sort_unstable_by_key(|(_, d)| d.instruction);
    for (target, decoration) in decorated {
        let Some(definition) = cx.module.definition(target) else {
            continue;
        };
        // Group decorations reach their targets through OpGroupDecorate.
        if definition.name() == "OpDecorationGroup" {
            continue;
        }
        opencl_builtin_variable::check_builtin(
            cx,
            device,
            target,
            decoration,
            definition,
            diagnostics,
        );
        opencl_decoration::check_decoration(cx, target, decoration, definition, diagnostics);
    }
}

// ---------------------------------------------------------------------------------------------
// One pass over the instructions: scopes, semantics, atomics, imports, half, printf, images.

fn check_instructions(
    cx: &Context,
    device: &Device,
    range: std::ops::Range<usize>,
    diagnostics: &mut Vec<Diagnostic>,
) {
    // Collected as the pass goes: a type is declared before the instructions that use it.
    let mut half_types = opencl_half_without_float16::restricted_half_types(cx.facts);
    for inst in &cx.module.instructions[range] {
        let Some(opcode) = inst.opcode else { continue };
        if !cx.module.is_complete(inst) {
            continue;
        }
        if opcode.class == "Type-Declaration" {
            type_declaration(cx, device, half_types.as_mut(), inst, diagnostics);
            continue;
        }
        opencl_half_without_float16::check_half_result(cx, half_types.as_ref(), inst, diagnostics);
        match opcode.name {
            "OpExtInstImport" => {
                opencl_extended_instruction_set::check_import(cx, inst, diagnostics)
            }
            "OpExtInst" => opencl_printf::check_printf(cx, inst, diagnostics),
            _ => {}
        }
        if opcode.class == "Atomic" {
            opencl_atomic_type::check_atomic(cx, inst, diagnostics);
        }
        scopes_and_semantics(cx, device, inst, diagnostics);
        if opcode.class == "Image" {
            opencl_image_type::check_image_instruction(cx, device, inst, diagnostics);
        }
    }
}

fn type_declaration(
    cx: &Context,
    device: &Device,
    half_types: Option<&mut FxHashSet<IdIndex>>,
    inst: &Instruction,
    diagnostics: &mut Vec<Diagnostic>,
) {
    let Some(result) = inst.result else { return };
    let Some(ty) = cx.facts.types.get(&result) else {
        return;
    };
    if let Some(half_types) = half_types {
        opencl_half_without_float16::record_half_type(half_types, result, ty);
    }
    opencl_memory_and_execution_model::check_type_declaration(cx, inst, ty, diagnostics);
    if let Type::Image(image) = ty {
        opencl_image_type::check_image_type(cx, device, inst, image, diagnostics);
    }
}

// SPV024 and SPV025 (validation_rules.asciidoc).
fn scopes_and_semantics(
    cx: &Context,
    device: &Device,
    inst: &Instruction,
    diagnostics: &mut Vec<Diagnostic>,
) {
    let name = inst.name();
    let opcode = match inst.opcode {
        Some(o) => o,
        None => return,
    };
    // A decoration's scope (`UniformId`) says over which invocations a value is uniform:
    // it is not an instruction's execution or memory scope, and the environment's scope
    // lists do not apply to it.
    if opcode.class == "Annotation" {
        return;
    }
    let is_atomic = opcode.class == "Atomic";
    let is_barrier = matches!(name, "OpControlBarrier" | "OpMemoryBarrier");
    for operand in cx.module.operands(inst) {
        let kind = operand.kind.get().name;
        let is_scope = kind == "IdScope";
        if !is_scope && kind != "IdMemorySemantics" {
            continue;
        }
        let Value::Id(id) = operand.value else {
            continue;
        };
        // Only the Shader validation rules (SPIR-V 2.16.2) require scopes and semantics
        // to be constants; the OpenCL environment lists the values allowed without asking
        // for constants, so a computed one (a kernel argument, a call's result) is
        // accepted, and its value can only be checked where it is a constant.
        let operand = ScopeOperand {
            inst,
            name: operand.name(),
            range: operand.range(),
            constant: cx.facts.int_constants.get(&id).copied(),
            value_type: cx.facts.value_types.get(&id).copied(),
            is_int32: matches!(cx.facts.type_of(id), Some(Type::Int { width: 32, .. })),
            is_atomic,
            is_barrier,
        };
        if is_scope {
            opencl_scope::check_scope_operand(cx, device, &operand, diagnostics);
        } else {
            opencl_memory_semantics::check_semantics_operand(cx, &operand, diagnostics);
        }
    }
}

#[cfg(test)]
pub(crate) mod test_support;

#[cfg(test)]
mod tests;
