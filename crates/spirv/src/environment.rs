//! The walks behind the OpenCL SPIR-V environment's validation rules that go beyond
//! capabilities, extensions and versions (those are `requirements`): the module's models, its
//! kernels, its decorations, its call graph and one pass over its instructions. Each rule's
//! judgment lives in its file under `rules/` (SPV020 to SPV031 and SPV034); the walks here find
//! the facts and call the rules' functions.
//!
//! Every message ends with the environment rule it applies (`speclint_spec_db::spirv::env::rule`)
//! and that rule's section, so hovers and `explain` can cite the specification. Rules that the
//! data limits to some OpenCL versions are gated with `Rule::applies_to`. A rule the data records
//! spirv-val as missing is reported as a warning that says so: a module the reference validator
//! accepts gets no error. Where one rule has checks spirv-val enforces and checks it misses, each
//! check names its verdict in `spirv/spirv-val.toml` (`report_check`).

use super::facts::{describe, Facts, Type};
use super::module::{IdIndex, Instruction, Module, Value};
use super::rules::{
    opencl_atomic_type, opencl_builtin_variable, opencl_decoration,
    opencl_extended_instruction_set, opencl_half_without_float16, opencl_image_type,
    opencl_kernel_signature, opencl_memory_and_execution_model, opencl_memory_semantics,
    opencl_printf, opencl_recursion, opencl_scope,
};
use super::SpirvSettings;
use rustc_hash::FxHashSet;
use speclint_base::diagnostic::{Diagnostic, Severity};
use speclint_base::rules::Rule;
use speclint_base::text::TextRange;
use speclint_spec_db::spirv::checks;
use speclint_spec_db::spirv::env::{self, OpenClVersion, SpirvVal};
use speclint_spec_db::spirv::grammar::SpirvVersion;

pub struct Context<'a> {
    pub text: &'a str,
    pub module: &'a Module,
    pub facts: &'a Facts,
    pub settings: &'a SpirvSettings,
    pub version: Option<SpirvVersion>,
}

// Enumerant values several rules read (SPIR-V 1.6, section 3).
pub(crate) const EXECUTION_MODEL_KERNEL: u32 = 6;
pub(crate) const DECORATION_BUILTIN: u32 = 11;
pub(crate) const DECORATION_FUNC_PARAM_ATTR: u32 = 38;

/// The environment rule a finding applies, for its message: `[rule id, section]`.
pub(crate) fn cite(id: &str) -> String {
    if id.starts_with("SPIR-V") {
        return format!(" [{id}]");
    }
    match env::rule(id) {
        Some(rule) => format!(" [OpenCL SPIR-V environment rule `{id}`, {}]", rule.section),
        None => format!(" [OpenCL SPIR-V environment rule `{id}`]"),
    }
}

/// Whether the data applies rule `id` to the configured OpenCL version.
pub(crate) fn applies(cx: &Context, id: &str) -> bool {
    env::rule(id).is_some_and(|r| !r.superseded && r.applies_to(cx.settings.opencl))
}

pub(crate) fn report(
    diagnostics: &mut Vec<Diagnostic>,
    rule: &'static Rule,
    range: TextRange,
    env_rule: &str,
    message: String,
) {
    let misses = env::rule(env_rule).is_some_and(|r| r.spirv_val == SpirvVal::Misses);
    diagnostics.push(finding(rule, range, message, misses, &cite(env_rule)));
}

/// Reports a finding of one check of `spirv/spirv-val.toml`: its verdict, not its rule's, sets
/// the severity, and the message cites the check's environment rule or section.
pub(crate) fn report_check(
    diagnostics: &mut Vec<Diagnostic>,
    rule: &'static Rule,
    range: TextRange,
    check_id: &str,
    message: String,
) {
    let check = spirv_val_check(check_id);
    let cite = match check.rule {
        Some(env_rule) => cite(env_rule.id),
        None => format!(" [{}]", check.section),
    };
    diagnostics.push(finding(
        rule,
        range,
        message,
        check.spirv_val == SpirvVal::Misses,
        &cite,
    ));
}

/// The check `id` of `spirv/spirv-val.toml`; the code names only listed ones (the oracle cases
/// reach every call).
pub(super) fn spirv_val_check(id: &str) -> &'static checks::Check {
    checks::check(id).unwrap_or_else(|| panic!("spirv/spirv-val.toml lists no check `{id}`"))
}

/// A finding whose severity follows spirv-val: what it accepts (`misses`) is a warning, and the
/// message says so before its citation `cite`.
pub(super) fn finding(
    rule: &'static Rule,
    range: TextRange,
    message: String,
    misses: bool,
    cite: &str,
) -> Diagnostic {
    let unenforced = misses && rule.severity == Severity::Error;
    let accepted = if unenforced {
        "; a warning, as spirv-val accepts it"
    } else {
        ""
    };
    let mut diagnostic = Diagnostic::new(rule, range, format!("{message}{accepted}{cite}"));
    if unenforced {
        diagnostic.severity = Severity::Warning;
    }
    diagnostic
}

/// What the configured device is assumed to support: an unconfigured list means "whatever
/// the module needs".
pub(crate) struct Device {
    pub(crate) subgroups: bool,
    pub(crate) extensions_listed: bool,
}

impl Device {
    fn new(cx: &Context) -> Device {
        let settings = cx.settings;
        let has_extension = |name: &str| {
            settings
                .extensions
                .as_ref()
                .is_some_and(|l| l.iter().any(|e| e == name))
        };
        // Sub-groups: core in 2.1 and 2.2, the __opencl_c_subgroups feature in 3.x,
        // cl_khr_subgroups (an OpenCL 2.0 extension) before. Unconfigured extensions or
        // features mean "whatever the module needs".
        let subgroups = match settings.opencl {
            OpenClVersion::V1_2 => false,
            OpenClVersion::V2_0 => {
                settings.extensions.is_none() || has_extension("cl_khr_subgroups")
            }
            OpenClVersion::V2_1 | OpenClVersion::V2_2 => true,
            OpenClVersion::V3_0 | OpenClVersion::V3_1 => {
                has_extension("cl_khr_subgroups")
                    || settings
                        .features
                        .as_ref()
                        .is_none_or(|f| f.iter().any(|f| f == "__opencl_c_subgroups"))
            }
        };
        Device {
            subgroups,
            extensions_listed: settings.extensions.is_some(),
        }
    }
}

pub(crate) fn device_has_extension(cx: &Context, name: &str) -> bool {
    cx.settings
        .extensions
        .as_ref()
        .is_none_or(|l| l.iter().any(|e| e == name))
}

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

/// The id as written where it is defined (`%name`), for messages.
pub(crate) fn id_name<'a>(cx: &Context<'a>, id: IdIndex) -> &'a str {
    cx.module
        .ids
        .get(id as usize)
        .and_then(|info| info.definition_range)
        .map_or("an id", |r| &cx.text[r.start..r.end])
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

/// A scope or memory-semantics operand, as the instruction pass reads it.
pub(crate) struct ScopeOperand<'a> {
    pub(crate) inst: &'a Instruction,
    /// The operand's name in the grammar (`Execution`, `Memory`, `Semantics`).
    pub(crate) name: &'a str,
    pub(crate) range: TextRange,
    /// Its value, where it is an integer constant.
    pub(crate) constant: Option<u64>,
    /// Its type, where it is a value.
    pub(crate) value_type: Option<IdIndex>,
    pub(crate) is_int32: bool,
    pub(crate) is_atomic: bool,
    pub(crate) is_barrier: bool,
}

impl ScopeOperand<'_> {
    /// Why the operand, the instruction's `what` (scope or memory semantics), is not the
    /// 32-bit integer both kinds are; `None` where it is one or nothing is known of it.
    pub(crate) fn not_a_32_bit_integer(&self, cx: &Context, what: &str) -> Option<String> {
        if self.is_int32 || (self.constant.is_none() && self.value_type.is_none()) {
            return None;
        }
        Some(format!(
            "the {what} of {} is a {} {}; {what} operands are 32-bit integers",
            self.inst.name(),
            self.value_type
                .map_or("non-integer".to_string(), |t| describe(cx.facts, t, 0)),
            if self.constant.is_some() {
                "constant"
            } else {
                "value"
            }
        ))
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
