//! Validates the OpenCL SPIR-V environment files (`spirv/opencl-env/*.toml`) and compiles them
//! into the static tables of `speclint_spec_db::spirv::env`. A misspelt field, an unknown
//! OpenCL version, profile or revision, a section outside the citation scheme, a duplicate id
//! or a rule without its probe fails the build with the file and entry named. Capability,
//! extension and built-in names are checked against the SPIR-V grammar by the unit tests of
//! `spirv::env` (the grammar tables exist only once the build is done).

use crate::rust_writer::str_lit;
use serde::Deserialize;
use std::collections::BTreeSet;
use std::path::Path;

const OPENCL_VERSIONS: &[&str] = &["1.2", "2.0", "2.1", "2.2", "3.0", "3.1"];
const PROFILES: &[&str] = &["full", "embedded"];
const REVISIONS: &[&str] = &["current", "2.2-seed"];
const SPIRV_VERSIONS: &[&str] = &["1.0", "1.1", "1.2", "1.3", "1.4", "1.5", "1.6"];
const SPEC_FILES: &[&str] = &[
    "common_properties.asciidoc",
    "extensions.asciidoc",
    "required_capabilities.asciidoc",
    "validation_rules.asciidoc",
    "appendix_a.asciidoc",
];

fn current() -> String {
    "current".to_string()
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct VersionsFile {
    version: Vec<VersionEntry>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct VersionEntry {
    opencl: String,
    required: Vec<String>,
    #[serde(default)]
    optional: Vec<String>,
    #[serde(default)]
    condition: String,
    section: String,
    summary: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CapabilitiesFile {
    entry: Vec<CapabilityEntry>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CapabilityEntry {
    #[serde(default = "current")]
    revision: String,
    capabilities: Vec<String>,
    opencl: Vec<String>,
    profiles: Vec<String>,
    status: String,
    #[serde(default)]
    condition: String,
    #[serde(default)]
    feature: String,
    #[serde(default)]
    requires: String,
    #[serde(default)]
    spirv: Option<String>,
    #[serde(default)]
    spirv_extension: String,
    section: String,
    #[serde(default)]
    note: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ExtensionsFile {
    extension: Vec<ExtensionEntry>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ExtensionEntry {
    name: String,
    #[serde(default = "current")]
    revision: String,
    summary: String,
    #[serde(default = "both_profiles")]
    profiles: Vec<String>,
    #[serde(default)]
    spirv_extension: String,
    #[serde(default)]
    enabled_by: Vec<String>,
    #[serde(default)]
    capabilities: Vec<String>,
    #[serde(default)]
    instructions: Vec<String>,
    #[serde(default)]
    decorations: Vec<String>,
    #[serde(default)]
    ext_inst_sets: Vec<String>,
    min_opencl: String,
    #[serde(default)]
    core_in: String,
    #[serde(default)]
    required_in: String,
    section: String,
    #[serde(default)]
    note: String,
}

fn both_profiles() -> Vec<String> {
    vec!["full".to_string(), "embedded".to_string()]
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct BuiltinsFile {
    builtin: Vec<BuiltinEntry>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct BuiltinEntry {
    name: String,
    opencl_c: String,
    #[serde(rename = "type")]
    ty: String,
    storage: String,
    min_opencl: String,
    #[serde(default)]
    condition: String,
    #[serde(default)]
    extension: String,
    section: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RulesFile {
    rule: Vec<RuleEntry>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RuleEntry {
    id: String,
    #[serde(default = "current")]
    revision: String,
    #[serde(default)]
    superseded: bool,
    opencl: Vec<String>,
    section: String,
    text: String,
    spirv_val: String,
    #[serde(default)]
    note: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ImageFormatsFile {
    channel_order: Vec<FormatEntry>,
    channel_data_type: Vec<FormatEntry>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct FormatEntry {
    name: String,
    value: u32,
    opencl: String,
    #[serde(default)]
    extension: String,
    #[serde(default = "yes")]
    in_seed: bool,
    section: String,
}

fn yes() -> bool {
    true
}

/// Reads and validates every file; returns the Rust source of the tables.
pub fn generate(dir: &Path, errors: &mut Vec<String>) -> String {
    let versions: Option<VersionsFile> = read(dir, "versions.toml", errors);
    let capabilities: Option<CapabilitiesFile> = read(dir, "capabilities.toml", errors);
    let extensions: Option<ExtensionsFile> = read(dir, "extensions.toml", errors);
    let builtins: Option<BuiltinsFile> = read(dir, "builtins.toml", errors);
    let rules: Option<RulesFile> = read(dir, "validation_rules.toml", errors);
    let formats: Option<ImageFormatsFile> = read(dir, "image_formats.toml", errors);
    let (
        Some(versions),
        Some(capabilities),
        Some(extensions),
        Some(builtins),
        Some(rules),
        Some(formats),
    ) = (versions, capabilities, extensions, builtins, rules, formats)
    else {
        return String::new();
    };
    let mut out = String::new();
    out.push_str(&versions_code(&versions, errors));
    out.push_str(&capabilities_code(&capabilities, errors));
    out.push_str(&extensions_code(&extensions, errors));
    out.push_str(&builtins_code(&builtins, errors));
    out.push_str(&rules_code(dir, &rules, errors));
    out.push_str(&formats_code(&formats, errors));
    out
}

fn read<T: for<'de> Deserialize<'de>>(
    dir: &Path,
    name: &str,
    errors: &mut Vec<String>,
) -> Option<T> {
    let path = dir.join(name);
    println!("cargo:rerun-if-changed={}", path.display());
    let text = match std::fs::read_to_string(&path) {
        Ok(text) => text,
        Err(e) => {
            errors.push(format!("spirv/opencl-env/{name}: {e}"));
            return None;
        }
    };
    match toml::from_str(&text) {
        Ok(value) => Some(value),
        Err(e) => {
            errors.push(format!("spirv/opencl-env/{name}: {e}"));
            None
        }
    }
}

/// Collects errors for one entry, prefixed with its file and name.
struct Checker<'a> {
    errors: &'a mut Vec<String>,
    place: String,
}

impl Checker<'_> {
    fn fail(&mut self, message: impl std::fmt::Display) {
        self.errors.push(format!("{}: {message}", self.place));
    }

    fn one_of(&mut self, what: &str, value: &str, allowed: &[&str]) {
        if !allowed.contains(&value) {
            self.fail(format!(
                "unknown {what} `{value}` (expected one of {allowed:?})"
            ));
        }
    }

    fn all_of(&mut self, what: &str, values: &[String], allowed: &[&str]) {
        if values.is_empty() {
            self.fail(format!("empty {what} list"));
        }
        for value in values {
            self.one_of(what, value, allowed);
        }
    }

    fn not_empty(&mut self, what: &str, value: &str) {
        if value.trim().is_empty() {
            self.fail(format!("empty {what}"));
        }
    }

    /// Current text: `FILE.asciidoc#ANCHOR`; the 2.2 seed: `§N.N Heading`.
    fn section(&mut self, section: &str, revision: &str) {
        let ok = match revision {
            "2.2-seed" => section.strip_prefix('§').is_some_and(|rest| {
                rest.starts_with(|c: char| c.is_ascii_digit()) && rest.contains(' ')
            }),
            _ => section.split_once('#').is_some_and(|(file, anchor)| {
                SPEC_FILES.contains(&file)
                    && !anchor.is_empty()
                    && anchor
                        .chars()
                        .all(|c| c.is_ascii_alphanumeric() || "-_.".contains(c))
            }),
        };
        if !ok {
            self.fail(format!(
                "section `{section}` is not `FILE.asciidoc#ANCHOR` (current) or `§N.N Heading` (2.2-seed)"
            ));
        }
    }
}

fn checker<'a>(errors: &'a mut Vec<String>, file: &str, entry: &str) -> Checker<'a> {
    Checker {
        errors,
        place: format!("spirv/opencl-env/{file}: {entry}"),
    }
}

fn opencl(v: &str) -> String {
    let variant = match v {
        "1.2" => "V1_2",
        "2.0" => "V2_0",
        "2.1" => "V2_1",
        "2.2" => "V2_2",
        "3.0" => "V3_0",
        _ => "V3_1",
    };
    format!("OpenClVersion::{variant}")
}

fn opencl_list(values: &[String]) -> String {
    let items: Vec<String> = values.iter().map(|v| opencl(v)).collect();
    format!("&[{}]", items.join(", "))
}

fn spirv(v: &str) -> String {
    let (major, minor) = v.split_once('.').unwrap_or(("1", "0"));
    format!("SpirvVersion::new({major}, {minor})")
}

fn spirv_list(values: &[String]) -> String {
    let items: Vec<String> = values.iter().map(|v| spirv(v)).collect();
    format!("&[{}]", items.join(", "))
}

fn profile_list(values: &[String]) -> String {
    let items: Vec<&str> = values
        .iter()
        .map(|p| {
            if p == "full" {
                "Profile::Full"
            } else {
                "Profile::Embedded"
            }
        })
        .collect();
    format!("&[{}]", items.join(", "))
}

fn revision(r: &str) -> &'static str {
    if r == "2.2-seed" {
        "Revision::Seed22"
    } else {
        "Revision::Current"
    }
}

fn strs(values: &[String]) -> String {
    crate::rust_writer::str_slice(values)
}

fn versions_code(file: &VersionsFile, errors: &mut Vec<String>) -> String {
    let mut seen = BTreeSet::new();
    let mut code = String::from("pub static VERSIONS: &[VersionSpec] = &[\n");
    for v in &file.version {
        let mut c = checker(errors, "versions.toml", &format!("version {}", v.opencl));
        c.one_of("OpenCL version", &v.opencl, OPENCL_VERSIONS);
        c.section(&v.section, "current");
        c.not_empty("summary", &v.summary);
        for s in v.required.iter().chain(&v.optional) {
            c.one_of("SPIR-V version", s, SPIRV_VERSIONS);
        }
        if !seen.insert(v.opencl.clone()) {
            c.fail("listed twice");
        }
        code.push_str(&format!(
            "    VersionSpec {{ opencl: {}, required: {}, optional: {}, condition: {}, section: {}, summary: {} }},\n",
            opencl(&v.opencl),
            spirv_list(&v.required),
            spirv_list(&v.optional),
            str_lit(&v.condition),
            str_lit(&v.section),
            str_lit(&v.summary)
        ));
    }
    for v in OPENCL_VERSIONS {
        if !seen.contains(*v) {
            errors.push(format!(
                "spirv/opencl-env/versions.toml: OpenCL {v} is missing"
            ));
        }
    }
    code.push_str("];\n");
    code
}

fn capabilities_code(file: &CapabilitiesFile, errors: &mut Vec<String>) -> String {
    let mut code = String::from("pub static CAPABILITY_ENTRIES: &[CapabilityEntry] = &[\n");
    for (i, e) in file.entry.iter().enumerate() {
        let name = format!("entry {} ({})", i + 1, e.capabilities.join(", "));
        let mut c = checker(errors, "capabilities.toml", &name);
        if e.capabilities.is_empty() {
            c.fail("no capabilities");
        }
        c.one_of("revision", &e.revision, REVISIONS);
        c.all_of("OpenCL version", &e.opencl, OPENCL_VERSIONS);
        c.all_of("profile", &e.profiles, PROFILES);
        c.one_of("status", &e.status, &["required", "optional"]);
        if e.status == "optional" {
            c.not_empty("condition (an optional capability needs one)", &e.condition);
        }
        if let Some(v) = &e.spirv {
            c.one_of("SPIR-V version", v, SPIRV_VERSIONS);
        }
        c.section(&e.section, &e.revision);
        code.push_str(&format!(
            "    CapabilityEntry {{ revision: {}, capabilities: {}, opencl: {}, profiles: {}, required: {}, condition: {}, feature: {}, requires: {}, spirv: {}, spirv_extension: {}, section: {}, note: {} }},\n",
            revision(&e.revision),
            strs(&e.capabilities),
            opencl_list(&e.opencl),
            profile_list(&e.profiles),
            e.status == "required",
            str_lit(&e.condition),
            str_lit(&e.feature),
            str_lit(&e.requires),
            spirv(e.spirv.as_deref().unwrap_or("1.0")),
            str_lit(&e.spirv_extension),
            str_lit(&e.section),
            str_lit(&e.note)
        ));
    }
    code.push_str("];\n");
    code
}

fn extensions_code(file: &ExtensionsFile, errors: &mut Vec<String>) -> String {
    let mut seen = BTreeSet::new();
    let names: BTreeSet<&str> = file.extension.iter().map(|e| e.name.as_str()).collect();
    let mut code = String::from("pub static EXTENSIONS: &[ExtensionSpec] = &[\n");
    for e in &file.extension {
        let mut c = checker(
            errors,
            "extensions.toml",
            &format!("extension {} ({})", e.name, e.revision),
        );
        if !["cl_khr_", "cles_khr_", "SPV_"]
            .iter()
            .any(|p| e.name.starts_with(p))
        {
            c.fail("name is not cl_khr_*, cles_khr_* or SPV_*");
        }
        c.one_of("revision", &e.revision, REVISIONS);
        c.all_of("profile", &e.profiles, PROFILES);
        c.one_of("OpenCL version", &e.min_opencl, OPENCL_VERSIONS);
        for v in [&e.core_in, &e.required_in] {
            if !v.is_empty() {
                c.one_of("OpenCL version", v, OPENCL_VERSIONS);
            }
        }
        for by in &e.enabled_by {
            if !names.contains(by.as_str()) {
                c.fail(format!(
                    "enabled_by `{by}` is not an extension in this file"
                ));
            }
        }
        if e.name.starts_with("SPV_") == e.enabled_by.is_empty() {
            c.fail("SPV_* entries, and only they, name the OpenCL extension that enables them (enabled_by)");
        }
        c.not_empty("summary", &e.summary);
        c.section(&e.section, &e.revision);
        if !seen.insert((e.name.clone(), e.revision.clone())) {
            c.fail("listed twice for this revision");
        }
        code.push_str(&format!(
            "    ExtensionSpec {{ name: {}, revision: {}, summary: {}, profiles: {}, spirv_extension: {}, enabled_by: {}, capabilities: {}, instructions: {}, decorations: {}, ext_inst_sets: {}, min_opencl: {}, core_in: {}, required_in: {}, section: {}, note: {} }},\n",
            str_lit(&e.name),
            revision(&e.revision),
            str_lit(&e.summary),
            profile_list(&e.profiles),
            str_lit(&e.spirv_extension),
            strs(&e.enabled_by),
            strs(&e.capabilities),
            strs(&e.instructions),
            strs(&e.decorations),
            strs(&e.ext_inst_sets),
            opencl(&e.min_opencl),
            opt_opencl(&e.core_in),
            opt_opencl(&e.required_in),
            str_lit(&e.section),
            str_lit(&e.note)
        ));
    }
    code.push_str("];\n");
    code
}

fn opt_opencl(v: &str) -> String {
    if v.is_empty() {
        "None".to_string()
    } else {
        format!("Some({})", opencl(v))
    }
}

fn builtins_code(file: &BuiltinsFile, errors: &mut Vec<String>) -> String {
    let mut seen = BTreeSet::new();
    let mut code = String::from("pub static BUILTINS: &[BuiltinSpec] = &[\n");
    for b in &file.builtin {
        let mut c = checker(errors, "builtins.toml", &format!("builtin {}", b.name));
        let ty = match b.ty.as_str() {
            "uint" => "BuiltinType::Uint",
            "size_t" => "BuiltinType::SizeT",
            "size_t3" => "BuiltinType::SizeT3",
            "uint4" => "BuiltinType::Uint4",
            other => {
                c.fail(format!(
                    "unknown type `{other}` (uint, size_t, size_t3, uint4)"
                ));
                "BuiltinType::Uint"
            }
        };
        c.one_of("storage class", &b.storage, &["Input"]);
        c.one_of("OpenCL version", &b.min_opencl, OPENCL_VERSIONS);
        c.not_empty("opencl_c", &b.opencl_c);
        c.section(&b.section, "current");
        if !seen.insert(b.name.clone()) {
            c.fail("listed twice");
        }
        code.push_str(&format!(
            "    BuiltinSpec {{ name: {}, opencl_c: {}, ty: {ty}, storage: {}, min_opencl: {}, condition: {}, extension: {}, section: {} }},\n",
            str_lit(&b.name),
            str_lit(&b.opencl_c),
            str_lit(&b.storage),
            opencl(&b.min_opencl),
            str_lit(&b.condition),
            str_lit(&b.extension),
            str_lit(&b.section)
        ));
    }
    code.push_str("];\n");
    code
}

fn rules_code(dir: &Path, file: &RulesFile, errors: &mut Vec<String>) -> String {
    let mut seen = BTreeSet::new();
    let mut code = String::from("pub static RULES: &[Rule] = &[\n");
    for r in &file.rule {
        let mut c = checker(
            errors,
            "validation_rules.toml",
            &format!("rule {} ({})", r.id, r.revision),
        );
        if r.id.is_empty()
            || !r
                .id
                .chars()
                .all(|ch| ch.is_ascii_lowercase() || ch.is_ascii_digit() || ch == '-')
        {
            c.fail("id is not lower-case-with-dashes");
        }
        c.one_of("revision", &r.revision, REVISIONS);
        c.all_of("OpenCL version", &r.opencl, OPENCL_VERSIONS);
        c.one_of("spirv_val", &r.spirv_val, &["checks", "misses", "partial"]);
        c.not_empty("text", &r.text);
        c.section(&r.section, &r.revision);
        if r.superseded && r.revision == "current" {
            c.fail("only a 2.2-seed entry can be superseded");
        }
        if !seen.insert((r.id.clone(), r.revision.clone())) {
            c.fail("id listed twice for this revision");
        }
        let probe = dir.join("probes").join(format!("{}.spvasm", r.id));
        println!("cargo:rerun-if-changed={}", probe.display());
        if !probe.is_file() {
            c.fail(format!("no probe probes/{}.spvasm", r.id));
        }
        let verdict = match r.spirv_val.as_str() {
            "checks" => "SpirvVal::Checks",
            "misses" => "SpirvVal::Misses",
            _ => "SpirvVal::Partial",
        };
        code.push_str(&format!(
            "    Rule {{ id: {}, revision: {}, superseded: {}, opencl: {}, section: {}, text: {}, spirv_val: {verdict}, note: {}, probe: include_str!({}) }},\n",
            str_lit(&r.id),
            revision(&r.revision),
            r.superseded,
            opencl_list(&r.opencl),
            str_lit(&r.section),
            str_lit(&r.text),
            str_lit(&r.note),
            str_lit(&probe.display().to_string())
        ));
    }
    code.push_str("];\n");
    code
}

fn formats_code(file: &ImageFormatsFile, errors: &mut Vec<String>) -> String {
    let mut code = String::new();
    for (table, entries, name) in [
        ("CHANNEL_ORDERS", &file.channel_order, "channel_order"),
        (
            "CHANNEL_DATA_TYPES",
            &file.channel_data_type,
            "channel_data_type",
        ),
    ] {
        let mut seen = BTreeSet::new();
        code.push_str(&format!("pub static {table}: &[ImageFormatMapping] = &[\n"));
        for f in entries {
            let mut c = checker(errors, "image_formats.toml", &format!("{name} {}", f.name));
            c.section(&f.section, "current");
            if !f.opencl.starts_with("CL_") {
                c.fail(format!("opencl `{}` is not a CL_* name", f.opencl));
            }
            if !seen.insert(f.value) {
                c.fail(format!("value {} listed twice", f.value));
            }
            code.push_str(&format!(
                "    ImageFormatMapping {{ name: {}, value: {}, opencl: {}, extension: {}, in_seed: {}, section: {} }},\n",
                str_lit(&f.name),
                f.value,
                str_lit(&f.opencl),
                str_lit(&f.extension),
                f.in_seed,
                str_lit(&f.section)
            ));
        }
        code.push_str("];\n");
    }
    code
}
