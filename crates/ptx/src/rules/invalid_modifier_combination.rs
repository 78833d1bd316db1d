//! PTX003 `invalid-modifier-combination`: no form of the instruction takes these modifiers
//! and types together.

use crate::header::Header;
use crate::opcode::{
    entry_places, match_forms, misplaced_name, ordered_class, text_of, FormMatch, Opcode,
    OrderedClass,
};
use speclint_base::diagnostic::{Diagnostic, Fix};
use speclint_base::rules::rules;
use speclint_base::text::{closest, did_you_mean, TextRange};
use speclint_spec_db::{ptx, Instruction};

rules! {
    INVALID_MODIFIER_COMBINATION = "PTX003" "invalid-modifier-combination" Error fix=true {
        summary: "No form of the instruction allows these modifiers and types together",
        explanation: "Every PTX instruction has a fixed set of syntax forms. This one uses a modifier the instruction does not have, or a combination of modifiers and types that none of its forms allows (for example `.sat` is only defined for `add.s32`, `.ftz` only for `.f32`). The message lists the forms that exist; hover the opcode for the full table.",
        example: "add.sat.u32 %r1, %r2, %r3;   // PTX003: .sat applies only to .s32\nadd.sat.s32 %r1, %r2, %r3;   // fixed",
    }
}

/// No form matches exactly and none lacks only modifiers: PTX003 at each modifier no form of
/// the instruction has, else at the one modifier whose removal leaves a valid form, else at the
/// opcode with the closest forms.
pub(crate) fn no_form(
    opcode: &Opcode,
    matches: &[FormMatch],
    modifiers: &[&str],
    header: &Header,
    diagnostics: &mut Vec<Diagnostic>,
) {
    if report_misordered(opcode, matches, modifiers, diagnostics) {
        return;
    }
    let shown = text_of(opcode);
    // A modifier no form of the instruction has at all: point at it.
    let mut entries: Vec<&'static Instruction> = Vec::new();
    for m in matches {
        if !entries.iter().any(|e| std::ptr::eq(*e, m.instruction)) {
            entries.push(m.instruction);
        }
    }
    let known = |token: &str| entries.iter().any(|e| entry_places(e, token));
    let unknown: Vec<(&str, TextRange)> = opcode
        .modifiers
        .iter()
        .copied()
        .filter(|(m, _)| !known(m))
        .collect();
    let section = entries.first().map_or("9.7", |e| e.citation.section);
    if !unknown.is_empty() {
        for (token, at) in unknown {
            // Unsafe: the author may have meant another modifier.
            let fix = Fix::replace(format!("Remove `{token}`"), at, "");
            diagnostics.push(
                Diagnostic::new(
                    &INVALID_MODIFIER_COMBINATION,
                    at,
                    format!(
                        "`{token}` is not a modifier of `{}` (PTX ISA §{section})",
                        opcode.head
                    ),
                )
                .with_fix(fix),
            );
        }
        return;
    }

    // Every modifier exists somewhere, but no form takes them together. When dropping
    // exactly one of them leaves a valid form, that one is the culprit: name it.
    let version = header.version;
    let valid_without = |skip: usize| {
        let rest: Vec<&str> = modifiers
            .iter()
            .enumerate()
            .filter(|&(j, _)| j != skip)
            .map(|(_, m)| *m)
            .collect();
        match_forms(&entries, &rest).iter().any(|m| {
            m.is_exact()
                && m.form
                    .until
                    .is_none_or(|until| version.is_none_or(|v| v <= until))
        })
    };
    let culprits: Vec<usize> = (0..modifiers.len()).filter(|&i| valid_without(i)).collect();
    if let [culprit] = culprits[..] {
        let (token, at) = opcode.modifiers[culprit];
        let without: String = std::iter::once(opcode.head)
            .chain(
                opcode
                    .modifiers
                    .iter()
                    .enumerate()
                    .filter(|&(j, _)| j != culprit)
                    .map(|(_, (m, _))| *m),
            )
            .collect();
        let mut taking: Vec<&str> = Vec::new();
        for form in entries.iter().flat_map(|e| e.forms) {
            if form.slots.iter().any(|s| s.alternatives.contains(&token))
                && !taking.contains(&form.syntax)
            {
                taking.push(form.syntax);
            }
        }
        taking.truncate(6);
        let forms = taking
            .iter()
            .map(|f| format!("`{f}`"))
            .collect::<Vec<_>>()
            .join(", ");
        diagnostics.push(
            Diagnostic::new(
                &INVALID_MODIFIER_COMBINATION,
                at,
                format!("`{token}` is not allowed on `{without}`; the forms that take `{token}` are: {forms} (PTX ISA §{section})"),
            )
            // Unsafe: removing a modifier changes the instruction.
            .with_fix(Fix::replace(format!("Remove `{token}`"), at, "")),
        );
        return;
    }
    let best = &matches[0];
    let mut forms: Vec<&str> = Vec::new();
    for m in matches
        .iter()
        .filter(|m| m.distance() <= best.distance() + 1)
    {
        if !forms.contains(&m.form.syntax) {
            forms.push(m.form.syntax);
        }
    }
    forms.truncate(6);
    let mut diagnostic = Diagnostic::new(
        &INVALID_MODIFIER_COMBINATION,
        opcode.range,
        format!(
            "no form of `{}` allows `{shown}`; the closest forms are: {} (PTX ISA §{})",
            opcode.head,
            forms
                .iter()
                .map(|f| format!("`{f}`"))
                .collect::<Vec<_>>()
                .join(", "),
            best.instruction.citation.section
        ),
    );
    // When removing one modifier yields a valid form, offer that.
    if best.missing.is_empty() {
        let unplaced: Vec<usize> = best.unplaced().collect();
        if unplaced.len() == 1 {
            let (token, at) = opcode.modifiers[unplaced[0]];
            // Unsafe: removing a modifier changes the instruction.
            diagnostic = diagnostic.with_fix(Fix::replace(format!("Remove `{token}`"), at, ""));
        }
    }
    diagnostics.push(diagnostic);
}

/// `mma.sync.aligned.m8n8k4.col.row…` where the form has `.row.col`, `.popc.xor`,
/// `.b6x16_p32.b8x16`: the closest form takes every modifier, but some that ptxas reads by
/// position (the first layout is A's, the bit operation comes before `.popc`, the destination
/// format before the source's) are out of its order. Offers the opcode with them in order.
/// Returns whether it reported.
fn report_misordered(
    opcode: &Opcode,
    matches: &[FormMatch],
    modifiers: &[&str],
    diagnostics: &mut Vec<Diagnostic>,
) -> bool {
    let Some(best) = matches.iter().find(|m| {
        !m.misordered.is_empty() && m.missing.is_empty() && m.unplaced().next().is_none()
    }) else {
        return false;
    };
    // Only when nothing closer exists: the misordered tokens are the whole difference.
    if matches[0].distance() < best.distance() {
        return false;
    }
    // The positions of the tokens of each reordered class, refilled in slot order.
    let mut fixed: Vec<&str> = modifiers.to_vec();
    let mut moved: Vec<&str> = Vec::new();
    for &m in &best.misordered {
        let Some(class) = ordered_class(modifiers[m]) else {
            continue;
        };
        let mut positions: Vec<usize> = (0..modifiers.len())
            .filter(|&i| {
                ordered_class(modifiers[i]) == Some(class) && best.slot_of_modifier[i].is_some()
            })
            .collect();
        let mut by_slot = positions.clone();
        by_slot.sort_by_key(|&i| best.slot_of_modifier[i]);
        positions.sort_unstable();
        for (&at, &from) in positions.iter().zip(&by_slot) {
            fixed[at] = modifiers[from];
        }
        if !moved.contains(&modifiers[m]) {
            moved.push(modifiers[m]);
        }
    }
    let fixed: String = std::iter::once(opcode.head).chain(fixed).collect();
    let Some(&first) = best.misordered.iter().min() else {
        return false;
    };
    let (token, at) = opcode.modifiers[first];
    let what = match ordered_class(token) {
        Some(OrderedClass::Layout) => "the first layout is A's, the second B's",
        Some(OrderedClass::BitOp) => "the bit operation comes before `.popc`",
        _ => "the destination format comes before the source's",
    };
    diagnostics.push(
        Diagnostic::new(
            &INVALID_MODIFIER_COMBINATION,
            at,
            format!(
                "`{token}` is out of order: ptxas reads these modifiers by position ({what}), and the form is `{}`; write `{fixed}` (PTX ISA §{})",
                best.form.syntax, best.instruction.citation.section
            ),
        )
        // Unsafe: the author may have meant the other form.
        .with_fix(Fix::replace(
            format!("Write `{fixed}`"),
            opcode.range,
            fixed.clone(),
        )),
    );
    true
}

/// The first segment names instructions, but none whose other segments are all written
/// (`wmma.laod`, `cp.commit_group`): name them, and offer the one segment that is off.
pub(crate) fn report_unknown_name(opcode: &Opcode, diagnostics: &mut Vec<Diagnostic>) {
    let modifiers = opcode.modifier_texts();
    if report_misplaced_name(opcode, diagnostics)
        || report_segments_out_of_place(opcode, &modifiers, diagnostics)
    {
        return;
    }
    let mut names: Vec<&'static str> = Vec::new();
    // (the instruction meant, the fix); misspellings before left-out segments.
    let mut respelt: Vec<(String, Fix)> = Vec::new();
    let mut inserted: Vec<(String, Fix)> = Vec::new();
    for entry in ptx::entries_with_head(opcode.head) {
        for name in std::iter::once(entry.opcode).chain(entry.aliases.iter().copied()) {
            if names.contains(&name) {
                continue;
            }
            names.push(name);
            let missing: Vec<&str> = name
                .split('.')
                .skip(1)
                .filter(|segment| !modifiers.iter().any(|m| &m[1..] == *segment))
                .collect();
            let [segment] = missing[..] else { continue };
            // A written modifier one or two edits away is the misspelt segment; with none,
            // the segment was left out.
            let wanted = format!(".{segment}");
            let near = opcode.modifiers.iter().find(|(m, _)| {
                !name.split('.').any(|s| &m[1..] == s)
                    && !closest(m, [wanted.as_str()], |w| 2.min(w.len() / 2)).is_empty()
            });
            // The opcode as it would read after the fix.
            let written = text_of(opcode);
            match near {
                // Unsafe (both): a respelling is a guess at the instruction meant.
                Some(&(m, at)) => respelt.push((
                    written.replacen(m, &wanted, 1),
                    Fix::replace(format!("Replace `{m}` with `{wanted}`"), at, wanted.clone()),
                )),
                None => inserted.push((
                    format!("{}{wanted}{}", opcode.head, &written[opcode.head.len()..]),
                    Fix::insert(
                        format!("Insert `{wanted}`"),
                        opcode.head_range.end,
                        wanted.clone(),
                    ),
                )),
            }
        }
    }
    let mut suggestions = if respelt.is_empty() {
        inserted
    } else {
        respelt
    };
    suggestions.dedup_by(|a, b| a.1.title == b.1.title);
    suggestions.truncate(3);
    let section = ptx::entries_with_head(opcode.head)
        .next()
        .map_or("9.7", |e| e.citation.section);
    let shown = text_of(opcode);
    let message = if suggestions.is_empty() {
        let listed = names
            .iter()
            .take(8)
            .map(|n| format!("`{n}`"))
            .collect::<Vec<_>>()
            .join(", ");
        let more = if names.len() > 8 { ", …" } else { "" };
        format!(
            "no `{}` instruction is written `{shown}`; the `{}` instructions are {listed}{more} (PTX ISA §{section})",
            opcode.head, opcode.head
        )
    } else {
        let meant: Vec<&str> = suggestions.iter().map(|(n, _)| n.as_str()).collect();
        format!(
            "no `{}` instruction is written `{shown}`{} (PTX ISA §{section})",
            opcode.head,
            did_you_mean(&meant)
        )
    };
    diagnostics.push(
        Diagnostic::new(&INVALID_MODIFIER_COMBINATION, opcode.range, message)
            .with_fixes(suggestions.into_iter().map(|(_, fix)| fix)),
    );
}

/// A kernel's tcgen05 instructions all specify the same `.cta_group` (section 9.7.16.10.9.1;
/// ptxas: "uses single CTA and CTA pair granularity"). Reported on each use of the value
/// that appears second. `uses`: each `.cta_group` of the kernel, in order.
pub(crate) fn mixed_cta_groups(uses: &[(TextRange, &str)], diagnostics: &mut Vec<Diagnostic>) {
    let Some(&(_, first)) = uses.first() else {
        return;
    };
    for &(at, group) in uses.iter().filter(|(_, g)| *g != first) {
        diagnostics.push(Diagnostic::new(
            &INVALID_MODIFIER_COMBINATION,
            at,
            format!("this kernel already uses `{first}`: all tcgen05 instructions of a kernel take the same `.cta_group`, not both `{first}` and `{group}` (PTX ISA §9.7.16.10.9.1)"),
        ));
    }
}

/// `fence.async.proxy`, `mul.s32.lo`, `tex.1d.level.v4.f32.f32`: a segment of the name ptxas
/// reads (`fence.proxy`, `mul.lo`, `tex.level`) written away from its place right after the
/// head. Offers the opcode with the name in front. Returns whether it reported.
fn report_misplaced_name(opcode: &Opcode, diagnostics: &mut Vec<Diagnostic>) -> bool {
    let Some(misplaced) = misplaced_name(opcode) else {
        return false;
    };
    let (token, at) = opcode.modifiers[misplaced.modifier];
    // The section of the most specific entry the name begins with, one whose forms take the
    // token where several do (`mul.lo`: the integer `mul`, not the floating-point one).
    let takes = |e: &Instruction| {
        e.forms
            .iter()
            .any(|f| f.slots.iter().any(|s| s.alternatives.contains(&token)))
    };
    let section = ptx::entries_with_head(opcode.head)
        .filter(|e| {
            misplaced.name == e.opcode
                || misplaced
                    .name
                    .strip_prefix(e.opcode)
                    .is_some_and(|rest| rest.starts_with('.'))
        })
        .max_by_key(|e| (e.opcode.len(), takes(e)))
        .map_or("9.7", |e| e.citation.section);
    diagnostics.push(
        Diagnostic::new(
            &INVALID_MODIFIER_COMBINATION,
            at,
            format!(
                "`{token}` belongs right after `{}`: ptxas reads `{}` as the instruction's name and takes `{token}` nowhere else; write `{}` (PTX ISA §{section})",
                misplaced.after, misplaced.name, misplaced.fixed
            ),
        )
        // Unsafe: the other modifiers keep their written order, which the form may not take.
        .with_fix(Fix::replace(
            format!("Write `{}`", misplaced.fixed),
            opcode.range,
            misplaced.fixed.clone(),
        )),
    );
    true
}

/// `wmma.global.load`, `multimem.global.ld_reduce`: every segment of an instruction's name is
/// written, but not right after the head in its order, where ptxas looks for them ("Unknown
/// modifier"). Offers the opcode with the segments moved there. Returns whether it reported.
fn report_segments_out_of_place(
    opcode: &Opcode,
    modifiers: &[&str],
    diagnostics: &mut Vec<Diagnostic>,
) -> bool {
    let Some(end) = opcode.modifiers.last().map(|(_, range)| range.end) else {
        return false;
    };
    for entry in ptx::entries_with_head(opcode.head) {
        let segments: Vec<&str> = entry.opcode.split('.').skip(1).collect();
        if segments.is_empty()
            || !segments
                .iter()
                .all(|s| modifiers.iter().any(|m| &m[1..] == *s))
        {
            continue;
        }
        let rest: String = modifiers
            .iter()
            .filter(|m| !segments.contains(&&m[1..]))
            .copied()
            .collect();
        let fixed = format!("{}.{}{rest}", opcode.head, segments.join("."));
        diagnostics.push(
            Diagnostic::new(
                &INVALID_MODIFIER_COMBINATION,
                opcode.range,
                format!(
                    "`{}`: the name `{}` comes first, as in `{fixed}` (PTX ISA §{})",
                    text_of(opcode),
                    entry.opcode,
                    entry.citation.section
                ),
            )
            // Unsafe: the modifiers keep their written order, which the form may not take.
            .with_fix(Fix::replace(
                format!("Write `{fixed}`"),
                TextRange::new(opcode.head_range.start, end),
                fixed.clone(),
            )),
        );
        return true;
    }
    false
}
