//! The walks behind what a module needs against what it declares and what its environment
//! accepts: capabilities (SPV009), extensions (SPV010), SPIR-V versions (SPV011, SPV012), and
//! the capabilities and extensions the configured OpenCL environment supports (SPV027, SPV032,
//! SPV033). Each rule's judgment lives in its file under `rules/`; the walks here gather what
//! each use needs and what the environment says of each capability.

use super::facts::Type;
use super::module::Value;
use super::rules::{
    opencl_capability_not_supported, opencl_embedded_profile, opencl_extension_not_supported,
    spirv_missing_capability, spirv_missing_extension, spirv_version_not_accepted,
    spirv_version_too_low,
};
use super::SpirvSettings;
use speclint_base::diagnostic::Diagnostic;
use speclint_base::text::TextRange;
use speclint_spec_db::spirv::env::{self, CapabilityStatus, Profile};
use speclint_spec_db::spirv::grammar::{Category, SpirvVersion};

pub(crate) mod context;

pub use context::Context;
use context::{InsertionPoints, Need};

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
                capability_check: None,
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
                        capability_check: None,
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
                    // "Uses OpTypeImage or OpTypeSampler in a Kernel" (SPIR-V 1.6, 3.2.30).
                    Type::Image(_) | Type::Sampler if cx.facts.has_capability("Kernel") => {
                        &["ImageBasic"]
                    }
                    _ => &[],
                };
                let image = matches!(ty, Type::Image(_) | Type::Sampler);
                if !needed.is_empty() {
                    check_need(
                        cx,
                        &Need {
                            what: || {
                                if image {
                                    opcode.name.to_string()
                                } else {
                                    format!("{} {}", opcode.name, type_detail(ty))
                                }
                            },
                            capabilities: needed,
                            extensions: &[],
                            version: Some(SpirvVersion::new(1, 0)),
                            last_version: None,
                            in_core: true,
                            version_check: "version",
                            capability_check: image.then_some("image-basic"),
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
        if supported && status != CapabilityStatus::NotAllowed {
            opencl_capability_not_supported::check_image_capability(
                cx,
                capability,
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
