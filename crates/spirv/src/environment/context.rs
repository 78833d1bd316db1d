//! What the OpenCL environment's walks hand their rules, and how those rules report: the module
//! and settings being checked, the device the settings describe, a scope or semantics operand,
//! and the enumerant values several rules read. It sits below both the walks in
//! `environment.rs` and the rule files, and imports neither.
//!
//! Every message ends with the environment rule it applies (`speclint_spec_db::spirv::env::rule`)
//! and that rule's section, so hovers and `explain` can cite the specification. Rules that the
//! data limits to some OpenCL versions are gated with `Rule::applies_to`. A rule the data records
//! spirv-val as missing is reported as a warning that says so: a module the reference validator
//! accepts gets no error. Where one rule has checks spirv-val enforces and checks it misses, each
//! check names its verdict in `spirv/spirv-val.toml` (`report_check`).

use crate::facts::{describe, Facts};
use crate::module::{IdIndex, Instruction, Module};
use crate::SpirvSettings;
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
pub(crate) fn spirv_val_check(id: &str) -> &'static checks::Check {
    checks::check(id).unwrap_or_else(|| panic!("spirv/spirv-val.toml lists no check `{id}`"))
}

/// A finding whose severity follows spirv-val: what it accepts (`misses`) is a warning, and the
/// message says so before its citation `cite`.
pub(crate) fn finding(
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
    pub(crate) fn new(cx: &Context) -> Device {
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

/// The id as written where it is defined (`%name`), for messages.
pub(crate) fn id_name<'a>(cx: &Context<'a>, id: IdIndex) -> &'a str {
    cx.module
        .ids
        .get(id as usize)
        .and_then(|info| info.definition_range)
        .map_or("an id", |r| &cx.text[r.start..r.end])
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
