//! TILE014 `tile-misplaced-op`.

use crate::ast::{File, Op, OpId};
use crate::checker::Checker;
use crate::region_frames::{is_terminator, list, Frame};
use crate::types::TypeRef;
use speclint_base::diagnostic::Diagnostic;
use speclint_base::rules::rules;
use speclint_base::text::TextRange;
use speclint_spec_db::tile_ir_model::Op as OpFact;

rules! {
    TILE_MISPLACED_OP = "TILE014" "tile-misplaced-op" Error fix=false {
        summary: "The op appears where the dialect does not allow it",
        explanation: "A file holds `cuda_tile.module`s; a module holds `entry` and `global`; everything else lives in an entry. Terminators belong to particular parents: `yield` to if/reduce/scan, `continue` to for/loop (or an if inside them), `break` to loop, `return` to an entry. An entry has no result types, and the body of a `reduce` or `scan` holds only ops with the `Pure` trait (no print, load, store or atomic). A terminator must be the last op of its block, and terminators that pass values cannot be left out: the body of a `for` with `iter_values` must end in `continue` (a `loop` with `iter_values` in `continue` or `break`), each branch of an `if` with results must end in a terminator, and such an `if` needs an `else`.",
        example: "cuda_tile.module @m {\n  %a = constant <f32: 0.0> : tile<f32>   // TILE014: outside an entry\n}",
    }
}

/// `return` directly in an entry passes no values: a kernel returns nothing. `parent` is the
/// op `return` is in; `has_values` whether it names any.
pub(crate) fn values_returned_from_entry(
    op: &Op,
    parent: Option<&str>,
    has_values: bool,
) -> Option<Diagnostic> {
    (parent == Some("entry") && has_values).then(|| {
        Diagnostic::new(
            &TILE_MISPLACED_OP,
            op.name_range,
            "`return` in an entry takes no values: a kernel returns nothing (op-return.md)"
                .to_string(),
        )
    })
}

/// Result types written on an entry (`range` covers the arrow and them): a kernel returns
/// nothing.
pub(crate) fn entry_results(range: TextRange) -> Diagnostic {
    Diagnostic::new(
        &TILE_MISPLACED_OP,
        range,
        "an entry returns nothing: a kernel writes its results through pointers (op-entry.md); remove the result types",
    )
}

/// After an op's regions are checked: terminators that are missing, and terminators that are
/// not the last op of their block. `frame` is the op's frame when it has one.
pub(crate) fn check_regions(file: &File, id: OpId, frame: Option<&Frame>) -> Vec<Diagnostic> {
    let op = &file.ops[id];
    let mut findings = Vec::new();
    for block in op.regions.iter().flat_map(|r| r.blocks.iter()) {
        let Some((_, before_last)) = block.ops.split_last() else {
            continue;
        };
        for &early in before_last {
            let early_op = &file.ops[early];
            if is_terminator(&early_op.name) && !early_op.foreign_dialect {
                findings.push(Diagnostic::new(
                    &TILE_MISPLACED_OP,
                    early_op.name_range,
                    format!(
                        "`{}` ends its block, but ops follow it here (a terminator must be the last op of its block: op-yield.md, op-continue.md, op-break.md)",
                        early_op.name
                    ),
                ));
            }
        }
    }
    let Some(frame) = frame else {
        return findings;
    };
    // A terminator anywhere in the block counts: one that ops follow is reported above.
    let ends_in_terminator = |index: usize| {
        op.regions
            .get(index)
            .and_then(|r| r.blocks.last())
            .is_some_and(|b| b.ops.iter().any(|&o| is_terminator(&file.ops[o].name)))
    };
    let count = |types: &Option<Vec<Option<TypeRef>>>| types.as_ref().map_or(0, Vec::len);
    let at = op.name_range;
    match frame.name {
        "for" | "loop" if count(&frame.carried) > 0 && !ends_in_terminator(0) => {
            let (needed, spec) = if frame.name == "for" {
                (
                    "`continue`",
                    "op-for.md: the body 'must be terminated by a cuda_tile.continue'",
                )
            } else {
                (
                    "`continue` or `break`",
                    "op-loop.md: each control path 'must be terminated by' one of them",
                )
            };
            findings.push(Diagnostic::new(
                &TILE_MISPLACED_OP,
                at,
                format!(
                    "the body of this `{}` must end in {needed} passing its {} loop-carried value(s) ({}); it has no terminator, and an implicit one passes none ({spec})",
                    frame.name,
                    count(&frame.carried),
                    list(frame.carried.as_deref().unwrap_or(&[])),
                ),
            ));
        }
        "if" if count(&frame.results) > 0 => {
            if op.regions.len() < 2 {
                findings.push(Diagnostic::new(
                    &TILE_MISPLACED_OP,
                    at,
                    format!(
                        "this `if` has {} result(s), so it needs an `else` branch that yields them too (op-if.md: 'If yielding values the else branch is required')",
                        count(&frame.results)
                    ),
                ));
            }
            for (index, branch) in ["then", "else"].iter().enumerate() {
                if index < op.regions.len() && !ends_in_terminator(index) {
                    findings.push(Diagnostic::new(
                        &TILE_MISPLACED_OP,
                        at,
                        format!(
                            "the {branch} branch of this `if` must end in `yield` with its {} result(s) ({}); it has no terminator (op-if.md)",
                            count(&frame.results),
                            list(frame.results.as_deref().unwrap_or(&[])),
                        ),
                    ));
                }
            }
        }
        "reduce" | "scan" if count(&frame.results) > 0 && !ends_in_terminator(0) => {
            findings.push(Diagnostic::new(
                &TILE_MISPLACED_OP,
                at,
                format!(
                    "the body of this `{}` must end in `yield` with one value per result; it has no terminator (op-{}.md)",
                    frame.name, frame.name
                ),
            ));
        }
        _ => {}
    }
    findings
}

/// `break` in a `for` (inside an `if` there): a `for` cannot be left early; `line` is the
/// `for`'s.
pub(crate) fn break_in_for(at: TextRange, line: usize) -> Diagnostic {
    Diagnostic::new(
        &TILE_MISPLACED_OP,
        at,
        format!(
            "`break` leaves only a `loop`, but the innermost loop here is the `for` on line {line}; a `for` runs to its upper bound (op-for.md: it cannot terminate early)"
        ),
    )
}

impl Checker<'_> {
    /// Where an op may appear: module at the top, entry/global in a module, the rest in an
    /// entry; ops with `ParentOneOf[…]` only directly in one of those.
    pub(crate) fn placement(&mut self, op: &Op, fact: &OpFact, ancestors: &[OpId]) {
        // Inside another dialect's op or an unknown one (reported as TILE002: `func`, a test
        // dialect's `testing$op`) no placement rule applies.
        if ancestors.iter().any(|&a| {
            let ancestor = &self.file.ops[a];
            ancestor.foreign_dialect
                || (self.db.op(&ancestor.name).is_none()
                    && self.db.later_named(&ancestor.name).is_none())
        }) {
            return;
        }
        let parent = ancestors.last().map(|&p| self.file.ops[p].name.as_str());
        let problem = match op.name.as_str() {
            "module" => parent.map(|_| "`cuda_tile.module` must be at the top level".to_string()),
            // tileirdisasm prints entries and globals without the module around them.
            "entry" | "global" if parent.is_none() && !self.has_module => None,
            "entry" | "global" => (parent != Some("module"))
                .then(|| format!("`{}` must be directly inside a `cuda_tile.module`", op.name)),
            _ => {
                if !ancestors.iter().any(|&a| self.file.ops[a].name == "entry") {
                    Some(format!(
                        "`{}` must be inside an `entry` of a `cuda_tile.module`",
                        op.name
                    ))
                } else if let Some(allowed) = &crate::op_plan::of(fact).parents {
                    let ok = parent.is_some_and(|p| allowed.iter().any(|a| a == p));
                    let needs_loop = op.name == "break" || op.name == "continue";
                    let in_loop = ancestors
                        .iter()
                        .any(|&a| matches!(self.file.ops[a].name.as_str(), "for" | "loop"));
                    if !ok || (needs_loop && !in_loop) {
                        Some(format!(
                            "`{}` may only appear directly inside {}",
                            op.name,
                            allowed
                                .iter()
                                .map(|a| format!("`{a}`"))
                                .collect::<Vec<_>>()
                                .join(", ")
                        ))
                    } else {
                        None
                    }
                } else {
                    None
                }
            }
        };
        if let Some(message) = problem {
            self.report(&TILE_MISPLACED_OP, op.name_range, message);
        }
    }

    /// An op inside the body of a `reduce` or `scan` (at any depth) must be `Pure`: the body
    /// is run in an order the compiler chooses, as often as it chooses.
    pub(crate) fn pure_in_reduction(&mut self, op: &Op, fact: &OpFact, ancestors: &[OpId]) {
        if fact.traits.iter().any(|t| t == "Pure") {
            return;
        }
        let file = self.file;
        let db = self.db;
        let reduction = ancestors.iter().rev().find_map(|&a| {
            let name = file.ops[a].name.as_str();
            let fact = db.op(name)?;
            let pure_body = fact.rule.iter().any(|r| r.id == "pure-body");
            (pure_body && !file.ops[a].foreign_dialect).then_some(name)
        });
        if let Some(parent) = reduction {
            self.report(
                &TILE_MISPLACED_OP,
                op.name_range,
                format!(
                    "the body of `{parent}` may hold only pure ops, and `{}` is not (it has side effects or may trap) (op-{parent}.md); move it out of the body",
                    op.name
                ),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::findings_in_entry;
    use crate::TileIrSettings;

    #[test]
    fn break_outside_a_loop_is_misplaced() {
        let body = "    %c = constant <i1: true> : tile<i1>\n    if %c {\n      break\n    }";
        let found = findings_in_entry("", body, &TileIrSettings::default());
        assert_eq!(found, vec![("TILE014", "break".to_string())]);
    }
}
