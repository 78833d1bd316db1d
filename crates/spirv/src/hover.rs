//! Hovers: an opcode (operands, capabilities, versions, which OpenCL versions accept it, the
//! spec link), an id (its type, decorations and definition), an enumerant, and an OpenCL.std
//! function with its accuracy in the configured profile.

use super::facts::{self, Type};
use super::grammar_names::operand_list;
use super::module::Value;
use super::SpirvAnalysis;
use speclint_base::ide::Hover;
use speclint_base::text::TextRange;
use speclint_spec_db::spirv::descriptions;
use speclint_spec_db::spirv::env::{self, CapabilityStatus, OpenClVersion, Profile};
use speclint_spec_db::spirv::grammar::{self, Category, SpirvVersion};
use speclint_spec_db::spirv::opencl_std::{self, Precision, Revision};
use std::fmt::Write;

const SPEC: &str = "https://registry.khronos.org/SPIR-V/specs/unified1/SPIRV.html";
const OPENCL_STD: &str =
    "https://registry.khronos.org/SPIR-V/specs/unified1/OpenCL.ExtendedInstructionSet.100.html";

pub fn hover(analysis: &SpirvAnalysis, text: &str, offset: usize) -> Option<Hover> {
    let module = &analysis.module;
    if let Some((range, id)) = module.id_at(text, offset) {
        return Some(Hover {
            range,
            markdown: id_markdown(analysis, text, id),
        });
    }
    let (_, inst) = module.instruction_at(offset)?;
    if inst.opcode_range.start <= offset && offset <= inst.opcode_range.end {
        let opcode = inst.opcode?;
        return Some(Hover {
            range: inst.opcode_range,
            markdown: opcode_markdown(analysis, opcode),
        });
    }
    let operand = module
        .operands(inst)
        .iter()
        .find(|o| o.range().start <= offset && offset <= o.range().end)?;
    match operand.value {
        Value::ExtInst(_) => {
            let (set, extended) = inst.extended?;
            let markdown = if set.name == "OpenCL.std" {
                opencl_std_markdown(analysis, extended.name, inst.result_type)
            } else {
                format!("**{}** `{}`\n", set.name, extended.name)
            };
            Some(Hover {
                range: operand.range(),
                markdown,
            })
        }
        Value::Enum(value) => {
            let kind = operand.kind.get();
            let markdown = enumerant_markdown(analysis, kind, value, text, operand.range())?;
            Some(Hover {
                range: operand.range(),
                markdown,
            })
        }
        _ => None,
    }
}

fn id_markdown(analysis: &SpirvAnalysis, text: &str, id: u32) -> String {
    let module = &analysis.module;
    let facts = &analysis.facts;
    let mut out = String::new();
    let Some(definition) = module.definition(id) else {
        return "an id that is never defined".to_string();
    };
    let line = &text[definition.range.start..definition.range.end];
    let _ = writeln!(out, "```spirv\n{line}\n```");
    if let Some(ty) = facts.types.get(&id) {
        let _ = writeln!(out, "A type: {}.", describe_type(facts, id, ty));
    } else if let Some(&ty) = facts.value_types.get(&id) {
        let _ = writeln!(out, "Type: {}.", facts::describe(facts, ty, 0));
    }
    if let Some(&value) = facts.int_constants.get(&id) {
        let _ = writeln!(out, "\nValue: {value} (0x{value:x}).");
    }
    if let Some(decorations) = facts.decorations.get(&id) {
        let names: Vec<String> = decorations
            .iter()
            .map(|d| {
                let name = facts::enumerant_name("Decoration", d.kind);
                match (name, d.parameter) {
                    ("BuiltIn", Some(p)) => {
                        format!("BuiltIn {}", facts::enumerant_name("BuiltIn", p as u32))
                    }
                    (name, Some(p)) => format!("{name} {p}"),
                    (name, None) => name.to_string(),
                }
            })
            .collect();
        let _ = writeln!(out, "\nDecorations: {}.", names.join(", "));
    }
    if let Some(entry) = facts.entry_points.iter().find(|e| e.function == id) {
        let _ = writeln!(
            out,
            "\nEntry point `{}` ({}).",
            entry.name,
            facts::enumerant_name("ExecutionModel", entry.model)
        );
    }
    out
}

fn describe_type(facts: &facts::Facts, id: u32, ty: &Type) -> String {
    match ty {
        Type::Image(image) => format!(
            "{} image, {}{}{}",
            facts::enumerant_name("Dim", image.dim),
            if image.arrayed == 1 { "arrayed, " } else { "" },
            if image.depth == 1 { "depth, " } else { "" },
            image.access.map_or("no access qualifier", |a| {
                facts::enumerant_name("AccessQualifier", a)
            })
        ),
        _ => facts::describe(facts, id, 0),
    }
}

fn version_text(version: Option<SpirvVersion>) -> String {
    match version {
        Some(v) => format!("SPIR-V {v}"),
        None => "only through an extension".to_string(),
    }
}

fn opcode_markdown(analysis: &SpirvAnalysis, opcode: &'static grammar::Instruction) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "**{}** — {} instruction, opcode {}\n",
        opcode.name,
        opcode.class.replace('_', " "),
        opcode.opcode
    );
    if let Some(description) = descriptions::instruction(opcode.name) {
        let _ = writeln!(out, "{}\n", description.summary);
    }
    let _ = writeln!(
        out,
        "```spirv\n{}{} {}\n```",
        if opcode
            .operands
            .iter()
            .any(|o| o.kind.get().name == "IdResult")
        {
            "%result = "
        } else {
            ""
        },
        opcode.name,
        operand_list(opcode.operands)
    );
    let module_note = match (analysis.version, opcode.version) {
        (Some(module), Some(since)) if since > module => {
            format!(" (the module is SPIR-V {module})")
        }
        _ => String::new(),
    };
    let _ = writeln!(
        out,
        "- Since: {}{module_note}",
        version_text(opcode.version)
    );
    if let Some(last) = opcode.last_version {
        let _ = writeln!(out, "- Last in: SPIR-V {last}");
    }
    if !opcode.capabilities.is_empty() {
        let _ = writeln!(out, "- Capabilities: {}", opcode.capabilities.join(" or "));
    }
    if !opcode.extensions.is_empty() {
        let _ = writeln!(out, "- Extensions: {}", opcode.extensions.join(", "));
    }
    let _ = writeln!(
        out,
        "- OpenCL: {}",
        opencl_support(analysis.settings.profile, opcode.capabilities)
    );
    let section = descriptions::instruction(opcode.name)
        .map(|d| {
            let title = descriptions::section_title(d.section).unwrap_or("");
            format!(", {} {title}", d.section)
        })
        .unwrap_or_default();
    let _ = writeln!(
        out,
        "\n[SPIR-V specification{section}]({SPEC}#{})",
        opcode.name
    );
    out
}

/// Which OpenCL versions accept something that needs one of `capabilities`.
fn opencl_support(profile: Profile, capabilities: &[&str]) -> String {
    if capabilities.is_empty() {
        return "every version".to_string();
    }
    let spirv = SpirvVersion::new(1, 6);
    let accepted: Vec<String> = OpenClVersion::ALL
        .into_iter()
        .filter_map(|version| {
            let best = capabilities
                .iter()
                .map(|c| env::capability_status(version, profile, spirv, c))
                .find(|s| *s != CapabilityStatus::NotAllowed)?;
            Some(match best {
                CapabilityStatus::Optional { condition } if !condition.is_empty() => {
                    format!("{version} (with {condition})")
                }
                _ => version.to_string(),
            })
        })
        .collect();
    if accepted.is_empty() {
        "not accepted by any OpenCL version".to_string()
    } else {
        accepted.join(", ")
    }
}

fn enumerant_markdown(
    analysis: &SpirvAnalysis,
    kind: &'static grammar::OperandKind,
    value: u32,
    text: &str,
    range: TextRange,
) -> Option<String> {
    // For a mask, the bit under the cursor's word.
    let word = &text[range.start..range.end];
    let enumerant = if kind.category == Category::BitEnum {
        word.split('|').find_map(|part| kind.enumerant(part))
    } else {
        kind.enumerant_by_value(value)
    }?;
    let mut out = String::new();
    let _ = writeln!(
        out,
        "**{}** — {} {}\n",
        enumerant.name, kind.name, enumerant.value
    );
    if let Some(description) = descriptions::enumerant(kind.name, enumerant.name) {
        let _ = writeln!(out, "{}\n", description.summary);
    }
    let _ = writeln!(out, "- Since: {}", version_text(enumerant.version));
    if !enumerant.capabilities.is_empty() {
        let label = if kind.name == "Capability" {
            "Implies"
        } else {
            "Capabilities"
        };
        let _ = writeln!(out, "- {label}: {}", enumerant.capabilities.join(", "));
    }
    if !enumerant.extensions.is_empty() {
        let _ = writeln!(out, "- Extensions: {}", enumerant.extensions.join(", "));
    }
    if kind.name == "Capability" {
        let _ = writeln!(
            out,
            "- OpenCL: {}",
            opencl_support(analysis.settings.profile, &[enumerant.name])
        );
    } else if !enumerant.capabilities.is_empty() {
        let _ = writeln!(
            out,
            "- OpenCL: {}",
            opencl_support(analysis.settings.profile, enumerant.capabilities)
        );
    }
    if kind.name == "BuiltIn" {
        if let Some(builtin) = env::builtin(enumerant.name) {
            let (count, width) = builtin
                .ty
                .shape(analysis.facts.address_bits().unwrap_or(64));
            let _ = writeln!(
                out,
                "- In OpenCL: `{}`, {} in `{}` (from OpenCL {}; {})",
                builtin.opencl_c,
                if count == 1 {
                    format!("a {width}-bit integer")
                } else {
                    format!("a vector of {count} × {width}-bit integers")
                },
                builtin.storage,
                builtin.min_opencl,
                builtin.section
            );
        }
    }
    Some(out)
}

fn precision_of(analysis: &SpirvAnalysis, result_type: Option<u32>) -> Option<Precision> {
    let facts = &analysis.facts;
    let ty = facts.types.get(&result_type?)?;
    match facts.scalar_of(ty)? {
        Type::Float { width: 16 } => Some(Precision::F16),
        Type::Float { width: 32 } => Some(Precision::F32),
        Type::Float { width: 64 } => Some(Precision::F64),
        _ => None,
    }
}

fn opencl_std_markdown(analysis: &SpirvAnalysis, name: &str, result_type: Option<u32>) -> String {
    let mut out = String::new();
    let Some(function) = opencl_std::function(name) else {
        return format!("**OpenCL.std** `{name}`\n");
    };
    let _ = writeln!(
        out,
        "**{}** — OpenCL.std {}, instruction {}\n\n{}\n",
        function.name, function.section, function.opcode, function.summary
    );
    let profile = match analysis.settings.profile {
        Profile::Full => opencl_std::Profile::Full,
        Profile::Embedded => opencl_std::Profile::Embedded,
    };
    let precisions: Vec<Precision> = match precision_of(analysis, result_type) {
        Some(p) => vec![p],
        None => vec![Precision::F32, Precision::F64, Precision::F16],
    };
    let mut rows = Vec::new();
    for precision in precisions {
        for relaxed in [false, true] {
            let current =
                opencl_std::accuracy(name, precision, profile, relaxed, Revision::Current);
            let seed = opencl_std::accuracy(name, precision, profile, relaxed, Revision::Seed22);
            let Some(current) = current else { continue };
            if relaxed && precision != Precision::F32 {
                continue;
            }
            let label = format!(
                "{}{}",
                match precision {
                    Precision::F16 => "half",
                    Precision::F32 => "float",
                    Precision::F64 => "double",
                },
                if relaxed { ", relaxed math" } else { "" }
            );
            // The relaxed row only when it says something else than the plain one.
            if relaxed
                && rows
                    .last()
                    .is_some_and(|(l, t, _): &(String, String, String)| {
                        l.starts_with("float") && *t == current.text
                    })
            {
                continue;
            }
            let seed_note = match seed {
                Some(seed) if seed.text != current.text => {
                    format!("{} in the 2.2 environment spec", seed.text)
                }
                None => "not in the 2.2 environment spec".to_string(),
                _ => "same".to_string(),
            };
            rows.push((label, current.text.to_string(), seed_note));
        }
    }
    if !rows.is_empty() {
        let _ = writeln!(
            out,
            "Accuracy ({} profile, current environment spec):\n",
            match analysis.settings.profile {
                Profile::Full => "full",
                Profile::Embedded => "embedded",
            }
        );
        let _ = writeln!(out, "| type | bound | seed (2.2) |\n|---|---|---|");
        for (label, bound, seed) in rows {
            let _ = writeln!(out, "| {label} | {bound} | {seed} |");
        }
    }
    let _ = writeln!(
        out,
        "\n[OpenCL.std specification]({OPENCL_STD}#{})",
        function.name
    );
    out
}

#[cfg(test)]
mod tests {
    use crate::{analyze, SpirvSettings};
    use speclint_test_support::snapshots::{
        check_snapshots, hovers_cover_their_positions, render_hover,
    };
    use std::path::PathBuf;

    fn render(source: &str) -> String {
        render_hover(source, |text, offset| {
            let analysis = analyze(text, &SpirvSettings::default());
            super::hover(&analysis, text, offset)
        })
    }

    #[test]
    fn hover_snapshots() {
        let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/hover/spirv");
        check_snapshots(&dir, "spvasm", 7, render);
    }

    /// Every position of a few real modules: a hover never panics, and one that answers
    /// covers the position it was asked about.
    #[test]
    fn hover_anywhere_in_real_modules() {
        let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/spirv/corpus/spvasm");
        let mut asked = 0;
        for name in [
            "image2d_read_write.cl20.spvasm",
            "atomics_c11_orders.cl20.spvasm",
            "printf_formats.cl12.spvasm",
        ] {
            let Ok(text) = std::fs::read_to_string(dir.join(name)) else {
                continue;
            };
            let analysis = analyze(&text, &SpirvSettings::default());
            asked += hovers_cover_their_positions(name, &text, |offset| {
                super::hover(&analysis, &text, offset)
            });
        }
        assert!(asked > 5_000, "asked {asked}");
    }
}
