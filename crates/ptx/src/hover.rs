//! Hover text for PTX: instructions (forms, requirements checked against this module, accuracy,
//! link), declared names, directives, types, state spaces, targets and special registers.

use super::ast::{Block, Item, Operand as OperandNode, OperandKind, Statement, VarDecl};
use super::header::{newest_version, Header};
use super::opcode::{candidate_entries, match_forms, FormMatch, Opcode};
use super::PtxAnalysis;
use speclint_base::ide::Hover;
use speclint_base::text::TextRange;
use speclint_spec_db::{ptx, Citation, Instruction, NamedFact, Requirement, PTX_DOC_URL};
use std::fmt::Write;

/// What the cursor is on.
enum Hit {
    Opcode(TextRange),
    /// A directive, state space, type or linkage keyword.
    Keyword(TextRange),
    TargetName(TextRange),
    VersionNumber(TextRange),
    /// A `%name` that may be a special register (`%tid` of `%tid.x`, `%clock64`).
    Register {
        name: TextRange,
        shown: TextRange,
    },
}

pub fn hover(analysis: &PtxAnalysis, source: &str, offset: usize) -> Option<Hover> {
    if let Some((at, decl)) = analysis.symbols.at(offset) {
        let statement = text_at(source, decl.statement_range);
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
    let hit = find(analysis, offset)?;
    match hit {
        Hit::Opcode(range) => {
            let opcode = Opcode::split(text_at(source, range), range.start);
            Some(Hover {
                range,
                markdown: instruction_markdown(&opcode, &analysis.header)?,
            })
        }
        Hit::Keyword(range) => {
            let word = text_at(source, range);
            let base = word.split("::").next().unwrap_or(word);
            if let Some(ty) = ptx::ptx_type(word) {
                let mut md = format!(
                    "**`{}`** — {}\n\n{} bits, {:?}",
                    ty.name, ty.summary, ty.bits, ty.kind
                );
                push_requirement(&mut md, ty.requirement, &analysis.header);
                push_note(&mut md, ty.note);
                push_citation(&mut md, ty.citation);
                return Some(Hover {
                    range,
                    markdown: md,
                });
            }
            let fact = ptx::directive(word)
                .or_else(|| ptx::state_space(word))
                .or_else(|| ptx::directive(base))
                .or_else(|| ptx::state_space(base))?;
            let mut hover = fact_hover(fact, range, &analysis.header);
            if base == ".version" {
                push_newer_version_note(&mut hover.markdown, &analysis.header);
            }
            Some(hover)
        }
        Hit::VersionNumber(range) => {
            let fact = ptx::directive(".version")?;
            let mut hover = fact_hover(fact, range, &analysis.header);
            push_newer_version_note(&mut hover.markdown, &analysis.header);
            Some(hover)
        }
        Hit::TargetName(range) => {
            let name = text_at(source, range);
            let intro = ptx::version_introducing_target(name)?;
            let mut md = format!(
                "**`.target {name}`** — introduced in PTX ISA {}",
                intro.version
            );
            push_note(&mut md, intro.note);
            push_citation(&mut md, intro.citation);
            Some(Hover {
                range,
                markdown: md,
            })
        }
        Hit::Register { name, shown } => {
            let special = ptx::special_register(text_at(source, name))?;
            Some(Hover {
                range: shown,
                markdown: special_register_markdown(special),
            })
        }
    }
}

fn push_newer_version_note(md: &mut String, header: &Header) {
    if let Some(version) = header.version.filter(|v| *v > newest_version()) {
        let newest = newest_version();
        let _ = write!(md, "\n\nPTX ISA {version} is newer than the spec database ({newest}); checks use the {newest} rules.");
    }
}

fn find(analysis: &PtxAnalysis, offset: usize) -> Option<Hit> {
    let item = analysis
        .module
        .items
        .iter()
        .find(|i| i.range().contains_offset(offset))?;
    let on = |r: TextRange| r.contains_offset(offset);
    match item {
        Item::Version {
            keyword, number, ..
        } => {
            if on(*number) {
                Some(Hit::VersionNumber(*number))
            } else {
                on(*keyword).then_some(Hit::Keyword(*keyword))
            }
        }
        Item::Target { keyword, names, .. } => names
            .iter()
            .find(|n| on(**n))
            .map(|n| Hit::TargetName(*n))
            .or_else(|| on(*keyword).then_some(Hit::Keyword(*keyword))),
        Item::AddressSize { keyword, .. } | Item::Directive { keyword, .. } => {
            on(*keyword).then_some(Hit::Keyword(*keyword))
        }
        Item::Variable(decl) => find_in_decl(decl, offset),
        Item::Function(function) => {
            let keywords = function
                .linkage
                .iter()
                .chain(std::iter::once(&function.kind))
                .chain(&function.directives);
            if let Some(k) = keywords.into_iter().find(|k| on(**k)) {
                return Some(Hit::Keyword(*k));
            }
            if let Some(hit) = function
                .return_params
                .iter()
                .chain(&function.params)
                .find_map(|p| find_in_decl(p, offset))
            {
                return Some(hit);
            }
            find_in_block(function.body.as_ref()?, offset)
        }
    }
}

fn find_in_decl(decl: &VarDecl, offset: usize) -> Option<Hit> {
    decl.linkage
        .iter()
        .chain(decl.state_space.iter())
        .chain(decl.vector.iter())
        .chain(decl.ty.iter())
        .chain(&decl.keywords)
        .find(|k| k.contains_offset(offset))
        .map(|k| Hit::Keyword(*k))
}

fn find_in_block(block: &Block, offset: usize) -> Option<Hit> {
    for statement in &block.statements {
        match statement {
            Statement::Variable(decl) if decl.range.contains_offset(offset) => {
                return find_in_decl(decl, offset)
            }
            Statement::Directive { keyword, .. } if keyword.contains_offset(offset) => {
                return Some(Hit::Keyword(*keyword))
            }
            Statement::Block(inner) if inner.range.contains_offset(offset) => {
                return find_in_block(inner, offset)
            }
            Statement::Instruction(instruction) if instruction.range.contains_offset(offset) => {
                if instruction.opcode.contains_offset(offset) {
                    return Some(Hit::Opcode(instruction.opcode));
                }
                return instruction
                    .operands
                    .iter()
                    .find_map(|o| find_register(o, offset));
            }
            _ => {}
        }
    }
    None
}

fn find_register(operand: &OperandNode, offset: usize) -> Option<Hit> {
    if !operand.range.contains_offset(offset) {
        return None;
    }
    match &operand.kind {
        OperandKind::Name => Some(Hit::Register {
            name: operand.range,
            shown: operand.range,
        }),
        // `%tid.x`: the register names the fact; the hover covers the whole operand.
        OperandKind::Component { register } => Some(Hit::Register {
            name: *register,
            shown: operand.range,
        }),
        OperandKind::Address { names, .. } | OperandKind::Expression { names } => names
            .iter()
            .find(|n| n.contains_offset(offset))
            .map(|n| Hit::Register {
                name: *n,
                shown: *n,
            }),
        OperandKind::Vector(items) | OperandKind::List(items) => {
            items.iter().find_map(|o| find_register(o, offset))
        }
        OperandKind::Negated(inner) => find_register(inner, offset),
        OperandKind::PredicatePair { first, second } => {
            find_register(first, offset).or_else(|| find_register(second, offset))
        }
        _ => None,
    }
}

fn text_at(source: &str, at: TextRange) -> &str {
    source.get(at.start..at.end).unwrap_or("")
}

fn fact_hover(fact: &NamedFact, range: TextRange, header: &Header) -> Hover {
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
    Hover {
        range,
        markdown: md,
    }
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

/// "Withdrawn from PTX ISA 6.4 on sm_70 and later", marked ✗ when it applies to this module.
fn push_withdrawal(md: &mut String, withdrawn: speclint_spec_db::Withdrawal, header: &Header) {
    if withdrawn.is_never() {
        return;
    }
    let mut when = Vec::new();
    if let Some(v) = withdrawn.from.version {
        when.push(format!("from PTX ISA {v}"));
    }
    if let Some(t) = withdrawn.from.targets.first() {
        when.push(format!("on {t} and later"));
    }
    let mark = if withdrawn.applies(header.version, header.target) {
        "✗ applies to this module"
    } else {
        "✓ not this module"
    };
    let _ = write!(md, "\n\n**Withdrawn** {} ({mark}).", when.join(" "));
}

/// What the matched form says of its operands: the state space each address is in, vector
/// lengths set by modifiers, immediates, operands that come with a modifier.
fn push_operand_facts(md: &mut String, m: &FormMatch, modifiers: &[&str]) {
    use speclint_spec_db::{ImmediateRule, SpaceExpr, VectorLength};
    let mut lines = Vec::new();
    for operand in m.form.operands {
        let name = operand.name;
        match operand.space {
            SpaceExpr::Literal(space) => lines.push(format!("`[{name}]` addresses `{space}`")),
            SpaceExpr::Slot(slot) => match m.chosen(slot as usize, modifiers) {
                Some(space) => lines.push(format!("`[{name}]` addresses `{space}`")),
                None => lines.push(format!("`[{name}]` is a generic address")),
            },
            SpaceExpr::Unknown => {}
        }
        match operand.vector {
            VectorLength::Slot(slot) => {
                if let Some(v) = m.chosen(slot as usize, modifiers) {
                    lines.push(format!("`{name}` is a vector `{{…}}` (`{v}`)"));
                }
            }
            VectorLength::Fixed(lengths) => {
                let list: Vec<String> = lengths.iter().map(u8::to_string).collect();
                lines.push(format!(
                    "`{name}` is a vector of {} registers",
                    list.join(" or ")
                ));
            }
            VectorLength::Scalar => {}
        }
        match operand.immediate {
            ImmediateRule::Free => {}
            ImmediateRule::Any => lines.push(format!("`{name}` is an immediate")),
            ImmediateRule::OneOf(values) => {
                let list: Vec<String> = values.iter().map(i64::to_string).collect();
                lines.push(format!("`{name}` is an immediate: {}", list.join(", ")));
            }
            ImmediateRule::Range(lo, hi) => {
                lines.push(format!("`{name}` is an immediate in {lo}..={hi}"))
            }
            ImmediateRule::Bounded(lo, hi) => lines.push(format!(
                "`{name}` is a register or an immediate in {lo}..={hi}"
            )),
            ImmediateRule::Stepped(min, max, step) => lines.push(if max == i64::MAX {
                format!(
                    "`{name}` is a register or an immediate multiple of {step} (at least {min})"
                )
            } else {
                format!(
                    "`{name}` is a register or an immediate multiple of {step} in {min}..={max}"
                )
            }),
        }
        if let Some(slot) = operand.present_with {
            lines.push(format!(
                "`{name}` is written with `{}`",
                m.form.slots[slot as usize].name
            ));
        }
    }
    if !lines.is_empty() {
        let _ = write!(md, "\n\n**Operands:** {}.", lines.join("; "));
    }
}

/// Forms (and value sets, and conditional requirements) listed in a hover at most.
const MAX_FORMS_SHOWN: usize = 12;

/// The instruction hover: summary, the form this opcode matches, requirements checked against
/// the module, accuracy, every form and value set, and the spec link.
fn instruction_markdown(opcode: &Opcode, header: &Header) -> Option<String> {
    let entries = candidate_entries(opcode);
    let modifiers = opcode.modifier_texts();
    let with_forms: Vec<&'static Instruction> =
        entries.iter().copied().filter(|e| e.has_forms()).collect();
    let matches = match_forms(&with_forms, &modifiers);
    let exact = matches.iter().find(|m| m.is_exact());
    // The section that describes this form (integer and floating-point `add` differ), else
    // the first entry of the name.
    let first = exact
        .map(|m| m.instruction)
        .or_else(|| entries.first().copied())?;
    let mut md = format!("### `{}` — {}\n", first.opcode, first.summary);

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
        push_withdrawal(&mut md, m.form.withdrawn, header);
        push_operand_facts(&mut md, m, &modifiers);
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
        // The forms closest to what is written first; wgmma has hundreds.
        let total: usize = with_forms.iter().map(|e| e.forms.len()).sum();
        let mut shown: Vec<&'static speclint_spec_db::Form> = Vec::new();
        if total <= MAX_FORMS_SHOWN {
            // Few enough: in the spec's order.
            shown.extend(with_forms.iter().flat_map(|e| e.forms.iter()));
        }
        for m in &matches {
            if shown.len() == MAX_FORMS_SHOWN {
                break;
            }
            // Forms that read alike (they differ in per-form value sets) once.
            if !shown.iter().any(|f| f.syntax == m.form.syntax) {
                shown.push(m.form);
            }
        }
        {
            for form in shown {
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
        if total > MAX_FORMS_SHOWN {
            let _ = writeln!(
                md,
                "// … {} more forms: see the spec",
                total - MAX_FORMS_SHOWN
            );
        }
        md.push_str("```");
        // The value sets the forms refer to (`.type`, `.rnd`): the instruction's type table.
        let mut sets: Vec<(&str, &[&str])> = Vec::new();
        for slot in with_forms
            .iter()
            .flat_map(|e| e.forms)
            .flat_map(|f| f.slots)
        {
            let is_set =
                slot.alternatives.len() > 1 || slot.alternatives.first() != Some(&slot.name);
            if is_set
                && !sets
                    .iter()
                    .any(|(name, values)| *name == slot.name && *values == slot.alternatives)
            {
                sets.push((slot.name, slot.alternatives));
            }
        }
        for (name, values) in sets.into_iter().take(MAX_FORMS_SHOWN) {
            let _ = write!(md, "\n- `{name}` = {}", values.join(" "));
        }
        for entry in &with_forms {
            for fact in entry.conditional.iter().take(MAX_FORMS_SHOWN) {
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

/// Snapshot tests: `tests/hover/*.ptx` mark the cursor with `$0`; the expected hover (its
/// range and Markdown) is in the `.expected.md` beside each. `UPDATE_EXPECT=1` rewrites them.
#[cfg(test)]
mod snapshot_tests {
    use crate::{analyze, header::Overrides};
    use speclint_test_support::snapshots::{
        check_snapshots, hovers_cover_their_positions, render_hover,
    };
    use std::path::PathBuf;

    fn render(source: &str) -> String {
        render_hover(source, |text, offset| {
            let analysis = analyze(text, &Overrides::default(), true);
            super::hover(&analysis, text, offset)
        })
    }

    /// Every character position of every oracle fixture (valid and broken modules): a hover
    /// never panics, and one that answers covers the position it was asked about.
    #[test]
    fn hover_anywhere_in_real_modules() {
        let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/oracle/ptx");
        let mut asked = 0;
        for sub in ["valid", "invalid"] {
            for entry in std::fs::read_dir(dir.join(sub)).expect("oracle fixtures exist") {
                let path = entry.unwrap().path();
                let text = std::fs::read_to_string(&path).unwrap();
                let analysis = analyze(&text, &Overrides::default(), true);
                asked +=
                    hovers_cover_their_positions(&path.display().to_string(), &text, |offset| {
                        super::hover(&analysis, &text, offset)
                    });
            }
        }
        assert!(asked > 10_000);
    }

    #[test]
    fn hover_snapshots() {
        let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/hover");
        check_snapshots(&dir, "ptx", 8, render);
    }
}
