//! The OpenCL SPIR-V environment's validation rules that go beyond capabilities, extensions and
//! versions (those are `requirements`): memory and execution models (SPV020), kernel signatures
//! (SPV021), built-in variables (SPV022), recursion (SPV023), scopes (SPV024), memory semantics
//! (SPV025), atomics (SPV026), extended instruction sets (SPV028), `Float16Buffer` without
//! `Float16` (SPV029), `printf` (SPV030), images (SPV031) and decoration targets (SPV034).
//!
//! Every message ends with the environment rule it applies (`speclint_spec_db::spirv::env::rule`)
//! and that rule's section, so hovers and `explain` can cite the specification. Rules that the
//! data limits to some OpenCL versions are gated with `Rule::applies_to`. A rule the data records
//! spirv-val as missing is reported as a warning that says so: a module the reference validator
//! accepts gets no error. Where one rule has checks spirv-val enforces and checks it misses, each
//! check names its verdict in `spirv/spirv-val.toml` (`report_check`).

use super::facts::storage;
use super::facts::{describe, enumerant_name, storage_class_name, Facts, ImageType, Type};
use super::module::{IdIndex, Instruction, Module, Value};
use super::rules;
use super::SpirvSettings;
use rustc_hash::{FxHashMap, FxHashSet};
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

// Enumerant values used below (SPIR-V 1.6, section 3).
const ADDRESSING_PHYSICAL32: u32 = 1;
const ADDRESSING_PHYSICAL64: u32 = 2;
const MEMORY_MODEL_OPENCL: u32 = 2;
const EXECUTION_MODEL_KERNEL: u32 = 6;
const SCOPE_CROSS_DEVICE: u64 = 0;
const SCOPE_DEVICE: u64 = 1;
const SCOPE_WORKGROUP: u64 = 2;
const SCOPE_SUBGROUP: u64 = 3;
const SCOPE_INVOCATION: u64 = 4;
const SEMANTICS_ORDER_BITS: u64 = 0x2 | 0x4 | 0x8 | 0x10;
const SEMANTICS_SEQ_CST: u64 = 0x10;
const DIM_1D: u32 = 0;
const DIM_2D: u32 = 1;
const DIM_3D: u32 = 2;
const DIM_BUFFER: u32 = 5;
const IMAGE_FORMAT_UNKNOWN: u32 = 0;
const IMAGE_OPERAND_LOD: u32 = 0x2;
const IMAGE_OPERAND_CONST_OFFSET: u32 = 0x8;
const DECORATION_CONSTANT: u32 = 22;
const DECORATION_SATURATED_CONVERSION: u32 = 28;
const DECORATION_BUILTIN: u32 = 11;
const DECORATION_FUNC_PARAM_ATTR: u32 = 38;
const FUNC_PARAM_ATTR_BYVAL: u64 = 2;
const DECORATION_FP_ROUNDING_MODE: u32 = 39;
const DECORATION_FP_FAST_MATH_MODE: u32 = 40;
const DECORATION_ALIGNMENT: u32 = 44;
const DECORATION_NO_SIGNED_WRAP: u32 = 4469;
const DECORATION_NO_UNSIGNED_WRAP: u32 = 4470;

/// The environment rule a finding applies, for its message: `[rule id, section]`.
fn cite(id: &str) -> String {
    if id.starts_with("SPIR-V") {
        return format!(" [{id}]");
    }
    match env::rule(id) {
        Some(rule) => format!(" [OpenCL SPIR-V environment rule `{id}`, {}]", rule.section),
        None => format!(" [OpenCL SPIR-V environment rule `{id}`]"),
    }
}

/// Whether the data applies rule `id` to the configured OpenCL version.
fn applies(cx: &Context, id: &str) -> bool {
    env::rule(id).is_some_and(|r| !r.superseded && r.applies_to(cx.settings.opencl))
}

fn report(
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
fn report_check(
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
struct Device {
    subgroups: bool,
    extensions_listed: bool,
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

fn device_has_extension(cx: &Context, name: &str) -> bool {
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
        check_kernel_signatures(cx, &mut parts[0]);
    }
    if decorations {
        check_decorations(cx, &device, &mut parts[1]);
    }
    check_recursion(cx, &mut parts[2]);
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
    check_models(cx, diagnostics);
}

/// The id as written where it is defined (`%name`), for messages.
fn id_name<'a>(cx: &Context<'a>, id: IdIndex) -> &'a str {
    cx.module
        .ids
        .get(id as usize)
        .and_then(|info| info.definition_range)
        .map_or("an id", |r| &cx.text[r.start..r.end])
}

// ---------------------------------------------------------------------------------------------
// SPV020: memory model, addressing model, execution models.

fn check_models(cx: &Context, diagnostics: &mut Vec<Diagnostic>) {
    if let Some((addressing, memory, index)) = cx.facts.memory_model {
        let inst = &cx.module.instructions[index as usize];
        let ops = cx.module.operands(inst);
        if addressing != ADDRESSING_PHYSICAL32 && addressing != ADDRESSING_PHYSICAL64 {
            report(
                diagnostics,
                &rules::OPENCL_MEMORY_AND_EXECUTION_MODEL,
                ops.first().map_or(inst.range, |o| o.range()),
                "addressing-model-physical",
                format!(
                    "the addressing model is {}; OpenCL uses Physical32 or Physical64 (the device's address width)",
                    enumerant_name("AddressingModel", addressing)
                ),
            );
        }
        if memory != MEMORY_MODEL_OPENCL {
            report(
                diagnostics,
                &rules::OPENCL_MEMORY_AND_EXECUTION_MODEL,
                ops.get(1).map_or(inst.range, |o| o.range()),
                "memory-model-opencl",
                format!(
                    "the memory model is {}; OpenCL modules use the OpenCL memory model",
                    enumerant_name("MemoryModel", memory)
                ),
            );
        }
    }
    for entry in &cx.facts.entry_points {
        if entry.model != EXECUTION_MODEL_KERNEL {
            let inst = &cx.module.instructions[entry.instruction as usize];
            report(
                diagnostics,
                &rules::OPENCL_MEMORY_AND_EXECUTION_MODEL,
                cx.module
                    .operands(inst)
                    .first()
                    .map_or(inst.range, |o| o.range()),
                "execution-model-kernel",
                format!(
                    "entry point `{}` uses the {} execution model; OpenCL entry points are Kernel",
                    entry.name,
                    enumerant_name("ExecutionModel", entry.model)
                ),
            );
        }
    }
}

// ---------------------------------------------------------------------------------------------
// SPV021: kernel return type and argument types.

fn check_kernel_signatures(cx: &Context, diagnostics: &mut Vec<Diagnostic>) {
    let mut seen: FxHashSet<IdIndex> = FxHashSet::default();
    // Block-invoke kernels of device-side enqueue take their block literal as a Generic
    // pointer (an OpenCL 2.0 feature's additional argument type).
    let invoked: FxHashSet<IdIndex> = cx
        .module
        .instructions
        .iter()
        .filter(|i| i.name().starts_with("OpEnqueueKernel") || i.name().starts_with("OpGetKernel"))
        .flat_map(|i| cx.module.operands(i))
        .filter(|o| o.name() == "Invoke")
        .filter_map(|o| match o.value {
            Value::Id(id) => Some(id),
            _ => None,
        })
        .collect();
    for entry in &cx.facts.entry_points {
        if entry.model != EXECUTION_MODEL_KERNEL || !seen.insert(entry.function) {
            continue;
        }
        let Some(function) = cx.module.definition(entry.function) else {
            continue;
        };
        if function.name() != "OpFunction" {
            continue;
        }
        if let Some(result_type) = function.result_type {
            if !matches!(cx.facts.types.get(&result_type), Some(Type::Void) | None) {
                // On the entry point's function operand: declaring it a kernel is what
                // makes the return type wrong.
                let entry_inst = &cx.module.instructions[entry.instruction as usize];
                report(
                    diagnostics,
                    &rules::OPENCL_KERNEL_SIGNATURE,
                    cx.module
                        .operands(entry_inst)
                        .get(1)
                        .map_or(entry_inst.range, |o| o.range()),
                    "kernel-return-void",
                    format!(
                        "kernel `{}` returns {}; a kernel returns void",
                        entry.name,
                        describe(cx.facts, result_type, 0)
                    ),
                );
            }
        }
        let Some(&index) = cx.facts.function_index.get(&entry.function) else {
            continue;
        };
        // llvm-spirv wraps the invoke function in a kernel that calls it.
        let block_invoke = invoked.contains(&entry.function)
            || cx.facts.functions[index]
                .calls
                .iter()
                .any(|(callee, _)| invoked.contains(callee));
        for &parameter in &cx.facts.functions[index].parameters {
            let Some(ty) = cx.facts.value_types.get(&parameter).copied() else {
                continue;
            };
            match cx.facts.types.get(&ty) {
                // A struct passed by value: a Function pointer decorated FuncParamAttr ByVal,
                // as llvm-spirv and every OpenCL driver read it.
                Some(Type::Pointer {
                    storage: storage::FUNCTION,
                    ..
                }) if has_func_param_attr(cx.facts, parameter, FUNC_PARAM_ATTR_BYVAL) => continue,
                Some(Type::Pointer {
                    storage: storage::GENERIC,
                    ..
                }) if block_invoke => continue,
                _ => {}
            }
            if let Some((rule_id, problem)) = kernel_argument_problem(cx.facts, ty) {
                let range = cx
                    .module
                    .definition(parameter)
                    .map_or(function.range, |i| i.range);
                report(
                    diagnostics,
                    &rules::OPENCL_KERNEL_SIGNATURE,
                    range,
                    rule_id,
                    format!(
                        "kernel `{}` has an argument of type {}: {problem}",
                        entry.name,
                        describe(cx.facts, ty, 0)
                    ),
                );
            }
        }
    }
}

fn has_func_param_attr(facts: &Facts, id: IdIndex, attribute: u64) -> bool {
    facts.decorations.get(&id).is_some_and(|list| {
        list.iter()
            .any(|d| d.kind == DECORATION_FUNC_PARAM_ATTR && d.parameter == Some(attribute))
    })
}

/// Why a type cannot be a kernel argument (common_properties.asciidoc, Kernel Arguments).
fn kernel_argument_problem(facts: &Facts, ty: IdIndex) -> Option<(&'static str, String)> {
    let t = facts.types.get(&ty)?;
    match t {
        Type::Int { width, signed } => {
            if !matches!(width, 8 | 16 | 32 | 64) || *signed {
                return Some((
                    "kernel-arg-int-signedness",
                    "integer arguments are 8, 16, 32 or 64 bits wide with no signedness".into(),
                ));
            }
            None
        }
        Type::Float { width } => (!matches!(width, 16 | 32 | 64)).then(|| {
            (
                "kernel-arg-types",
                "float arguments are 16, 32 or 64 bits wide".into(),
            )
        }),
        Type::Vector { component, .. } => match facts.types.get(component) {
            Some(Type::Int { .. } | Type::Float { .. }) | None => None,
            Some(_) => Some((
                "kernel-arg-types",
                "vector arguments have integer or float components".into(),
            )),
        },
        Type::Pointer { storage, .. } => (!matches!(
            *storage,
            storage::CROSS_WORKGROUP | storage::WORKGROUP | storage::UNIFORM_CONSTANT
        ))
        .then(|| {
            (
                "kernel-arg-pointer-storage",
                format!(
                    "pointer arguments point into CrossWorkgroup, Workgroup or UniformConstant memory, not {}",
                    storage_class_name(*storage)
                ),
            )
        }),
        Type::Struct { .. } => struct_member_problem(facts, ty).map(|member| {
            (
                "kernel-arg-struct-members",
                format!(
                    "struct arguments have only integer, float, struct, vector or pointer members, not {member}"
                ),
            )
        }),
        Type::Image(_) | Type::Sampler => None,
        Type::Opaque("OpTypePipe" | "OpTypeQueue") => None,
        _ => Some((
            "kernel-arg-types",
            "kernel arguments are integers, floats, structs, vectors, pointers, samplers, images, pipes or queues".into(),
        )),
    }
}

/// The first disallowed member type of a struct argument, nested structs included.
fn struct_member_problem(facts: &Facts, ty: IdIndex) -> Option<String> {
    let mut stack = vec![ty];
    let mut visited: FxHashSet<IdIndex> = FxHashSet::default();
    while let Some(current) = stack.pop() {
        if !visited.insert(current) {
            continue;
        }
        let Some(Type::Struct { members }) = facts.types.get(&current) else {
            continue;
        };
        for &member in members {
            match facts.types.get(&member) {
                Some(Type::Struct { .. }) => stack.push(member),
                Some(Type::Int { .. } | Type::Float { .. } | Type::Pointer { .. }) | None => {}
                Some(Type::Vector { component, .. })
                    if matches!(
                        facts.types.get(component),
                        Some(Type::Int { .. } | Type::Float { .. })
                    ) => {}
                Some(_) => return Some(describe(facts, member, 0)),
            }
        }
    }
    None
}

// ---------------------------------------------------------------------------------------------
// SPV022 built-in variables and SPV034 decoration targets.

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
        let decoration_range = cx.module.instructions[decoration.instruction as usize].range;
        let Some(definition) = cx.module.definition(target) else {
            continue;
        };
        let name = definition.name();
        // Group decorations reach their targets through OpGroupDecorate.
        if name == "OpDecorationGroup" {
            continue;
        }
        let decoration_name = enumerant_name("Decoration", decoration.kind);
        let wrong_target = |what: &str| {
            format!(
                "{decoration_name} applies to {what}; {} is defined by {name}",
                id_name(cx, target)
            )
        };
        let result_scalar = definition
            .result_type
            .and_then(|t| facts.types.get(&t))
            .and_then(|t| facts.scalar_of(t));
        match decoration.kind {
            DECORATION_BUILTIN => {
                if name == "OpVariable" {
                    check_builtin(cx, device, target, decoration, definition, diagnostics);
                } else {
                    report_check(
                        diagnostics,
                        &rules::OPENCL_DECORATION,
                        decoration_range,
                        "builtin-target",
                        wrong_target("variables"),
                    );
                }
            }
            // On an OpFunction it describes the return value (`Zext`, `Sext`).
            DECORATION_FUNC_PARAM_ATTR if !matches!(name, "OpFunctionParameter" | "OpFunction") => {
                report_check(
                    diagnostics,
                    &rules::OPENCL_DECORATION,
                    decoration_range,
                    "func-param-attr-target",
                    wrong_target("function parameters and function return values (OpFunction)"),
                )
            }
            DECORATION_CONSTANT if name != "OpVariable" => report_check(
                diagnostics,
                &rules::OPENCL_DECORATION,
                decoration_range,
                "constant-target",
                wrong_target("global variables"),
            ),
            DECORATION_ALIGNMENT => {
                let pointer = definition
                    .result_type
                    .and_then(|t| facts.types.get(&t))
                    .filter(|t| matches!(t, Type::Pointer { .. }));
                match pointer {
                    None => report(
                        diagnostics,
                        &rules::OPENCL_DECORATION,
                        decoration_range,
                        "alignment",
                        wrong_target("pointers"),
                    ),
                    Some(Type::Pointer { pointee, .. }) => {
                        if let (Some(alignment), Some(natural)) =
                            (decoration.parameter, natural_alignment(facts, *pointee))
                        {
                            if !alignment.is_power_of_two() {
                                report(
                                    diagnostics,
                                    &rules::OPENCL_DECORATION,
                                    decoration_range,
                                    "alignment",
                                    format!("Alignment {alignment} is not a power of two"),
                                );
                            } else if name == "OpVariable" && alignment < natural {
                                report(
                                    diagnostics,
                                    &rules::OPENCL_DECORATION,
                                    decoration_range,
                                    "alignment",
                                    format!(
                                        "Alignment {alignment} is below the natural alignment ({natural}) of {}; accesses through {} are undefined",
                                        describe(facts, *pointee, 0),
                                        id_name(cx, target)
                                    ),
                                );
                            }
                        }
                    }
                    Some(_) => {}
                }
            }
            DECORATION_SATURATED_CONVERSION => {
                let ok = definition.opcode.is_some_and(|o| o.class == "Conversion")
                    && !matches!(name, "OpSatConvertSToU" | "OpSatConvertUToS")
                    && matches!(result_scalar, Some(Type::Int { .. }));
                if !ok {
                    report_check(
                        diagnostics,
                        &rules::OPENCL_DECORATION,
                        decoration_range,
                        "saturated-conversion-target",
                        wrong_target("conversions to integer types (other than OpSatConvert*)"),
                    );
                }
            }
            DECORATION_FP_ROUNDING_MODE => {
                let ok = definition.opcode.is_some_and(|o| o.class == "Conversion")
                    || name == "OpExtInst";
                if !ok {
                    report_check(
                        diagnostics,
                        &rules::OPENCL_DECORATION,
                        decoration_range,
                        "fp-rounding-mode-target",
                        wrong_target("floating-point conversion instructions"),
                    );
                }
            }
            DECORATION_FP_FAST_MATH_MODE => {
                let ok = matches!(result_scalar, Some(Type::Float { .. }))
                    || name.starts_with("OpFOrd")
                    || name.starts_with("OpFUnord")
                    || matches!(name, "OpExtInst" | "OpFunctionCall");
                if !ok {
                    report_check(
                        diagnostics,
                        &rules::OPENCL_DECORATION,
                        decoration_range,
                        "fp-fast-math-mode-target",
                        wrong_target("floating-point instructions"),
                    );
                }
            }
            DECORATION_NO_SIGNED_WRAP | DECORATION_NO_UNSIGNED_WRAP => {
                let ok = matches!(
                    name,
                    "OpIAdd" | "OpISub" | "OpIMul" | "OpShiftLeftLogical" | "OpExtInst"
                ) || (decoration.kind == DECORATION_NO_SIGNED_WRAP && name == "OpSNegate");
                if !ok {
                    report_check(
                        diagnostics,
                        &rules::OPENCL_DECORATION,
                        decoration_range,
                        "no-wrap-target",
                        wrong_target(
                            "OpIAdd, OpISub, OpIMul, OpShiftLeftLogical, OpSNegate (NoSignedWrap) and OpExtInst",
                        ),
                    );
                }
            }
            _ => {}
        }
    }
}

/// Scalars and vectors are aligned to their size, 3-vectors like 4-vectors
/// (common_properties.asciidoc, Alignment of Types). `None` for aggregates.
fn natural_alignment(facts: &Facts, ty: IdIndex) -> Option<u64> {
    let scalar = |ty: &IdIndex| match facts.types.get(ty)? {
        Type::Int { width, .. } | Type::Float { width } => Some(u64::from(*width / 8)),
        _ => None,
    };
    match facts.types.get(&ty)? {
        // A vector's components are scalars; a malformed vector of vectors (even of itself,
        // through a forward reference) has no natural alignment.
        Type::Vector { component, count } => {
            Some(scalar(component)? * u64::from(if *count == 3 { 4 } else { *count }))
        }
        _ => scalar(&ty),
    }
}

fn check_builtin(
    cx: &Context,
    device: &Device,
    variable: IdIndex,
    decoration: &super::facts::Decoration,
    definition: &Instruction,
    diagnostics: &mut Vec<Diagnostic>,
) {
    let Some(value) = decoration.parameter else {
        return;
    };
    let name = enumerant_name("BuiltIn", value as u32);
    let decoration_range = cx.module.instructions[decoration.instruction as usize].range;
    let Some(spec) = env::builtin(name) else {
        report(
            diagnostics,
            &rules::OPENCL_BUILTIN_VARIABLE,
            decoration_range,
            "builtin-allowed",
            format!("the OpenCL environment does not define the {name} built-in"),
        );
        return;
    };
    let opencl = cx.settings.opencl;
    if spec.min_opencl > opencl {
        report(
            diagnostics,
            &rules::OPENCL_BUILTIN_VARIABLE,
            decoration_range,
            "builtin-allowed",
            format!(
                "the {name} built-in (`{}`) needs OpenCL {}; the module is checked for OpenCL {opencl}",
                spec.opencl_c, spec.min_opencl
            ),
        );
    } else if !spec.extension.is_empty() && !device_has_extension(cx, spec.extension) {
        report(
            diagnostics,
            &rules::OPENCL_BUILTIN_VARIABLE,
            decoration_range,
            "builtin-allowed",
            format!(
                "the {name} built-in needs {}, which the configured device does not list",
                spec.extension
            ),
        );
    } else if !spec.condition.is_empty() && !device.subgroups {
        report(
            diagnostics,
            &rules::OPENCL_BUILTIN_VARIABLE,
            decoration_range,
            "builtin-allowed",
            format!(
                "the {name} built-in needs sub-group support ({}), which the module does not declare or the configured device lacks",
                spec.condition
            ),
        );
    }
    let ops = cx.module.operands(definition);
    let storage = match ops.first().map(|o| o.value) {
        Some(Value::Enum(s)) => s,
        _ => return,
    };
    if storage != storage::INPUT {
        report(
            diagnostics,
            &rules::OPENCL_BUILTIN_VARIABLE,
            definition.range,
            "builtin-input-storage",
            format!(
                "built-in variable {} ({name}) is in the {} storage class; built-ins are Input variables",
                id_name(cx, variable),
                storage_class_name(storage)
            ),
        );
    }
    let (Some(bits), Some(pointer_type)) = (cx.facts.address_bits(), definition.result_type) else {
        return;
    };
    let Some(Type::Pointer { pointee, .. }) = cx.facts.types.get(&pointer_type) else {
        return;
    };
    let (count, width) = spec.ty.shape(bits);
    let actual = match cx.facts.types.get(pointee) {
        Some(Type::Int { width, .. }) => Some((1, *width)),
        Some(Type::Vector { component, count }) => match cx.facts.types.get(component) {
            Some(Type::Int { width, .. }) => Some((*count, *width)),
            _ => None,
        },
        _ => None,
    };
    if actual != Some((count, width)) {
        let expected = if count == 1 {
            format!("a {width}-bit integer")
        } else {
            format!("a vector of {count} {width}-bit integers")
        };
        report(
            diagnostics,
            &rules::OPENCL_BUILTIN_VARIABLE,
            definition.range,
            "builtin-type",
            format!(
                "built-in {name} is {}; under Physical{bits} it is {expected}",
                describe(cx.facts, *pointee, 0)
            ),
        );
    }
}

// ---------------------------------------------------------------------------------------------
// SPV023: recursion, by strongly connected components of the static call graph (Tarjan,
// iterative: modules have thousands of functions).

fn check_recursion(cx: &Context, diagnostics: &mut Vec<Diagnostic>) {
    let functions = &cx.facts.functions;
    let n = functions.len();
    if n == 0 {
        return;
    }
    let callee_index = |callee: IdIndex| cx.facts.function_index.get(&callee).copied();
    const UNVISITED: u32 = u32::MAX;
    let mut order = vec![UNVISITED; n];
    let mut low = vec![0u32; n];
    let mut on_stack = vec![false; n];
    let mut component = vec![UNVISITED; n];
    let mut stack: Vec<usize> = Vec::new();
    // (function, next call to look at)
    let mut work: Vec<(usize, usize)> = Vec::new();
    let mut counter = 0u32;
    let mut components = 0u32;
    for root in 0..n {
        if order[root] != UNVISITED {
            continue;
        }
        work.push((root, 0));
        order[root] = counter;
        low[root] = counter;
        counter += 1;
        stack.push(root);
        on_stack[root] = true;
        while let Some(&mut (f, ref mut next)) = work.last_mut() {
            if let Some(&(callee, _)) = functions[f].calls.get(*next) {
                *next += 1;
                let Some(g) = callee_index(callee) else {
                    continue;
                };
                if order[g] == UNVISITED {
                    order[g] = counter;
                    low[g] = counter;
                    counter += 1;
                    stack.push(g);
                    on_stack[g] = true;
                    work.push((g, 0));
                } else if on_stack[g] {
                    low[f] = low[f].min(order[g]);
                }
                continue;
            }
            work.pop();
            if let Some(&(parent, _)) = work.last() {
                low[parent] = low[parent].min(low[f]);
            }
            if low[f] == order[f] {
                while let Some(member) = stack.pop() {
                    on_stack[member] = false;
                    component[member] = components;
                    if member == f {
                        break;
                    }
                }
                components += 1;
            }
        }
    }
    // Component sizes tell cycles (size > 1) from single functions (cyclic only if self-calling).
    let mut sizes = vec![0u32; components as usize];
    for &c in &component {
        sizes[c as usize] += 1;
    }
    let mut explained = 0;
    for (f, function) in functions.iter().enumerate() {
        for &(callee, call) in &function.calls {
            let Some(g) = callee_index(callee) else {
                continue;
            };
            if component[g] != component[f] {
                continue;
            }
            let range = cx.module.instructions[call as usize].range;
            let message = if g == f {
                format!("{} calls itself", id_name(cx, function.id))
            } else if explained < 64 {
                // Name one cycle through this call; bounded so huge components stay linear.
                explained += 1;
                let path = cycle_path(cx, &component, g, f);
                format!(
                    "this call closes a call cycle: {}",
                    std::iter::once(&f)
                        .chain(path.iter())
                        .map(|&i| id_name(cx, functions[i].id))
                        .collect::<Vec<_>>()
                        .join(" -> ")
                )
            } else {
                format!(
                    "{} and {} are in a call cycle of {} functions",
                    id_name(cx, function.id),
                    id_name(cx, callee),
                    sizes[component[f] as usize]
                )
            };
            report(
                diagnostics,
                &rules::OPENCL_RECURSION,
                range,
                "no-recursion",
                format!("recursion: {message}; OpenCL does not support recursion"),
            );
        }
    }
}

/// A call path `from` -> ... -> `to` inside one strongly connected component (breadth-first,
/// so the shortest).
fn cycle_path(cx: &Context, component: &[u32], from: usize, to: usize) -> Vec<usize> {
    let functions = &cx.facts.functions;
    let mut previous: FxHashMap<usize, usize> = FxHashMap::default();
    let mut queue = std::collections::VecDeque::from([from]);
    previous.insert(from, from);
    while let Some(f) = queue.pop_front() {
        if f == to {
            break;
        }
        for &(callee, _) in &functions[f].calls {
            if let Some(&g) = cx.facts.function_index.get(&callee) {
                if component[g] == component[from] && !previous.contains_key(&g) {
                    previous.insert(g, f);
                    queue.push_back(g);
                }
            }
        }
    }
    let mut path = vec![to];
    let mut current = to;
    while current != from {
        match previous.get(&current) {
            Some(&p) => {
                path.push(p);
                current = p;
            }
            None => break,
        }
    }
    // Walked back from `to`: reverse to read `from` -> ... -> `to`.
    path.reverse();
    path
}

// ---------------------------------------------------------------------------------------------
// One pass over the instructions: scopes, semantics, atomics, imports, half, printf, images.

struct Pass<'a, 'b> {
    cx: &'a Context<'b>,
    device: &'a Device,
    /// Types that hold a 16-bit float other than through a pointer; `None` when `Float16` is
    /// declared or `Float16Buffer` is not (then half values are unrestricted or impossible).
    half_types: Option<FxHashSet<IdIndex>>,
}

fn check_instructions(
    cx: &Context,
    device: &Device,
    range: std::ops::Range<usize>,
    diagnostics: &mut Vec<Diagnostic>,
) {
    let facts = cx.facts;
    let half_restricted = facts.has_capability("Float16Buffer") && !facts.has_capability("Float16");
    let mut pass = Pass {
        cx,
        device,
        half_types: half_restricted.then(FxHashSet::default),
    };
    for inst in &cx.module.instructions[range] {
        let Some(opcode) = inst.opcode else { continue };
        if !cx.module.is_complete(inst) {
            continue;
        }
        if opcode.class == "Type-Declaration" {
            pass.type_declaration(inst, diagnostics);
            continue;
        }
        if let (Some(half_types), Some(ty)) = (&pass.half_types, inst.result_type) {
            if half_types.contains(&ty) {
                report(
                    diagnostics,
                    &rules::OPENCL_HALF_WITHOUT_FLOAT16,
                    inst.range,
                    "float16-buffer-only",
                    format!(
                        "{} produces a {} value, but the module declares only Float16Buffer: half values may only be pointed to and read or written through vload_half/vstore_half (declare Float16, cl_khr_fp16, to compute with them)",
                        opcode.name,
                        describe(facts, ty, 0)
                    ),
                );
            }
        }
        match opcode.name {
            "OpExtInstImport" => pass.import(inst, diagnostics),
            "OpExtInst" => pass.ext_inst(inst, diagnostics),
            _ => {}
        }
        if opcode.class == "Atomic" {
            pass.atomic(inst, diagnostics);
        }
        pass.scopes_and_semantics(inst, diagnostics);
        if opcode.class == "Image" {
            pass.image_instruction(inst, diagnostics);
        }
    }
}

impl Pass<'_, '_> {
    fn type_declaration(&mut self, inst: &Instruction, diagnostics: &mut Vec<Diagnostic>) {
        let facts = self.cx.facts;
        let Some(result) = inst.result else { return };
        let Some(ty) = facts.types.get(&result) else {
            return;
        };
        if let Some(half_types) = &mut self.half_types {
            let holds_half = match ty {
                Type::Float { width: 16 } => true,
                Type::Vector { component, .. } => half_types.contains(component),
                Type::Matrix { column, .. } => half_types.contains(column),
                Type::Array { element, .. } | Type::RuntimeArray { element } => {
                    half_types.contains(element)
                }
                Type::Struct { members } => members.iter().any(|m| half_types.contains(m)),
                _ => false,
            };
            if holds_half {
                half_types.insert(result);
            }
        }
        match ty {
            Type::Int { width, signed } => {
                if *signed {
                    report(
                        diagnostics,
                        &rules::OPENCL_MEMORY_AND_EXECUTION_MODEL,
                        self.cx
                            .module
                            .operands(inst)
                            .get(1)
                            .map_or(inst.range, |o| o.range()),
                        "int-no-signedness",
                        "OpTypeInt has Signedness 1; OpenCL integer types carry no signedness (0)"
                            .into(),
                    );
                }
                if !matches!(width, 8 | 16 | 32 | 64) {
                    report(
                        diagnostics,
                        &rules::OPENCL_MEMORY_AND_EXECUTION_MODEL,
                        inst.range,
                        "int-widths",
                        format!("OpTypeInt {width}: OpenCL integers are 8, 16, 32 or 64 bits wide"),
                    );
                }
            }
            Type::Float { width } if !matches!(width, 16 | 32 | 64) => report(
                diagnostics,
                &rules::OPENCL_MEMORY_AND_EXECUTION_MODEL,
                inst.range,
                "float-widths",
                format!("OpTypeFloat {width}: OpenCL floats are 16, 32 or 64 bits wide"),
            ),
            Type::Vector { count, .. } if !matches!(count, 2 | 3 | 4 | 8 | 16) => report(
                diagnostics,
                &rules::OPENCL_MEMORY_AND_EXECUTION_MODEL,
                inst.range,
                "vector-sizes",
                format!("a vector of {count} components: OpenCL vectors have 2, 3, 4, 8 or 16"),
            ),
            Type::Image(image) => self.image_type(inst, image, diagnostics),
            _ => {}
        }
    }

    // SPV031: OpTypeImage (validation_rules.asciidoc; common_properties.asciidoc, Image
    // Related Data Types).
    fn image_type(&self, inst: &Instruction, image: &ImageType, diagnostics: &mut Vec<Diagnostic>) {
        let cx = self.cx;
        let ops = cx.module.operands(inst);
        let range = |i: usize| ops.get(i).map_or(inst.range, |o| o.range());
        let mut problem = |index: usize, rule_id: &str, message: String| {
            report(
                diagnostics,
                &rules::OPENCL_IMAGE_TYPE,
                range(index),
                rule_id,
                message,
            )
        };
        if !matches!(cx.facts.types.get(&image.sampled_type), Some(Type::Void)) {
            problem(
                0,
                "image-sampled-type-void",
                format!(
                    "the sampled type is {}; OpenCL images have a void sampled type",
                    describe(cx.facts, image.sampled_type, 0)
                ),
            );
        }
        let dim_name = enumerant_name("Dim", image.dim);
        if !matches!(image.dim, DIM_1D | DIM_2D | DIM_3D | DIM_BUFFER) {
            problem(
                1,
                "image-types",
                format!("Dim {dim_name}: OpenCL images are 1D, 2D, 3D or Buffer"),
            );
        }
        if image.depth > 1 {
            problem(
                2,
                "image-types",
                "Depth 2 (unknown): OpenCL images are depth (1) or not (0)".into(),
            );
        } else if image.depth == 1 && image.dim != DIM_2D {
            problem(
                2,
                "image-types",
                format!("a depth image with Dim {dim_name}: OpenCL depth images are 2D"),
            );
        }
        if image.arrayed == 1 && !matches!(image.dim, DIM_1D | DIM_2D) {
            problem(
                3,
                "image-arrayed-dims",
                format!("an arrayed image with Dim {dim_name}: only 1D and 2D images are arrayed"),
            );
        }
        if image.multisampled != 0 {
            let allowed = image.dim == DIM_2D
                && self.device.extensions_listed
                && device_has_extension(cx, "cl_khr_gl_msaa_sharing");
            if !allowed {
                problem(
                    4,
                    "image-single-sampled",
                    "MS 1: OpenCL images are single-sampled (multi-sampled 2D images need cl_khr_gl_msaa_sharing on the configured device)".into(),
                );
            }
        }
        if image.sampled != 0 {
            problem(
                5,
                "image-sampled-zero",
                format!(
                    "Sampled {}: OpenCL images have Sampled 0 (usage known at run time)",
                    image.sampled
                ),
            );
        }
        if image.format != IMAGE_FORMAT_UNKNOWN {
            problem(
                6,
                "image-format-unknown",
                format!(
                    "Image Format {}: OpenCL images have format Unknown",
                    enumerant_name("ImageFormat", image.format)
                ),
            );
        }
        if image.access.is_none() {
            problem(
                usize::MAX,
                "image-access-qualifier",
                "the image type has no access qualifier; OpenCL images carry ReadOnly, WriteOnly or ReadWrite".into(),
            );
        }
    }

    // SPV031: image operands of image instructions.
    fn image_instruction(&self, inst: &Instruction, diagnostics: &mut Vec<Diagnostic>) {
        let cx = self.cx;
        let ops = cx.module.operands(inst);
        let image_type = ops
            .iter()
            .find(|o| o.name() == "Image" || o.name() == "Sampled Image")
            .and_then(|o| match o.value {
                Value::Id(id) => cx.facts.type_of(id),
                _ => None,
            })
            .and_then(|t| match t {
                Type::Image(image) => Some(image),
                Type::SampledImage { image } => match cx.facts.types.get(image) {
                    Some(Type::Image(image)) => Some(image),
                    _ => None,
                },
                _ => None,
            });
        let name = inst.name();
        if name == "OpImageWrite"
            && image_type.is_some_and(|i| i.dim == DIM_3D)
            && matches!(
                cx.settings.opencl,
                OpenClVersion::V1_2 | OpenClVersion::V3_0 | OpenClVersion::V3_1
            )
            && self.device.extensions_listed
            && !device_has_extension(cx, "cl_khr_3d_image_writes")
        {
            report(
                diagnostics,
                &rules::OPENCL_IMAGE_TYPE,
                inst.range,
                "image-write-3d-needs-extension",
                "writing a 3D image needs cl_khr_3d_image_writes, which the configured device does not list".into(),
            );
        }
        for (i, operand) in ops.iter().enumerate() {
            if operand.kind.get().name != "ImageOperands" {
                continue;
            }
            let Value::Enum(mask) = operand.value else {
                continue;
            };
            if mask & IMAGE_OPERAND_CONST_OFFSET != 0 {
                report(
                    diagnostics,
                    &rules::OPENCL_IMAGE_TYPE,
                    operand.range(),
                    "image-no-constoffset",
                    format!(
                        "{name} uses the ConstOffset image operand, which OpenCL does not allow"
                    ),
                );
            }
            // Before OpenCL 3.1 an image write takes no optional image operands at all; 3.1
            // allowed them (appendix_a.asciidoc, changes in OpenCL 3.1; the 2.2 seed's §2.1).
            if name == "OpImageWrite" && mask != 0 && cx.settings.opencl < OpenClVersion::V3_1 {
                report(
                    diagnostics,
                    &rules::OPENCL_IMAGE_TYPE,
                    operand.range(),
                    "image-write-no-operands",
                    format!(
                        "OpImageWrite takes no optional image operands before OpenCL 3.1; the module is checked for OpenCL {}",
                        cx.settings.opencl
                    ),
                );
            }
            if mask & IMAGE_OPERAND_LOD != 0 {
                // Bias (0x1) would come first, but it needs Shader; the Lod id follows the mask.
                let lod = ops.get(i + 1 + usize::from(mask & 0x1 != 0));
                let extension = if name == "OpImageWrite" {
                    "cl_khr_mipmap_image_writes"
                } else {
                    "cl_khr_mipmap_image"
                };
                if let Some(lod) = lod {
                    if constant_is_nonzero(cx, lod.value)
                        && self.device.extensions_listed
                        && !device_has_extension(cx, extension)
                    {
                        report(
                            diagnostics,
                            &rules::OPENCL_IMAGE_TYPE,
                            lod.range(),
                            "image-lod-zero",
                            format!(
                                "a non-zero Lod needs {extension}, which the configured device does not list"
                            ),
                        );
                    }
                }
            }
        }
    }

    // SPV028: extended instruction sets (common_properties.asciidoc, Extended Instruction Sets).
    fn import(&self, inst: &Instruction, diagnostics: &mut Vec<Diagnostic>) {
        let cx = self.cx;
        let Some(operand) = cx.module.operands(inst).first() else {
            return;
        };
        let Value::Str(range) = operand.value else {
            return;
        };
        let name = &cx.text[range.start..range.end];
        if name == "OpenCL.std" {
            return;
        }
        if name.starts_with("NonSemantic.") {
            // Non-semantic sets come with SPV_KHR_non_semantic_info (core in SPIR-V 1.6).
            let declared = cx
                .facts
                .extensions
                .iter()
                .any(|(e, _)| e == "SPV_KHR_non_semantic_info");
            if !declared && cx.version.is_some_and(|v| v < SpirvVersion::new(1, 6)) {
                report(
                    diagnostics,
                    &rules::OPENCL_EXTENDED_INSTRUCTION_SET,
                    operand.range(),
                    "extended-instruction-sets",
                    format!("importing `{name}` needs OpExtension \"SPV_KHR_non_semantic_info\" before SPIR-V 1.6"),
                );
            }
            return;
        }
        let granted_by = env::EXTENSIONS
            .iter()
            .find(|e| e.revision == env::Revision::Current && e.ext_inst_sets.contains(&name));
        match granted_by {
            Some(extension) if device_has_extension(cx, extension.name) => {}
            Some(extension) => report(
                diagnostics,
                &rules::OPENCL_EXTENDED_INSTRUCTION_SET,
                operand.range(),
                "debug-info-needs-extension",
                format!(
                    "importing `{name}` needs {}, which the configured device does not list",
                    extension.name
                ),
            ),
            None => report(
                diagnostics,
                &rules::OPENCL_EXTENDED_INSTRUCTION_SET,
                operand.range(),
                "extended-instruction-sets",
                format!(
                    "OpenCL does not accept the `{name}` extended instruction set (OpenCL.std, OpenCL.DebugInfo.100 with cl_khr_spirv_extended_debug_info, NonSemantic.*)"
                ),
            ),
        }
    }

    fn ext_inst(&self, inst: &Instruction, diagnostics: &mut Vec<Diagnostic>) {
        if let Some((set, ext)) = inst.extended {
            if set.name == "OpenCL.std" && ext.name == "printf" {
                check_printf(self.cx, inst, diagnostics);
            }
        }
    }

    // SPV026: atomic types and storage classes (validation_rules.asciidoc).
    fn atomic(&self, inst: &Instruction, diagnostics: &mut Vec<Diagnostic>) {
        let cx = self.cx;
        let facts = cx.facts;
        let name = inst.name();
        let ops = cx.module.operands(inst);
        let pointer = ops.iter().find(|o| o.name() == "Pointer");
        if let Some(pointer) = pointer {
            if let Value::Id(p) = pointer.value {
                if let Some(Type::Pointer { storage, .. }) = facts.type_of(p) {
                    if !matches!(
                        *storage,
                        storage::FUNCTION
                            | storage::WORKGROUP
                            | storage::CROSS_WORKGROUP
                            | storage::GENERIC
                    ) {
                        report(
                            diagnostics,
                            &rules::OPENCL_ATOMIC_TYPE,
                            pointer.range(),
                            "atomic-pointer-storage",
                            format!(
                                "{name} on a pointer into {} memory; OpenCL atomics work on Function, Workgroup, CrossWorkgroup or Generic memory",
                                storage_class_name(*storage)
                            ),
                        );
                    }
                }
            }
        }
        if matches!(name, "OpAtomicFlagTestAndSet" | "OpAtomicFlagClear") {
            return;
        }
        // The value type: the result's, or for OpAtomicStore the stored value's.
        let value_type = inst.result_type.or_else(|| {
            ops.iter()
                .find(|o| o.name() == "Value")
                .and_then(|o| match o.value {
                    Value::Id(v) => facts.value_types.get(&v).copied(),
                    _ => None,
                })
        });
        let Some(value_type) = value_type else { return };
        let problem = match facts.types.get(&value_type) {
            Some(Type::Int { width: 32, .. }) | None => None,
            Some(Type::Int { width: 64, .. }) => {
                (!facts.has_capability("Int64Atomics")).then(|| {
                    "64-bit atomics need the Int64Atomics capability (cl_khr_int64_base_atomics)"
                        .to_string()
                })
            }
            Some(Type::Float { width }) => {
                let needed = match name {
                    "OpAtomicFAddEXT" => Some(format!("AtomicFloat{width}AddEXT")),
                    "OpAtomicFMinEXT" | "OpAtomicFMaxEXT" => {
                        Some(format!("AtomicFloat{width}MinMaxEXT"))
                    }
                    // OpenCL C has atomic_xchg on float (1.1) and atomic_float / atomic_double
                    // loads, stores and exchanges (2.0, doubles with the 64-bit atomics), which
                    // producers emit as these instructions on floats: accepted, a deliberate
                    // reading of "32-bit integer types only" that keeps real code clean.
                    "OpAtomicLoad" | "OpAtomicStore" | "OpAtomicExchange" => match width {
                        32 => None,
                        64 => Some("Int64Atomics".to_string()),
                        _ => Some(format!("AtomicFloat{width}AddEXT")),
                    },
                    _ => {
                        return report(
                            diagnostics,
                            &rules::OPENCL_ATOMIC_TYPE,
                            inst.range,
                            "atomic-32bit-only",
                            format!("{name} on a {width}-bit float: OpenCL integer atomics operate on 32-bit integers (64-bit with Int64Atomics)"),
                        )
                    }
                };
                needed
                    .filter(|c| !facts.has_capability(c))
                    .map(|c| format!("atomics on {width}-bit floats need the {c} capability"))
            }
            Some(Type::Int { width: 8 | 16, .. }) => {
                return report_check(
                    diagnostics,
                    &rules::OPENCL_ATOMIC_TYPE,
                    inst.range,
                    "atomic-narrow-integer",
                    format!(
                        "{name}: atomics operate on 32-bit integers (64-bit with Int64Atomics), not {}",
                        describe(facts, value_type, 0)
                    ),
                );
            }
            Some(_) => Some(format!(
                "atomics operate on 32-bit integers (64-bit with Int64Atomics), not {}",
                describe(facts, value_type, 0)
            )),
        };
        if let Some(problem) = problem {
            report(
                diagnostics,
                &rules::OPENCL_ATOMIC_TYPE,
                inst.range,
                "atomic-32bit-only",
                format!("{name}: {problem}"),
            );
        }
    }

    // SPV024 and SPV025 (validation_rules.asciidoc).
    fn scopes_and_semantics(&self, inst: &Instruction, diagnostics: &mut Vec<Diagnostic>) {
        let cx = self.cx;
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
            let what = if is_scope {
                "scope"
            } else {
                "memory semantics"
            };
            // spirv-val checks both operands' type (and a scope's value).
            let report_operand = |diagnostics: &mut Vec<Diagnostic>, message: String| {
                if is_scope {
                    report_check(
                        diagnostics,
                        &rules::OPENCL_SCOPE,
                        operand.range(),
                        "scope-operand",
                        message,
                    )
                } else {
                    report(
                        diagnostics,
                        &rules::OPENCL_MEMORY_SEMANTICS,
                        operand.range(),
                        "barrier-memory-order",
                        message,
                    )
                }
            };
            // Only the Shader validation rules (SPIR-V 2.16.2) require scopes and semantics
            // to be constants; the OpenCL environment lists the values allowed without asking
            // for constants, so a computed one (a kernel argument, a call's result) is
            // accepted, and its value can only be checked where it is a constant.
            let constant = cx.facts.int_constants.get(&id).copied();
            let value_type = cx.facts.value_types.get(&id);
            let is_int32 = matches!(cx.facts.type_of(id), Some(Type::Int { width: 32, .. }));
            if !is_int32 && (constant.is_some() || value_type.is_some()) {
                report_operand(
                    diagnostics,
                    format!(
                        "the {what} of {name} is a {} {}; {what} operands are 32-bit integers",
                        value_type.map_or("non-integer".to_string(), |t| describe(cx.facts, *t, 0)),
                        if constant.is_some() {
                            "constant"
                        } else {
                            "value"
                        }
                    ),
                );
                continue;
            }
            let Some(value) = constant else { continue };
            if is_scope {
                self.scope(
                    inst,
                    operand.name(),
                    operand.range(),
                    value,
                    is_atomic,
                    is_barrier,
                    diagnostics,
                );
            } else {
                self.semantics(
                    name,
                    operand.range(),
                    value,
                    is_atomic,
                    is_barrier,
                    diagnostics,
                );
            }
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn scope(
        &self,
        inst: &Instruction,
        operand_name: &str,
        range: TextRange,
        value: u64,
        is_atomic: bool,
        is_barrier: bool,
        diagnostics: &mut Vec<Diagnostic>,
    ) {
        let cx = self.cx;
        let name = inst.name();
        let opcode = inst.opcode.expect("checked by the caller");
        let scope_name =
            |v: u64| u32::try_from(v).map_or("an unknown scope", |v| enumerant_name("Scope", v));
        if u32::try_from(value)
            .ok()
            .and_then(|v| {
                speclint_spec_db::spirv::grammar::operand_kind("Scope")?.enumerant_by_value(v)
            })
            .is_none()
        {
            report_check(
                diagnostics,
                &rules::OPENCL_SCOPE,
                range,
                "scope-operand",
                format!("{value} is not a Scope value"),
            );
            return;
        }
        if name == "OpReadClockKHR" {
            if !matches!(value, SCOPE_DEVICE | SCOPE_WORKGROUP | SCOPE_SUBGROUP) {
                report_check(
                    diagnostics,
                    &rules::OPENCL_SCOPE,
                    range,
                    "read-clock-scope",
                    format!("OpReadClockKHR at {} scope: OpenCL clocks are Device, Workgroup or Subgroup", scope_name(value)),
                );
            }
            return;
        }
        let mut problem = |rule_id: &str, message: String| {
            report(diagnostics, &rules::OPENCL_SCOPE, range, rule_id, message)
        };
        let subgroup_unsupported = |problem: &mut dyn FnMut(&str, String)| {
            problem(
                "subgroup-scope-needs-subgroups",
                format!(
                    "{name} uses Subgroup scope, which needs sub-groups (OpenCL 2.1+, __opencl_c_subgroups, or cl_khr_subgroups); the module declares no sub-group capability or the configured OpenCL {} device lacks them",
                    cx.settings.opencl
                ),
            )
        };
        if operand_name == "Execution" {
            let (allowed, rule_id): (&[u64], &str) = if matches!(
                name,
                "OpGroupAsyncCopy" | "OpGroupWaitEvents" | "OpUntypedGroupAsyncCopyKHR"
            ) {
                (&[SCOPE_WORKGROUP], "group-async-copy-scope-workgroup")
            } else if opcode.class == "Non-Uniform" || name == "OpGroupNonUniformRotateKHR" {
                (&[SCOPE_SUBGROUP], "non-uniform-exec-scope")
            } else if opcode.capabilities.contains(&"GroupUniformArithmeticKHR") {
                (&[SCOPE_WORKGROUP], "uniform-group-exec-scope")
            } else if opcode.class == "Group" {
                (&[SCOPE_WORKGROUP, SCOPE_SUBGROUP], "group-exec-scope")
            } else {
                (&[SCOPE_WORKGROUP, SCOPE_SUBGROUP], "exec-scope")
            };
            if !allowed.contains(&value) {
                let list: Vec<&str> = allowed.iter().map(|v| scope_name(*v)).collect();
                problem(
                    rule_id,
                    format!(
                        "{name} at {} execution scope: OpenCL allows {}",
                        scope_name(value),
                        list.join(" or ")
                    ),
                );
            } else if value == SCOPE_SUBGROUP && !self.device.subgroups {
                subgroup_unsupported(&mut problem);
            }
            return;
        }
        // Memory scope.
        if is_barrier {
            if applies(cx, "barrier-opencl12") {
                if value != SCOPE_WORKGROUP {
                    problem(
                        "barrier-opencl12",
                        format!(
                            "{name} at {} memory scope: OpenCL 1.2 barriers use Workgroup memory scope",
                            scope_name(value)
                        ),
                    );
                }
            } else if value == SCOPE_SUBGROUP && !self.device.subgroups {
                subgroup_unsupported(&mut problem);
            } else if !matches!(
                value,
                SCOPE_CROSS_DEVICE
                    | SCOPE_DEVICE
                    | SCOPE_WORKGROUP
                    | SCOPE_INVOCATION
                    | SCOPE_SUBGROUP
            ) {
                problem(
                    "barrier-memory-scope",
                    format!("{name} at {} memory scope", scope_name(value)),
                );
            }
        } else if is_atomic {
            if applies(cx, "atomic-opencl12") {
                if value != SCOPE_DEVICE {
                    problem(
                        "atomic-opencl12",
                        format!(
                            "{name} at {} memory scope: OpenCL 1.2 atomics use Device memory scope",
                            scope_name(value)
                        ),
                    );
                }
            } else if value == SCOPE_INVOCATION {
                problem(
                    "atomic-memory-scope",
                    format!("{name} at Invocation memory scope: OpenCL atomics use CrossDevice, Device, Workgroup or Subgroup"),
                );
            } else if value == SCOPE_SUBGROUP && !self.device.subgroups {
                subgroup_unsupported(&mut problem);
            } else if !matches!(
                value,
                SCOPE_CROSS_DEVICE | SCOPE_DEVICE | SCOPE_WORKGROUP | SCOPE_SUBGROUP
            ) {
                problem(
                    "atomic-memory-scope",
                    format!("{name} at {} memory scope", scope_name(value)),
                );
            }
        }
    }

    fn semantics(
        &self,
        name: &str,
        range: TextRange,
        value: u64,
        is_atomic: bool,
        is_barrier: bool,
        diagnostics: &mut Vec<Diagnostic>,
    ) {
        let cx = self.cx;
        let order = value & SEMANTICS_ORDER_BITS;
        if order.count_ones() > 1 {
            report(
                diagnostics,
                &rules::OPENCL_MEMORY_SEMANTICS,
                range,
                if is_atomic { "atomic-memory-order" } else { "barrier-memory-order" },
                format!(
                    "the memory semantics {value:#x} of {name} set {} ordering bits (Acquire, Release, AcquireRelease, SequentiallyConsistent); at most one is allowed",
                    order.count_ones()
                ),
            );
            return;
        }
        if is_barrier && applies(cx, "barrier-opencl12") && order != SEMANTICS_SEQ_CST {
            report(
                diagnostics,
                &rules::OPENCL_MEMORY_SEMANTICS,
                range,
                "barrier-opencl12",
                format!(
                    "the memory semantics {value:#x} of {name} are not SequentiallyConsistent: OpenCL 1.2 barriers order memory sequentially-consistently"
                ),
            );
        }
        if is_atomic && applies(cx, "atomic-opencl12") && order != 0 {
            report(
                diagnostics,
                &rules::OPENCL_MEMORY_SEMANTICS,
                range,
                "atomic-opencl12",
                format!(
                    "the memory semantics {value:#x} of {name} are not Relaxed: OpenCL 1.2 atomics are relaxed"
                ),
            );
        }
    }
}

/// A constant operand known to be non-zero (integer or float `OpConstant`).
fn constant_is_nonzero(cx: &Context, value: Value) -> bool {
    let Value::Id(id) = value else { return false };
    if let Some(&v) = cx.facts.int_constants.get(&id) {
        return v != 0;
    }
    match cx.module.definition(id) {
        Some(def) if def.name() == "OpConstant" => cx
            .module
            .operands(def)
            .first()
            .is_some_and(|o| matches!(o.value, Value::Float(f) if f != 0.0)),
        _ => false,
    }
}

// ---------------------------------------------------------------------------------------------
// SPV030: printf (common_properties.asciidoc, Printf Operands; OpenCL.ExtendedInstructionSet.100
// printf).

fn check_printf(cx: &Context, inst: &Instruction, diagnostics: &mut Vec<Diagnostic>) {
    let facts = cx.facts;
    let ops = cx.module.operands(inst);
    if let Some(result_type) = inst.result_type {
        if !matches!(
            facts.types.get(&result_type),
            Some(Type::Int { width: 32, .. }) | None
        ) {
            report_check(
                diagnostics,
                &rules::OPENCL_PRINTF,
                inst.range,
                "printf-result-type",
                format!(
                    "printf returns a 32-bit integer, not {}",
                    describe(facts, result_type, 0)
                ),
            );
        }
    }
    // Operands: Set, Instruction, format, arguments...
    let Some(format) = ops.get(2) else { return };
    let Value::Id(format_id) = format.value else {
        return;
    };
    match facts.type_of(format_id) {
        Some(Type::Pointer { storage, pointee }) => {
            let char_pointee = matches!(facts.types.get(pointee), Some(Type::Int { width: 8, .. }));
            if *storage != storage::UNIFORM_CONSTANT || !char_pointee {
                report_check(
                    diagnostics,
                    &rules::OPENCL_PRINTF,
                    format.range(),
                    "printf-format-type",
                    format!(
                        "the printf format is a {}; it is a pointer to 8-bit integers in UniformConstant (a constant string)",
                        describe(facts, facts.value_types[&format_id], 0)
                    ),
                );
                return;
            }
        }
        Some(_) => {
            report_check(
                diagnostics,
                &rules::OPENCL_PRINTF,
                format.range(),
                "printf-format-type",
                "the printf format is not a pointer; it is a pointer to 8-bit integers in UniformConstant".into(),
            );
            return;
        }
        None => return,
    }
    let Some(bytes) = constant_string(cx, format_id) else {
        return;
    };
    let arguments = &ops[3..];
    let mut next = 0usize;
    let address_bits = facts.address_bits().unwrap_or(64);
    for spec in printf_conversions(&bytes) {
        let spec = match spec {
            Ok(spec) => spec,
            Err(problem) => {
                report(
                    diagnostics,
                    &rules::OPENCL_PRINTF,
                    format.range(),
                    "printf-undefined-specifiers",
                    format!("printf format: {problem}"),
                );
                return;
            }
        };
        if spec.conversion == b'%' {
            continue;
        }
        if matches!(spec.length, Length::Z | Length::T) && cx.settings.opencl < OpenClVersion::V3_1
        {
            report(
                diagnostics,
                &rules::OPENCL_PRINTF,
                format.range(),
                "printf-undefined-specifiers",
                format!(
                    "printf format: the z and t length modifiers are undefined before OpenCL 3.1 (checked for {})",
                    cx.settings.opencl
                ),
            );
            return;
        }
        let Some(argument) = arguments.get(next) else {
            report(
                diagnostics,
                &rules::OPENCL_PRINTF,
                inst.range,
                "printf-operand-types",
                format!(
                    "the printf format has more conversions than the {} argument{} given",
                    arguments.len(),
                    if arguments.len() == 1 { "" } else { "s" }
                ),
            );
            return;
        };
        next += 1;
        let Value::Id(arg) = argument.value else {
            continue;
        };
        let Some(arg_type) = facts.value_types.get(&arg).copied() else {
            continue;
        };
        if let Some(expected) = printf_type_problem(facts, &spec, arg_type, address_bits) {
            report(
                diagnostics,
                &rules::OPENCL_PRINTF,
                argument.range(),
                "printf-operand-types",
                format!(
                    "printf argument {} is {} but its conversion `{}` takes {expected}",
                    next,
                    describe(facts, arg_type, 0),
                    String::from_utf8_lossy(&spec.text)
                ),
            );
        }
    }
    if next < arguments.len() {
        report(
            diagnostics,
            &rules::OPENCL_PRINTF,
            arguments[next].range(),
            "printf-operand-types",
            format!(
                "printf is given {} argument{} but its format has {} conversion{}",
                arguments.len(),
                if arguments.len() == 1 { "" } else { "s" },
                next,
                if next == 1 { "" } else { "s" }
            ),
        );
    }
}

/// The bytes of a constant string a pointer leads to (through access chains and casts to an
/// `OpVariable` initialised with an `OpConstantComposite` of 8-bit integers), up to its NUL.
fn constant_string(cx: &Context, pointer: IdIndex) -> Option<Vec<u8>> {
    let mut current = pointer;
    for _ in 0..8 {
        let def = cx.module.definition(current)?;
        let ops = cx.module.operands(def);
        match def.name() {
            "OpVariable" => {
                let Value::Id(init) = ops.get(1)?.value else {
                    return None;
                };
                let init = cx.module.definition(init)?;
                if init.name() != "OpConstantComposite" {
                    return None;
                }
                let mut bytes = Vec::with_capacity(ops.len());
                for o in cx.module.operands(init) {
                    let Value::Id(c) = o.value else { return None };
                    let b = *cx.facts.int_constants.get(&c)?;
                    if b == 0 {
                        break;
                    }
                    bytes.push(b as u8);
                }
                return Some(bytes);
            }
            "OpInBoundsPtrAccessChain"
            | "OpPtrAccessChain"
            | "OpAccessChain"
            | "OpInBoundsAccessChain"
            | "OpBitcast"
            | "OpPtrCastToGeneric"
            | "OpGenericCastToPtr" => {
                // Only the start of the string: every index must be zero.
                if ops
                    .iter()
                    .skip(1)
                    .any(|o| !matches!(o.value, Value::Id(i) if cx.facts.int_constants.get(&i) == Some(&0)))
                {
                    return None;
                }
                let Value::Id(base) = ops.first()?.value else {
                    return None;
                };
                current = base;
            }
            _ => return None,
        }
    }
    None
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Length {
    None,
    Hh,
    H,
    Hl,
    L,
    Z,
    T,
}

#[derive(Debug)]
struct Conversion {
    vector: Option<u32>,
    length: Length,
    conversion: u8,
    text: Vec<u8>,
}

/// The conversions of a printf format, or why it is undefined.
fn printf_conversions(format: &[u8]) -> Vec<Result<Conversion, String>> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < format.len() {
        if format[i] != b'%' {
            i += 1;
            continue;
        }
        let start = i;
        i += 1;
        if format.get(i) == Some(&b'%') {
            i += 1;
            continue;
        }
        while i < format.len() && b"-+ #0".contains(&format[i]) {
            i += 1;
        }
        if format.get(i) == Some(&b'*') {
            out.push(Err("the `*` field width is undefined in OpenCL".into()));
            return out;
        }
        while i < format.len() && format[i].is_ascii_digit() {
            i += 1;
        }
        if format.get(i) == Some(&b'.') {
            i += 1;
            if format.get(i) == Some(&b'*') {
                out.push(Err("the `*` precision is undefined in OpenCL".into()));
                return out;
            }
            while i < format.len() && format[i].is_ascii_digit() {
                i += 1;
            }
        }
        let mut vector = None;
        if format.get(i) == Some(&b'v') {
            i += 1;
            let digits = i;
            while i < format.len() && format[i].is_ascii_digit() {
                i += 1;
            }
            let n = std::str::from_utf8(&format[digits..i])
                .ok()
                .and_then(|s| s.parse::<u32>().ok());
            match n {
                Some(n @ (2 | 3 | 4 | 8 | 16)) => vector = Some(n),
                _ => {
                    out.push(Err(
                        "a vector specifier takes 2, 3, 4, 8 or 16 components".into()
                    ));
                    return out;
                }
            }
        }
        let rest = &format[i..];
        let (length, skip) = if rest.starts_with(b"hh") {
            (Length::Hh, 2)
        } else if rest.starts_with(b"hl") {
            (Length::Hl, 2)
        } else if rest.starts_with(b"ll") {
            out.push(Err("the `ll` length modifier is undefined in OpenCL".into()));
            return out;
        } else if rest.starts_with(b"h") {
            (Length::H, 1)
        } else if rest.starts_with(b"l") {
            (Length::L, 1)
        } else if rest.starts_with(b"z") {
            (Length::Z, 1)
        } else if rest.starts_with(b"t") {
            (Length::T, 1)
        } else if rest.starts_with(b"j") || rest.starts_with(b"L") {
            out.push(Err(format!(
                "the `{}` length modifier is undefined in OpenCL",
                rest[0] as char
            )));
            return out;
        } else {
            (Length::None, 0)
        };
        i += skip;
        let Some(&conversion) = format.get(i) else {
            out.push(Err("the format ends inside a conversion".into()));
            return out;
        };
        i += 1;
        let problem = match conversion {
            b'n' => Some("the `n` conversion is undefined in OpenCL".to_string()),
            b'c' | b's' if length == Length::L => {
                Some("the `l` length modifier with `c` or `s` is undefined in OpenCL".into())
            }
            b'd' | b'i' | b'o' | b'u' | b'x' | b'X' | b'a' | b'A' | b'e' | b'E' | b'f' | b'F'
            | b'g' | b'G' | b'c' | b's' | b'p' => None,
            other => Some(format!("`%{}` is not a conversion", other as char)),
        };
        if let Some(problem) = problem {
            out.push(Err(problem));
            return out;
        }
        if vector.is_some() && length == Length::None {
            out.push(Err(
                "a vector conversion needs a length modifier (hh, h, hl or l)".into(),
            ));
            return out;
        }
        out.push(Ok(Conversion {
            vector,
            length,
            conversion,
            text: format[start..i].to_vec(),
        }));
    }
    out
}

/// What type a conversion takes, when the argument's type is not it.
fn printf_type_problem(
    facts: &Facts,
    spec: &Conversion,
    arg_type: IdIndex,
    address_bits: u32,
) -> Option<String> {
    let ty = facts.types.get(&arg_type)?;
    let integer = matches!(spec.conversion, b'd' | b'i' | b'o' | b'u' | b'x' | b'X');
    let float = matches!(
        spec.conversion,
        b'a' | b'A' | b'e' | b'E' | b'f' | b'F' | b'g' | b'G'
    );
    if let Some(n) = spec.vector {
        let width = match spec.length {
            Length::Hh => 8,
            Length::H => 16,
            Length::Hl => 32,
            Length::L => 64,
            _ => return None,
        };
        let component_ok = |c: &IdIndex| match facts.types.get(c) {
            Some(Type::Int { width: w, .. }) => integer && *w == width,
            Some(Type::Float { width: w }) => float && *w == width && width != 8,
            _ => false,
        };
        let ok = matches!(ty, Type::Vector { component, count } if *count == n && component_ok(component));
        return (!ok).then(|| {
            format!(
                "a vector of {n} {width}-bit {}",
                if integer { "integers" } else { "floats" }
            )
        });
    }
    if integer {
        let width = match spec.length {
            Length::L => 64,
            Length::Z | Length::T => address_bits,
            _ => 32,
        };
        let ok = matches!(ty, Type::Int { width: w, .. } if *w == width);
        return (!ok).then(|| format!("a {width}-bit integer"));
    }
    if float {
        let ok = matches!(ty, Type::Float { width: 32 | 64 });
        return (!ok).then(|| "a 32-bit or 64-bit float".to_string());
    }
    match spec.conversion {
        b'c' => (!matches!(
            ty,
            Type::Int {
                width: 8 | 16 | 32,
                ..
            }
        ))
        .then(|| "an integer (the promoted character)".to_string()),
        b's' => {
            let ok = matches!(ty, Type::Pointer { pointee, .. }
                if matches!(facts.types.get(pointee), Some(Type::Int { width: 8, .. })));
            (!ok).then(|| "a pointer to 8-bit integers (a literal string)".to_string())
        }
        b'p' => (!matches!(ty, Type::Pointer { .. })).then(|| "a pointer".to_string()),
        _ => None,
    }
}

#[cfg(test)]
mod tests;
