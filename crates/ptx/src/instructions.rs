//! The walk over one instruction statement: it matches the opcode against the spec-db forms,
//! resolves the operands and what the matched form expects of them, and passes these facts to
//! the rules' checks in `rules/` (PTX002–PTX006, PTX010–PTX012, PTX014–PTX016).

use super::ast::{Block, Instruction as InstructionNode, Operand as OperandNode};
use super::header::Header;
use super::opcode::{
    candidate_entries, match_forms, operand_count_range, spec_requirements, text_of, FormMatch,
    Opcode,
};
use super::operand_types::{self, Expectation, OperandValue};
use super::rules::{
    deprecated, invalid_modifier_combination, missing_required_modifier, not_enforced_by_ptxas,
    operand_count, operand_type_mismatch, state_space_mismatch, target_too_low,
    unknown_instruction, version_too_low, withdrawn_form,
};
use super::symbols::SymbolWalker;
use rustc_hash::FxHashMap as HashMap;
use speclint_base::diagnostic::Diagnostic;
use speclint_base::text::TextRange;
use speclint_spec_db::{Instruction, Requirement, Target, Version};

pub struct InstructionContext<'a, 's> {
    pub header: &'a Header,
    pub symbols: &'a mut SymbolWalker<'s>,
    pub function_body: Option<&'a Block>,
    pub diagnostics: &'a mut Vec<Diagnostic>,
    pub cache: &'a mut OpcodeCache<'s>,
}

/// Opcode verdicts by (opcode text, operand shapes). A module repeats a few hundred distinct
/// opcodes tens of thousands of times, and the verdict depends only on these and the header,
/// so each is matched against the spec-db once.
/// Also keeps the buffer the operands of each instruction are resolved into, so that checking
/// an instruction allocates nothing in the common case.
#[derive(Default)]
pub struct OpcodeCache<'s> {
    verdicts: HashMap<(&'s str, u64), Verdict>,
    operand_values: Vec<OperandValue>,
}

struct Verdict {
    matched: Option<FormMatch>,
    /// Which per-operand checks apply to the matched instruction.
    checks: OpcodeChecks,
    /// The length of the first opcode segment (`ld` of `ld.global.u32`).
    head_len: usize,
    expectations: Vec<Expectation>,
    /// Per operand: the opcode modifier that names the address's state space, if any.
    space_modifiers: Vec<Option<TextRange>>,
    /// Diagnostics as first produced, for the opcode at `at`.
    diagnostics: Vec<Diagnostic>,
    at: TextRange,
}

impl Verdict {
    /// This verdict's diagnostics for the same opcode at `start`: ranges inside the opcode
    /// move with it; others (the header fixes edit) stay.
    fn replay(&self, start: usize, out: &mut Vec<Diagnostic>) {
        let shift = |r: TextRange| {
            if r.start >= self.at.start && r.end <= self.at.end {
                TextRange::new(
                    r.start - self.at.start + start,
                    r.end - self.at.start + start,
                )
            } else {
                r
            }
        };
        for d in &self.diagnostics {
            let mut d = d.clone();
            d.range = shift(d.range);
            for fix in &mut d.fixes {
                for edit in &mut fix.edits {
                    edit.range = shift(edit.range);
                }
            }
            out.push(d);
        }
    }
}

pub fn check(node: &InstructionNode, ctx: &mut InstructionContext) {
    let mut values = std::mem::take(&mut ctx.cache.operand_values);
    check_with(node, ctx, &mut values);
    values.clear();
    ctx.cache.operand_values = values;
}

fn check_with(
    node: &InstructionNode,
    ctx: &mut InstructionContext,
    values: &mut Vec<OperandValue>,
) {
    let source = ctx.symbols.source;
    let opcode_text = source.get(node.opcode.start..node.opcode.end).unwrap_or("");
    let operands = &node.operands;

    let shape_of = |operand: &OperandNode| WrittenShape::of(operand, ctx.symbols);
    let key = (
        opcode_text,
        WrittenShape::signature(operands.iter().map(shape_of)),
    );
    if !ctx.cache.verdicts.contains_key(&key) {
        let shapes: Vec<WrittenShape> = operands.iter().map(shape_of).collect();
        let opcode = Opcode::split(opcode_text, node.opcode.start);
        let before = ctx.diagnostics.len();
        let matched = check_opcode(&opcode, &shapes, ctx);
        let modifiers = opcode.modifier_texts();
        let expectations = matched
            .as_ref()
            .map(|m| operand_types::expected(m, &modifiers))
            .unwrap_or_default();
        let space_modifiers = matched
            .as_ref()
            .map(|m| space_modifier_ranges(m, &opcode))
            .unwrap_or_default();
        let diagnostics = ctx.diagnostics.split_off(before);
        let checks = matched.as_ref().map_or(OpcodeChecks::default(), |m| {
            OpcodeChecks::of(m.instruction.opcode)
        });
        ctx.cache.verdicts.insert(
            key,
            Verdict {
                checks,
                head_len: opcode.head.len(),
                matched,
                expectations,
                space_modifiers,
                diagnostics,
                at: opcode.range,
            },
        );
    }
    let InstructionContext {
        header,
        symbols,
        function_body,
        diagnostics,
        cache,
        ..
    } = ctx;
    let verdict = &cache.verdicts[&key];
    verdict.replay(node.opcode.start, diagnostics);
    if let Some(guard) = &node.guard {
        let name = source
            .get(guard.predicate.start..guard.predicate.end)
            .unwrap_or("");
        let declaration = symbols.use_name(name, guard.predicate, Some(".pred"), *function_body);
        if let Some(d) = declaration {
            let decl = symbols.declaration(d);
            diagnostics.extend(operand_type_mismatch::guard(name, guard.predicate, decl));
        }
    }

    // Resolve every name used by the operands (also for instructions without forms).
    let no_expectation = Expectation::default();
    let expectation = |i: usize| verdict.expectations.get(i).unwrap_or(&no_expectation);
    let expected = |i: usize| expectation(i).ty.as_deref();
    values.extend(operands.iter().enumerate().map(|(i, operand)| {
        operand_types::resolve(operand, source, symbols, expected(i), *function_body)
    }));
    let values: &[OperandValue] = values;

    // Special registers have requirements of their own (`%clusterid` needs sm_90).
    for (at, special) in symbols.special_uses.drain(..) {
        let what = source.get(at.start..at.end).unwrap_or("");
        let requirement = [(special.fact.requirement, special.fact.citation.section)];
        report_unmet(at, &requirement, what, header, diagnostics);
    }

    let Some(found) = verdict
        .matched
        .as_ref()
        .filter(|_| !node.operands_incomplete)
    else {
        return;
    };
    if let Some(d) = operand_count::check(
        found,
        node.opcode,
        opcode_text,
        operands,
        &verdict.expectations,
    ) {
        diagnostics.push(d);
        return;
    }
    let spec = found.form.operands;
    for (i, ((operand, value), spec)) in operands.iter().zip(values).zip(spec).enumerate() {
        diagnostics.extend(operand_type_mismatch::operand(
            spec,
            value,
            expectation(i),
            symbols,
            operand.range,
        ));
        if let (Some(space), OperandValue::Address { declarations, .. }) =
            (&expectation(i).space, value)
        {
            let section = found.instruction.citation.section;
            let modifier = verdict.space_modifiers.get(i).copied().flatten();
            // Where a missing state space goes: after the first opcode segment.
            let head_end = node.opcode.start + verdict.head_len;
            if let Some(d) = state_space_mismatch::space_mismatch(
                space,
                declarations,
                symbols,
                modifier,
                head_end,
                section,
            ) {
                diagnostics.push(d);
            }
            if let Some(d) = operand_type_mismatch::narrow_address(
                verdict.checks.memory_access,
                space,
                declarations,
                symbols,
                header,
            ) {
                diagnostics.push(d);
            }
            if let Some(d) =
                state_space_mismatch::parameter_misuse(found, space, declarations, symbols)
            {
                diagnostics.push(d);
            }
        }
        if verdict.checks.coordinates {
            diagnostics.extend(operand_type_mismatch::coordinates(
                found.instruction.opcode,
                opcode_text,
                operand,
                symbols,
            ));
        }
        if let (true, OperandValue::Address { declarations }) = (verdict.checks.handles, value) {
            if let Some(d) =
                operand_type_mismatch::narrow_handle(found, operand.range, declarations, symbols)
            {
                diagnostics.push(d);
            }
        }
    }
    if verdict.checks.cvta {
        let suffix = TextRange::new(node.opcode.end.saturating_sub(4), node.opcode.end);
        diagnostics.extend(operand_type_mismatch::cvta_u32(header, opcode_text, suffix));
    }
    if found.instruction.opcode == "call" {
        match operand_count::call_arity(node.opcode, operands, values, symbols) {
            Some(d) => diagnostics.push(d),
            None => diagnostics.extend(super::call_params::mismatches(operands, symbols)),
        }
    }
}

/// The opcode modifier that fills each address operand's state-space slot.
fn space_modifier_ranges(found: &FormMatch, opcode: &Opcode) -> Vec<Option<TextRange>> {
    found
        .form
        .operands
        .iter()
        .map(|operand| match operand.space {
            speclint_spec_db::SpaceExpr::Slot(slot) => {
                found.modifier_of_slot[slot as usize].map(|m| opcode.modifiers[m].1)
            }
            _ => None,
        })
        .collect()
}

/// The per-operand checks that only some instructions need, decided once per opcode (their
/// names would otherwise be compared for every operand).
#[derive(Clone, Copy, Debug, Default)]
struct OpcodeChecks {
    /// Loads, stores, atomics, prefetches, mbarrier operations: 64-bit addresses.
    memory_access: bool,
    /// Tensor copies, textures and surfaces: coordinates inside the address.
    coordinates: bool,
    /// Textures and surfaces: 64-bit handles inside the address.
    handles: bool,
    /// `cvta`: its `.u32` form converts 32-bit addresses.
    cvta: bool,
}

impl OpcodeChecks {
    fn of(opcode: &str) -> Self {
        let memory_access = matches!(
            opcode,
            "ld" | "ld.global.nc"
                | "ldu"
                | "st"
                | "atom"
                | "red"
                | "prefetch"
                | "prefetchu"
                | "applypriority"
                | "discard"
        ) || (opcode.starts_with("mbarrier.")
            && opcode != "mbarrier.pending_count");
        let handles = matches!(
            opcode,
            "tex" | "tld4" | "txq" | "suld" | "sust" | "sured" | "suq"
        );
        let coordinates = handles
            || matches!(
                opcode,
                "cp.async.bulk.tensor"
                    | "cp.reduce.async.bulk.tensor"
                    | "cp.async.bulk.prefetch.tensor"
            );
        OpcodeChecks {
            memory_access,
            coordinates,
            handles,
            cvta: opcode == "cvta",
        }
    }
}

/// How an operand is written, as far as choosing among forms goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum WrittenShape {
    Scalar,
    Address,
    Vector,
    Pair,
    /// `(a, b)` parameter lists, and anything not judged.
    List,
    /// The name of a vector register (`.reg .v4 .u32 v`): a whole vector, as `{…}` is.
    VectorRegister,
}

impl WrittenShape {
    fn of(operand: &super::ast::Operand, symbols: &SymbolWalker) -> Self {
        use super::ast::OperandKind;
        match &operand.kind {
            OperandKind::Name if symbols.is_vector_register(operand.range) => {
                WrittenShape::VectorRegister
            }
            OperandKind::Address { .. } => WrittenShape::Address,
            OperandKind::Vector(_) => WrittenShape::Vector,
            OperandKind::PredicatePair { .. } => WrittenShape::Pair,
            OperandKind::List(_) => WrittenShape::List,
            _ => WrittenShape::Scalar,
        }
    }

    /// The operand count and up to 18 shapes in one number, for the verdict cache.
    fn signature(shapes: impl ExactSizeIterator<Item = WrittenShape>) -> u64 {
        let mut signature = shapes.len().min(255) as u64;
        for (i, shape) in shapes.take(18).enumerate() {
            signature |= (shape as u64) << (8 + 3 * i);
        }
        signature
    }
}

fn operand_count_fits(m: &FormMatch, written: usize) -> bool {
    let (required, allowed) = operand_count_range(m);
    (required..=allowed).contains(&written)
}

/// Does each written operand have a shape the form allows at its position?
fn operand_shapes_fit(m: &FormMatch, shapes: &[WrittenShape]) -> bool {
    use speclint_spec_db::{OperandShape, VectorLength};
    let ops = m.form.operands;
    shapes.iter().zip(ops).all(|(shape, spec)| match shape {
        WrittenShape::List => true,
        WrittenShape::Address => spec.shape == OperandShape::Address,
        WrittenShape::Vector | WrittenShape::VectorRegister => {
            spec.shape == OperandShape::Vector || spec.vector != VectorLength::Scalar
        }
        WrittenShape::Pair => {
            matches!(spec.shape, OperandShape::Pair | OperandShape::PredicatePair)
        }
        // A vector whose length comes from a slot is a scalar while the slot is empty.
        WrittenShape::Scalar => {
            matches!(
                spec.shape,
                OperandShape::Value | OperandShape::PredicatePair
            ) && match spec.vector {
                VectorLength::Scalar => true,
                VectorLength::Slot(slot) => m.modifier_of_slot[slot as usize].is_none(),
                VectorLength::Fixed(_) => false,
            }
        }
    })
}

/// Returns the matched form when the opcode is valid (or valid up to requirements).
fn check_opcode(
    opcode: &Opcode,
    shapes: &[WrittenShape],
    ctx: &mut InstructionContext,
) -> Option<FormMatch> {
    if let Some(diagnostic) = unknown_instruction::check(opcode) {
        ctx.diagnostics.push(diagnostic);
        return None;
    }

    let entries = candidate_entries(opcode);
    if entries.is_empty() {
        invalid_modifier_combination::report_unknown_name(opcode, ctx.diagnostics);
        return None;
    }
    let with_forms: Vec<&'static Instruction> =
        entries.iter().copied().filter(|e| e.has_forms()).collect();
    // A catalog entry more specific than every entry with forms names another instruction
    // (`cp.async.mbarrier.arrive` beside `cp.async`'s forms): only its requirement is known.
    let segments = |e: &&'static Instruction| e.opcode.split('.').count();
    let most_specific_with_forms = with_forms.iter().map(segments).max().unwrap_or(0);
    let catalog_wins = entries
        .iter()
        .any(|e| !e.has_forms() && segments(e) > most_specific_with_forms);
    if with_forms.is_empty() || catalog_wins {
        let entries: Vec<&'static Instruction> =
            entries.iter().copied().filter(|e| !e.has_forms()).collect();
        // Catalog entries: only the instruction-level requirement is known. Use the most
        // specific entry (the one whose opcode has the most segments).
        if let Some(entry) = entries.iter().max_by_key(|e| e.opcode.split('.').count()) {
            report_entry_requirement(opcode, entry, ctx);
            ctx.diagnostics
                .extend(deprecated::catalog_entry(opcode.range, entry));
        }
        return None;
    }

    let modifiers = opcode.modifier_texts();
    let matches = match_forms(&with_forms, &modifiers);
    // Requirements may also name the optional predicate half of a destination written
    // `d|p` (tex/tld4 residency: PTX 7.1, sm_60) by the token `+p`.
    let mut facts = modifiers.clone();
    if shapes.first() == Some(&WrittenShape::Pair) {
        facts.push("+p");
    }
    let version = ctx.header.version;
    let in_version = |m: &&FormMatch| match (m.form.until, version) {
        (Some(until), Some(v)) => v <= until,
        _ => true,
    };
    let exact: Vec<&FormMatch> = matches.iter().filter(|m| m.is_exact()).collect();
    let mut usable: Vec<&FormMatch> = exact.iter().copied().filter(in_version).collect();
    // Else forms that lack only modifiers ptxas lets go missing: checked as if written.
    let lenient = usable.is_empty();
    if lenient {
        usable = matches
            .iter()
            .filter(|m| m.unplaced().count() == 0 && !m.missing.is_empty())
            .filter(|m| {
                m.missing
                    .iter()
                    .all(|&slot| not_enforced_by_ptxas::ptxas_lets_go_missing(m, slot))
            })
            .filter(in_version)
            .collect();
    }
    // Else `ld`/`st` of eight 8- or 16-bit elements, which ptxas takes wherever `.v4` is valid:
    // matched as `.v4` (the operand is still checked against the `.v8` written).
    let narrow_v8 =
        usable.is_empty() && not_enforced_by_ptxas::narrow_v8_access(&with_forms, &modifiers);
    let as_v4: Vec<FormMatch> = if narrow_v8 {
        let rewritten: Vec<&str> = modifiers
            .iter()
            .map(|&m| if m == ".v8" { ".v4" } else { m })
            .collect();
        match_forms(&with_forms, &rewritten)
    } else {
        Vec::new()
    };
    if narrow_v8 {
        usable = as_v4
            .iter()
            .filter(|m| m.is_exact())
            .filter(in_version)
            .collect();
    }
    // Forms that differ only in their operands (two- and three-source `min`, `wgmma` with A
    // in registers or in shared memory): prefer those whose operands fit what was written,
    // in number and in shape, else in number.
    let counts = |m: &&FormMatch| operand_count_fits(m, shapes.len());
    let shaped = |m: &&FormMatch| counts(m) && operand_shapes_fit(m, shapes);
    if usable.iter().any(shaped) {
        usable.retain(shaped);
    } else if usable.iter().any(counts) {
        usable.retain(counts);
    }
    // A form the spec forbids and ptxas accepts (`unenforced` in the data) stands in only for
    // a line no form of the spec takes.
    if usable.iter().any(|m| m.form.unenforced.is_empty()) {
        usable.retain(|m| m.form.unenforced.is_empty());
    }

    // Withdrawn forms (non-`.sync` shfl/vote on sm_70+ from PTX 6.4) match only when no
    // other form does, and are then reported.
    let live: Vec<&FormMatch> = usable
        .iter()
        .copied()
        .filter(|m| withdrawn_form::withdrawal(m, &facts, ctx.header).is_none())
        .collect();
    if live.is_empty() {
        if let Some(m) = usable.first() {
            ctx.diagnostics
                .push(withdrawn_form::report(opcode, m, &facts, ctx.header));
            return None;
        }
    }
    if let Some(chosen) = choose_satisfied(&live, &facts, ctx.header) {
        if narrow_v8 {
            not_enforced_by_ptxas::report_narrow_v8(opcode, chosen, &modifiers, ctx.diagnostics);
        } else if lenient {
            not_enforced_by_ptxas::report_unenforced_missing(opcode, chosen, ctx.diagnostics);
        }
        not_enforced_by_ptxas::report_unenforced_form(opcode, chosen, ctx.diagnostics);
        report_requirements(opcode, chosen, &facts, ctx);
        // The same syntax with other requirements is an alternative (`.e4m3x2`: PTX 7.8 on
        // sm_90, or PTX 8.1 on sm_89): when none is met, say what each one needs.
        if !is_satisfied(chosen, &facts, ctx.header) {
            let before = ctx.diagnostics.len();
            // An alternative that needs at least as much as the chosen one on both counts
            // (sm_90 where sm_89 with the same .version would do) says nothing new.
            let need =
                |m: &FormMatch| neediest(&all_requirements(m, &modifiers, ctx.header), ctx.header);
            let chosen_need = need(chosen);
            for alternative in live.iter().filter(|m| {
                !std::ptr::eq(m.form, chosen.form)
                    && m.form.syntax == chosen.form.syntax
                    && !dominates(chosen_need, need(m))
            }) {
                report_requirements(opcode, alternative, &facts, ctx);
            }
            let mut seen: Vec<String> = ctx.diagnostics[..before]
                .iter()
                .map(|d| d.message.clone())
                .collect();
            let added = ctx.diagnostics.split_off(before);
            for d in added {
                if !seen.contains(&d.message) {
                    seen.push(d.message.clone());
                    ctx.diagnostics.push(d);
                }
            }
        }
        return Some(chosen.clone());
    }
    if !missing_required_modifier::report_missing_segment(opcode, &entries, ctx.diagnostics) {
        report_no_form(opcode, &matches, &exact, &modifiers, ctx);
    }
    // The instruction as a whole may also be out of reach (`wgmma` needs sm_90a): ptxas
    // says so beside the form error.
    if let Some(entry) = with_forms.first() {
        if with_forms
            .iter()
            .all(|e| e.requirement == entry.requirement)
        {
            report_entry_requirement(opcode, entry, ctx);
        }
    }
    None
}

/// PTX005/PTX006 for an instruction's own version and target requirement.
fn report_entry_requirement(opcode: &Opcode, entry: &Instruction, ctx: &mut InstructionContext) {
    report_unmet(
        opcode.range,
        &[(entry.requirement, entry.citation.section)],
        entry.opcode,
        ctx.header,
        ctx.diagnostics,
    );
}

fn is_satisfied(m: &FormMatch, modifiers: &[&str], header: &Header) -> bool {
    all_requirements(m, modifiers, header)
        .iter()
        .all(|(r, _)| unmet(*r, header).is_none())
}

/// Among exact matches, the first whose requirements the header meets; else the first.
fn choose_satisfied<'m>(
    usable: &[&'m FormMatch],
    modifiers: &[&str],
    header: &Header,
) -> Option<&'m FormMatch> {
    usable
        .iter()
        .copied()
        .find(|m| {
            all_requirements(m, modifiers, header)
                .iter()
                .all(|(r, _)| unmet(*r, header).is_none())
        })
        .or_else(|| usable.first().copied())
}

/// The requirements that apply to a match: the entry's, the form's and each conditional fact
/// whose modifiers are present, with the section each comes from. A target requirement that
/// ptxas does not enforce on the header's target counts as met (PTX016 says so).
fn all_requirements(
    m: &FormMatch,
    modifiers: &[&str],
    header: &Header,
) -> Vec<(Requirement, &'static str)> {
    spec_requirements(m, modifiers)
        .into_iter()
        .map(|(requirement, section)| {
            if not_enforced_by_ptxas::ptxas_wider_target(m, modifiers, requirement, header)
                .is_some()
            {
                (
                    Requirement {
                        targets: &[],
                        ..requirement
                    },
                    section,
                )
            } else {
                (requirement, section)
            }
        })
        .collect()
}

/// (needed version, needed targets) that the header does not meet.
fn unmet(
    requirement: Requirement,
    header: &Header,
) -> Option<(Option<Version>, Option<&'static [Target]>)> {
    let version = requirement.version.filter(|_| {
        header
            .version
            .is_some_and(|v| !requirement.version_satisfied_by(v))
    });
    // `.target map_f64_to_f32` lets sm_1x run double-precision code (as single precision),
    // so the sm_13 requirement of `.f64` forms is met.
    let mapped_f64 = header.maps_f64_to_f32() && requirement.targets.iter().all(|t| t.number <= 13);
    let targets = (!requirement.targets.is_empty()
        && !mapped_f64
        && header
            .target
            .is_some_and(|t| !requirement.target_satisfied_by(t)))
    .then_some(requirement.targets);
    (version.is_some() || targets.is_some()).then_some((version, targets))
}

fn report_requirements(
    opcode: &Opcode,
    m: &FormMatch,
    modifiers: &[&str],
    ctx: &mut InstructionContext,
) {
    let shown = text_of(opcode);
    not_enforced_by_ptxas::report_wider_targets(opcode, m, modifiers, ctx.header, ctx.diagnostics);
    report_unmet(
        opcode.range,
        &all_requirements(m, modifiers, ctx.header),
        &shown,
        ctx.header,
        ctx.diagnostics,
    );
    deprecated::form(opcode.range, &shown, m, modifiers, ctx.diagnostics);
}

/// The highest unmet version and the lowest architecture number of the strongest unmet target
/// list among `requirements` (what raising the header would take).
fn neediest(
    requirements: &[(Requirement, &str)],
    header: &Header,
) -> (Option<Version>, Option<u32>) {
    let mut version = None;
    let mut target = None;
    for &(requirement, _) in requirements {
        let Some((v, t)) = unmet(requirement, header) else {
            continue;
        };
        version = version.max(v);
        let strength = t.and_then(|list| list.iter().map(|x| u32::from(x.number)).min());
        target = target.max(strength);
    }
    (version, target)
}

/// Whether needing `a` is never worse than needing `b` (nothing needed counts as least).
fn dominates(a: (Option<Version>, Option<u32>), b: (Option<Version>, Option<u32>)) -> bool {
    a.0 <= b.0 && a.1 <= b.1
}

/// PTX006 / PTX005 for the strongest unmet version and target among `requirements` (the
/// entry's, the form's and the conditional ones often repeat or nest), each with its fix.
pub fn report_unmet(
    range: TextRange,
    requirements: &[(Requirement, &str)],
    what: &str,
    header: &Header,
    diagnostics: &mut Vec<Diagnostic>,
) {
    let mut version: Option<(Version, &str)> = None;
    let mut targets: Option<(&'static [Target], &str)> = None;
    for &(requirement, section) in requirements {
        let Some((v, t)) = unmet(requirement, header) else {
            continue;
        };
        if let Some(v) = v {
            if version.is_none_or(|(best, _)| v > best) {
                version = Some((v, section));
            }
        }
        if let Some(t) = t {
            let strength = |list: &[Target]| list.iter().map(|x| x.number).min().unwrap_or(0);
            if targets.is_none_or(|(best, _)| strength(t) > strength(best)) {
                targets = Some((t, section));
            }
        }
    }
    diagnostics.extend(version_too_low::diagnostic(range, what, version, header));
    diagnostics.extend(target_too_low::diagnostic(range, what, targets, header));
}

/// No form matches exactly (or only a legacy one does): PTX004 when forms differ only by
/// missing required modifiers, else PTX003.
fn report_no_form(
    opcode: &Opcode,
    matches: &[FormMatch],
    exact: &[&FormMatch],
    modifiers: &[&str],
    ctx: &mut InstructionContext,
) {
    if let Some(d) =
        missing_required_modifier::missing_modifiers(opcode, matches, exact, ctx.header)
    {
        ctx.diagnostics.push(d);
        return;
    }
    invalid_modifier_combination::no_form(opcode, matches, modifiers, ctx.header, ctx.diagnostics);
}
