//! PTX004 `missing-required-modifier`: a modifier (or an opcode segment) the instruction
//! cannot do without is missing.

use crate::header::Header;
use crate::opcode::{entry_places, insertion_offset, text_of, FormMatch, Opcode};
use speclint_base::diagnostic::{Diagnostic, Fix};
use speclint_base::rules::rules;
use speclint_spec_db::{ptx, Instruction, Version};

rules! {
    MISSING_REQUIRED_MODIFIER = "PTX004" "missing-required-modifier" Error fix=true {
        summary: "The instruction needs a modifier that is missing",
        explanation: "Some instructions have no default for a modifier: since PTX ISA 1.4 `rcp.f32`, `sqrt.f32` and `div.f32` need `.approx`, `.full` or a rounding mode; integer `mul` needs `.lo`, `.hi` or `.wide`; `ex2.approx.bf16` needs `.ftz`. The fix inserts one of the allowed modifiers; choose the one with the semantics you want (hover shows the accuracy of each).",
        example: "rcp.f32 %f1, %f2;          // PTX004\nrcp.rn.f32 %f1, %f2;       // fixed (IEEE round-to-nearest)",
    }
}

/// No form matches exactly: PTX004 when forms differ from what is written only by required
/// modifiers left out, with the modifiers to insert (the fewest missing first).
pub(crate) fn missing_modifiers(
    opcode: &Opcode,
    matches: &[FormMatch],
    exact: &[&FormMatch],
    header: &Header,
) -> Option<Diagnostic> {
    let shown = text_of(opcode);
    // Forms that want only more modifiers, and that exist in this module's version.
    let live = |m: &&FormMatch| {
        m.form
            .until
            .is_none_or(|until| header.version.is_none_or(|v| v <= until))
    };
    let fewest_missing = matches
        .iter()
        .filter(|m| m.unplaced().count() == 0 && !m.missing.is_empty())
        .filter(live)
        .map(|m| m.missing.len())
        .min();
    if let Some(fewest) = fewest_missing {
        let candidates: Vec<&FormMatch> = matches
            .iter()
            .filter(|m| m.unplaced().count() == 0 && m.missing.len() == fewest)
            .filter(live)
            .collect();
        let mut options: Vec<&str> = Vec::new();
        let mut fixes = Vec::new();
        for m in &candidates {
            let slot = m.missing[0];
            for alternative in m.form.slots[slot].alternatives {
                if !options.contains(alternative) {
                    options.push(alternative);
                    let at = insertion_offset(opcode, m, slot);
                    // Unsafe: the modifier chooses the instruction's meaning.
                    fixes.push(Fix::insert(
                        format!("Insert `{alternative}`"),
                        at,
                        *alternative,
                    ));
                }
            }
        }
        let since = exact.iter().filter_map(|m| m.form.until).max();
        let since_text = since
            .map(|v| format!(" since PTX ISA {}", Version::new(v.major, v.minor + 1)))
            .unwrap_or_default();
        let section = candidates[0].instruction.citation.section;
        let list = options
            .iter()
            .map(|o| format!("`{o}`"))
            .collect::<Vec<_>>()
            .join(", ");
        let message = if options.len() == 1 {
            format!("`{shown}` requires {list}{since_text} (PTX ISA §{section})")
        } else {
            format!("`{shown}` requires one of {list}{since_text} (PTX ISA §{section})")
        };
        // Keep the fix list short: the first few alternatives are the useful ones.
        fixes.truncate(6);
        return Some(
            Diagnostic::new(&MISSING_REQUIRED_MODIFIER, opcode.range, message).with_fixes(fixes),
        );
    }
    None
}

/// `bar.warp` for `bar.warp.sync`: an instruction of the same head whose opcode segments are
/// all written but one, when at least one of its own segments is. PTX004 with the segment to
/// insert. Returns whether it reported.
pub(crate) fn report_missing_segment(
    opcode: &Opcode,
    candidates: &[&'static Instruction],
    diagnostics: &mut Vec<Diagnostic>,
) -> bool {
    let written = |segment: &str| {
        opcode
            .modifiers
            .iter()
            .position(|(m, _)| &m[1..] == segment)
    };
    // A modifier no instruction of this head knows (`ld.global.cx`) is the mistake to report,
    // not a segment of some longer instruction (`ld.global.nc`).
    let known = |token: &str| ptx::entries_with_head(opcode.head).any(|e| entry_places(e, token));
    if opcode.modifiers.iter().any(|(m, _)| !known(m)) {
        return false;
    }
    for entry in ptx::entries_with_head(opcode.head) {
        if candidates.iter().any(|c| std::ptr::eq(*c, entry)) {
            continue;
        }
        let segments: Vec<&str> = entry.opcode.split('.').skip(1).collect();
        let missing: Vec<usize> = (0..segments.len())
            .filter(|&i| written(segments[i]).is_none())
            .collect();
        let [gap] = missing[..] else { continue };
        if segments.len() < 2 {
            continue;
        }
        // The entry must account for everything written: `.commit_group` is no fix for a
        // `cp.async.bulk.tensor.3d…` line whose other modifiers it has no place for.
        if !opcode.modifiers.iter().all(|(m, _)| entry_places(entry, m)) {
            continue;
        }
        // After the written segment that precedes it in the entry's name, else after the head.
        let at = segments[..gap]
            .iter()
            .rev()
            .find_map(|s| written(s))
            .map_or(opcode.head_range.end, |m| opcode.modifiers[m].1.end);
        let wanted = format!(".{}", segments[gap]);
        diagnostics.push(
            Diagnostic::new(
                &MISSING_REQUIRED_MODIFIER,
                opcode.range,
                format!(
                    "`{}` requires `{wanted}` (`{}`, PTX ISA §{})",
                    text_of(opcode),
                    entry.opcode,
                    entry.citation.section
                ),
            )
            // Unsafe: the inserted segment chooses the instruction's meaning.
            .with_fix(Fix::insert(
                format!("Insert `{wanted}`"),
                at,
                wanted.clone(),
            )),
        );
        return true;
    }
    false
}
