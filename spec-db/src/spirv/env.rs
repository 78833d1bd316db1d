//! The OpenCL SPIR-V environment (OpenCL 1.2 to 3.1): which SPIR-V versions, capabilities,
//! extensions and built-ins each OpenCL version accepts, and the environment's validation
//! rules. Generated at build time from `spec-db/spirv/opencl-env/*.toml`; sections cite the
//! current specification as `FILE.asciidoc#ANCHOR` (the anchor of
//! <https://registry.khronos.org/OpenCL/specs/3.0-unified/html/OpenCL_Env.html>) and the 2.2
//! seed as `§N.N Heading`.

use super::grammar::SpirvVersion;

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum OpenClVersion {
    V1_2,
    V2_0,
    V2_1,
    V2_2,
    V3_0,
    V3_1,
}

impl OpenClVersion {
    pub const ALL: [OpenClVersion; 6] = [
        OpenClVersion::V1_2,
        OpenClVersion::V2_0,
        OpenClVersion::V2_1,
        OpenClVersion::V2_2,
        OpenClVersion::V3_0,
        OpenClVersion::V3_1,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            OpenClVersion::V1_2 => "1.2",
            OpenClVersion::V2_0 => "2.0",
            OpenClVersion::V2_1 => "2.1",
            OpenClVersion::V2_2 => "2.2",
            OpenClVersion::V3_0 => "3.0",
            OpenClVersion::V3_1 => "3.1",
        }
    }
}

impl std::str::FromStr for OpenClVersion {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, String> {
        OpenClVersion::ALL
            .into_iter()
            .find(|v| v.as_str() == text)
            .ok_or_else(|| {
                format!("unknown OpenCL version `{text}` (1.2, 2.0, 2.1, 2.2, 3.0, 3.1)")
            })
    }
}

impl std::fmt::Display for OpenClVersion {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Profile {
    Full,
    Embedded,
}

impl std::str::FromStr for Profile {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, String> {
        match text {
            "full" => Ok(Profile::Full),
            "embedded" => Ok(Profile::Embedded),
            _ => Err(format!("unknown profile `{text}` (full, embedded)")),
        }
    }
}

/// Which text a fact comes from. Checks use `Current`; `Seed22` (the OpenCL SPIR-V Environment
/// 2.2, rev v2.2-3) is kept where it differs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Revision {
    Current,
    Seed22,
}

#[derive(Debug)]
pub struct VersionSpec {
    pub opencl: OpenClVersion,
    /// SPIR-V versions every device of this OpenCL version accepts (given `condition`).
    pub required: &'static [SpirvVersion],
    /// Later SPIR-V versions a device may also report.
    pub optional: &'static [SpirvVersion],
    /// An extension the requirement depends on (`cl_khr_il_program`); empty if none.
    pub condition: &'static str,
    pub section: &'static str,
    pub summary: &'static str,
}

#[derive(Debug)]
pub struct CapabilityEntry {
    pub revision: Revision,
    pub capabilities: &'static [&'static str],
    pub opencl: &'static [OpenClVersion],
    pub profiles: &'static [Profile],
    /// `false`: optional, under `condition`.
    pub required: bool,
    pub condition: &'static str,
    /// The OpenCL C 3.0 feature macro that matches `condition`.
    pub feature: &'static str,
    /// A capability that must be supported first (`ImageBasic`).
    pub requires: &'static str,
    /// The first SPIR-V version the entry applies to.
    pub spirv: SpirvVersion,
    /// A SPIR-V extension the module declares along with the capability.
    pub spirv_extension: &'static str,
    pub section: &'static str,
    pub note: &'static str,
}

#[derive(Debug)]
pub struct ExtensionSpec {
    /// `cl_khr_*`, `cles_khr_*` or `SPV_*`.
    pub name: &'static str,
    pub revision: Revision,
    pub summary: &'static str,
    pub profiles: &'static [Profile],
    /// The SPIR-V extension an OpenCL extension lets a module declare.
    pub spirv_extension: &'static str,
    /// For an `SPV_*` entry: the OpenCL extensions that allow it.
    pub enabled_by: &'static [&'static str],
    pub capabilities: &'static [&'static str],
    pub instructions: &'static [&'static str],
    pub decorations: &'static [&'static str],
    pub ext_inst_sets: &'static [&'static str],
    pub min_opencl: OpenClVersion,
    /// The OpenCL version that made it core.
    pub core_in: Option<OpenClVersion>,
    /// For an `SPV_*` entry: the OpenCL version that requires it everywhere.
    pub required_in: Option<OpenClVersion>,
    pub section: &'static str,
    pub note: &'static str,
}

/// The type a built-in variable must have; `size_t` follows the addressing model.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BuiltinType {
    /// `OpTypeInt 32 0`.
    Uint,
    SizeT,
    /// A vector of 3 `size_t`.
    SizeT3,
    /// A vector of 4 `OpTypeInt 32 0`.
    Uint4,
}

impl BuiltinType {
    /// (component count, 1 for a scalar; integer width) under an addressing model with
    /// `address_bits` (32 for Physical32, 64 for Physical64).
    pub fn shape(self, address_bits: u32) -> (u32, u32) {
        match self {
            BuiltinType::Uint => (1, 32),
            BuiltinType::SizeT => (1, address_bits),
            BuiltinType::SizeT3 => (3, address_bits),
            BuiltinType::Uint4 => (4, 32),
        }
    }
}

#[derive(Debug)]
pub struct BuiltinSpec {
    pub name: &'static str,
    /// The OpenCL C function it implements (informational in the spec).
    pub opencl_c: &'static str,
    pub ty: BuiltinType,
    pub storage: &'static str,
    pub min_opencl: OpenClVersion,
    /// A device feature it needs (sub-groups); empty if none.
    pub condition: &'static str,
    /// An OpenCL extension it needs; empty if none.
    pub extension: &'static str,
    pub section: &'static str,
}

/// What spirv-val (SPIRV-Tools 2023.1, `--target-env openclX.Y`) does with the rule's probe.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SpirvVal {
    Checks,
    Misses,
    Partial,
}

#[derive(Debug)]
pub struct Rule {
    pub id: &'static str,
    pub revision: Revision,
    /// A seed rule the current text drops or relaxes: not for checks.
    pub superseded: bool,
    pub opencl: &'static [OpenClVersion],
    pub section: &'static str,
    pub text: &'static str,
    pub spirv_val: SpirvVal,
    pub note: &'static str,
    /// `probes/<id>.spvasm`: a small module that breaks the rule.
    pub probe: &'static str,
}

impl Rule {
    pub fn applies_to(&self, version: OpenClVersion) -> bool {
        self.opencl.contains(&version)
    }
}

/// One row of the image channel order / data type mapping tables.
#[derive(Debug)]
pub struct ImageFormatMapping {
    /// The SPIR-V enumerant (`ImageChannelOrder` / `ImageChannelDataType`).
    pub name: &'static str,
    pub value: u32,
    /// The host API constant.
    pub opencl: &'static str,
    pub extension: &'static str,
    pub in_seed: bool,
    pub section: &'static str,
}

include!(concat!(env!("OUT_DIR"), "/spirv_env.rs"));

pub fn version_spec(version: OpenClVersion) -> &'static VersionSpec {
    VERSIONS
        .iter()
        .find(|v| v.opencl == version)
        .expect("versions.toml lists every OpenCL version (checked by the build)")
}

/// The SPIR-V versions every device of `version` accepts (OpenCL 1.2 and 2.0: with
/// cl_khr_il_program; OpenCL 3.0: none required).
pub fn spirv_versions(version: OpenClVersion) -> &'static [SpirvVersion] {
    version_spec(version).required
}

/// Whether a device of `version` may accept a module of SPIR-V `spirv` at all.
pub fn may_accept_spirv(version: OpenClVersion, spirv: SpirvVersion) -> bool {
    let spec = version_spec(version);
    spec.required.contains(&spirv) || spec.optional.contains(&spirv)
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CapabilityStatus {
    /// Every device accepts it.
    Required,
    /// Accepted when `condition` holds: a device query, or `extension NAME`.
    Optional { condition: &'static str },
    /// Not granted by the environment (a device may still report it through
    /// cl_khr_spirv_queries).
    NotAllowed,
}

/// The current text's status of `capability` (a grammar name or alias) for a module of SPIR-V
/// `spirv` on a `version` / `profile` device, folding in the extensions that grant it.
pub fn capability_status(
    version: OpenClVersion,
    profile: Profile,
    spirv: SpirvVersion,
    capability: &str,
) -> CapabilityStatus {
    let mut status = CapabilityStatus::NotAllowed;
    for entry in CAPABILITY_ENTRIES.iter().filter(|e| {
        e.revision == Revision::Current
            && e.capabilities.contains(&capability)
            && e.opencl.contains(&version)
            && e.profiles.contains(&profile)
            && spirv >= e.spirv
    }) {
        if entry.required {
            return CapabilityStatus::Required;
        }
        status = CapabilityStatus::Optional {
            condition: entry.condition,
        };
    }
    if status == CapabilityStatus::NotAllowed {
        if let Some(ext) = EXTENSIONS.iter().find(|e| {
            e.revision == Revision::Current
                && !e.name.starts_with("SPV_")
                && e.capabilities.contains(&capability)
                && e.min_opencl <= version
                && e.profiles.contains(&profile)
        }) {
            status = CapabilityStatus::Optional {
                condition: ext.name,
            };
        }
    }
    status
}

/// The current entry for an extension (`cl_khr_fp16`, `SPV_KHR_bit_instructions`).
pub fn extension(name: &str) -> Option<&'static ExtensionSpec> {
    EXTENSIONS
        .iter()
        .find(|e| e.name == name && e.revision == Revision::Current)
}

pub fn builtin(name: &str) -> Option<&'static BuiltinSpec> {
    BUILTINS.iter().find(|b| b.name == name)
}

/// The entry checks should use: the current one, else the seed's.
pub fn rule(id: &str) -> Option<&'static Rule> {
    rule_in(id, Revision::Current).or_else(|| rule_in(id, Revision::Seed22))
}

pub fn rule_in(id: &str, revision: Revision) -> Option<&'static Rule> {
    RULES.iter().find(|r| r.id == id && r.revision == revision)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spirv::grammar;

    fn enumerant_exists(kind: &str, name: &str) -> bool {
        grammar::operand_kind(kind)
            .and_then(|k| k.enumerant(name))
            .is_some()
    }

    /// Every SPIR-V extension named anywhere in the grammar.
    fn grammar_extensions() -> Vec<&'static str> {
        let mut all: Vec<&'static str> = Vec::new();
        for i in grammar::INSTRUCTIONS {
            all.extend(i.extensions.iter().copied());
        }
        for k in grammar::OPERAND_KINDS {
            for e in k.enumerants {
                all.extend(e.extensions.iter().copied());
            }
        }
        all
    }

    #[test]
    fn every_capability_name_is_a_grammar_capability() {
        let names = CAPABILITY_ENTRIES
            .iter()
            .flat_map(|e| e.capabilities.iter().chain([&e.requires]))
            .chain(EXTENSIONS.iter().flat_map(|e| e.capabilities.iter()));
        for name in names.filter(|n| !n.is_empty()) {
            assert!(
                enumerant_exists("Capability", name),
                "unknown capability {name}"
            );
        }
    }

    #[test]
    fn every_extension_fact_names_grammar_entities() {
        let spv_names = grammar_extensions();
        for e in EXTENSIONS {
            for i in e.instructions {
                assert!(
                    grammar::instruction(i).is_some(),
                    "{}: unknown instruction {i}",
                    e.name
                );
            }
            for d in e.decorations {
                assert!(
                    enumerant_exists("Decoration", d),
                    "{}: unknown decoration {d}",
                    e.name
                );
            }
            for s in e.ext_inst_sets {
                assert!(
                    grammar::extended_set(s).is_some(),
                    "{}: unknown set {s}",
                    e.name
                );
            }
            let spv = [e.spirv_extension]
                .into_iter()
                .chain(e.name.starts_with("SPV_").then_some(e.name));
            for name in spv.filter(|n| !n.is_empty()) {
                assert!(
                    spv_names.contains(&name),
                    "{}: {name} is in no grammar entry",
                    e.name
                );
            }
        }
        for c in CAPABILITY_ENTRIES
            .iter()
            .filter(|c| !c.spirv_extension.is_empty())
        {
            assert!(
                spv_names.contains(&c.spirv_extension),
                "{}",
                c.spirv_extension
            );
        }
    }

    #[test]
    fn builtins_and_image_formats_match_the_grammar() {
        for b in BUILTINS {
            assert!(
                enumerant_exists("BuiltIn", b.name),
                "unknown built-in {}",
                b.name
            );
        }
        for (kind, table) in [
            ("ImageChannelOrder", CHANNEL_ORDERS),
            ("ImageChannelDataType", CHANNEL_DATA_TYPES),
        ] {
            let kind = grammar::operand_kind(kind).unwrap();
            for f in table {
                let e = kind
                    .enumerant(f.name)
                    .unwrap_or_else(|| panic!("unknown {}", f.name));
                assert_eq!(
                    e.value, f.value,
                    "{} has value {} in the grammar",
                    f.name, e.value
                );
            }
        }
    }

    #[test]
    fn every_probe_is_a_rule_and_names_it() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/spirv/opencl-env/probes");
        for entry in std::fs::read_dir(dir).unwrap().flatten() {
            let path = entry.path();
            if path.extension().is_some_and(|e| e == "spvasm") {
                let id = path.file_stem().unwrap().to_str().unwrap();
                let rule = rule(id).unwrap_or_else(|| panic!("probe {id} has no rule"));
                assert!(rule.probe.starts_with(&format!("; rule: {id}\n")), "{id}");
            }
        }
    }

    #[test]
    fn versions_parse_display_and_accept_their_spirv() {
        let v: OpenClVersion = "2.2".parse().unwrap();
        assert_eq!(v, OpenClVersion::V2_2);
        assert_eq!(v.to_string(), "2.2");
        assert!("2.3".parse::<OpenClVersion>().is_err());
        assert_eq!(
            spirv_versions(OpenClVersion::V1_2),
            &[SpirvVersion::new(1, 0)]
        );
        assert_eq!(
            version_spec(OpenClVersion::V1_2).condition,
            "cl_khr_il_program"
        );
        assert_eq!(
            spirv_versions(OpenClVersion::V2_2).last(),
            Some(&SpirvVersion::new(1, 2))
        );
        assert!(spirv_versions(OpenClVersion::V3_0).is_empty());
        assert_eq!(spirv_versions(OpenClVersion::V3_1).len(), 5);
        assert!(!may_accept_spirv(
            OpenClVersion::V2_1,
            SpirvVersion::new(1, 1)
        ));
        assert!(may_accept_spirv(
            OpenClVersion::V3_0,
            SpirvVersion::new(1, 6)
        ));
    }

    #[test]
    fn capability_status_follows_version_profile_and_extensions() {
        use CapabilityStatus::*;
        let s10 = SpirvVersion::new(1, 0);
        let s11 = SpirvVersion::new(1, 1);
        assert_eq!(
            capability_status(OpenClVersion::V1_2, Profile::Full, s10, "Kernel"),
            Required
        );
        assert_eq!(
            capability_status(OpenClVersion::V1_2, Profile::Full, s10, "Int64"),
            Required
        );
        assert_eq!(
            capability_status(OpenClVersion::V1_2, Profile::Embedded, s10, "Int64"),
            Optional {
                condition: "cles_khr_int64"
            }
        );
        assert_eq!(
            capability_status(OpenClVersion::V2_0, Profile::Full, s10, "Float16"),
            Optional {
                condition: "cl_khr_fp16"
            }
        );
        assert_eq!(
            capability_status(OpenClVersion::V1_2, Profile::Full, s10, "GenericPointer"),
            NotAllowed
        );
        assert_eq!(
            capability_status(OpenClVersion::V1_2, Profile::Full, s10, "Groups"),
            NotAllowed
        );
        assert_eq!(
            capability_status(OpenClVersion::V2_0, Profile::Full, s10, "GenericPointer"),
            Required
        );
        assert!(matches!(
            capability_status(OpenClVersion::V3_0, Profile::Full, s10, "GenericPointer"),
            Optional { condition } if condition.contains("GENERIC_ADDRESS_SPACE")
        ));
        // SubgroupDispatch is a SPIR-V 1.1 capability.
        assert_eq!(
            capability_status(OpenClVersion::V2_2, Profile::Full, s10, "SubgroupDispatch"),
            NotAllowed
        );
        assert_eq!(
            capability_status(OpenClVersion::V2_2, Profile::Full, s11, "SubgroupDispatch"),
            Required
        );
        assert_eq!(
            capability_status(OpenClVersion::V2_2, Profile::Full, s10, "Shader"),
            NotAllowed
        );
        assert_eq!(
            capability_status(OpenClVersion::V1_2, Profile::Full, s10, "Int64Atomics"),
            Optional {
                condition: "cl_khr_int64_base_atomics"
            }
        );
    }

    #[test]
    fn extensions_record_what_they_allow() {
        assert_eq!(extension("cl_khr_fp16").unwrap().capabilities, &["Float16"]);
        let wrap = extension("cl_khr_spirv_no_integer_wrap_decoration").unwrap();
        assert_eq!(wrap.spirv_extension, "SPV_KHR_no_integer_wrap_decoration");
        let bits = extension("SPV_KHR_bit_instructions").unwrap();
        assert_eq!(bits.enabled_by, &["cl_khr_extended_bit_ops"]);
        assert_eq!(bits.required_in, Some(OpenClVersion::V3_1));
        assert_eq!(
            extension("cles_khr_int64").unwrap().profiles,
            &[Profile::Embedded]
        );
        // The seed's mipmap list has OpImageFetch, the current one does not.
        assert!(!extension("cl_khr_mipmap_image")
            .unwrap()
            .instructions
            .contains(&"OpImageFetch"));
        assert!(EXTENSIONS.iter().any(|e| e.name == "cl_khr_mipmap_image"
            && e.revision == Revision::Seed22
            && e.instructions.contains(&"OpImageFetch")));
    }

    #[test]
    fn builtins_have_their_required_types() {
        let gid = builtin("GlobalInvocationId").unwrap();
        assert_eq!(gid.ty, BuiltinType::SizeT3);
        assert_eq!(gid.ty.shape(64), (3, 64));
        assert_eq!(gid.ty.shape(32), (3, 32));
        assert_eq!(gid.storage, "Input");
        assert_eq!(builtin("WorkDim").unwrap().ty.shape(64), (1, 32));
        assert_eq!(builtin("GlobalLinearId").unwrap().ty, BuiltinType::SizeT);
        assert_eq!(
            builtin("SubgroupEqMask").unwrap().extension,
            "cl_khr_subgroup_ballot"
        );
        assert!(!builtin("SubgroupSize").unwrap().condition.is_empty());
        assert!(builtin("FragCoord").is_none());
    }

    #[test]
    fn rules_carry_versions_revisions_and_spirv_val_verdicts() {
        let barrier = rule("barrier-opencl12").unwrap();
        assert_eq!(barrier.opencl, &[OpenClVersion::V1_2]);
        assert_eq!(barrier.revision, Revision::Current);
        assert_eq!(barrier.spirv_val, SpirvVal::Misses);
        assert!(rule_in("barrier-opencl12", Revision::Seed22).is_some());
        let write = rule("image-write-no-operands").unwrap();
        assert!(write.superseded && write.revision == Revision::Seed22);
        assert_eq!(
            rule("image-sampled-type-void").unwrap().spirv_val,
            SpirvVal::Checks
        );
        let scope = rule("atomic-memory-scope").unwrap();
        assert!(scope.applies_to(OpenClVersion::V3_0) && !scope.applies_to(OpenClVersion::V1_2));
        assert!(rule("no-such-rule").is_none());
    }
}
