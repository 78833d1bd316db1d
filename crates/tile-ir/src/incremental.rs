//! Re-checking only the `entry` an edit touches (`Language::reanalyze`).
//!
//! An `entry` is isolated from above: what it reads outside itself is the module's symbols and
//! the file's settings (version pragma, aliases), all declared outside its body. An edit
//! strictly inside the body region of an entry of a top-level module therefore changes only
//! that entry's ops, values, uses and findings, so the new analysis is the previous one with
//! the entry's part replaced: the entry's text is lexed and parsed again alone (as a share of
//! a parallel parse is) and checked alone in the module's context (as a share of a parallel
//! check is), and everything after it moves by the edit's length (offsets) and by the change
//! in the number of tokens, ops and values (indices).
//!
//! Anything else is analysed in full (`None`): an edit outside an entry's body or touching its
//! braces, a body that no longer parses to exactly that entry (a brace or bracket left open,
//! a string left open), modules that hold other ops than entries and globals (those share
//! the module's scope), comments that mean something (`// speclint:` pragmas, `// -----`
//! splits) in the entry or in the file, findings in the entry's header (their wording may
//! depend on the entries before it), a version newer than the spec-db's (its note gathers
//! every entry), and an edit that renumbers lines while findings after it may quote line
//! numbers.

use super::ast::{Op, OpId, SyntaxError};
use super::checker::{Checker, ItemMark, Target};
use super::lex::{self, Kind, Marker};
use super::{parse, TileIrAnalysis, TileIrSettings};
use speclint_base::diagnostic::Diagnostic;
use speclint_base::language::{Edit, Reuse};
use speclint_base::text::TextRange;
use std::ops::Range;

/// What a Tile IR analysis keeps for the next one to reuse.
pub struct Memo {
    /// Every diagnostic in the order the checks reported them (before sorting).
    pub reported: Vec<Diagnostic>,
    /// Where the syntax errors (`check::syntax_diagnostics`) are in `reported`.
    pub syntax: Range<usize>,
    /// What each module item's check added, in text order.
    pub items: Vec<ItemMark>,
}

/// The analysis of `text`, `old`'s text with `edit`, from `old` and a check of the edited
/// entry alone; `None` when the edit is not inside one entry's body (see the module's
/// comment): `old` is then consumed and the caller analyses `text` in full.
pub fn reanalyze(
    mut old: TileIrAnalysis,
    edit: Edit<'_>,
    text: &str,
    settings: &TileIrSettings,
) -> Option<TileIrAnalysis> {
    let memo = old.memo.take()?;
    let plan = Plan::new(&old, &memo, edit, text)?;
    let delta = edit.delta();
    let file = &mut old.file;

    // Tokens: the entry's, lexed again, replace the old ones.
    let item_start = file.ops[plan.item].range.start;
    let piece_text = &text[item_start..plan.new_end];
    let lexed = lex::lex(piece_text);
    let last_is_brace = lexed.tokens.last().is_some_and(|t| {
        t.kind == Kind::Punct && t.range().end == piece_text.len() && piece_text.ends_with('}')
    });
    if !lexed.markers.is_empty() || !last_is_brace {
        return None;
    }
    let first_line_start = file.tokens[plan.tokens.start].line_start;
    let mut piece_tokens: Vec<_> = lexed
        .tokens
        .iter()
        .map(|t| t.moved(item_start as isize))
        .collect();
    piece_tokens[0].line_start = first_line_start;
    let token_count = piece_tokens.len();
    let token_delta = token_count as isize - plan.tokens.len() as isize;
    file.tokens.splice(plan.tokens.clone(), piece_tokens);
    if delta != 0 {
        for token in &mut file.tokens[plan.tokens.start + token_count..] {
            *token = token.moved(delta);
        }
    }
    let piece = parse::item_piece(
        text,
        &file.tokens,
        plan.tokens.start,
        plan.tokens.start + token_count,
        1,
    )?;
    // A module nested in the entry would have items of its own to mark.
    if piece.ops.iter().any(|op| op.name == "module") {
        return None;
    }
    let moved_token = |t: u32| -> u32 {
        if t as usize >= plan.tokens.end {
            (t as isize + token_delta) as u32
        } else {
            t
        }
    };

    // Ops: the entry's subtree, numbered from the entry's id, replaces the old one.
    let op_delta = piece.ops.len() as isize - plan.ops.len() as isize;
    let moved_op = |id: OpId| -> OpId {
        if id >= plan.ops.end {
            (id as isize + op_delta) as OpId
        } else {
            id
        }
    };
    let base = plan.item;
    let new_ops: Vec<Op> = piece
        .ops
        .into_iter()
        .map(|mut op| {
            op.parent = Some(op.parent.map_or(plan.module, |p| p + base));
            for block in op.regions.iter_mut().flat_map(|r| r.blocks.iter_mut()) {
                for child in &mut block.ops {
                    *child += base;
                }
            }
            op
        })
        .collect();
    let new_op_count = new_ops.len();
    file.ops.splice(plan.ops.clone(), new_ops);
    // Most keystrokes keep the number of tokens and ops (a character typed inside a name):
    // then only offsets move, and the loops over token and op indices are skipped.
    let (tokens_move, ops_move) = (token_delta != 0, op_delta != 0);
    let shift_op = |op: &mut Op, edit: &Edit| {
        if ops_move {
            op.parent = op.parent.map(moved_op);
        }
        op.range = edit.moved_range(op.range);
        op.name_range = edit.moved_range(op.name_range);
        for result in &mut op.results {
            result.range = edit.moved_range(result.range);
        }
        if tokens_move {
            for token in &mut op.body {
                *token = moved_token(*token);
            }
        }
        for region in &mut op.regions {
            region.range = edit.moved_range(region.range);
            for block in &mut region.blocks {
                block.label = block.label.map(|l| edit.moved_range(l));
                if tokens_move {
                    for token in &mut block.label_args {
                        *token = moved_token(*token);
                    }
                }
                if ops_move {
                    for child in &mut block.ops {
                        *child = moved_op(*child);
                    }
                }
            }
        }
    };
    for op in &mut file.ops[base + new_op_count..] {
        shift_op(op, &edit);
    }
    // The ops before the entry that enclose it: the module (top-level).
    shift_op(&mut file.ops[plan.module], &edit);
    for id in &mut file.top {
        *id = moved_op(*id);
    }
    for alias in &mut file.aliases {
        for token in &mut alias.body {
            *token = moved_token(*token);
        }
    }
    for marker in &mut file.markers {
        if let Marker::Pragma { range, .. } = marker {
            *range = edit.moved_range(*range);
        }
    }

    // Syntax errors: the lexer's, then the parser's, each in text order per item.
    let old_item = plan.old_item_range;
    let outside =
        |e: &SyntaxError| !(old_item.start <= e.range.start && e.range.start < old_item.end);
    let moved_error = |e: &SyntaxError| SyntaxError {
        range: edit.moved_range(e.range),
        message: e.message.clone(),
    };
    let (lex_part, parse_part) = file.errors.split_at(file.lex_errors);
    let piece_lex: Vec<SyntaxError> = lexed
        .errors
        .iter()
        .map(|(range, message)| SyntaxError {
            range: TextRange::new(range.start + item_start, range.end + item_start),
            message: message.clone(),
        })
        .collect();
    let lex_errors = splice_by_position(lex_part, piece_lex, old_item, &outside, &moved_error);
    let parse_errors =
        splice_by_position(parse_part, piece.errors, old_item, &outside, &moved_error);
    file.lex_errors = lex_errors.len();
    file.errors = lex_errors;
    file.errors.extend(parse_errors);
    let mut too_deep: Vec<TextRange> = file
        .too_deep
        .iter()
        .filter(|r| r.start < old_item.start)
        .copied()
        .collect();
    too_deep.extend(piece.too_deep);
    too_deep.extend(
        file.too_deep
            .iter()
            .filter(|r| r.start >= old_item.end)
            .map(|&r| edit.moved_range(r)),
    );
    file.too_deep = too_deep;

    // Check the entry alone.
    let mut checker = Checker::new(&old.file, text, settings);
    checker.record_uses = true;
    checker.check_item(plan.module, plan.item);
    let mut item_diagnostics = std::mem::take(&mut checker.diagnostics);
    let fresh = std::mem::take(&mut checker.facts);
    drop(checker);
    let syntax: Vec<Diagnostic> =
        crate::rules::tile_syntax_error::syntax_diagnostics(&old.file).collect();

    // Facts: the entry's values and uses replace the old ones, the rest moves.
    let mark = &memo.items[plan.index];
    let facts = &mut old.facts;
    let value_count = fresh.values.len();
    let value_delta = value_count as isize - mark.values.len() as isize;
    let moved_value = |i: usize| -> usize {
        if i >= mark.values.end {
            (i as isize + value_delta) as usize
        } else {
            i
        }
    };
    facts.values.splice(mark.values.clone(), fresh.values);
    for value in &mut facts.values[mark.values.start + value_count..] {
        value.range = edit.moved_range(value.range);
        value.op = moved_op(value.op);
        if let Some(ty) = &mut value.ty {
            ty.range = edit.moved_range(ty.range);
        }
    }
    for symbol in &mut facts.symbols {
        symbol.range = edit.moved_range(symbol.range);
        symbol.op = moved_op(symbol.op);
    }
    let use_count = fresh.uses.len();
    let use_delta = use_count as isize - mark.uses.len() as isize;
    let first_value = mark.values.start;
    let fresh_uses = fresh.uses.into_iter().map(|(range, target)| match target {
        Target::Value(i) => (range, Target::Value(i + first_value)),
        Target::Symbol(_) => (range, target),
    });
    for (range, target) in &mut facts.uses[..mark.uses.start] {
        *range = edit.moved_range(*range);
        if let Target::Value(i) = target {
            *i = moved_value(*i);
        }
    }
    facts.uses.splice(mark.uses.clone(), fresh_uses);
    for (range, target) in &mut facts.uses[mark.uses.start + use_count..] {
        *range = edit.moved_range(*range);
        if let Target::Value(i) = target {
            *i = moved_value(*i);
        }
    }
    let in_old_item = |id: &OpId| plan.ops.contains(id);
    if op_delta == 0 {
        // The entry's ops keep their ids: remove those, not a pass over every op's entry.
        for id in plan.ops.clone() {
            facts.op_dtype.remove(&id);
            facts.op_types.remove(&id);
        }
    } else {
        facts.op_dtype = std::mem::take(&mut facts.op_dtype)
            .into_iter()
            .filter(|(id, _)| !in_old_item(id))
            .map(|(id, dtype)| (moved_op(id), dtype))
            .collect();
        facts.op_types = std::mem::take(&mut facts.op_types)
            .into_iter()
            .filter(|(id, _)| !in_old_item(id))
            .map(|(id, types)| (moved_op(id), types))
            .collect();
    }
    // (Op types are placed relative to their op, which moved with the ops.)
    facts.op_dtype.extend(fresh.op_dtype);
    facts.op_types.extend(fresh.op_types);

    // Diagnostics, in the order a full check reports them, then sorted as it sorts them.
    let moved_diagnostic = |d: &Diagnostic| {
        let mut d = d.clone();
        d.range = edit.moved_range(d.range);
        for fix in &mut d.fixes {
            for e in &mut fix.edits {
                e.range = edit.moved_range(e.range);
            }
        }
        d
    };
    let old_reported = &memo.reported;
    let mut reported: Vec<Diagnostic> = Vec::with_capacity(old_reported.len());
    reported.extend(
        old_reported[..memo.syntax.start]
            .iter()
            .map(moved_diagnostic),
    );
    let syntax_range = reported.len()..reported.len() + syntax.len();
    reported.extend(syntax);
    reported.extend(
        old_reported[memo.syntax.end..mark.diagnostics.start]
            .iter()
            .map(moved_diagnostic),
    );
    let item_first = reported.len();
    reported.append(&mut item_diagnostics);
    let item_diagnostics = item_first..reported.len();
    reported.extend(
        old_reported[mark.diagnostics.end..]
            .iter()
            .map(moved_diagnostic),
    );
    let syntax_delta = syntax_range.len() as isize - memo.syntax.len() as isize;
    let diagnostic_delta = item_diagnostics.len() as isize - mark.diagnostics.len() as isize;
    let shift = |r: &Range<usize>, by: isize| {
        (r.start as isize + by) as usize..(r.end as isize + by) as usize
    };
    let items: Vec<ItemMark> = memo
        .items
        .iter()
        .enumerate()
        .map(|(n, m)| {
            use std::cmp::Ordering::*;
            match n.cmp(&plan.index) {
                Less => ItemMark {
                    op: m.op,
                    values: m.values.clone(),
                    uses: m.uses.clone(),
                    diagnostics: shift(&m.diagnostics, syntax_delta),
                },
                Equal => ItemMark {
                    op: m.op,
                    values: m.values.start..m.values.start + value_count,
                    uses: m.uses.start..m.uses.start + use_count,
                    diagnostics: item_diagnostics.clone(),
                },
                Greater => ItemMark {
                    op: moved_op(m.op),
                    values: shift(&m.values, value_delta),
                    uses: shift(&m.uses, use_delta),
                    diagnostics: shift(&m.diagnostics, syntax_delta + diagnostic_delta),
                },
            }
        })
        .collect();
    let mut diagnostics = reported.clone();
    diagnostics.sort_by_key(|d| (d.range.start, d.range.end));
    let reused = items.len() - 1;
    Some(TileIrAnalysis {
        file: old.file,
        facts: old.facts,
        diagnostics,
        version: old.version,
        target: old.target,
        memo: Some(Memo {
            reported,
            syntax: syntax_range,
            items,
        }),
        reuse: Some(Reuse {
            rechecked: 1,
            reused,
        }),
    })
}

/// The old entries of `old` outside `item` (`outside`), with `fresh` in their place: those
/// before it, `fresh`, and those after it moved.
fn splice_by_position(
    old: &[SyntaxError],
    fresh: Vec<SyntaxError>,
    item: TextRange,
    outside: &impl Fn(&SyntaxError) -> bool,
    moved: &impl Fn(&SyntaxError) -> SyntaxError,
) -> Vec<SyntaxError> {
    let mut all: Vec<SyntaxError> = old
        .iter()
        .filter(|e| outside(e) && e.range.start < item.start)
        .cloned()
        .collect();
    all.extend(fresh);
    all.extend(
        old.iter()
            .filter(|e| outside(e) && e.range.start >= item.end)
            .map(moved),
    );
    all
}

/// Which entry an edit is in, and what of the old analysis it covers.
struct Plan {
    /// Its index in `Memo::items`.
    index: usize,
    item: OpId,
    module: OpId,
    /// Its ops (the entry and everything nested in it) in the old arena.
    ops: Range<OpId>,
    /// Its tokens in the old token list.
    tokens: Range<usize>,
    old_item_range: TextRange,
    /// Where the entry ends in the new text.
    new_end: usize,
}

impl Plan {
    fn new(old: &TileIrAnalysis, memo: &Memo, edit: Edit<'_>, text: &str) -> Option<Plan> {
        let file = &old.file;
        if file
            .markers
            .iter()
            .any(|m| matches!(m, Marker::Split { .. }))
        {
            return None;
        }
        let edited = edit.range;
        // Items are in text order: the last one starting before the edit.
        let after = memo
            .items
            .partition_point(|m| file.ops[m.op].range.start < edited.start);
        let index = after.checked_sub(1)?;
        let item = memo.items[index].op;
        let op = &file.ops[item];
        let module = op.parent?;
        let body = op.regions.last()?.range;
        let inside = body.start < edited.start && edited.end < body.end;
        if op.name != "entry"
            || !inside
            || body.end != op.range.end
            || file.ops[module].name != "module"
            || file.ops[module].parent.is_some()
        {
            return None;
        }
        // A module inside a builtin `module { … }` lies a region deeper than a piece is parsed.
        let module_range = file.ops[module].range;
        let wrapped = file.ops.iter().any(|o| {
            o.name == "module"
                && o.range.start < module_range.start
                && module_range.end <= o.range.end
        });
        if wrapped {
            return None;
        }
        // Ops of other kinds at module level share its scope (a stray op reads the values of
        // the entries before it in its messages): only modules of entries and globals.
        let independent = file
            .children(module)
            .all(|id| matches!(file.ops[id].name.as_str(), "entry" | "global"));
        if !independent {
            return None;
        }
        let marked = file.markers.iter().any(|m| match m {
            Marker::Pragma { range, .. } => {
                range.start < op.range.end && range.end > op.range.start
            }
            Marker::Split { .. } => true,
        });
        if marked {
            return None;
        }
        // A value named in the entry's header is looked up among the values checked before
        // it, in other entries too (for the wording of its finding): such headers are
        // checked with the whole module.
        let mark = &memo.items[index];
        if memo.reported[mark.diagnostics.clone()]
            .iter()
            .any(|d| d.range.start < body.start)
        {
            return None;
        }
        // Findings after the edit may quote line numbers that the edit changes.
        if edit.moves_lines() {
            let quoting = memo.reported.iter().enumerate().any(|(n, d)| {
                !mark.diagnostics.contains(&n)
                    && !memo.syntax.contains(&n)
                    && d.range.end >= edited.start
            });
            if quoting {
                return None;
            }
        }
        let mut ops_end = item + 1;
        while file
            .ops
            .get(ops_end)
            .is_some_and(|o| o.range.start > op.range.start && o.range.start < op.range.end)
        {
            ops_end += 1;
        }
        let nested_items = memo
            .items
            .iter()
            .any(|m| m.op != item && (item..ops_end).contains(&m.op));
        if nested_items {
            return None;
        }
        let tokens = &file.tokens;
        let first = tokens.partition_point(|t| t.range().start < op.range.start);
        let to = tokens.partition_point(|t| t.range().start < op.range.end);
        let new_end = edit.moved(op.range.end);
        if first >= to || new_end > text.len() || !text.is_char_boundary(op.range.start) {
            return None;
        }
        Some(Plan {
            index,
            item,
            module,
            ops: item..ops_end,
            tokens: first..to,
            old_item_range: op.range,
            new_end,
        })
    }
}

#[cfg(test)]
mod tests {
    use speclint_analysis::{Analysis, Options};
    use speclint_base::language::{Edit, Input, Language, Reuse};
    use speclint_base::text::TextRange;
    use speclint_test_support::incremental_checks::random_edits_match_full_analysis;

    fn tile_ir() -> &'static dyn Language {
        &crate::language::TileIr
    }

    /// Real modules with several entries (and globals, aliases, a version pragma).
    fn modules() -> Vec<&'static str> {
        vec![
            include_str!("../../../tests/tile-ir/valid/atomics.mlir"),
            include_str!("../../../tests/tile-ir/valid/control-flow.mlir"),
            include_str!("../../../tests/tile-ir/valid/globals-pointers.mlir"),
            include_str!("../../../tests/tile-ir/valid/integer-ops.mlir"),
            include_str!("../../../tests/tile-ir/valid/gather-scatter-strided.mlir"),
            include_str!("../../../tests/tile-ir/valid/softmax-reduce.mlir"),
            include_str!("../../../tests/tile-ir/valid/prefix-scan.mlir"),
            include_str!("../../../tests/tile-ir/valid/gemm-mmaf.mlir"),
        ]
    }

    #[test]
    fn an_edit_in_one_entry_rechecks_only_that_entry() {
        let text = include_str!("../../../tests/tile-ir/valid/control-flow.mlir");
        let options = Options::default();
        let previous = Analysis::run(tile_ir(), Input::Text(text), None, &options);
        assert!(previous.diagnostics().is_empty());
        // `x` before the opcode of an op in the second entry: an unknown op there.
        let entry = text.match_indices("entry @").nth(1).unwrap().0;
        let at = entry + text[entry..].find(" = ").unwrap() + 3;
        let mut edited = text.to_string();
        edited.insert(at, 'x');
        let edit = Edit {
            old_text: text,
            range: TextRange::empty(at),
            inserted: "x",
        };
        let incremental = Analysis::rerun(previous, edit, &edited, &options);
        assert_eq!(
            incremental.reuse(),
            Some(Reuse {
                rechecked: 1,
                reused: 2
            })
        );
        let full = Analysis::run(tile_ir(), Input::Text(&edited), None, &options);
        assert_eq!(incremental.diagnostics().len(), 1);
        assert_eq!(
            format!("{:?}", incremental.diagnostics()),
            format!("{:?}", full.diagnostics())
        );
        // An edit outside every entry body (the module's name) is analysed in full.
        let name = text.find("cuda_tile.module @").unwrap() + 18;
        let edit = Edit {
            old_text: &edited,
            range: TextRange::empty(name),
            inserted: "m",
        };
        let mut renamed = edited.clone();
        renamed.insert(name, 'm');
        assert_eq!(
            Analysis::rerun(incremental, edit, &renamed, &options).reuse(),
            None
        );
    }

    #[test]
    fn random_edit_sequences_give_the_full_analysis() {
        let pool = [
            "x",
            "1",
            " ",
            "%",
            ":",
            ",",
            "=",
            "(",
            ")",
            "{",
            "}",
            "<",
            ">",
            "\"",
            "\n",
            "// c",
            "@",
            "^bb1:",
            "\n    %q = addi %q, %q : tile<i32>\n",
            "    %z = constant <f32: 1.0> : tile<f32>\n",
        ];
        let mut total = Reuse::default();
        for seed in 1..=6u64 {
            let seed = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15);
            let reuse = random_edits_match_full_analysis(tile_ir(), &modules(), &pool, 20, seed);
            total.rechecked += reuse.rechecked;
            total.reused += reuse.reused;
        }
        // Most random places are inside an entry's body, until an edit breaks the module's
        // structure (a brace left open): a good share of the edits must have reused the
        // other entries, or the comparison says little.
        eprintln!("{total:?} over 960 edits");
        assert!(total.rechecked > 200, "only {total:?}");
        assert!(total.reused > total.rechecked, "only {total:?}");
    }
}
