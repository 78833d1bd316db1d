//! The walks behind what a module needs against what it declares and what its environment
//! accepts: capabilities (SPV009), extensions (SPV010), SPIR-V versions (SPV011, SPV012), and
//! the capabilities and extensions the configured OpenCL environment supports (SPV027, SPV032,
//! SPV033). Each rule's judgment lives in its file under `rules/`; the walks here gather what
//! each use needs and what the environment says of each capability.

use super::facts::{Facts, Type};
use super::module::{Module, Value};
use super::parse::Header;
use super::rules::{
    opencl_capability_not_supported, opencl_embedded_profile, opencl_extension_not_supported,
    spirv_missing_capability, spirv_missing_extension, spirv_version_not_accepted,
    spirv_version_too_low,
};
use super::SpirvSettings;
use speclint_base::diagnostic::{Diagnostic, Fix};
use speclint_base::text::TextRange;
use speclint_spec_db::spirv::env::{self, CapabilityStatus, Profile};
use speclint_spec_db::spirv::grammar::{Category, SpirvVersion};

pub struct Context<'a> {
    pub text: &'a str,
    pub header: &'a Header,
    pub module: &'a Module,
    pub facts: &'a Facts,
    pub settings: &'a SpirvSettings,
}

/// What one use of an instruction, enumerant or type needs.
pub(crate) struct Need<W: Fn() -> String> {
    /// Names the use in messages (built only when there is one).
    pub(crate) what: W,
    pub(crate) capabilities: &'static [&'static str],
    pub(crate) extensions: &'static [&'static str],
    pub(crate) version: Option<SpirvVersion>,
    pub(crate) last_version: Option<SpirvVersion>,
    /// Whether the item is in core at all (`version` None means extension-only).
    pub(crate) in_core: bool,
    /// The check of `spirv/spirv-val.toml` its version falls under: spirv-val skips the version
    /// of an instruction that needs a capability or an extension.
    pub(crate) version_check: &'static str,
}

/// What each instruction in `range` needs (each on its own).
pub fn check_instructions(
    cx: &Context,
    range: std::ops::Range<usize>,
    diagnostics: &mut Vec<Diagnostic>,
) {
    let insert_at = InsertionPoints::new(cx);
    for inst in &cx.module.instructions[range] {
        let Some(opcode) = inst.opcode else { continue };
        check_need(
            cx,
            &Need {
                what: || opcode.name.to_string(),
                capabilities: opcode.capabilities,
                extensions: opcode.extensions,
                version: opcode.version,
                last_version: opcode.last_version,
                in_core: opcode.version.is_some(),
                version_check: if opcode.capabilities.is_empty() && opcode.extensions.is_empty() {
                    "version"
                } else {
                    "version-of-capability-gated-instruction"
                },
            },
            inst.opcode_range,
            &insert_at,
            diagnostics,
        );
        for operand in cx.module.operands(inst) {
            let kind = operand.kind.get();
            if !matches!(kind.category, Category::ValueEnum | Category::BitEnum) {
                continue;
            }
            // A Capability operand's "capabilities" are what it implies, not what it needs.
            let implied_only = kind.name == "Capability";
            let Value::Enum(value) = operand.value else {
                continue;
            };
            // A mask's bits one by one; a value enum is its one value.
            let is_mask = kind.category == Category::BitEnum;
            let bits = (0..32u32)
                .map(|b| 1u32 << b)
                .filter(move |bit| is_mask && value & bit != 0)
                .chain((!is_mask).then_some(value));
            for bit in bits {
                let Some(enumerant) = kind.enumerant_by_value(bit) else {
                    continue;
                };
                check_need(
                    cx,
                    &Need {
                        what: || format!("{} {}", kind.name, enumerant.name),
                        capabilities: if implied_only {
                            &[]
                        } else {
                            enumerant.capabilities
                        },
                        extensions: enumerant.extensions,
                        version: enumerant.version,
                        last_version: enumerant.last_version,
                        in_core: enumerant.version.is_some(),
                        version_check: "version",
                    },
                    operand.range(),
                    &insert_at,
                    diagnostics,
                );
            }
        }
        // Types whose width or size needs a capability (SPIR-V 2.16.1, "Capabilities").
        if let Some(result) = inst.result {
            if let Some(ty) = cx.facts.types.get(&result) {
                let needed: &[&str] = match ty {
                    Type::Int { width: 8, .. } => &["Int8"],
                    Type::Int { width: 16, .. } => &["Int16"],
                    Type::Int { width: 64, .. } => &["Int64"],
                    Type::Float { width: 16 } => &["Float16", "Float16Buffer"],
                    Type::Float { width: 64 } => &["Float64"],
                    Type::Vector { count: 8 | 16, .. } => &["Vector16"],
                    _ => &[],
                };
                if !needed.is_empty() {
                    check_need(
                        cx,
                        &Need {
                            what: || format!("{} {}", opcode.name, type_detail(ty)),
                            capabilities: needed,
                            extensions: &[],
                            version: Some(SpirvVersion::new(1, 0)),
                            last_version: None,
                            in_core: true,
                            version_check: "version",
                        },
                        inst.range,
                        &insert_at,
                        diagnostics,
                    );
                }
            }
        }
    }
}

fn type_detail(ty: &Type) -> String {
    match ty {
        Type::Int { width, .. } | Type::Float { width } => format!("{width}"),
        Type::Vector { count, .. } => format!("with {count} components"),
        _ => String::new(),
    }
}

fn check_need<W: Fn() -> String>(
    cx: &Context,
    need: &Need<W>,
    range: TextRange,
    insert_at: &InsertionPoints,
    diagnostics: &mut Vec<Diagnostic>,
) {
    let declared_extension = need
        .extensions
        .iter()
        .any(|e| cx.facts.extensions.iter().any(|(d, _)| d == e));
    spirv_missing_capability::check_capability(cx, need, range, insert_at, diagnostics);
    let (version, source) = super::module_version(cx.header, cx.settings);
    // An assumed version stands for every version the device accepts: what some accepted
    // version has is not reported (nor what an older one still had).
    let earliest = match source {
        super::VersionSource::Assumed => super::oldest_accepted(cx.settings),
        _ => version,
    };
    let in_version = need.version.is_some_and(|v| v <= version)
        && need.last_version.is_none_or(|last| earliest <= last);
    if in_version || declared_extension {
        return;
    }
    if !spirv_missing_extension::check_extension(need, version, range, insert_at, diagnostics) {
        spirv_version_too_low::check_version(need, version, earliest, range, diagnostics);
    }
}

/// The OpenCL environment: SPIR-V version, capabilities and extensions it accepts.
pub fn check_environment(cx: &Context, diagnostics: &mut Vec<Diagnostic>) {
    let settings = cx.settings;
    spirv_version_not_accepted::check_version_accepted(cx, diagnostics);
    let (spirv, _) = super::module_version(cx.header, settings);
    for (capability, index) in &cx.facts.capabilities {
        let range = cx.module.instructions[*index as usize].range;
        let status = capability_status(cx, capability, settings.profile, spirv);
        let supported = match status {
            CapabilityStatus::Optional { condition } => condition_supported(settings, condition),
            _ => true,
        };
        // What the full profile requires but the embedded profile makes optional or does not
        // allow is one of the embedded profile's limits.
        let full_profile = capability_status(cx, capability, Profile::Full, spirv);
        if !opencl_embedded_profile::check_capability(
            cx,
            capability,
            status,
            supported,
            full_profile,
            range,
            diagnostics,
        ) {
            opencl_capability_not_supported::check_capability(
                cx,
                capability,
                status,
                supported,
                range,
                diagnostics,
            );
        }
    }
    for (extension, index) in &cx.facts.extensions {
        let range = cx.module.instructions[*index as usize].range;
        opencl_extension_not_supported::check_extension(cx, extension, range, diagnostics);
    }
}

/// The environment's status for a capability under any of its names (the grammar renames
/// capabilities as extensions become core: `DotProductKHR` is now `DotProduct`). A capability
/// the environment does not list but that a declared vendor extension enables is the device's
/// to report: accepted unless the device's extensions are configured.
fn capability_status(
    cx: &Context,
    capability: &str,
    profile: Profile,
    spirv: SpirvVersion,
) -> CapabilityStatus {
    let opencl = cx.settings.opencl;
    let enumerant = speclint_spec_db::spirv::grammar::operand_kind("Capability")
        .and_then(|kind| kind.enumerant(capability));
    let names = std::iter::once(capability).chain(
        enumerant
            .into_iter()
            .flat_map(|e| e.aliases.iter().copied()),
    );
    let mut best = CapabilityStatus::NotAllowed;
    for name in names {
        match env::capability_status(opencl, profile, spirv, name) {
            CapabilityStatus::Required => return CapabilityStatus::Required,
            optional @ CapabilityStatus::Optional { .. } => best = optional,
            CapabilityStatus::NotAllowed => {}
        }
    }
    if best == CapabilityStatus::NotAllowed && cx.settings.extensions.is_none() {
        let vendor_enabled = enumerant.is_some_and(|e| {
            e.extensions.iter().any(|x| {
                env::extension(x).is_none() && cx.facts.extensions.iter().any(|(d, _)| d == x)
            })
        });
        if vendor_enabled {
            return CapabilityStatus::Required;
        }
    }
    best
}

/// Where a new `OpCapability` line goes: after the last one (or at the first instruction).
/// Where fixes insert a new `OpCapability` (after the last one) and `OpExtension` (after the
/// last one, or after the capabilities). Found on first use: each takes a walk over the module,
/// and a module without findings needs neither.
pub(crate) struct InsertionPoints<'a> {
    cx: &'a Context<'a>,
    capability: std::cell::OnceCell<LineInsertion<'a>>,
    extension: std::cell::OnceCell<LineInsertion<'a>>,
}

/// Where a declaration line goes, and the indentation of the line it goes beside, so that an
/// inserted `OpCapability` lines up with the module's (spirv-dis right-aligns the result ids
/// and indents every other instruction to match).
#[derive(Clone, Copy)]
pub(crate) struct LineInsertion<'a> {
    offset: usize,
    indent: &'a str,
}

impl LineInsertion<'_> {
    /// The fix that adds `instruction` here, on a line of its own.
    pub(crate) fn declare(&self, instruction: &str) -> Fix {
        Fix::insert(
            format!("Declare `{instruction}`"),
            self.offset,
            format!("{}{instruction}\n", self.indent),
        )
    }
}

impl<'a> InsertionPoints<'a> {
    fn new(cx: &'a Context<'a>) -> Self {
        InsertionPoints {
            cx,
            capability: std::cell::OnceCell::new(),
            extension: std::cell::OnceCell::new(),
        }
    }

    pub(crate) fn capability(&self) -> LineInsertion<'a> {
        *self
            .capability
            .get_or_init(|| line_after_last(self.cx, "OpCapability"))
    }

    pub(crate) fn extension(&self) -> LineInsertion<'a> {
        *self.extension.get_or_init(|| {
            let has_extension = self
                .cx
                .module
                .instructions
                .iter()
                .any(|i| i.name() == "OpExtension");
            if has_extension {
                line_after_last(self.cx, "OpExtension")
            } else {
                self.capability()
            }
        })
    }
}

/// The start of the line after the last `name` instruction, or of the first instruction's line
/// when there is none.
fn line_after_last<'a>(cx: &Context<'a>, name: &str) -> LineInsertion<'a> {
    let text = cx.text;
    let last = cx
        .module
        .instructions
        .iter()
        .rev()
        .find(|i| i.name() == name);
    let Some(anchor) = last.or(cx.module.instructions.first()) else {
        return LineInsertion {
            offset: 0,
            indent: "",
        };
    };
    let anchor_line = line_start(text, anchor.range.start);
    let indent_len = text[anchor_line..]
        .find(|c: char| c != ' ' && c != '\t')
        .unwrap_or(0);
    let offset = match last {
        Some(inst) => text[inst.range.end..]
            .find('\n')
            .map_or(text.len(), |n| inst.range.end + n + 1),
        None => anchor_line,
    };
    LineInsertion {
        offset,
        indent: &text[anchor_line..anchor_line + indent_len],
    }
}

fn line_start(text: &str, offset: usize) -> usize {
    text[..offset].rfind('\n').map_or(0, |n| n + 1)
}

/// Whether the device supports what an optional capability needs: an OpenCL C feature or an
/// extension the configured lists name (an unconfigured list supports everything).
fn condition_supported(settings: &SpirvSettings, condition: &str) -> bool {
    let listed = |list: &Option<Vec<String>>| {
        list.as_ref()
            .is_none_or(|l| l.iter().any(|x| x == condition))
    };
    if condition.starts_with("__opencl_c_") {
        listed(&settings.features)
    } else if condition.starts_with("cl") {
        listed(&settings.extensions)
    } else {
        true
    }
}
