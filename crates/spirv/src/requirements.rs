//! What a module needs against what it declares and what its environment accepts:
//! capabilities (SPV009), extensions (SPV010), SPIR-V versions (SPV011, SPV012), and the
//! capabilities and extensions the configured OpenCL environment supports (SPV027, SPV032,
//! SPV033).

use super::environment::{finding, spirv_val_check};
use super::facts::{Facts, Type};
use super::module::{Module, Value};
use super::parse::Header;
use super::rules;
use super::SpirvSettings;
use speclint_base::diagnostic::{Diagnostic, Fix, Severity};
use speclint_base::text::{quoted_list, TextRange};
use speclint_spec_db::spirv::checks;
use speclint_spec_db::spirv::env::{self, CapabilityStatus, OpenClVersion, Profile, SpirvVal};
use speclint_spec_db::spirv::grammar::{Category, SpirvVersion};

pub struct Context<'a> {
    pub text: &'a str,
    pub header: &'a Header,
    pub module: &'a Module,
    pub facts: &'a Facts,
    pub settings: &'a SpirvSettings,
}

/// What one use of an instruction, enumerant or type needs.
struct Need<W: Fn() -> String> {
    /// Names the use in messages (built only when there is one).
    what: W,
    capabilities: &'static [&'static str],
    extensions: &'static [&'static str],
    version: Option<SpirvVersion>,
    last_version: Option<SpirvVersion>,
    /// Whether the item is in core at all (`version` None means extension-only).
    in_core: bool,
    /// The check of `spirv/spirv-val.toml` its version falls under: spirv-val skips the version
    /// of an instruction that needs a capability or an extension.
    version_check: &'static str,
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
    if !need.capabilities.is_empty()
        && !need.capabilities.iter().any(|c| cx.facts.has_capability(c))
    {
        let list = quoted_list(need.capabilities.iter().copied());
        let mut diagnostic = Diagnostic::new(
            &rules::SPIRV_MISSING_CAPABILITY,
            range,
            format!(
                "{} needs the {} capability, which the module does not declare",
                (need.what)(),
                if need.capabilities.len() == 1 {
                    list
                } else {
                    format!("{list} (one of them)")
                }
            ),
        );
        for capability in need.capabilities.iter().take(3) {
            // Safe: declaring a capability the module already uses changes no instruction (a
            // choice among several is left to the author: `--fix` applies only lone fixes).
            diagnostic = diagnostic.with_fix(
                insert_at
                    .capability()
                    .declare(&format!("OpCapability {capability}"))
                    .safe(),
            );
        }
        diagnostics.push(diagnostic);
    }
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
    if !need.extensions.is_empty() && (!need.in_core || need.version.is_some_and(|v| v > version)) {
        let mut diagnostic = Diagnostic::new(
            &rules::SPIRV_MISSING_EXTENSION,
            range,
            format!(
                "{} needs the {} extension{}",
                (need.what)(),
                quoted_list(need.extensions.iter().copied()),
                match need.version {
                    Some(v) => format!(" (or SPIR-V {v}, the module is {version})"),
                    None => String::new(),
                }
            ),
        );
        for extension in need.extensions.iter().take(3) {
            // Safe: as for capabilities, it declares what the module already uses.
            diagnostic = diagnostic.with_fix(
                insert_at
                    .extension()
                    .declare(&format!("OpExtension \"{extension}\""))
                    .safe(),
            );
        }
        diagnostics.push(diagnostic);
    } else if let Some(needed) = need.version.filter(|v| *v > version) {
        let check = spirv_val_check(need.version_check);
        diagnostics.push(finding(
            &rules::SPIRV_VERSION_TOO_LOW,
            range,
            format!(
                "{} needs SPIR-V {needed}; the module is SPIR-V {version}",
                (need.what)()
            ),
            check.spirv_val == SpirvVal::Misses,
            "",
        ));
    } else if let Some(last) = need.last_version.filter(|last| earliest > *last) {
        diagnostics.push(Diagnostic::new(
            &rules::SPIRV_VERSION_TOO_LOW,
            range,
            format!(
                "{} was removed after SPIR-V {last}; the module is SPIR-V {version}",
                (need.what)()
            ),
        ));
    }
}

/// The OpenCL environment: SPIR-V version, capabilities and extensions it accepts.
pub fn check_environment(cx: &Context, diagnostics: &mut Vec<Diagnostic>) {
    let settings = cx.settings;
    let opencl = settings.opencl;
    let (version, source) = super::module_version(cx.header, settings);
    if source == super::VersionSource::Assumed {
        let mut hint = Diagnostic::new(
            &rules::SPIRV_VERSION_NOT_ACCEPTED,
            TextRange::empty(0),
            format!(
                "the module has no `; Version:` line: checked against the SPIR-V versions OpenCL {opencl}{} accepts, as SPIR-V {version} (the newest) where one version must be chosen; set `--spirv-version` or `[spirv] spirv-version` to the module's version",
                if settings.spirv_versions.is_some() { " devices as configured" } else { "" }
            ),
        );
        hint.severity = Severity::Hint;
        diagnostics.push(hint);
    }
    let version_range = match (source, cx.header.version) {
        (super::VersionSource::Header, Some((_, _, range))) => Some(range),
        (super::VersionSource::Configured, _) => Some(TextRange::empty(0)),
        _ => None,
    };
    if let Some(range) = version_range {
        let accepted = match &settings.spirv_versions {
            Some(listed) => listed.contains(&version),
            None if opencl == OpenClVersion::V3_0 => env::may_accept_spirv(opencl, version),
            None => env::spirv_versions(opencl).contains(&version),
        };
        if !accepted {
            let guaranteed: Vec<String> = env::spirv_versions(opencl)
                .iter()
                .map(|v| v.to_string())
                .collect();
            diagnostics.push(Diagnostic::new(
                &rules::SPIRV_VERSION_NOT_ACCEPTED,
                range,
                format!(
                    "OpenCL {opencl} {} SPIR-V {version}{}",
                    if settings.spirv_versions.is_some() {
                        "devices as configured do not accept"
                    } else {
                        "does not guarantee"
                    },
                    if guaranteed.is_empty() {
                        String::new()
                    } else {
                        format!(" (it guarantees {})", guaranteed.join(", "))
                    }
                ),
            ));
        }
    }
    let spirv = version;
    for (capability, index) in &cx.facts.capabilities {
        let range = cx.module.instructions[*index as usize].range;
        match capability_status(cx, capability, settings.profile, spirv) {
            CapabilityStatus::Required => {}
            CapabilityStatus::Optional { condition } => {
                let listed = |list: &Option<Vec<String>>| {
                    list.as_ref()
                        .is_none_or(|l| l.iter().any(|x| x == condition))
                };
                let supported = if condition.starts_with("__opencl_c_") {
                    listed(&settings.features)
                } else if condition.starts_with("cl") {
                    listed(&settings.extensions)
                } else {
                    true
                };
                // What the full profile requires but the embedded profile makes optional is
                // one of the embedded profile's limits.
                let embedded_limit = settings.profile == Profile::Embedded
                    && capability_status(cx, capability, Profile::Full, spirv)
                        == CapabilityStatus::Required;
                if !supported {
                    diagnostics.push(Diagnostic::new(
                        if embedded_limit {
                            &rules::OPENCL_EMBEDDED_PROFILE
                        } else {
                            &rules::OPENCL_CAPABILITY_NOT_SUPPORTED
                        },
                        range,
                        format!(
                            "{capability} needs `{condition}`, which the configured device does not list"
                        ),
                    ));
                }
            }
            CapabilityStatus::NotAllowed => {
                let full = capability_status(cx, capability, Profile::Full, spirv);
                if settings.profile == Profile::Embedded && full != CapabilityStatus::NotAllowed {
                    diagnostics.push(Diagnostic::new(
                        &rules::OPENCL_EMBEDDED_PROFILE,
                        range,
                        format!(
                            "the embedded profile of OpenCL {opencl} does not support the {capability} capability{}",
                            if *capability == "Int64" { " (without cles_khr_int64)" } else { "" }
                        ),
                    ));
                } else {
                    diagnostics.push(Diagnostic::new(
                        &rules::OPENCL_CAPABILITY_NOT_SUPPORTED,
                        range,
                        format!("OpenCL {opencl} does not support the {capability} capability"),
                    ));
                }
            }
        }
    }
    for (extension, index) in &cx.facts.extensions {
        let range = cx.module.instructions[*index as usize].range;
        // spirv-val accepts every OpExtension, so each finding here follows its check's (or
        // environment rule's) verdict: a warning.
        let (message, misses, cite) = if extension.starts_with("cl_")
            || extension.starts_with("cles_")
        {
            (
                format!(
                    "`{extension}` is an OpenCL extension, not a SPIR-V one: modules declare what it allows with OpCapability, not OpExtension"
                ),
                env::rule("opextension-spirv-only").is_some_and(|r| r.spirv_val == SpirvVal::Misses),
                String::new(),
            )
        } else {
            let (message, check) = match (env::extension(extension), &settings.extensions) {
                // Listed by the environment: enabled by an OpenCL extension or core.
                (Some(spec), Some(device)) if !enabled_by_device(spec, device, opencl) => (
                    format!(
                        "`{extension}` needs {} on the device, which the configured extensions do not list",
                        spec.enabled_by.join(" or ")
                    ),
                    "extension-not-on-device",
                ),
                (Some(_), _) => continue,
                // Vendor extensions the environment does not list are the device's to report:
                // accepted unless the device's extensions are configured, or unless nothing
                // they add is usable outside graphics shaders.
                // Folded into SPIR-V 1.6 (SPIR-V 1.6, 4.42 Changes from Version 1.5): it adds
                // only the NonSemantic.* instruction sets, whose imports are checked with them.
                (None, _) if extension == "SPV_KHR_non_semantic_info" => continue,
                (None, device) => match kernel_usability(extension) {
                    Usability::Usable if device.is_none() => continue,
                    // Registered, so the grammar's silence says nothing against it.
                    Usability::Unknown if checks::is_registered_extension(extension) => continue,
                    Usability::GraphicsOnly => (
                        format!(
                            "`{extension}` only adds graphics features (what it enables needs the Shader capability or the Vulkan memory model), which no OpenCL environment accepts"
                        ),
                        "extension-graphics-only",
                    ),
                    Usability::Unknown => (
                        format!(
                            "the OpenCL SPIR-V environment does not list the SPIR-V extension `{extension}` and speclint does not know it (neither the SPIR-V grammar nor the registered extensions name it); the environment leaves extensions it does not describe to their own specifications, so this is not checked"
                        ),
                        "extension-unknown",
                    ),
                    Usability::Usable => (
                        format!(
                            "the OpenCL SPIR-V environment does not list the SPIR-V extension `{extension}` and the configured device extensions do not name an OpenCL extension that enables it"
                        ),
                        "extension-not-on-device",
                    ),
                },
            };
            let check = spirv_val_check(check);
            (
                message,
                check.spirv_val == SpirvVal::Misses,
                format!(" [{}]", check.section),
            )
        };
        diagnostics.push(finding(
            &rules::OPENCL_EXTENSION_NOT_SUPPORTED,
            range,
            message,
            misses,
            &cite,
        ));
    }
}

enum Usability {
    Usable,
    GraphicsOnly,
    Unknown,
}

/// Whether anything an extension adds to the grammar (capabilities, and instructions or
/// enumerants that need no capability) could be used in an OpenCL module: something not tied
/// to the Shader capability or the Vulkan memory model.
fn kernel_usability(extension: &str) -> Usability {
    use speclint_spec_db::spirv::grammar::{implied_capabilities, INSTRUCTIONS, OPERAND_KINDS};
    let graphics_only = |capability: &str| {
        capability.starts_with("VulkanMemoryModel")
            || implied_capabilities(capability).contains(&"Shader")
    };
    let mut mentioned = false;
    let mut usable = false;
    let mut consider = |capabilities: &[&str]| {
        mentioned = true;
        if capabilities.is_empty() || capabilities.iter().any(|c| !graphics_only(c)) {
            usable = true;
        }
    };
    for kind in OPERAND_KINDS {
        for enumerant in kind.enumerants {
            if enumerant.extensions.contains(&extension) {
                if kind.name == "Capability" {
                    consider(&[enumerant.name]);
                } else {
                    consider(enumerant.capabilities);
                }
            }
        }
    }
    for instruction in INSTRUCTIONS {
        if instruction.extensions.contains(&extension) {
            consider(instruction.capabilities);
        }
    }
    match (mentioned, usable) {
        (_, true) => Usability::Usable,
        (true, false) => Usability::GraphicsOnly,
        (false, _) => Usability::Unknown,
    }
}

fn enabled_by_device(spec: &env::ExtensionSpec, device: &[String], opencl: OpenClVersion) -> bool {
    spec.required_in.is_some_and(|v| v <= opencl)
        || spec.enabled_by.is_empty()
        || spec
            .enabled_by
            .iter()
            .any(|e| device.iter().any(|d| d == e))
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
struct InsertionPoints<'a> {
    cx: &'a Context<'a>,
    capability: std::cell::OnceCell<LineInsertion<'a>>,
    extension: std::cell::OnceCell<LineInsertion<'a>>,
}

/// Where a declaration line goes, and the indentation of the line it goes beside, so that an
/// inserted `OpCapability` lines up with the module's (spirv-dis right-aligns the result ids
/// and indents every other instruction to match).
#[derive(Clone, Copy)]
struct LineInsertion<'a> {
    offset: usize,
    indent: &'a str,
}

impl LineInsertion<'_> {
    /// The fix that adds `instruction` here, on a line of its own.
    fn declare(&self, instruction: &str) -> Fix {
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

    fn capability(&self) -> LineInsertion<'a> {
        *self
            .capability
            .get_or_init(|| line_after_last(self.cx, "OpCapability"))
    }

    fn extension(&self) -> LineInsertion<'a> {
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
