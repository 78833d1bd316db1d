//! Which edits stay inside one function (`LanguageAnalysis::isolated_edit`).
//!
//! What a hover, definition or completion outside a function reads of its body is the ids
//! the body names. A hover on an id shows its defining instruction as written, its type and
//! decorations; a definition goes to where its name is defined; completion offers the
//! module-level ids, the functions and the ids of the function being written (not those
//! another body defines: `complete`), described by their result types and in the order ids
//! are numbered, by first appearance. Nothing else of a body is read elsewhere (the module's
//! declarations, types and constants cannot be in one).
//!
//! So an edit on the inner lines of one function's body (`incremental::Plan`: after its
//! header's lines, before the line of its OpFunctionEnd, the function starting its line and
//! complete) is isolated to that function when, with the function parsed and bound again
//! alone:
//! - it keeps its header and its OpFunctionEnd where they were, every instruction of its body
//!   belongs in one (`incremental::local`), none leaves a string open, and no string was
//!   left open before it (a `"` typed anywhere after one, comments included, would close it);
//! - each name it writes and did not is an id first written before it or new to the module
//!   (`Memo::id_named`), not one first written after it (that one would be numbered again,
//!   and is named after it);
//! - the ids that instructions the edit touched define, before or after it (an instruction
//!   the edit did not touch, in the same place, is the same text bound to the same ids), are
//!   named nowhere outside the function: not before it (`OpName`, `OpDecorate`, a use in an
//!   earlier function: the id first appears before the function) nor after it;
//! - when the ids first appearing in it change or change order (they and those after them
//!   are numbered again), none of them is named after it.
//!
//! Left out, so they wait: edits that add or remove a line break, and binary modules (their
//! text is a disassembly; they are never edited as text).

use super::incremental::{imports, local, names, Plan};
use super::module::{self, IdIndex, IdInfo, Instruction, Module, Value};
use super::parse::TokenKind;
use super::SpirvAnalysis;
use rustc_hash::FxHashSet;
use speclint_base::language::Edit;
use speclint_base::text::TextRange;

/// The function (from the start of its first line to the end of its OpFunctionEnd) whose
/// body's inner lines hold the whole edit, when the edit changes none of what is read of the
/// function outside it (see the module's comment).
pub fn isolated_edit(
    analysis: &SpirvAnalysis,
    text: &str,
    edited: TextRange,
    inserted: &str,
) -> Option<TextRange> {
    if analysis.binary.is_some() {
        return None;
    }
    let memo = analysis.memo.as_ref()?;
    let removed = text.get(edited.start..edited.end)?;
    let breaks = |t: &str| t.contains(['\n', '\r']);
    if breaks(removed) || breaks(inserted) {
        return None;
    }
    let edit = Edit {
        old_text: text,
        range: edited,
        inserted,
    };
    let plan = Plan::new(analysis, &edit)?;
    let region = plan.old_region;
    let old = &analysis.module;
    let (first, last) = (plan.first, plan.last);
    let insts = &old.instructions[first..=last];

    // The function as it is after the edit, alone: offsets from the start of its first line.
    let mut piece = String::with_capacity(region.end - region.start + inserted.len());
    piece.push_str(&text[region.start..edited.start]);
    piece.push_str(inserted);
    piece.push_str(&text[edited.end..region.end]);
    let in_new = |r: TextRange| {
        let r = edit.moved_range(r);
        TextRange::new(r.start - region.start, r.end - region.start)
    };
    let parsed = plan.reparse(old, &piece, TextRange::new(0, piece.len()), in_new)?;
    let count = parsed.instructions.len();
    let header = plan.body - first;

    // The ids the function names, numbered here in the module's order: those first named
    // before it come first.
    let first_new = memo.ids_before(first, old.ids.len());
    let next_new = memo.ids_before(last + 1, old.ids.len());
    let mut named: Vec<(IdIndex, TextRange)> = Vec::new();
    for inst in insts {
        if let Some(id) = inst.result {
            if let Some(range) = old.ids[id as usize]
                .definition_range
                .filter(|r| inst.range.start <= r.start && r.end <= inst.range.end)
            {
                named.push((id, range));
            } else {
                named.push((id, result_range(text, inst)?));
            }
        }
        if let (Some(id), Some(range)) = (inst.result_type, old.result_type_range(text, inst)) {
            named.push((id, range));
        }
        for operand in old.operands(inst) {
            if let Value::Id(id) = operand.value {
                named.push((id, operand.range()));
            }
        }
    }
    // Names it writes now and did not: the module's ids first written before it, or new ones
    // (an id first written after it would be numbered again, and is named after it).
    {
        let known: FxHashSet<&str> = named.iter().map(|&(_, r)| &text[r.start..r.end]).collect();
        let mut missing: Vec<&str> = Vec::new();
        for (inst, tokens) in &parsed.instructions {
            let ids = tokens.iter().filter(|t| t.kind == TokenKind::Id);
            for token in inst.result.iter().chain(ids) {
                let name = token.text(&piece);
                if !known.contains(name) && !missing.contains(&name) {
                    missing.push(name);
                }
            }
        }
        for name in missing {
            if let Some(id) = memo.id_named(text, name) {
                if id >= next_new {
                    return None;
                }
                named.push((id, memo.name_range(id)?));
            }
        }
    }
    named.sort_unstable_by_key(|&(id, _)| id);
    named.dedup_by_key(|&mut (id, _)| id);
    let local_first_new = named.partition_point(|&(id, _)| id < first_new) as IdIndex;
    // Every id first appearing in the function must be among them (one named only by an
    // instruction of unknown opcode is not an operand: its name is not known here).
    if named.len() - local_first_new as usize != (next_new - first_new) as usize
        || named.last().is_some_and(|&(id, _)| id >= next_new)
    {
        return None;
    }
    let ranges: Vec<TextRange> = named.iter().map(|&(_, range)| range).collect();
    let known = names(&ranges, text);
    let local_of = |global: IdIndex| {
        named
            .binary_search_by_key(&global, |&(id, _)| id)
            .ok()
            .map(|l| l as IdIndex)
    };
    let imports = imports(old, text, first)
        .into_iter()
        .filter_map(|(id, set)| Some((local_of(id)?, set)))
        .collect();
    let mut ids = vec![IdInfo::default(); named.len()];
    let rebound = module::bind_function(
        &piece,
        &parsed,
        (&known, &ranges, text),
        &mut ids,
        (0, local_first_new),
        imports,
    );
    // The body holds only what belongs in one.
    if rebound.ambiguous || !rebound.instructions[header..count - 1].iter().all(local) {
        return None;
    }
    // Ids numbered again: those first appearing here, when they change or change order.
    let renumbered = !rebound
        .order
        .iter()
        .copied()
        .eq(local_first_new..named.len() as IdIndex);

    // The ids whose definition may change: those the instructions the edit changed define,
    // before and after it (an instruction not touched and in the same place is the same text,
    // bound to the same ids).
    // Ids new to the module: numbered here past the module's, named nowhere else.
    let global = |local: IdIndex| match named.get(local as usize) {
        Some(&(id, _)) => id,
        None => (old.ids.len() + local as usize) as IdIndex,
    };
    let new_ranges: Vec<TextRange> = parsed.instructions.iter().map(|(i, _)| i.range).collect();
    let mut kept = vec![false; count];
    let mut changed: Vec<IdIndex> = Vec::new();
    for old_inst in insts {
        let moved = in_new(old_inst.range);
        let touched = old_inst.range.start <= edited.end && edited.start <= old_inst.range.end;
        let same = new_ranges
            .binary_search_by_key(&moved.start, |r| r.start)
            .ok()
            .filter(|&j| !touched && new_ranges[j] == moved);
        match same {
            Some(j) => kept[j] = true,
            None => changed.extend(old_inst.result),
        }
    }
    for (new_inst, _) in rebound.instructions.iter().zip(&kept).filter(|(_, &k)| !k) {
        changed.extend(new_inst.result.map(global));
    }
    // None of them may be named outside the function (nor, when ids are numbered again, any
    // first appearing here): before it means first appearing before it.
    if changed.iter().any(|&id| id < first_new) {
        return None;
    }
    let seen_outside =
        |id: IdIndex| changed.contains(&id) || (renumbered && (first_new..next_new).contains(&id));
    if (renumbered || !changed.is_empty())
        && named_in(old, &old.instructions[last + 1..], seen_outside)
    {
        return None;
    }
    Some(region)
}

/// Where the result id of `inst` is written: its first word.
fn result_range(text: &str, inst: &Instruction) -> Option<TextRange> {
    let written = &text[inst.range.start..inst.range.end];
    let word = written
        .split(|c: char| c.is_whitespace() || c == '=')
        .next()?;
    word.starts_with('%')
        .then(|| TextRange::new(inst.range.start, inst.range.start + word.len()))
}

/// Whether one of `instructions` defines, or names as an operand, an id for which `hit` holds.
fn named_in(module: &Module, instructions: &[Instruction], hit: impl Fn(IdIndex) -> bool) -> bool {
    instructions.iter().any(|inst| {
        inst.result.is_some_and(&hit)
            || inst.result_type.is_some_and(&hit)
            || module
                .operands(inst)
                .iter()
                .any(|o| matches!(o.value, Value::Id(id) if hit(id)))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_modules::{bench, corpus};
    use speclint_analysis::{Analysis, Options};
    use speclint_base::language::{Input, Language};
    use speclint_test_support::isolation_checks::{
        assert_same_answers, listed_edits_keep_answers, random_edits_keep_answers,
    };

    const MODULE: &str = "\
OpCapability Addresses
OpCapability Kernel
OpMemoryModel Physical64 OpenCL
OpEntryPoint Kernel %k \"scale\"
OpName %named \"named\"
OpDecorate %aligned Alignment 4
%void = OpTypeVoid
%uint = OpTypeInt 32 0
%ptr = OpTypePointer CrossWorkgroup %uint
%fn = OpTypeFunction %void %ptr
%one = OpConstant %uint 1
%helper = OpFunction %void None %fn
%hp = OpFunctionParameter %ptr
%h0 = OpLabel
%hv = OpLoad %uint %hp Aligned 4
%named = OpIAdd %uint %hv %one
%aligned = OpIAdd %uint %named %one
%hw = OpIMul %uint %hv %one
%hx = OpISub %uint %hv %one
OpStore %hp %aligned
OpReturn
OpFunctionEnd
%k = OpFunction %void None %fn
%buf = OpFunctionParameter %ptr
%l0 = OpLabel
%v = OpLoad %uint %buf
%w = OpIAdd %uint %v %one
%z = OpIAdd %uint %fa %fb
OpStore %buf %w
OpStore %buf %hw
%c = OpFunctionCall %void %helper %buf
OpReturn
OpFunctionEnd
";

    fn spirv() -> &'static dyn Language {
        &crate::language::Spirv
    }

    fn analyse(text: &str) -> Analysis {
        Analysis::run(spirv(), Input::Text(text), None, &Options::default())
    }

    fn at(text: &str, needle: &str) -> usize {
        text.find(needle)
            .unwrap_or_else(|| panic!("{needle:?} not found"))
    }

    /// The region for replacing the first `needle` of `text` by `with`.
    fn region_in(text: &str, needle: &str, with: &str) -> Option<TextRange> {
        let start = at(text, needle);
        let edited = TextRange::new(start, start + needle.len());
        analyse(text).isolated_edit(text, edited, with)
    }

    fn region(needle: &str, with: &str) -> Option<TextRange> {
        region_in(MODULE, needle, with)
    }

    #[test]
    fn an_edit_on_an_inner_line_of_a_body_is_isolated_to_that_function() {
        let found = region("%w = OpIAdd %uint %v %one", "%w = OpIAdd %uint %v %v").unwrap();
        assert_eq!(found.start, at(MODULE, "%k = OpFunction"));
        assert_eq!(found.end, MODULE.rfind("OpFunctionEnd").unwrap() + 13);
        // Operands, literals, an opcode of no result, the first body line.
        assert!(region("OpStore %buf %w", "OpStore %buf %w Aligned 4").is_some());
        assert!(region("OpStore %buf %w", "OpStorex %buf %w").is_some());
        assert!(region("OpStore %buf %w", "OpStore %buf %w ; a comment \"").is_some());
        assert!(region("%l0 = OpLabel", "%l0 = OpLabel ").is_some());
        assert!(region("%hx = OpISub %uint %hv %one", "%hx = OpISub %uint %hv %hv").is_some());
        assert!(region("Aligned 4", "Aligned 8").is_some());
        // Another opcode of the same result type: what completion shows is the same.
        assert!(region("%w = OpIAdd", "%w = OpISub").is_some());
    }

    #[test]
    fn ids_named_outside_the_function_are_not() {
        // OpName, OpDecorate, a use in a later function.
        assert_eq!(
            region(
                "%named = OpIAdd %uint %hv %one",
                "%named = OpIAdd %uint %hv %hv"
            ),
            None
        );
        assert_eq!(
            region(
                "%aligned = OpIAdd %uint %named %one",
                "%aligned = OpIAdd %uint %one %one"
            ),
            None
        );
        assert_eq!(
            region("%hw = OpIMul %uint %hv %one", "%hw = OpIMul %uint %hv %hv"),
            None
        );
        // A space keeps every id, but changes the instruction's text, which a hover on the
        // id's name shows.
        assert_eq!(region("%hw = OpIMul", "%hw  = OpIMul"), None);
    }

    /// Ids defined in a body are offered by completion only within their function: what
    /// the edit changes of them is seen nowhere else unless they are named elsewhere.
    #[test]
    fn ids_seen_only_in_the_function_may_change() {
        // Ids first appearing in another order, one gone, another result type, an unknown
        // opcode (no result type), a label, an instruction lost (`xOp…` is not an opcode:
        // `%w` is no longer defined), an opcode lost (the line joins the instruction before).
        for (needle, with) in [
            ("%fa %fb", "%fb %fa"),
            ("%fa %fb", "%fa %fa"),
            ("%w = OpIAdd %uint", "%w = OpIAdd %ptr"),
            ("%w = OpIAdd", "%w = OpIAddx"),
            ("%v = OpLoad %uint %buf", "%v = OpLabel"),
            ("%w = OpIAdd", "%w = xOpIAdd"),
            ("OpStore %buf %w", "pStore %buf %w"),
        ] {
            assert!(region(needle, with).is_some(), "{needle:?} -> {with:?}");
        }
    }

    #[test]
    fn edits_that_renumber_ids_named_after_the_function_are_not() {
        // `%helper`, first written in its OpFunction, is called from the next function: ids
        // first appearing in `helper` may not be numbered again (`%hx` gone, a new id). This
        // is wider than needed: the order of `%helper` among the ids completion offers in
        // the next function changes only if an id it names leaves or enters `helper`.
        assert_eq!(region("%hx = OpISub", "%hx = xOpISub"), None);
        assert_eq!(
            region("%hx = OpISub %uint %hv %one", "%hx = OpISub %uint %hv %new"),
            None
        );
        assert!(region("%hx = OpISub %uint", "%hx = OpISub %ptr").is_some());
        // An id first written after the function, now here: numbered again.
        assert_eq!(region("OpStore %hp %aligned", "OpStore %hp %buf"), None);
        // In the last function: new ids, and ids the module names before it.
        for (needle, with) in [
            ("%w = OpIAdd %uint %v %one", "%w = OpIAdd %uint %v %new"),
            ("%w = OpIAdd %uint %v %one", "%wx = OpIAdd %uint %v %one"),
            ("OpStore %buf %w", "OpStore %buf %hp"),
            ("OpStore %buf %w", "OpStore %buf %void"),
            // The result written without `=`, read the same.
            ("%w = OpIAdd", "%w OpIAdd"),
        ] {
            assert!(region(needle, with).is_some(), "{needle:?} -> {with:?}");
        }
    }

    /// The edit `scripts/lsp_latency.py` makes: `x` typed before an opcode (the instruction
    /// is lost: `%w` is not defined) and deleted again (the `%one` it names is named nowhere
    /// else in the function).
    #[test]
    fn an_opcode_broken_and_mended() {
        let typed = MODULE.replace("%w = OpIAdd", "%w = xOpIAdd");
        let at = typed.find("xOpIAdd").unwrap();
        let old = analyse(&typed);
        let edited = TextRange::new(at, at + 1);
        let region = old.isolated_edit(&typed, edited, "").unwrap();
        let outside = (0..=typed.len()).filter(|&o| o < region.start || o > region.end);
        assert_same_answers(spirv(), &old, &typed, edited, "", outside);
    }

    #[test]
    fn module_instructions_strings_and_layout_are_not() {
        // Module-level instructions typed in a body.
        assert_eq!(region("OpStore %buf %w", "OpCapability Int64"), None);
        assert_eq!(region("OpStore %buf %w", "OpName %w \"w\""), None);
        assert_eq!(
            region("%w = OpIAdd %uint %v %one", "%w = OpTypeInt 64 0"),
            None
        );
        // A string left open in the function; a line break.
        assert_eq!(region("OpStore %buf %w", "OpStore %buf %w \""), None);
        assert_eq!(region("OpStore %buf %w", "OpStore %buf %w\n"), None);
        assert_eq!(region("OpStore %buf %w\n", "OpStore %buf %w"), None);
        // Header lines, the OpFunctionEnd line, outside every function.
        assert_eq!(
            region(
                "%buf = OpFunctionParameter %ptr",
                "%buf = OpFunctionParameter %ptr "
            ),
            None
        );
        assert_eq!(
            region("%k = OpFunction %void", "%k = OpFunction  %void"),
            None
        );
        assert_eq!(
            region(
                "OpReturn\nOpFunctionEnd\n%k",
                "OpReturn\nOpFunctionEnd \n%k"
            ),
            None
        );
        assert_eq!(
            region("%one = OpConstant %uint 1", "%one = OpConstant %uint 2"),
            None
        );
        // A string left open before the function: a `"` typed even in a comment closes it.
        let open = MODULE.replace("OpName %named \"named\"", "OpName %named \"named");
        assert!(region_in(&open, "OpStore %buf %w", "OpStore %buf %w ; c").is_none());
    }

    /// A binary module is shown as its disassembly, never edited as text.
    #[test]
    fn binary_modules_are_never_isolated() {
        let words = crate::assemble::assemble(MODULE.replace("%fa %fb", "%v %v").as_str())
            .expect("the module assembles");
        let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
        let analysis = Analysis::run(spirv(), Input::Binary(&bytes), None, &Options::default());
        let text = analysis
            .shown_text()
            .expect("a binary shows its disassembly")
            .to_string();
        let start = text.find("OpStore").unwrap() + "OpStore".len();
        assert_eq!(
            analysis.isolated_edit(&text, TextRange::empty(start), "x"),
            None
        );
        // The same text analysed as text: isolated.
        assert!(analyse(&text)
            .isolated_edit(&text, TextRange::empty(start), "x")
            .is_some());
    }

    /// Every hover, definition and completion outside the region: the same before and after
    /// each edit the region allows.
    #[test]
    fn answers_outside_the_region_do_not_change() {
        let edits = [
            ("%w = OpIAdd %uint %v %one", "%w = OpIAdd %uint %v %v"),
            ("OpStore %buf %w", "OpStorex %buf %w"),
            ("OpStore %buf %w", "OpStore %buf %w Volatile"),
            ("%hx = OpISub %uint %hv %one", "%hx = OpISub %uint %hv %hv"),
            ("%w = OpIAdd", "%w = OpISub"),
            ("%w = OpIAdd", "%w OpIAdd"),
            ("%fa %fb", "%fb %fa"),
            ("%w = OpIAdd %uint", "%w = OpIAdd %ptr"),
            ("%w = OpIAdd", "%w = xOpIAdd"),
            ("OpStore %buf %w", "pStore %buf %w"),
            ("%hx = OpISub %uint", "%hx = OpISub %ptr"),
            ("%w = OpIAdd %uint %v %one", "%w = OpIAdd %uint %v %new"),
            ("%w = OpIAdd %uint %v %one", "%wx = OpIAdd %uint %v %one"),
            ("OpStore %buf %w", "OpStore %buf %hp"),
        ];
        listed_edits_keep_answers(spirv(), MODULE, &edits);
    }

    /// Random single-character edits of real modules: wherever the region allows one, the
    /// answers outside it do not change.
    #[test]
    fn random_edits_leave_the_answers_outside_the_region_as_they_were() {
        let mut modules: Vec<String> = [
            "bitonic_sort.cl20.spvasm",
            "control_flow_nested.cl12.spvasm",
            "enqueue_kernel_blocks.cl30.O0.spvasm",
            "integer_funcs.cl30.O0.spvasm",
            "printf_formats.cl12.spvasm",
            "image2d_read_write.cl20.spvasm",
        ]
        .iter()
        .map(|name| corpus(name))
        .collect();
        modules.push(bench(20));
        let modules: Vec<&str> = modules.iter().map(String::as_str).collect();
        let pool = [
            "x", "1", " ", "%", "\"", ";", "=", "|", "O", "Op", "%uint", "; c\"",
        ];
        let isolated = random_edits_keep_answers(spirv(), &modules, &pool, 100);
        eprintln!("{isolated} of 700 edits isolated");
        assert!(isolated > 250, "only {isolated} isolated edits were tried");
    }

    /// In-process cost of the rule on the 3000-kernel bench module, for the edit
    /// `scripts/lsp_latency.py` makes (`x` typed before an opcode in the middle, and that `x`
    /// deleted again): both isolated. Release: `cargo test --release -p speclint --lib
    /// spirv::isolation::tests::latency -- --ignored --nocapture`.
    #[test]
    #[ignore]
    fn latency_of_the_rule() {
        let text = bench(3000);
        let analysis = analyse(&text);
        let middle = text.len() / 2;
        let opcode = middle + text[middle..].find("= OpFMul").unwrap() + 2;
        let typed = format!("{}x{}", &text[..opcode], &text[opcode..]);
        let typed_analysis = analyse(&typed);
        for (what, analysis, text, edited, inserted) in [
            ("`x` typed", &analysis, &text, TextRange::empty(opcode), "x"),
            (
                "`x` deleted",
                &typed_analysis,
                &typed,
                TextRange::new(opcode, opcode + 1),
                "",
            ),
        ] {
            let mut times = Vec::new();
            for _ in 0..20 {
                let start = std::time::Instant::now();
                let region = analysis.isolated_edit(text, edited, inserted);
                times.push(start.elapsed());
                assert!(region.is_some(), "{what}");
            }
            times.sort();
            eprintln!(
                "{what}: median {:?}, max {:?}",
                times[times.len() / 2],
                times[times.len() - 1]
            );
        }
    }
}
