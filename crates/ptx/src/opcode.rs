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
    /// Modifiers that ptxas reads by position ([`ordered_class`]) written out of the form's
    /// order (`.col.row` where the form has `.row.col`); each still fills its slot.
    pub misordered: Vec<usize>,
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
        self.missing.is_empty()
            && self.misordered.is_empty()
            && self.slot_of_modifier.iter().all(Option::is_some)
    }

    /// How far the opcode is from this form: tokens with no place, required slots missing and
    /// tokens out of order.
    pub fn distance(&self) -> usize {
        self.unplaced().count() + self.missing.len() + self.misordered.len()
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
///
/// An opcode that writes the segments of an instruction's name away from their place (see
/// [`misplaced_name`]) refers to no entry.
pub fn candidate_entries(opcode: &Opcode) -> Vec<&'static Instruction> {
    if misplaced_name(opcode).is_some() {
        return Vec::new();
    }
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
                    // Floating segments anywhere, the others in their order.
                    let mut written = modifiers.iter().map(|m| &m[1..]);
                    let in_order = segments
                        .iter()
                        .filter(|s| !floats(name, s))
                        .all(|s| written.any(|m| m == *s))
                        && segments
                            .iter()
                            .filter(|s| floats(name, s))
                            .all(|s| modifiers.iter().any(|m| &m[1..] == *s));
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
/// `mad.mode.cc…`); false for an entry without forms. A floating segment ([`floats`]) is never
/// held to its place: ptxas 13.5 accepts `vote.ballot.sync.b32`, `shfl.bfly.sync.b32`,
/// `redux.add.sync.u32` and `add.u32.cc`.
fn always_first(entry: &Instruction, head: &str, segment: &str) -> bool {
    !floats(entry.opcode, segment)
        && !entry.forms.is_empty()
        && entry.forms.iter().all(|form| {
            form.syntax
                .strip_prefix(head)
                .and_then(|rest| rest.strip_prefix('.'))
                .and_then(|rest| rest.strip_prefix(segment))
                .is_some_and(|rest| rest.is_empty() || rest.starts_with(['.', '{', ' ']))
        })
}

/// Names that ptxas 13.5 reads as one instruction name, beyond the spec-db's instruction
/// names (its entries' opcodes and aliases): a modifier that selects another instruction in
/// ptxas (`mul.lo`, `tex.level`, `mbarrier.try_wait.parity`, `fabric.try_get.async`). Found
/// by moving each modifier of every spec-db form elsewhere and assembling the result: ptxas
/// rejects these segments anywhere but right after the head and the segments before them
/// ("Unknown modifier", "Not a name of any known instruction", or for `mul`/`mad` "Unexpected
/// instruction types"), while the modifiers after the name may come in any order.
const PTXAS_NAMES: &[&str] = &[
    "applypriority.async.bulk",
    "bar.cta.arrive",
    "bar.cta.red",
    "barrier.cta.arrive",
    "barrier.cta.red",
    "clmad.hi",
    "clmad.lo",
    "clusterlaunchcontrol.try_cancel.async",
    "createpolicy.cvt",
    "createpolicy.fractional",
    "createpolicy.range",
    "div.full",
    "dp2a.hi",
    "dp2a.lo",
    "fabric.try_atom.async",
    "fabric.try_get.async",
    "fabric.try_get.async.tensor",
    "fabric.try_pullred.async",
    "fabric.try_put.async",
    "fabric.try_put.async.tensor",
    "fabric.try_red.async",
    "mad.hi",
    "mad.lo",
    "mad.wide",
    "mad24.hi",
    "mad24.lo",
    "madc.hi",
    "madc.lo",
    "mbarrier.arrive.expect_tx",
    "mbarrier.arrive_drop.expect_tx",
    "mbarrier.test_wait.parity",
    "mbarrier.try_wait.parity",
    "mul.hi",
    "mul.lo",
    "mul.wide",
    "mul24.hi",
    "mul24.lo",
    "multimem.red.async",
    "multimem.st.async",
    "setmaxnreg.dec",
    "setmaxnreg.inc",
    "shf.l",
    "shf.r",
    "suld.b",
    "sured.b",
    "sured.p",
    "sust.b",
    "sust.p",
    "tcgen05.ld.red",
    "tcgen05.ld.red.spcompress",
    "tcgen05.ld.spcompress",
    "tex.base",
    "tex.grad",
    "tex.level",
    "txq.level",
    "wmma.load.a",
    "wmma.load.b",
    "wmma.load.c",
    "wmma.store.d",
];

/// Whether ptxas takes this segment of the instruction name `name` anywhere among the
/// modifiers: `.sync` (`vote.ballot.sync.b32`, `redux.add.sync.u32`), `.cc` (`add.u32.cc`,
/// `mad.hi.cc.u32`), the sparse `.sp` and `.sp::ordered_metadata` (`mma.sync.aligned.sp…`,
/// `wgmma.mma_async.sync.aligned.sp…`, `tcgen05.mma.cta_group::1.sp…`), `.mbarrier_init`
/// (`fence.release.mbarrier_init.cluster`), `ld.global.nc`'s `.global` and `.nc`
/// (`ld.nc.L1::no_allocate.global.f32`) and `match`'s mode (`match.sync.b32.any`).
fn floats(name: &str, segment: &str) -> bool {
    matches!(
        segment,
        "sync" | "cc" | "sp" | "sp::ordered_metadata" | "mbarrier_init"
    ) || name == "ld.global.nc"
        || name.starts_with("match.")
}

/// An instruction name written with its segments away from their place.
#[derive(Debug, Clone)]
pub struct MisplacedName {
    /// The instruction name (`fence.proxy`, `mul.lo`).
    pub name: &'static str,
    /// The modifier (index into the opcode's modifiers) of the first segment out of place.
    pub modifier: usize,
    /// The segments of the name written before it (`cp.async.bulk` for `.tensor`).
    pub after: String,
    /// The opcode with the name's segments moved to their place, the others in their order.
    pub fixed: String,
}

/// ptxas reads an instruction's name (`fence.proxy`, `cp.async.bulk.tensor`, `mul.lo`) as one
/// token: its segments come right after the head, in order (`fence.async.proxy`: "Unknown
/// modifier '.proxy'"; `mul.s32.lo`: "Unexpected instruction types"). The name taken is the
/// longest whose segments are all written (`mbarrier.arrive.expect_tx`, not
/// `mbarrier.expect_tx`); None when the segments are in place, or when two names of that
/// length could be meant.
pub fn misplaced_name(opcode: &Opcode) -> Option<MisplacedName> {
    let written: Vec<&str> = opcode.modifiers.iter().map(|(m, _)| &m[1..]).collect();
    let spec_names = ptx::entries_with_head(opcode.head)
        .flat_map(|entry| std::iter::once(entry.opcode).chain(entry.aliases.iter().copied()));
    let ptxas_names = PTXAS_NAMES
        .iter()
        .copied()
        .filter(|name| name.split('.').next() == Some(opcode.head));
    let mut best: Option<(&'static str, Vec<&'static str>)> = None;
    let mut tied = false;
    for name in spec_names.chain(ptxas_names) {
        let segments: Vec<&'static str> = name
            .split('.')
            .skip(1)
            .filter(|s| !floats(name, s))
            .collect();
        if segments.is_empty() || !segments.iter().all(|s| written.contains(s)) {
            continue;
        }
        match &best {
            Some((_, longest)) if longest.len() > segments.len() => {}
            Some((_, longest)) if longest.len() == segments.len() => {
                tied |= *longest != segments;
            }
            _ => {
                best = Some((name, segments));
                tied = false;
            }
        }
    }
    let (name, segments) = best?;
    if tied {
        return None;
    }
    // The written modifiers, less the name's own floating segments (`bar.warp.sync`).
    let own_float = |m: &str| floats(name, m) && name.split('.').skip(1).any(|s| s == m);
    let order: Vec<usize> = (0..written.len())
        .filter(|&i| !own_float(written[i]))
        .collect();
    let out_of_place = (0..segments.len()).find(|&k| written[order[k]] != segments[k])?;
    let wanted = segments[out_of_place];
    let modifier = (0..written.len()).find(|&i| written[i] == wanted)?;
    let mut rest: Vec<&str> = opcode.modifier_texts();
    for segment in &segments {
        if let Some(i) = rest.iter().position(|m| &m[1..] == *segment) {
            rest.remove(i);
        }
    }
    let mut fixed = opcode.head.to_string();
    for segment in &segments {
        fixed.push('.');
        fixed.push_str(segment);
    }
    fixed.extend(rest);
    let after = std::iter::once(opcode.head)
        .chain(segments[..out_of_place].iter().copied())
        .collect::<Vec<_>>()
        .join(".");
    Some(MisplacedName {
        name,
        modifier,
        after,
        fixed,
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
    let place_in_order = |class: &[usize],
                          belongs: &dyn Fn(&str) -> bool,
                          slot_of_modifier: &mut [Option<usize>],
                          modifier_of_slot: &mut [Option<usize>]| {
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
    place_in_order(
        &type_slots,
        &|t| ptx::is_type_token(t),
        &mut slot_of_modifier,
        &mut modifier_of_slot,
    );
    if ordered_spaces {
        place_in_order(
            &space_slots,
            &is_state_space,
            &mut slot_of_modifier,
            &mut modifier_of_slot,
        );
    }
    // Tokens that ptxas reads by position where the form has two or more slots of their class
    // (`.row.col`): in order first; one written out of order still fills a free slot that
    // lists it, and is recorded as misordered.
    let mut misordered = Vec::new();
    let mut ordered_classes: Vec<OrderedClass> = Vec::new();
    for class in ORDERED_CLASSES {
        let class_slots: Vec<usize> = (0..slots.len())
            .filter(|&i| {
                !slots[i].alternatives.is_empty()
                    && slots[i]
                        .alternatives
                        .iter()
                        .all(|a| ordered_class(a) == Some(class))
            })
            .collect();
        if class_slots.len() < 2 {
            continue;
        }
        ordered_classes.push(class);
        place_in_order(
            &class_slots,
            &|t| ordered_class(t) == Some(class),
            &mut slot_of_modifier,
            &mut modifier_of_slot,
        );
        for (m, token) in modifiers.iter().enumerate() {
            if slot_of_modifier[m].is_some() || ordered_class(token) != Some(class) {
                continue;
            }
            if let Some(&s) = class_slots
                .iter()
                .find(|&&s| modifier_of_slot[s].is_none() && slots[s].alternatives.contains(token))
            {
                slot_of_modifier[m] = Some(s);
                modifier_of_slot[s] = Some(m);
                misordered.push(m);
            }
        }
    }

    // Other modifiers: each to the first free slot that lists it, in any order. Types that no
    // type slot took may still fill a non-type slot that lists them (rare, e.g. `.b16` as mode).
    for (m, token) in modifiers.iter().enumerate() {
        if slot_of_modifier[m].is_some()
            || (ordered_spaces && is_state_space(token))
            || ordered_class(token).is_some_and(|c| ordered_classes.contains(&c))
        {
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
        misordered,
    }
}

/// A class of modifiers that ptxas reads by position, like types.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OrderedClass {
    /// `mma`/`wmma.mma` layouts: the first is A's, the second B's (`.col.row` where the form
    /// has `.row.col`: "Illegal alayout '.col'").
    Layout,
    /// `mma`/`wmma.mma`/`wgmma` on `.b1`: the bit operation, then `.popc` (`.popc.xor`:
    /// "Illegal reduction operation").
    BitOp,
    /// `ldmatrix`/`tcgen05.cp` fragment formats: destination, then source
    /// (`.b6x16_p32.b8x16`: "Illegal modifier").
    Format,
}

const ORDERED_CLASSES: [OrderedClass; 3] = [
    OrderedClass::Layout,
    OrderedClass::BitOp,
    OrderedClass::Format,
];

/// The class of a token ptxas reads by position, if it has one.
pub fn ordered_class(token: &str) -> Option<OrderedClass> {
    match token {
        ".row" | ".col" => Some(OrderedClass::Layout),
        ".and" | ".xor" | ".popc" => Some(OrderedClass::BitOp),
        ".b8x16" | ".b6x16_p32" | ".b4x16_p64" => Some(OrderedClass::Format),
        _ => None,
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

/// Whether an entry has a place for a written modifier (`.rn`): a segment of its name or an
/// alternative of one of its forms' slots.
pub(crate) fn entry_places(entry: &Instruction, token: &str) -> bool {
    entry.opcode.split('.').skip(1).any(|s| &token[1..] == s)
        || entry
            .forms
            .iter()
            .any(|f| f.slots.iter().any(|s| s.alternatives.contains(&token)))
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
    fn instruction_names_come_right_after_the_head() {
        let misplaced = |text: &str| misplaced_name(&Opcode::split(text, 0));
        let proxy = misplaced("fence.async.proxy").expect("`.proxy` out of place");
        assert_eq!((proxy.name, proxy.modifier), ("fence.proxy", 1));
        assert_eq!(proxy.fixed, "fence.proxy.async");
        assert_eq!(misplaced("mul.s32.lo").unwrap().fixed, "mul.lo.s32");
        assert_eq!(misplaced("mad.cc.hi.u32").unwrap().fixed, "mad.hi.cc.u32");
        let tensor = misplaced("cp.async.bulk.prefetch.1d.L2.global.tensor").unwrap();
        assert_eq!(tensor.after, "cp.async.bulk.prefetch");
        assert!(candidate_entries(&Opcode::split("fence.async.proxy", 0)).is_empty());
        // Orders ptxas 13.5 accepts.
        for text in [
            "fence.proxy.async",
            "mul.lo.s32",
            "mad.hi.u32.cc",
            "add.u32.cc",
            "vote.ballot.sync.b32",
            "match.sync.b32.any",
            "ld.nc.global.f32",
            "fence.release.mbarrier_init.cluster",
            "mbarrier.arrive.expect_tx.shared::cta.b64",
            "mbarrier.expect_tx.shared::cta.b64",
            "bar.warp.sync",
            "tcgen05.mma.cta_group::1.sp.kind::f16",
        ] {
            assert!(misplaced(text).is_none(), "{text}");
        }
        assert!(!candidate_entries(&Opcode::split("add.u32.cc", 0)).is_empty());
        assert!(!candidate_entries(&Opcode::split("ld.nc.global.f32", 0)).is_empty());
    }

    #[test]
    fn layouts_are_read_by_position() {
        let right = best("mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32");
        assert!(right.is_exact());
        let swapped = best("mma.sync.aligned.m16n8k8.col.row.f32.f16.f16.f32");
        assert!(!swapped.is_exact());
        assert_eq!(swapped.misordered.len(), 1);
        assert_eq!(swapped.unplaced().count(), 0);
    }

    #[test]
    fn unknown_modifiers_are_unplaced() {
        let m = best("rcp.bogus.rn.f32");
        assert_eq!(m.unplaced().count(), 1);
    }
}
