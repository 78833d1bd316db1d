//! Re-checking only the function an edit touches (`Language::reanalyze`).
//!
//! An edit on the inner lines of one function's body (after the line of its last header
//! instruction, OpFunction or OpFunctionParameter, before the line of its OpFunctionEnd) is
//! parsed and bound again for that function alone, its instructions spliced into the previous
//! module (everything after them moved by the edit's length and by the change in instruction
//! and operand counts), the module's facts brought up to date (the body's taken out and
//! entered again, `facts::respliced`, or where that cannot be, gathered again), and the checks
//! that look at one instruction (or one function) at a time run over that function's
//! instructions only; their findings elsewhere are the previous analysis's, moved. Of the
//! checks whose findings in any function depend on the whole module, the layout order reads
//! nothing a body can hold (its findings are kept, moved), the kernel signatures read a body
//! only for its calls and enqueued functions (kept, moved, while those stay), and the
//! decorations and recursion run over the whole spliced module as in a full analysis.
//!
//! That gives the full analysis's result when the function's edit cannot change anything
//! outside it, which these conditions make sure of (anything else is analysed in full):
//! - ids are numbered by first appearance: those that first appeared in the function still
//!   do (none moves after it or vanishes); where the ids first appearing in it change (a new
//!   name, another order, an id that first appeared after it), every id from the function on
//!   is numbered again as a full analysis numbers it (`Module::renumber`), names by the table
//!   of every id's name the memo keeps;
//! - an id it defines now and did not, or the other way round, first appears in it and is
//!   named nowhere else, and an id that first appeared after it and now in it was defined
//!   after it: no definition, duplicate or first use of an undefined id (SPV003) moves
//!   outside it;
//! - its body holds only instructions that belong in a function body (no capability, memory
//!   model, import, debug, annotation or type instruction, no OpFunction,
//!   OpFunctionParameter or OpFunctionEnd), before and after the edit, so the module's
//!   declarations and the function's extent are the same;
//! - the ids its body defines are named outside it only as the target of OpName or
//!   OpDecorate (whose checks do not look at the target, except the decoration checks, which
//!   run over the module);
//! - it is parsed alone as it is within the text: it starts on its own line and nothing but a
//!   comment follows its OpFunctionEnd on that line, its header is read the same way (nothing
//!   of the body attaches to it), no string is left open in it, and none before it (a string
//!   left open runs to the next `"`, one typed in a comment of the function included);
//! - its OpFunction is complete (an incomplete one leaves the type checks of the function
//!   before it running into it);
//! - the instruction checks of a function do not depend on the instructions before it (not so
//!   for half-precision values restricted to Float16Buffer).
//!
//! Findings are kept check by check in the order a full analysis reports them (`Memo::parts`)
//! so that sorting and merging them gives the same list: the function's own findings lie
//! within its lines and the others outside, so none of them tie or merge across it.

use super::facts;
use super::module::{self, IdIndex, Instruction, Module, Value};
use super::parse::Header;
use super::{environment, layout, requirements, rules, types, SpirvAnalysis, SpirvSettings};
use rustc_hash::FxHashMap;
use speclint_base::diagnostic::Diagnostic;
use speclint_base::language::{Edit, Reuse};
use speclint_base::text::TextRange;

/// The checks whose findings are kept apart, in the order a full analysis runs them.
pub const PARTS: usize = 13;
const BIND: usize = 0;
const SYNTAX: usize = 1;
const SECTIONS: usize = 2;
const FORWARD: usize = 3;
const BLOCKS: usize = 4;
const NEEDS: usize = 5;
const REQUIREMENTS_ENVIRONMENT: usize = 6;
const MODELS: usize = 7;
const KERNELS: usize = 8;
const DECORATIONS: usize = 9;
const RECURSION: usize = 10;
const ENVIRONMENT_INSTRUCTIONS: usize = 11;
const TYPES: usize = 12;

/// What a SPIR-V analysis of text keeps for the next one to reuse.
pub struct Memo {
    /// Each check's findings in the order it reported them (`PARTS` lists).
    parts: Vec<Vec<Diagnostic>>,
    /// For each instruction, how many ids appeared before it.
    ids_before: Vec<u32>,
    /// Where each id's name is first written.
    name_ranges: Vec<TextRange>,
    /// Every id by the hash of its name (`module::name_hash`), made by the first re-check and
    /// kept up to date.
    names: Option<FxHashMap<u64, IdIndex>>,
    /// The module's header comment (`; Version:`).
    header: Header,
}

impl Memo {
    /// How many ids appeared before instruction `index` (the module's count after the last).
    pub(super) fn ids_before(&self, index: usize, ids: usize) -> u32 {
        self.ids_before.get(index).copied().unwrap_or(ids as u32)
    }

    /// The id whose name is `name` in `text` (the analysed text), if the module has one: by
    /// the names table once a re-check has made it, else by where each id's name is first
    /// written.
    pub(super) fn id_named(&self, text: &str, name: &str) -> Option<IdIndex> {
        let written = |id: IdIndex| {
            self.name_ranges
                .get(id as usize)
                .is_some_and(|r| text.get(r.start..r.end) == Some(name))
        };
        if let Some(names) = &self.names {
            match names.get(&module::name_hash(name)) {
                None => return None,
                Some(&id) if id != module::AMBIGUOUS => return written(id).then_some(id),
                Some(_) => {}
            }
        }
        (0..self.name_ranges.len() as IdIndex).find(|&id| written(id))
    }

    /// Where the name of id `id` is first written.
    pub(super) fn name_range(&self, id: IdIndex) -> Option<TextRange> {
        self.name_ranges.get(id as usize).copied()
    }

    pub fn new(
        parts: Vec<Vec<Diagnostic>>,
        ids_before: Vec<u32>,
        name_ranges: Vec<TextRange>,
        header: Header,
    ) -> Memo {
        Memo {
            parts,
            ids_before,
            name_ranges,
            names: None,
            header,
        }
    }
}

/// The findings of all checks, sorted by position; an instruction whose two operands break
/// the same rule the same way (a barrier's execution and memory scopes) gets one diagnostic.
pub fn finish(parts: &[Vec<Diagnostic>], text: &str) -> Vec<Diagnostic> {
    let mut diagnostics: Vec<Diagnostic> = parts.iter().flatten().cloned().collect();
    diagnostics.sort_by_key(|d| (d.range.start, d.range.end));
    diagnostics.dedup_by(|later, earlier| {
        later.rule.code == earlier.rule.code
            && later.message == earlier.message
            && !text[earlier.range.start..later.range.start.max(earlier.range.start)].contains('\n')
    });
    diagnostics
}

fn line_start(text: &str, offset: usize) -> usize {
    text[..offset].rfind('\n').map_or(0, |i| i + 1)
}

fn line_end(text: &str, offset: usize) -> usize {
    text[offset..].find('\n').map_or(text.len(), |i| offset + i)
}

fn blank(text: &str) -> bool {
    text.bytes().all(|b| matches!(b, b' ' | b'\t' | b'\r'))
}

fn moved_diagnostic(d: &Diagnostic, edit: &Edit) -> Diagnostic {
    let mut d = d.clone();
    d.range = edit.moved_range(d.range);
    for fix in &mut d.fixes {
        for e in &mut fix.edits {
            e.range = edit.moved_range(e.range);
        }
    }
    d
}

/// Whether an instruction may stand in a function body without changing the module's
/// declarations or the function's extent (see the module's comment; `isolation` asks it too).
pub(super) fn local(inst: &Instruction) -> bool {
    inst.opcode.is_none_or(|op| {
        !matches!(
            op.name,
            "OpFunction" | "OpFunctionParameter" | "OpFunctionEnd" | "OpTypeForwardPointer"
        ) && op.class != "Type-Declaration"
            && layout::belongs_in_functions(op.name, op.class)
    })
}

/// The function an edit is in and what of the old analysis it covers: `Plan::new` is the
/// test that the edit lies on the inner lines of one function's body, laid out so that the
/// function can be parsed alone (shared with `isolation`, which answers requests from the old
/// analysis while the edited text is re-analysed).
pub(super) struct Plan {
    /// Its index in the old facts' functions.
    pub function: usize,
    /// Its instructions in the old module: OpFunction ..= OpFunctionEnd.
    pub first: usize,
    pub last: usize,
    /// The header (OpFunction and its parameters): `first..body`.
    pub body: usize,
    /// From the start of its first line to the end of its OpFunctionEnd, in the old text.
    pub old_region: TextRange,
}

impl Plan {
    pub fn new(old: &SpirvAnalysis, edit: &Edit) -> Option<Plan> {
        let text = edit.old_text;
        let at = edit.range;
        let insts = &old.module.instructions;
        let index = old.function_before(at.start)?;
        let function = &old.facts.functions[index];
        let (first, last) = (function.start as usize, function.end as usize);
        let end = insts.get(last)?;
        // A complete OpFunction starts the type checks' walk of a function afresh (an
        // incomplete one leaves the previous function's state on).
        if insts[first].name() != "OpFunction"
            || end.name() != "OpFunctionEnd"
            || !old.module.is_complete(&insts[first])
        {
            return None;
        }
        // Nothing attached to OpFunctionEnd, nothing but a comment after it on its line.
        if end.range != end.opcode_range || end.result.is_some() {
            return None;
        }
        let rest = text[end.range.end..line_end(text, end.range.end)]
            .trim_start_matches([' ', '\t', '\r']);
        if !(rest.is_empty() || rest.starts_with(';')) {
            return None;
        }
        let region_start = line_start(text, insts[first].range.start);
        if !blank(&text[region_start..insts[first].range.start]) {
            return None;
        }
        let mut body = first + 1;
        while body < last && insts[body].name() == "OpFunctionParameter" {
            body += 1;
        }
        let body_start = line_end(text, insts[body - 1].range.end) + 1;
        let end_line = line_start(text, end.range.start);
        if !blank(&text[end_line..end.range.start]) {
            return None;
        }
        if !(body_start <= at.start && at.end < end_line) {
            return None;
        }
        if !insts[body..last].iter().all(local) {
            return None;
        }
        // A string left open before the function runs to the next `"` anywhere after it: one
        // typed in the function would close it.
        if old.diagnostics.iter().any(|d| {
            d.range.start < region_start
                && d.message.starts_with("syntax error: unterminated string")
        }) {
            return None;
        }
        Some(Plan {
            function: index,
            first,
            last,
            body,
            old_region: TextRange::new(region_start, end.range.end),
        })
    }
}

impl Plan {
    /// The function parsed again alone from `range` of `text` (the function as edited), when
    /// it still reads as the same function: no version header, no string left open, its
    /// header and its OpFunctionEnd where `place` (an old range to its place in `text`) puts
    /// them.
    pub fn reparse(
        &self,
        old: &Module,
        text: &str,
        range: TextRange,
        place: impl Fn(TextRange) -> TextRange,
    ) -> Option<module::Parsed> {
        let parsed = module::parse_function(text, range);
        let insts = &old.instructions;
        let count = parsed.instructions.len();
        let header = self.body - self.first;
        if parsed.header.version.is_some()
            || count < header + 1
            || parsed
                .errors
                .iter()
                .any(|e| e.message.starts_with("unterminated string"))
        {
            return None;
        }
        let same_header = (0..header)
            .all(|i| parsed.instructions[i].0.range == place(insts[self.first + i].range));
        let (end, _) = &parsed.instructions[count - 1];
        let same_end =
            end.range == place(insts[self.last].range) && end.opcode.text(text) == "OpFunctionEnd";
        (same_header && same_end).then_some(parsed)
    }
}

/// The extended instruction sets imported before instruction `before`, by the id importing
/// each.
pub(super) fn imports(
    module: &Module,
    text: &str,
    before: usize,
) -> FxHashMap<IdIndex, Option<&'static speclint_spec_db::spirv::grammar::ExtendedSet>> {
    let mut imports = FxHashMap::default();
    for inst in &module.instructions[..before] {
        if inst.name() != "OpExtInstImport" {
            continue;
        }
        if let (Some(id), Some(Value::Str(range))) =
            (inst.result, module.operands(inst).first().map(|o| o.value))
        {
            imports.insert(
                id,
                speclint_spec_db::spirv::grammar::extended_set(range.text(text)),
            );
        }
    }
    imports
}

fn inside(range: TextRange, region: TextRange) -> bool {
    region.start <= range.start && range.end <= region.end
}

fn overlaps(range: TextRange, region: TextRange) -> bool {
    range.start < region.end && region.start < range.end
}

/// Every id by the hash of its name (`module::AMBIGUOUS` where two names share one).
pub(super) fn names(ranges: &[TextRange], text: &str) -> FxHashMap<u64, IdIndex> {
    let mut names = FxHashMap::with_capacity_and_hasher(ranges.len(), Default::default());
    for (id, range) in ranges.iter().enumerate() {
        names
            .entry(module::name_hash(&text[range.start..range.end]))
            .and_modify(|id| *id = module::AMBIGUOUS)
            .or_insert(id as IdIndex);
    }
    names
}

/// The analysis of `text`, `old`'s text with `edit`, from `old` and a check of the edited
/// function alone; `None` when the edit is not one it can take (see the module's comment):
/// `old` is then consumed and the caller analyses `text` in full.
pub fn reanalyze(
    mut old: SpirvAnalysis,
    edit: Edit<'_>,
    text: &str,
    settings: &SpirvSettings,
) -> Option<SpirvAnalysis> {
    if old.binary.is_some() || old.settings != *settings {
        return None;
    }
    let mut memo = old.memo.take()?;
    if !environment::functions_checked_alone(&old.facts) {
        return None;
    }
    let plan = Plan::new(&old, &edit)?;
    let old_text = edit.old_text;
    let (first, last) = (plan.first, plan.last);
    let old_region = plan.old_region;
    let new_region = TextRange::new(old_region.start, edit.moved(old_region.end));

    // The old findings outside the function (moved); none may reach into it.
    // The layout's sections are the same (the function's body holds no instruction they
    // look at), the kernel signatures are unless the edit changes what they read of a body
    // (`kernels_unchanged`), and so are the decorations unless one is of an id the body
    // defines (`decorations_unchanged`): those are kept whole, moved.
    let mut parts: Vec<Vec<Diagnostic>> = Vec::with_capacity(PARTS);
    let mut old_kernels = Vec::new();
    let mut old_decorations = Vec::new();
    for (n, part) in memo.parts.iter().enumerate() {
        let mut kept = Vec::with_capacity(part.len());
        for d in part {
            if matches!(n, SECTIONS | KERNELS | DECORATIONS) {
                if overlaps(d.range, old_region) && !inside(d.range, old_region) {
                    return None;
                }
                let moved = moved_diagnostic(d, &edit);
                match n {
                    SECTIONS => kept.push(moved),
                    KERNELS => old_kernels.push(moved),
                    _ => old_decorations.push(moved),
                }
            } else if inside(d.range, old_region) {
                if matches!(n, REQUIREMENTS_ENVIRONMENT | MODELS) {
                    return None;
                }
            } else if overlaps(d.range, old_region) {
                return None;
            } else if n != RECURSION {
                kept.push(moved_diagnostic(d, &edit));
            }
        }
        parts.push(kept);
    }

    // The function parsed again; its header and its end read as before.
    let parsed = plan.reparse(&old.module, text, new_region, |r| edit.moved_range(r))?;
    let insts = &old.module.instructions;
    let count = parsed.instructions.len();
    let header = plan.body - first;

    // The ids the function defined.
    let mut old_defined: Vec<IdIndex> = insts[first..=last]
        .iter()
        .filter_map(|i| i.result)
        .collect();
    old_defined.sort_unstable();
    old_defined.dedup();

    // Bind it with the module's names and imports, its old definitions removed.
    if memo.names.is_none() {
        memo.names = Some(names(&memo.name_ranges, old_text));
    }
    let old_count = old.module.ids.len();
    let first_new = memo.ids_before[first];
    let next_new = memo.ids_before(last + 1, old_count);
    let names = memo.names.as_mut()?;
    let imports = imports(&old.module, old_text, first);
    let delta = count as i64 - (last + 1 - first) as i64;
    for info in &mut old.module.ids {
        match info.definition {
            Some(d) if (first as u32..=last as u32).contains(&d) => *info = Default::default(),
            Some(d) if d as usize > last => {
                info.definition = Some((d as i64 + delta) as u32);
                info.definition_range = info.definition_range.map(|r| edit.moved_range(r));
            }
            _ => {}
        }
    }
    let rebound = module::bind_function(
        text,
        &parsed,
        (names, &memo.name_ranges, old_text),
        &mut old.module.ids,
        (first as u32, first_new),
        imports,
    );
    if rebound.ambiguous || !rebound.instructions[header..count - 1].iter().all(local) {
        return None;
    }
    let ids = &old.module.ids;

    // The ids that first appear here: every one that did still does (else it would first
    // appear later, or vanish), and one that first appeared later and now here must have
    // been defined there (else its SPV003 moves here, or goes where this defines it).
    let mut in_order = vec![false; ids.len()];
    let new_instructions = first as u32..(first + count) as u32;
    for &id in &rebound.order {
        in_order[id as usize] = true;
        if (next_new as usize..old_count).contains(&(id as usize))
            && ids[id as usize]
                .definition
                .is_none_or(|d| new_instructions.contains(&d))
        {
            return None;
        }
    }
    if !in_order[first_new as usize..next_new as usize]
        .iter()
        .all(|&b| b)
    {
        return None;
    }

    // What the edit changes must not be seen outside the function: the ids its body defines
    // (named outside only as the target of OpName or OpDecorate), and those it defines now
    // and did not or the other way round (not named outside at all).
    let mut local_ids = vec![0u8; ids.len()];
    for inst in &insts[plan.body..last] {
        if let Some(id) = inst.result {
            local_ids[id as usize] = 1;
        }
    }
    for inst in &insts[first..plan.body] {
        if let Some(id) = inst.result {
            local_ids[id as usize] = 0;
        }
    }
    {
        let (mut a, mut b) = (
            old_defined.iter().peekable(),
            rebound.defined.iter().peekable(),
        );
        loop {
            let id = match (a.peek(), b.peek()) {
                (None, None) => break,
                (Some(&&x), Some(&&y)) if x == y => {
                    a.next();
                    b.next();
                    continue;
                }
                (Some(&&x), Some(&&y)) if x < y => a.next().copied(),
                (Some(_), Some(_)) | (None, Some(_)) => b.next().copied(),
                (Some(_), None) => a.next().copied(),
            };
            if let Some(id) = id {
                // Named before the function (perhaps only by an instruction of unknown
                // opcode, whose ids are not operands to look for): it may be the first use
                // of an id this now defines, or stops defining.
                if id < first_new {
                    return None;
                }
                local_ids[id as usize] = 2;
            }
        }
    }
    let named_outside = |inst: &Instruction, module: &Module| {
        let target_only = matches!(
            inst.name(),
            "OpName" | "OpDecorate" | "OpDecorateId" | "OpDecorateString"
        );
        inst.result.is_some_and(|t| local_ids[t as usize] == 2)
            || inst.result_type.is_some_and(|t| local_ids[t as usize] != 0)
            || module
                .operands(inst)
                .iter()
                .enumerate()
                .any(|(n, o)| match o.value {
                    Value::Id(id) => match local_ids[id as usize] {
                        0 => false,
                        1 => !(target_only && n == 0),
                        _ => true,
                    },
                    _ => false,
                })
    };
    // The ids the body defines, before the edit and after: their facts can be taken out and
    // entered again (`facts::respliced`) when no other instruction defines them too.
    let enqueues = |inst: &Instruction| {
        let name = inst.name();
        name.starts_with("OpEnqueueKernel") || name.starts_with("OpGetKernel")
    };
    let old_enqueues = insts[plan.body..last].iter().any(enqueues);
    let mut body_results = vec![false; ids.len()];
    let old_body_results: Vec<IdIndex> = insts[plan.body..last]
        .iter()
        .filter_map(|i| i.result)
        .collect();
    let new_body_results = rebound.instructions[header..count - 1]
        .iter()
        .filter_map(|i| i.result);
    for id in old_body_results.iter().copied().chain(new_body_results) {
        body_results[id as usize] = true;
    }
    let mut facts_local = insts[first..plan.body]
        .iter()
        .all(|i| i.result.is_none_or(|id| !body_results[id as usize]));
    for inst in insts[..first].iter().chain(&insts[last + 1..]) {
        if named_outside(inst, &old.module) {
            return None;
        }
        if inst.result.is_some_and(|id| body_results[id as usize]) {
            facts_local = false;
        }
    }

    // Splice it in and check it.
    let module::Rebound {
        instructions,
        operands,
        diagnostics: mut bind_diagnostics,
        mut ids_before,
        first_uses,
        order,
        order_ranges,
        ..
    } = rebound;
    // SPV003 at the first use of each id that first appears here and is never defined (those
    // that first appear elsewhere keep theirs).
    let mut undefined: Vec<TextRange> = first_uses
        .into_iter()
        .filter(|(id, _)| ids[*id as usize].definition.is_none())
        .map(|(_, range)| range)
        .collect();
    undefined.sort_by_key(|range| range.start);
    bind_diagnostics.extend(
        undefined
            .into_iter()
            .map(|range| rules::spirv_undefined_id::undefined_id(text, range)),
    );
    old.module
        .splice_function(first..last + 1, instructions, operands, &edit);

    // Ids numbered as a full analysis numbers them: those before the function, those that
    // first appear in it in that order, then those that first appear after it.
    let same_order = order.len() == (next_new - first_new) as usize
        && order
            .iter()
            .enumerate()
            .all(|(k, &id)| id == first_new + k as u32);
    let after: Vec<u32> = memo.ids_before[last + 1..].to_vec();
    let total = old.module.ids.len();
    let mut remap: Vec<IdIndex> = Vec::new();
    if !same_order {
        remap = (0..total as IdIndex).collect();
        for (k, &id) in order.iter().enumerate() {
            remap[id as usize] = first_new + k as u32;
        }
        let mut next = first_new + order.len() as u32;
        for id in next_new as usize..old_count {
            if !in_order[id] {
                remap[id] = next;
                next += 1;
            }
        }
        old.module.renumber(first, &remap);
        for value in names.values_mut() {
            if *value != module::AMBIGUOUS {
                *value = remap[*value as usize];
            }
        }
        // Before each later instruction: those before the function and in it, and those
        // after it that came before, less those now first appearing in the function.
        let mut pulled: Vec<u32> = order
            .iter()
            .copied()
            .filter(|&id| (next_new as usize..old_count).contains(&(id as usize)))
            .collect();
        pulled.sort_unstable();
        let base = first_new + order.len() as u32;
        ids_before.extend(after.iter().map(|&v| {
            let moved = pulled.partition_point(|&p| p < v) as u32;
            base + (v - next_new) - moved
        }));
    } else {
        ids_before.extend(after);
    }
    memo.ids_before.truncate(first);
    memo.ids_before.append(&mut ids_before);
    // Where each id's name is first written now, and the names new to the module.
    let numbered = |id: usize| {
        if remap.is_empty() {
            id
        } else {
            remap[id] as usize
        }
    };
    let mut ranges = vec![TextRange::default(); total];
    ranges[..first_new as usize].copy_from_slice(&memo.name_ranges[..first_new as usize]);
    for (id, range) in order.iter().zip(&order_ranges) {
        ranges[numbered(*id as usize)] = *range;
    }
    for id in next_new as usize..old_count {
        if !in_order[id] {
            ranges[numbered(id)] = edit.moved_range(memo.name_ranges[id]);
        }
    }
    for (id, range) in order.iter().zip(&order_ranges) {
        if *id as usize >= old_count {
            names
                .entry(module::name_hash(&text[range.start..range.end]))
                .and_modify(|id| *id = module::AMBIGUOUS)
                .or_insert(numbered(*id as usize) as IdIndex);
        }
    }
    memo.name_ranges = ranges;
    let module = old.module;
    // The facts: the old ones with the function's body taken out and entered again, when
    // what the body defines is defined nowhere else and the ids numbered again are its own
    // (else their facts would be keyed or valued by the old numbers: gathered afresh).
    let renumbered_own = remap.is_empty()
        || (first_new as usize..total).all(|id| {
            let own = id >= old_count || body_results[id];
            let key = id as IdIndex;
            remap[id] == key
                || (own
                    && !old.facts.names.contains_key(&key)
                    && !old.facts.decorations.contains_key(&key)
                    && !old.facts.function_index.contains_key(&key))
        });
    // The decorations read the instructions that define their targets.
    let decorations_unchanged = old
        .facts
        .decorations
        .keys()
        .all(|&target| !body_results.get(target as usize).is_some_and(|&b| b));
    let old_calls: Vec<IdIndex> = old.facts.functions[plan.function]
        .calls
        .iter()
        .map(|&(callee, _)| numbered(callee as usize) as IdIndex)
        .collect();
    let facts = if facts_local && renumbered_own {
        facts::respliced(
            old.facts,
            &module,
            plan.function,
            &old_body_results,
            first + header..first + count - 1,
            (last as u32, delta),
            |range| edit.moved_range(range),
        )
    } else {
        facts::gather(&module, text)
    };
    // The kernel signatures read a body only for the functions it calls and the functions it
    // enqueues.
    let new_calls = facts.functions.get(plan.function).map(|f| {
        f.calls
            .iter()
            .map(|&(callee, _)| callee)
            .collect::<Vec<IdIndex>>()
    });
    let kernels_unchanged = new_calls.as_ref() == Some(&old_calls)
        && !old_enqueues
        && !module.instructions[first + header..first + count - 1]
            .iter()
            .any(enqueues);
    let range = first..first + count;
    let mut fresh: Vec<Vec<Diagnostic>> = vec![Vec::new(); PARTS];
    fresh[BIND] = bind_diagnostics;
    fresh[SYNTAX] = parsed
        .errors
        .iter()
        .map(rules::spirv_syntax_error::syntax_error)
        .collect();
    rules::spirv_forward_reference::check_forward_references(
        &module,
        &facts,
        range.clone(),
        &mut fresh[FORWARD],
    );
    // Branch targets and phi parents are looked up among the labels: those the function names,
    // known by their definitions where no id is defined twice (else every OpLabel's result).
    let defined_twice = parts[BIND]
        .iter()
        .chain(&fresh[BIND])
        .any(rules::spirv_duplicate_id::is_duplicate_id);
    let labels = if defined_twice {
        layout::labels(&module)
    } else {
        module.instructions[range.clone()]
            .iter()
            .flat_map(|inst| module.operands(inst))
            .filter_map(|o| match o.value {
                Value::Id(id) if module.definition(id).is_some_and(|d| d.name() == "OpLabel") => {
                    Some(id)
                }
                _ => None,
            })
            .collect()
    };
    rules::spirv_control_flow::check_blocks(&module, &labels, range.clone(), &mut fresh[BLOCKS]);
    let requirements_cx = requirements::Context {
        text,
        header: &memo.header,
        module: &module,
        facts: &facts,
        settings,
    };
    requirements::check_instructions(&requirements_cx, range.clone(), &mut fresh[NEEDS]);
    let environment_cx = environment::Context {
        text,
        module: &module,
        facts: &facts,
        settings,
        version: old.version,
    };
    let [kernels, decorations, recursion, instructions] = environment::check_parts(
        &environment_cx,
        range.clone(),
        [!kernels_unchanged, !decorations_unchanged],
    );
    fresh[KERNELS] = if kernels_unchanged {
        old_kernels
    } else {
        kernels
    };
    fresh[DECORATIONS] = if decorations_unchanged {
        old_decorations
    } else {
        decorations
    };
    fresh[RECURSION] = recursion;
    fresh[ENVIRONMENT_INSTRUCTIONS] = instructions;
    types::check_range(text, &module, &facts, range, &mut fresh[TYPES]);
    for (n, found) in fresh.into_iter().enumerate() {
        if matches!(n, KERNELS | DECORATIONS | RECURSION) {
            parts[n] = found;
            continue;
        }
        if !found.iter().all(|d| inside(d.range, new_region)) {
            return None;
        }
        parts[n].extend(found);
    }
    let diagnostics = finish(&parts, text);
    let reused = facts.functions.len().saturating_sub(1);
    memo.parts = parts;
    Some(SpirvAnalysis {
        module,
        facts,
        diagnostics,
        settings: old.settings,
        version: old.version,
        binary: None,
        memo: Some(memo),
        reuse: Some(Reuse {
            rechecked: 1,
            reused,
        }),
    })
}

#[cfg(test)]
mod tests {
    use crate::test_modules::{bench, corpus};
    use speclint_analysis::{Analysis, Options};
    use speclint_base::language::{Edit, Input, Language, Reuse};
    use speclint_base::text::TextRange;
    use speclint_test_support::incremental_checks::{random_edits_match_full_analysis, XorShift};

    fn spirv() -> &'static dyn Language {
        &crate::language::Spirv
    }

    /// `current` with `inserted` at `range`, and its analysis re-checked from `analysis`:
    /// reusing the previous one, with the diagnostics of a full analysis.
    fn rechecked(
        analysis: Analysis,
        current: &str,
        range: TextRange,
        inserted: &str,
    ) -> (Analysis, String) {
        let options = Options::default();
        let mut edited = current.to_string();
        edited.replace_range(range.start..range.end, inserted);
        let edit = Edit {
            old_text: current,
            range,
            inserted,
        };
        let analysis = Analysis::rerun(analysis, edit, &edited, &options);
        assert!(analysis.reuse().is_some(), "{inserted}");
        let full = Analysis::run(spirv(), Input::Text(&edited), None, &options);
        assert_eq!(
            format!("{:?}", analysis.diagnostics()),
            format!("{:?}", full.diagnostics())
        );
        (analysis, edited)
    }

    /// `text` with `inserted` at `at`, as an edit.
    fn insert<'a>(text: &'a str, at: usize, inserted: &'a str) -> (Edit<'a>, String) {
        let mut edited = text.to_string();
        edited.insert_str(at, inserted);
        (
            Edit {
                old_text: text,
                range: TextRange::empty(at),
                inserted,
            },
            edited,
        )
    }

    #[test]
    fn an_edit_in_one_function_rechecks_only_that_function() {
        let text = corpus("bitonic_sort.cl20.spvasm");
        let options = Options::default();
        let previous = Analysis::run(spirv(), Input::Text(&text), None, &options);
        let functions = text.matches("= OpFunction ").count();
        assert!(functions >= 3);
        // An `x` in an opcode of the second function's body: an unknown opcode there.
        let second = text.match_indices("= OpFunction ").nth(1).unwrap().0;
        let at = second + text[second..].find("= OpLoad").unwrap() + 8;
        let (edit, edited) = insert(&text, at, "x");
        let incremental = Analysis::rerun(previous, edit, &edited, &options);
        assert_eq!(
            incremental.reuse(),
            Some(Reuse {
                rechecked: 1,
                reused: functions - 1
            })
        );
        let full = Analysis::run(spirv(), Input::Text(&edited), None, &options);
        assert!(incremental
            .diagnostics()
            .iter()
            .any(|d| d.message.contains("unknown opcode `OpLoadx`")));
        assert_eq!(
            format!("{:?}", incremental.diagnostics()),
            format!("{:?}", full.diagnostics())
        );
        // A new id renumbers every id after it: the function is still checked alone.
        let line = edited[at..].find('\n').unwrap() + at + 1;
        let (edit, renamed) = insert(&edited, line, "%fresh = OpIAdd %uint %fresh %undefined\n");
        let incremental = Analysis::rerun(incremental, edit, &renamed, &options);
        assert!(incremental.reuse().is_some());
        let full = Analysis::run(spirv(), Input::Text(&renamed), None, &options);
        assert!(incremental
            .diagnostics()
            .iter()
            .any(|d| d.message == "%undefined is not defined"));
        assert_eq!(
            format!("{:?}", incremental.diagnostics()),
            format!("{:?}", full.diagnostics())
        );
    }

    /// Edits of a header or outside every function are analysed in full.
    #[test]
    fn edits_outside_function_bodies_are_analysed_in_full() {
        let text = corpus("bitonic_sort.cl20.spvasm");
        let options = Options::default();
        for place in [
            "OpCapability Addresses",
            "OpFunctionParameter",
            "OpFunctionEnd",
        ] {
            let at = text.find(place).unwrap();
            let previous = Analysis::run(spirv(), Input::Text(&text), None, &options);
            let (edit, edited) = insert(&text, at, " ");
            assert_eq!(
                Analysis::rerun(previous, edit, &edited, &options).reuse(),
                None,
                "{place}"
            );
        }
    }

    /// An instruction of unknown opcode names ids without making operands of them: a
    /// definition typed in a function may be of an id only such an instruction named, before
    /// or after the function, whose SPV003 then goes.
    #[test]
    fn a_definition_of_an_id_only_an_unknown_opcode_named() {
        let text = "OpCapability Addresses\nOpCapability Kernel\nOpMemoryModel Physical64 OpenCL\nOpEntryPoint Kernel %main \"main\"\n%void = OpTypeVoid\n%uint = OpTypeInt 32 0\n%fn = OpTypeFunction %void\nOpBogus %x\n%main = OpFunction %void None %fn\n%entry = OpLabel\nOpReturn\nOpFunctionEnd\n%other = OpFunction %void None %fn\n%start = OpLabel\nOpBogus %y\nOpReturn\nOpFunctionEnd\n";
        let options = Options::default();
        for id in ["%x", "%y"] {
            let previous = Analysis::run(spirv(), Input::Text(text), None, &options);
            assert!(previous
                .diagnostics()
                .iter()
                .any(|d| d.message == format!("{id} is not defined")));
            let at = text.find("OpReturn").unwrap();
            let line = format!("{id} = OpUndef %uint\n");
            let (edit, edited) = insert(text, at, &line);
            let incremental = Analysis::rerun(previous, edit, &edited, &options);
            let full = Analysis::run(spirv(), Input::Text(&edited), None, &options);
            assert_eq!(
                format!("{:?}", incremental.diagnostics()),
                format!("{:?}", full.diagnostics()),
                "{id}"
            );
        }
    }

    /// The kernel signatures are kept over an edit unless it changes a body's calls or its
    /// `OpEnqueueKernel`/`OpGetKernel*`: a wrapper kernel that calls its block invoke function
    /// may take the block as a Generic pointer, and one that stops calling it may not, unless
    /// a function enqueues it.
    #[test]
    fn kernel_signatures_follow_calls_and_enqueues() {
        let text = corpus("enqueue_kernel_blocks.cl20.spvasm");
        let options = Options::default();
        let generic_arguments = |a: &Analysis| {
            a.diagnostics()
                .iter()
                .filter(|d| d.message.contains("has an argument of type pointer to"))
                .count()
        };
        let mut analysis = Analysis::run(spirv(), Input::Text(&text), None, &options);
        let before = generic_arguments(&analysis);
        let call = "%272 = OpFunctionCall %void %__launch_2d_block_invoke_kernel %270";
        let at = text.find(call).unwrap() + call.find("%__launch").unwrap();
        let mut current = text.clone();
        let steps = [
            // The wrapper calls another function: its Generic argument is wrong.
            (
                TextRange::new(at, at + "%__launch_2d_block_invoke_kernel".len()),
                "%launch_2d",
                before + 1,
            ),
            // Another wrapper enqueues it: right again.
            (
                TextRange::empty(text.find("%289 = OpFunctionCall").unwrap()),
                "%q = OpGetKernelNDrangeSubGroupCount %uint %nd %269 %287 %uint_8 %uint_8\n        ",
                before,
            ),
        ];
        for (range, inserted, expected) in steps {
            // Offsets in the original text: the first step's edit lies after the second's.
            let range = if range.start > at {
                TextRange::new(
                    range.start + current.len() - text.len(),
                    range.end + current.len() - text.len(),
                )
            } else {
                range
            };
            let edited;
            (analysis, edited) = rechecked(analysis, &current, range, inserted);
            assert_eq!(generic_arguments(&analysis), expected, "{inserted}");
            current = edited;
        }
    }

    #[test]
    fn random_edit_sequences_give_the_full_analysis() {
        let mut modules: Vec<String> = [
            "bitonic_sort.cl20.spvasm",
            "control_flow_nested.cl12.spvasm",
            "enqueue_kernel_blocks.cl30.O0.spvasm",
            "conversions_sat_round.cl30.O0.spvasm",
            "integer_funcs.cl30.O0.spvasm",
            "atomics_c11_orders.cl20.spvasm",
            "printf_formats.cl12.spvasm",
            "image2d_read_write.cl20.spvasm",
        ]
        .iter()
        .map(|name| corpus(name))
        .collect();
        modules.push(bench(200));
        let modules: Vec<&str> = modules.iter().map(String::as_str).collect();
        let pool = [
            "x",
            "1",
            " ",
            "%",
            "\"",
            "\n",
            ";",
            "=",
            "|",
            "Op",
            "; c\"",
            "%uint",
            "\nOpNop\n",
            "\nOpReturn\n",
            "\n%q = OpIAdd %uint %q %q\n",
            "\nOpStore %x %y Aligned 4\n",
            "OpUnreachable ",
        ];
        let mut total = Reuse::default();
        for seed in 1..=4u64 {
            let seed = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15);
            let reuse = random_edits_match_full_analysis(spirv(), &modules, &pool, 25, seed);
            total.rechecked += reuse.rechecked;
            total.reused += reuse.reused;
        }
        // Most random places are in a function body; many edits keep its ids: a good share
        // must have reused the other functions, or the comparison says little.
        eprintln!("{total:?} over 900 edits");
        assert!(total.rechecked > 180, "only {total:?}");
        assert!(total.reused > 5 * total.rechecked, "only {total:?}");
    }

    /// Every fact, maps sorted by key.
    fn facts_dump(facts: &crate::facts::Facts) -> Vec<String> {
        fn sorted<K: Ord + std::fmt::Debug, V: std::fmt::Debug>(
            map: &rustc_hash::FxHashMap<K, V>,
        ) -> String {
            let mut entries: Vec<_> = map.iter().collect();
            entries.sort_by(|a, b| a.0.cmp(b.0));
            format!("{entries:?}")
        }
        let mut enabled: Vec<_> = facts.enabled_capabilities.iter().collect();
        enabled.sort();
        vec![
            format!("capabilities {:?} {enabled:?}", facts.capabilities),
            format!("extensions {:?}", facts.extensions),
            format!("memory model {:?}", facts.memory_model),
            format!("entry points {:?}", facts.entry_points),
            format!("types {}", sorted(&facts.types)),
            format!("value types {}", sorted(&facts.value_types)),
            format!("int constants {}", sorted(&facts.int_constants)),
            format!("decorations {}", sorted(&facts.decorations)),
            format!("functions {:?}", facts.functions),
            format!("function index {}", sorted(&facts.function_index)),
            format!("globals {:?}", facts.globals),
            format!("names {}", sorted(&facts.names)),
        ]
    }

    /// An id the edited body defines that a later function defines again: the facts keep
    /// the later definition's type, as a full analysis's do (they are gathered again).
    #[test]
    fn facts_of_an_id_defined_again_outside_the_body() {
        use crate::{analyze, SpirvSettings};
        let text = "OpCapability Addresses\nOpCapability Kernel\nOpMemoryModel Physical64 OpenCL\nOpEntryPoint Kernel %main \"main\"\n%void = OpTypeVoid\n%uint = OpTypeInt 32 0\n%float = OpTypeFloat 32\n%uint_1 = OpConstant %uint 1\n%float_1 = OpConstant %float 1\n%fn = OpTypeFunction %void\n%main = OpFunction %void None %fn\n%entry = OpLabel\n%x = OpIAdd %uint %uint_1 %uint_1\nOpReturn\nOpFunctionEnd\n%other = OpFunction %void None %fn\n%start = OpLabel\n%x = OpFAdd %float %float_1 %float_1\nOpReturn\nOpFunctionEnd\n";
        let settings = SpirvSettings::default();
        let previous = analyze(text, &settings);
        let at = text.find("OpReturn").unwrap();
        let (edit, edited) = insert(text, at, "OpNop\n");
        let incremental = super::reanalyze(previous, edit, &edited, &settings)
            .expect("the first function is re-checked alone");
        let full = analyze(&edited, &settings);
        assert!(facts_dump(&full.facts)
            .iter()
            .any(|line| line.starts_with("value types") && line.contains("(8, 3)")));
        assert_eq!(facts_dump(&incremental.facts), facts_dump(&full.facts));
        assert_eq!(
            format!("{:?}", incremental.diagnostics),
            format!("{:?}", full.diagnostics)
        );
    }

    /// A decoration of an id the edited body defines is checked again (NoSignedWrap on an
    /// OpIAdd that becomes an OpFAdd), one of an id defined elsewhere is kept; a branch to an
    /// id that an OpLabel elsewhere defines a second time still names a label.
    #[test]
    fn decorations_and_labels_across_an_edit() {
        let text = "OpCapability Addresses\nOpCapability Kernel\nOpMemoryModel Physical64 OpenCL\nOpEntryPoint Kernel %main \"main\"\nOpDecorate %x NoSignedWrap\nOpDecorate %y NoSignedWrap\n%void = OpTypeVoid\n%uint = OpTypeInt 32 0\n%float = OpTypeFloat 32\n%uint_1 = OpConstant %uint 1\n%float_1 = OpConstant %float 1\n%fn = OpTypeFunction %void\n%twice = OpUndef %uint\n%main = OpFunction %void None %fn\n%entry = OpLabel\n%x = OpIAdd %uint %uint_1 %uint_1\nOpBranch %twice\nOpFunctionEnd\n%other = OpFunction %void None %fn\n%start = OpLabel\n%y = OpFAdd %float %float_1 %float_1\nOpReturn\n%twice = OpLabel\nOpReturn\nOpFunctionEnd\n";
        let options = Options::default();
        let wrong_targets = |a: &Analysis| {
            a.diagnostics()
                .iter()
                .filter(|d| d.message.starts_with("NoSignedWrap applies to"))
                .count()
        };
        let mut analysis = Analysis::run(spirv(), Input::Text(text), None, &options);
        assert_eq!(wrong_targets(&analysis), 1);
        let at = text.find("OpIAdd").unwrap();
        let mut current = text.to_string();
        for (range, inserted, expected) in [
            (TextRange::new(at, at + 3), "OpF", 2),
            (
                TextRange::empty(text.find("OpBranch").unwrap()),
                "OpNop\n",
                2,
            ),
        ] {
            let edited;
            (analysis, edited) = rechecked(analysis, &current, range, inserted);
            assert_eq!(wrong_targets(&analysis), expected, "{inserted}");
            assert!(!analysis
                .diagnostics()
                .iter()
                .any(|d| d.message.contains("must name a block's label")));
            current = edited;
        }
    }

    /// The spliced module is the one a full analysis binds, id numbers included (what the
    /// editor features read goes through it), after each of a sequence of random edits.
    #[test]
    fn the_spliced_module_is_the_full_analysis_module() {
        use crate::{analyze, SpirvAnalysis, SpirvSettings};
        let settings = SpirvSettings::default();
        let dump = |a: &SpirvAnalysis| -> Vec<String> {
            let mut lines: Vec<String> = Vec::new();
            lines.extend(a.module.instructions.iter().map(|i| format!("{i:?}")));
            lines.extend(a.module.operands.iter().map(|o| format!("{o:?}")));
            lines.extend(
                a.module
                    .ids
                    .iter()
                    .enumerate()
                    .map(|(n, i)| format!("id {n} {i:?}")),
            );
            lines.extend(facts_dump(&a.facts));
            lines.push(format!("{:?}", a.memo.as_ref().map(|m| &m.ids_before)));
            lines.push(format!("{:?}", a.memo.as_ref().map(|m| &m.name_ranges)));
            lines.extend(
                a.diagnostics
                    .iter()
                    .map(|d| format!("{:?} {} {:?}", d.range, d.message, d.fixes)),
            );
            lines
        };
        let pool = [
            "x",
            "1",
            " ",
            "%",
            "\n",
            ";",
            "%uint",
            "%new",
            "%fresh = OpUndef %uint\n",
            "\nOpNop\n",
        ];
        let mut random = XorShift(0x2545_f491_4f6c_dd1d);
        let mut next = move |below: usize| random.below(below);
        let mut reused = 0;
        for name in [
            "bitonic_sort.cl20.spvasm",
            "integer_funcs.cl30.O0.spvasm",
            "enqueue_kernel_blocks.cl20.spvasm",
            "enqueue_kernel_blocks.cl30.O0.spvasm",
            "conversions_sat_round.cl30.O0.spvasm",
        ] {
            let mut text = corpus(name);
            let mut analysis = analyze(&text, &settings);
            for _ in 0..60 {
                let at = speclint_base::text::floor_char_boundary(&text, next(text.len()));
                let (range, inserted) = if next(3) == 0 {
                    let end = speclint_base::text::floor_char_boundary(
                        &text,
                        (at + 1 + next(3)).min(text.len()),
                    );
                    (TextRange::new(at, end), "")
                } else {
                    (TextRange::empty(at), pool[next(pool.len())])
                };
                let mut edited = text.clone();
                edited.replace_range(range.start..range.end, inserted);
                let edit = Edit {
                    old_text: &text,
                    range,
                    inserted,
                };
                let full = analyze(&edited, &settings);
                analysis = match super::reanalyze(analysis, edit, &edited, &settings) {
                    Some(incremental) => {
                        reused += 1;
                        let (ours, theirs) = (dump(&incremental), dump(&full));
                        if let Some(i) = (0..ours.len().max(theirs.len()))
                            .find(|&i| ours.get(i) != theirs.get(i))
                        {
                            panic!(
                                "{name}: {range:?} {inserted:?}: line {i}\n{:?}\n{:?}",
                                ours.get(i),
                                theirs.get(i)
                            );
                        }
                        incremental
                    }
                    None => full,
                };
                text = edited;
            }
        }
        assert!(reused > 30, "only {reused} of 180 edits re-checked alone");
    }

    /// In-process latency: a full analysis of the 3000-kernel bench module against re-checks
    /// of edits in a function in its middle, `x` typed and deleted again after an opcode (an
    /// unknown opcode: the ids stay) and before one (the instruction is lost: later ids are
    /// numbered again). Release: `cargo test --release -p speclint --lib
    /// spirv::incremental::tests::latency -- --ignored --nocapture`.
    #[test]
    #[ignore]
    fn latency_of_a_recheck() {
        let text = bench(3000);
        let options = Options::default();
        let start = std::time::Instant::now();
        let mut analysis = Analysis::run(spirv(), Input::Text(&text), None, &options);
        eprintln!("full analysis: {:?}", start.elapsed());
        let middle = text.len() / 2;
        let opcode = middle + text[middle..].find("= OpIAdd").unwrap() + 2;
        let mut current = text.clone();
        for (what, at) in [("after", opcode + 6), ("before", opcode)] {
            let mut times = Vec::new();
            for n in 0..20 {
                let (range, inserted) = if n % 2 == 0 {
                    (TextRange::empty(at), "x")
                } else {
                    (TextRange::new(at, at + 1), "")
                };
                let mut edited = current.clone();
                edited.replace_range(range.start..range.end, inserted);
                let edit = Edit {
                    old_text: &current,
                    range,
                    inserted,
                };
                let start = std::time::Instant::now();
                analysis = Analysis::rerun(analysis, edit, &edited, &options);
                times.push(start.elapsed());
                assert!(analysis.reuse().is_some());
                current = edited;
            }
            eprintln!("`x` {what} an opcode: first {:?}", times[0]);
            times.sort();
            eprintln!(
                "  median {:?}, max {:?}",
                times[times.len() / 2],
                times[times.len() - 1]
            );
        }
        let start = std::time::Instant::now();
        let full = Analysis::run(spirv(), Input::Text(&current), None, &options);
        eprintln!("full analysis: {:?}", start.elapsed());
        assert_eq!(
            format!("{:?}", analysis.diagnostics()),
            format!("{:?}", full.diagnostics())
        );
    }
}
