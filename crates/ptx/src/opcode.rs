//! Matching an opcode token (`rcp.rn.ftz.f32`) against the forms in the spec-db.
//!
//! Non-type modifiers may appear in any order (ptxas accepts `add.rn.sat.f32` and
//! `add.sat.rn.f32` alike); type modifiers are matched by position among the form's type slots,
//! because their order carries meaning (`cvt.f32.s32` converts s32 to f32).

use speclint_base::text::TextRange;
use speclint_spec_db::{is_state_space, ptx};
use speclint_spec_db::{Form, Instruction, Requirement};

/// An opcode token split into its first segment and its modifiers, with byte ranges.
#[derive(Debug, Clone)]
pub struct Opcode<'a> {
    pub head: &'a str,
    pub head_range: TextRange,
    /// Modifiers with their leading `.` (`.rn`, `.L2::128B`).
    pub modifiers: Vec<(&'a str, TextRange)>,
    pub range: TextRange,
}

impl<'a> Opcode<'a> {
    pub fn split(text: &'a str, start: usize) -> Self {
        let head_len = text.find('.').unwrap_or(text.len());
        let mut modifiers = Vec::new();
        let mut at = head_len;
        while at < text.len() {
            let len = text[at + 1..].find('.').map_or(text.len() - at, |i| i + 1);
            modifiers.push((
                &text[at..at + len],
                TextRange::new(start + at, start + at + len),
            ));
            at += len;
        }
        Opcode {
            head: &text[..head_len],
            head_range: TextRange::new(start, start + head_len),
            modifiers,
            range: TextRange::new(start, start + text.len()),
        }
    }

    pub fn modifier_texts(&self) -> Vec<&'a str> {
        self.modifiers.iter().map(|(m, _)| *m).collect()
    }
}

/// The outcome of matching the modifiers against one form.
#[derive(Debug, Clone)]
pub struct FormMatch {
    pub instruction: &'static Instruction,
    pub form: &'static Form,
    /// For each modifier of the opcode, the slot it filled (None: the form has no place for it).
    pub slot_of_modifier: Vec<Option<usize>>,
    /// For each slot, the modifier index that filled it.
    pub modifier_of_slot: Vec<Option<usize>>,
    /// Required slots left empty.
    pub missing: Vec<usize>,
}

impl FormMatch {
    pub fn unplaced(&self) -> impl Iterator<Item = usize> + '_ {
        self.slot_of_modifier
            .iter()
            .enumerate()
            .filter(|(_, slot)| slot.is_none())
            .map(|(i, _)| i)
    }

    pub fn is_exact(&self) -> bool {
        self.missing.is_empty() && self.slot_of_modifier.iter().all(Option::is_some)
    }

    /// How far the opcode is from this form: tokens with no place plus required slots missing.
    pub fn distance(&self) -> usize {
        self.unplaced().count() + self.missing.len()
    }

    /// The modifier chosen for a slot, if any.
    pub fn chosen<'m>(&self, slot: usize, modifiers: &[&'m str]) -> Option<&'m str> {
        self.modifier_of_slot[slot].map(|m| modifiers[m])
    }
}

/// The instruction entries an opcode may refer to: those with the same first segment whose
/// other opcode segments all appear among the modifiers, in their order (`mad.cc` for
/// `mad.hi.cc.s32`). A segment that every form of the entry writes right after the head must
/// be written there: ptxas takes `st.global.async` for no instruction ("Unknown modifier").
pub fn candidate_entries(opcode: &Opcode) -> Vec<&'static Instruction> {
    let modifiers = opcode.modifier_texts();
    ptx::entries_with_head(opcode.head)
        .filter(|entry| {
            std::iter::once(entry.opcode)
                .chain(entry.aliases.iter().copied())
                .any(|name| {
                    let mut segments = name.split('.');
                    if segments.next() != Some(opcode.head) {
                        return false;
                    }
                    let segments: Vec<&str> = segments.collect();
                    let mut written = modifiers.iter().map(|m| &m[1..]);
                    let in_order = segments.iter().all(|s| written.any(|m| m == *s));
                    let first_in_place = match segments.first() {
                        Some(first) if always_first(entry, opcode.head, first) => {
                            modifiers.first().is_some_and(|m| &m[1..] == *first)
                        }
                        _ => true,
                    };
                    in_order && first_in_place
                })
        })
        .collect()
}

/// Whether every form of the entry writes `segment` right after the head (`st.async…`, not
/// `mad.mode.cc…`); false for an entry without forms. `.sync` is never held to its place:
/// ptxas 13.5 accepts `vote.ballot.sync.b32`, `shfl.bfly.sync.b32` and `redux.add.sync.u32`.
fn always_first(entry: &Instruction, head: &str, segment: &str) -> bool {
    segment != "sync"
        && !entry.forms.is_empty()
        && entry.forms.iter().all(|form| {
            form.syntax
                .strip_prefix(head)
                .and_then(|rest| rest.strip_prefix('.'))
                .and_then(|rest| rest.strip_prefix(segment))
                .is_some_and(|rest| rest.is_empty() || rest.starts_with(['.', '{', ' ']))
        })
}

/// Matches the modifiers against every form of the entries; exact matches come first, then by
/// distance.
pub fn match_forms(entries: &[&'static Instruction], modifiers: &[&str]) -> Vec<FormMatch> {
    let mut matches: Vec<FormMatch> = entries
        .iter()
        .flat_map(|entry| {
            entry
                .forms
                .iter()
                .map(move |form| match_form(entry, form, modifiers))
        })
        .collect();
    matches.sort_by_key(FormMatch::distance);
    matches
}

fn match_form(
    instruction: &'static Instruction,
    form: &'static Form,
    modifiers: &[&str],
) -> FormMatch {
    let slots = form.slots;
    let mut slot_of_modifier = vec![None; modifiers.len()];
    let mut modifier_of_slot = vec![None; slots.len()];

    // Types, and state spaces where a form has two (`cp.async.ca.shared.global`: destination
    // then source), are matched in order: the i-th such token to the next such slot.
    let type_slots: Vec<usize> = (0..slots.len()).filter(|&i| slots[i].is_type).collect();
    let space_slots: Vec<usize> = (0..slots.len())
        .filter(|&i| is_space_slot(&slots[i]))
        .collect();
    let ordered_spaces = space_slots.len() > 1;
    let mut place_in_order = |class: &[usize], belongs: &dyn Fn(&str) -> bool| {
        let mut next = 0;
        for (m, token) in modifiers.iter().enumerate() {
            if !belongs(token) || slot_of_modifier[m].is_some() {
                continue;
            }
            // Skip optional slots that do not accept this token.
            let mut k = next;
            while k < class.len()
                && !slots[class[k]].alternatives.contains(token)
                && slots[class[k]].optional
            {
                k += 1;
            }
            if k < class.len() && slots[class[k]].alternatives.contains(token) {
                slot_of_modifier[m] = Some(class[k]);
                modifier_of_slot[class[k]] = Some(m);
                next = k + 1;
            }
        }
    };
    place_in_order(&type_slots, &|t| ptx::is_type_token(t));
    if ordered_spaces {
        place_in_order(&space_slots, &is_state_space);
    }

    // Other modifiers: each to the first free slot that lists it, in any order. Types that no
    // type slot took may still fill a non-type slot that lists them (rare, e.g. `.b16` as mode).
    for (m, token) in modifiers.iter().enumerate() {
        if slot_of_modifier[m].is_some() || (ordered_spaces && is_state_space(token)) {
            continue;
        }
        // A type token never fills a type slot out of order (`set.lt.s32.f16` is not
        // `set.lt.f16.s32`); it may fill a non-type slot.
        let is_type = ptx::is_type_token(token);
        if let Some(s) = (0..slots.len()).find(|&s| {
            modifier_of_slot[s].is_none()
                && slots[s].alternatives.contains(token)
                && !(is_type && slots[s].is_type)
        }) {
            slot_of_modifier[m] = Some(s);
            modifier_of_slot[s] = Some(m);
        }
    }

    let missing = (0..slots.len())
        .filter(|&s| !slots[s].optional && modifier_of_slot[s].is_none())
        .collect();
    FormMatch {
        instruction,
        form,
        slot_of_modifier,
        modifier_of_slot,
        missing,
    }
}

fn is_space_slot(slot: &speclint_spec_db::Slot) -> bool {
    !slot.alternatives.is_empty() && slot.alternatives.iter().all(|a| is_state_space(a))
}

/// Where to insert a modifier for a missing slot: before the modifier filling the next later
/// slot, or at the end of the opcode.
pub fn insertion_offset(opcode: &Opcode, found: &FormMatch, slot: usize) -> usize {
    (slot + 1..found.form.slots.len())
        .filter_map(|later| found.modifier_of_slot[later])
        .map(|m| opcode.modifiers[m].1.start)
        .min()
        .unwrap_or(opcode.range.end)
}

/// The opcode as written, with its modifiers.
pub(crate) fn text_of(opcode: &Opcode) -> String {
    let mut s = opcode.head.to_string();
    for (m, _) in &opcode.modifiers {
        s.push_str(m);
    }
    s
}

/// How many operands the matched form takes, at least and at most: an operand written only
/// with a modifier (`cache-policy` with `.L2::cache_hint`) counts as required when that
/// modifier is there and as absent when it is not.
pub(crate) fn operand_count_range(m: &FormMatch) -> (usize, usize) {
    let present = |o: &speclint_spec_db::Operand| {
        o.present_with
            .map(|slot| m.modifier_of_slot[slot as usize].is_some())
    };
    let ops = m.form.operands;
    let required = ops
        .iter()
        .filter(|o| present(o).unwrap_or(!o.optional))
        .count();
    let allowed = ops.iter().filter(|o| present(o).unwrap_or(true)).count();
    (required, allowed)
}

/// The requirements as the spec states them.
pub(crate) fn spec_requirements(
    m: &FormMatch,
    modifiers: &[&str],
) -> Vec<(Requirement, &'static str)> {
    let mut list = vec![
        (m.instruction.requirement, m.instruction.citation.section),
        (m.form.requirement, m.form.citation.section),
    ];
    list.extend(
        m.instruction
            .conditional
            .iter()
            .filter(|c| c.applies_to(modifiers))
            .map(|c| (c.requirement, c.citation.section)),
    );
    list
}

/// `.shared::cta` -> `.shared`, `.param::entry` -> `.param`.
pub(crate) fn base_space(space: &str) -> &str {
    // Byte search: this runs for every address operand.
    match space.bytes().position(|b| b == b':') {
        Some(colon) => &space[..colon],
        None => space,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn best(text: &str) -> FormMatch {
        let opcode = Opcode::split(text, 0);
        let entries = candidate_entries(&opcode);
        assert!(!entries.is_empty(), "no entry for {text}");
        match_forms(&entries, &opcode.modifier_texts()).remove(0)
    }

    #[test]
    fn splits_modifiers_with_offsets() {
        let op = Opcode::split("ld.global.L2::128B.v4.f32", 10);
        assert_eq!(op.head, "ld");
        assert_eq!(op.modifier_texts(), [".global", ".L2::128B", ".v4", ".f32"]);
        assert_eq!(op.modifiers[1].1, TextRange::new(19, 28));
    }

    #[test]
    fn rcp_forms_match_exactly_and_report_missing_rounding() {
        assert!(best("rcp.rn.ftz.f32").is_exact());
        assert!(best("rcp.approx.f32").is_exact());
        let missing = best("rcp.f32");
        // Either the legacy form matches exactly, or a modern one misses its rounding slot.
        assert!(missing.is_exact() && missing.form.until.is_some() || !missing.missing.is_empty());
    }

    #[test]
    fn non_type_modifiers_may_come_in_any_order() {
        assert!(best("add.sat.rn.f32").is_exact() || best("add.rn.sat.f32").is_exact());
        assert_eq!(
            best("add.rn.sat.f32").is_exact(),
            best("add.sat.rn.f32").is_exact()
        );
    }

    #[test]
    fn two_state_spaces_match_in_order() {
        let form = speclint_spec_db::Form {
            syntax: "cp.async.ca.dst.src [d], [s], n",
            slots: &[
                speclint_spec_db::Slot {
                    name: ".async",
                    alternatives: &[".async"],
                    optional: false,
                    is_type: false,
                },
                speclint_spec_db::Slot {
                    name: ".ca",
                    alternatives: &[".ca"],
                    optional: false,
                    is_type: false,
                },
                speclint_spec_db::Slot {
                    name: ".dst",
                    alternatives: &[".shared"],
                    optional: false,
                    is_type: false,
                },
                speclint_spec_db::Slot {
                    name: ".src",
                    alternatives: &[".global"],
                    optional: false,
                    is_type: false,
                },
            ],
            ..*ptx::INSTRUCTIONS
                .iter()
                .find_map(|e| e.forms.first())
                .unwrap()
        };
        let entry = ptx::INSTRUCTIONS.iter().find(|e| e.has_forms()).unwrap();
        let form: &'static speclint_spec_db::Form = Box::leak(Box::new(form));
        let right = match_form(entry, form, &[".async", ".ca", ".shared", ".global"]);
        assert!(right.is_exact());
        let swapped = match_form(entry, form, &[".async", ".ca", ".global", ".shared"]);
        assert!(!swapped.is_exact());
    }

    #[test]
    fn unknown_modifiers_are_unplaced() {
        let m = best("rcp.bogus.rn.f32");
        assert_eq!(m.unplaced().count(), 1);
    }
}
