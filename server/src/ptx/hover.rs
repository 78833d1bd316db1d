//! Hover text for PTX: instructions (forms, requirements checked against this module, accuracy,
//! link), declared names, directives, types, state spaces, targets and special registers.

use super::header::{newest_version, Header};
use super::opcode::{candidate_entries, match_forms, Opcode};
use super::syntax::{range, text};
use super::PtxAnalysis;
use crate::core::text::TextRange;
use crate::core::Hover;
use speclint_spec_db::{ptx, Citation, Instruction, NamedFact, Requirement, PTX_DOC_URL};
use std::fmt::Write;

pub fn hover(analysis: &PtxAnalysis, source: &str, offset: usize) -> Option<Hover> {
    let root = analysis.tree.root_node();
    let mut node = root.descendant_for_byte_range(offset, offset)?;
    // Walk up to the nearest node a hover is defined for.
    loop {
        if let Some(hover) = hover_for_node(analysis, source, node, offset) {
            return Some(hover);
        }
        node = node.parent()?;
    }
}

fn hover_for_node(
    analysis: &PtxAnalysis,
    source: &str,
    node: tree_sitter::Node,
    offset: usize,
) -> Option<Hover> {
    let node_text = text(node, source);
    match node.kind() {
        "opcode" => {
            let opcode = Opcode::split(node_text, node.start_byte());
            Some(Hover {
                range: range(node),
                markdown: instruction_markdown(&opcode, &analysis.header)?,
            })
        }
        "identifier" => {
            if let Some((at, decl)) = analysis.symbols.at(offset) {
                let statement = source
                    .get(decl.statement_range.start..decl.statement_range.end)
                    .unwrap_or("");
                let first_line = statement.lines().next().unwrap_or("").trim();
                let line = source[..decl.name_range.start].matches('\n').count() + 1;
                let mut md = format!(
                    "```ptx\n{first_line}\n```\n{} `{}`",
                    decl.kind.describe(),
                    text_at(source, at)
                );
                if let Some(ty) = &decl.ty {
                    let _ = write!(
                        md,
                        " · type `{}{ty}`",
                        decl.vector
                            .as_deref()
                            .map(|v| format!("{v} "))
                            .unwrap_or_default()
                    );
                }
                if let Some(space) = &decl.state_space {
                    let _ = write!(md, " · state space `{space}`");
                }
                let _ = write!(md, " · declared on line {line}");
                return Some(Hover {
                    range: at,
                    markdown: md,
                });
            }
            let special = ptx::special_register(node_text)?;
            Some(Hover {
                range: range(node),
                markdown: special_register_markdown(special),
            })
        }
        "special_register_access" => {
            let register = node.child_by_field_name("register")?;
            let special = ptx::special_register(text(register, source))?;
            Some(Hover {
                range: range(node),
                markdown: special_register_markdown(special),
            })
        }
        "type" => {
            let ty = ptx::ptx_type(node_text)?;
            let mut md = format!(
                "**`{}`** — {}\n\n{} bits, {:?}",
                ty.name, ty.summary, ty.bits, ty.kind
            );
            push_requirement(&mut md, ty.requirement, &analysis.header);
            push_note(&mut md, ty.note);
            push_citation(&mut md, ty.citation);
            Some(Hover {
                range: range(node),
                markdown: md,
            })
        }
        "state_space" => fact_hover(ptx::state_space(node_text)?, node, &analysis.header),
        "linkage" | "function_kind" | "directive_name" => {
            fact_hover(ptx::directive(node_text)?, node, &analysis.header)
        }
        "target_name" => {
            let intro = ptx::version_introducing_target(node_text)?;
            let mut md = format!(
                "**`.target {node_text}`** — introduced in PTX ISA {}",
                intro.version
            );
            push_note(&mut md, intro.note);
            push_citation(&mut md, intro.citation);
            Some(Hover {
                range: range(node),
                markdown: md,
            })
        }
        "version_directive"
        | "target_directive"
        | "address_size_directive"
        | "file_directive"
        | "loc_directive"
        | "section_directive"
        | "pragma_directive"
        | "alias_directive"
        | "callprototype_directive"
        | "branchtargets_directive"
        | "calltargets_directive"
        | "dwarf_directive" => {
            let keyword = node.child(0).map(|c| text(c, source))?;
            let fact = ptx::directive(keyword)?;
            let mut hover = fact_hover(fact, node.child(0)?, &analysis.header)?;
            if node.kind() == "version_directive" {
                if let Some(version) = analysis.header.version.filter(|v| *v > newest_version()) {
                    let _ = write!(hover.markdown, "\n\nPTX ISA {version} is newer than the spec database ({}); checks use the {} rules.", newest_version(), newest_version());
                }
            }
            Some(hover)
        }
        _ => None,
    }
}

fn text_at(source: &str, at: TextRange) -> &str {
    source.get(at.start..at.end).unwrap_or("")
}

fn fact_hover(fact: &NamedFact, node: tree_sitter::Node, header: &Header) -> Option<Hover> {
    let mut md = format!("**`{}`** — {}", fact.name, fact.summary);
    if !fact.syntax.is_empty() {
        let _ = write!(md, "\n```ptx\n{}\n```", fact.syntax);
    }
    push_requirement(&mut md, fact.requirement, header);
    if !fact.deprecated.is_empty() {
        let _ = write!(md, "\n\n**Deprecated:** {}", fact.deprecated);
    }
    push_note(&mut md, fact.note);
    push_citation(&mut md, fact.citation);
    Some(Hover {
        range: range(node),
        markdown: md,
    })
}

fn special_register_markdown(special: &speclint_spec_db::SpecialRegister) -> String {
    let fact = &special.fact;
    let mut md = format!("**`{}`** `{}` — {}", fact.name, special.ty, fact.summary);
    if !special.components.is_empty() {
        let _ = write!(md, "\n\nComponents: {}", special.components.join(" "));
    }
    push_note(&mut md, fact.note);
    push_citation(&mut md, fact.citation);
    md
}

/// The instruction hover: summary, the form this opcode matches, requirements checked against
/// the module, accuracy, every form and value set, and the spec link.
fn instruction_markdown(opcode: &Opcode, header: &Header) -> Option<String> {
    let entries = candidate_entries(opcode);
    let first = *entries.first()?;
    let mut md = format!("### `{}` — {}\n", first.opcode, first.summary);
    let modifiers = opcode.modifier_texts();
    let with_forms: Vec<&'static Instruction> =
        entries.iter().copied().filter(|e| e.has_forms()).collect();
    let matches = match_forms(&with_forms, &modifiers);
    let exact = matches.iter().find(|m| m.is_exact());

    if let Some(m) = exact {
        let _ = write!(md, "\n**This form:** `{}`", m.form.syntax);
        let mut requirement_lines = vec![m.instruction.requirement, m.form.requirement];
        requirement_lines.extend(
            m.instruction
                .conditional
                .iter()
                .filter(|c| c.applies_to(&modifiers))
                .map(|c| c.requirement),
        );
        push_requirement(&mut md, merge(&requirement_lines), header);
        if let Some(until) = m.form.until {
            let _ = write!(md, "\n\nValid up to PTX ISA {until} only.");
        }
        if !m.form.accuracy.is_empty() {
            let _ = write!(md, "\n\n**Accuracy:** {}", m.form.accuracy);
        }
        for fact in m
            .instruction
            .conditional
            .iter()
            .filter(|c| c.applies_to(&modifiers))
        {
            if !fact.accuracy.is_empty() {
                let _ = write!(md, "\n\n**Accuracy:** {}", fact.accuracy);
            }
            push_note(&mut md, fact.note);
        }
        if !m.form.deprecated.is_empty() {
            let _ = write!(md, "\n\n**Deprecated:** {}", m.form.deprecated);
        }
        push_note(&mut md, m.form.note);
    } else {
        push_requirement(&mut md, first.requirement, header);
    }

    if !with_forms.is_empty() {
        md.push_str("\n\n**Forms**\n```ptx\n");
        for entry in &with_forms {
            for form in entry.forms {
                let mut line = form.syntax.to_string();
                let req = requirement_text(form.requirement);
                if !req.is_empty() {
                    let _ = write!(line, "    // {req}");
                }
                if let Some(until) = form.until {
                    let _ = write!(line, "    // until PTX {until}");
                }
                md.push_str(&line);
                md.push('\n');
            }
        }
        md.push_str("```");
        for entry in &with_forms {
            for fact in entry.conditional {
                let when: Vec<String> = fact.when.iter().map(|g| g.join("|")).collect();
                let req = requirement_text(fact.requirement);
                if !req.is_empty() {
                    let _ = write!(md, "\n- with `{}`: {req}", when.join(" "));
                }
            }
        }
    }
    let _ = write!(
        md,
        "\n\nPTX ISA §{} · [documentation]({})",
        first.citation.section,
        first.url()
    );
    Some(md)
}

/// Combines requirements: the highest version, and the most specific target list.
fn merge(list: &[Requirement]) -> Requirement {
    let version = list.iter().filter_map(|r| r.version).max();
    let targets = list
        .iter()
        .map(|r| r.targets)
        .filter(|t| !t.is_empty())
        .max_by_key(|t| t.iter().map(|x| x.number).min().unwrap_or(0))
        .unwrap_or(&[]);
    Requirement { version, targets }
}

fn requirement_text(r: Requirement) -> String {
    let mut parts = Vec::new();
    if let Some(v) = r.version {
        parts.push(format!("PTX {v}"));
    }
    if !r.targets.is_empty() {
        parts.push(
            r.targets
                .iter()
                .map(|t| t.to_string())
                .collect::<Vec<_>>()
                .join("/"),
        );
    }
    parts.join(", ")
}

fn push_requirement(md: &mut String, r: Requirement, header: &Header) {
    if r.is_none() {
        return;
    }
    let mut parts = Vec::new();
    if let Some(v) = r.version {
        let status = match header.version {
            Some(have) if have >= v => format!(" ✓ (module: {have})"),
            Some(have) => format!(" ✗ (module: {have})"),
            None => String::new(),
        };
        parts.push(format!("PTX ISA {v}{status}"));
    }
    if !r.targets.is_empty() {
        let names = r
            .targets
            .iter()
            .map(|t| t.to_string())
            .collect::<Vec<_>>()
            .join(" or ");
        let status = match header.target {
            Some(have) if r.target_satisfied_by(have) => format!(" ✓ (module: {have})"),
            Some(have) => format!(" ✗ (module: {have})"),
            None => String::new(),
        };
        parts.push(format!("{names}{status}"));
    }
    let _ = write!(md, "\n\n**Requires:** {}", parts.join(" · "));
}

fn push_note(md: &mut String, note: &str) {
    if !note.is_empty() {
        let _ = write!(md, "\n\n{note}");
    }
}

fn push_citation(md: &mut String, citation: Citation) {
    if citation.anchor.is_empty() {
        let _ = write!(md, "\n\nPTX ISA §{}", citation.section);
    } else {
        let _ = write!(
            md,
            "\n\nPTX ISA §{} · [documentation]({PTX_DOC_URL}#{})",
            citation.section, citation.anchor
        );
    }
}
