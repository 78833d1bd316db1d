//! Structured control flow: what the regions of `if`, `for`, `loop`, `reduce` and `scan` hand
//! back to their op, and whether they end in the terminator that does so (op-if.md, op-for.md,
//! op-loop.md, op-yield.md, op-continue.md, op-break.md). Plain data in, findings out: the
//! checker reads the types and turns findings into diagnostics.
//!
//! - `yield` passes the results of its parent `if` (or one value per result of `reduce`/`scan`),
//!   `continue` the loop-carried values of the innermost `for`/`loop`, `break` the results of
//!   the innermost `loop`: as many values as those, of the same types.
//! - Terminators that pass values cannot be left out (`SingleBlockImplicitTerminator` only
//!   supplies one without operands): the body of a `for` or `loop` with `iter_values` must end in
//!   `continue` (or `break`, for `loop`), each branch of an `if` with results in a terminator,
//!   and an `if` with results needs an `else`.
//! - A terminator is the last op of its block (op-yield.md: "must terminate its parent basic
//!   block").

use super::ast::{File, OpId};
use super::rules;
use super::types::TypeRef;
use speclint_base::rules::Rule;
use speclint_base::text::TextRange;

/// The ops whose regions give values back to them.
pub fn is_region_op(name: &str) -> bool {
    matches!(name, "if" | "for" | "loop" | "reduce" | "scan")
}

pub fn is_terminator(name: &str) -> bool {
    matches!(name, "yield" | "continue" | "break" | "return")
}

/// A region-holding op while its regions are checked: what its terminators must pass. A list
/// is `None` when it could not be read (generic form, a malformed header): nothing is checked
/// against it then. An entry's type is `None` when only the count is known.
#[derive(Clone, Debug)]
pub struct Frame {
    pub op: OpId,
    /// `if`, `for`, `loop`, `reduce` or `scan`.
    pub name: &'static str,
    /// Where the op's name starts (a byte offset), for messages.
    pub start: usize,
    /// What `yield` (if, reduce, scan) or `break` (loop) passes: one value per result.
    pub results: Option<Vec<Option<TypeRef>>>,
    /// What `continue` passes (for, loop): the loop-carried values.
    pub carried: Option<Vec<Option<TypeRef>>>,
}

/// A problem found here, for the checker to report.
#[derive(Clone, Debug)]
pub struct Finding {
    pub rule: &'static Rule,
    pub range: TextRange,
    pub message: String,
}

/// One value a terminator passes: as written, where, and its type (written or defined).
#[derive(Clone, Debug)]
pub struct Passed<'a> {
    pub name: &'a str,
    pub range: TextRange,
    pub ty: Option<TypeRef>,
}

fn same_type(a: &TypeRef, b: &TypeRef) -> bool {
    a.spelling == b.spelling || a.ty == b.ty
}

fn list(types: &[Option<TypeRef>]) -> String {
    if types.is_empty() {
        return "none".to_string();
    }
    types
        .iter()
        .map(|t| t.as_ref().map_or("?".to_string(), |t| format!("`{t}`")))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Checks the values a `yield`, `continue` or `break` passes against what its target op
/// (the innermost frame it returns control to) expects.
pub fn check_transfer(
    frames: &[Frame],
    terminator: &str,
    at: TextRange,
    passed: &[Passed],
    line_of: impl Fn(usize) -> usize,
) -> Vec<Finding> {
    let target = match terminator {
        "yield" => frames
            .last()
            .filter(|f| matches!(f.name, "if" | "reduce" | "scan")),
        "continue" | "break" => frames
            .iter()
            .rev()
            .find(|f| matches!(f.name, "for" | "loop")),
        _ => None,
    };
    let Some(frame) = target else {
        return Vec::new();
    };
    let (expected, what) = match (terminator, frame.name) {
        ("continue", _) => (frame.carried.as_ref(), "loop-carried value(s)"),
        ("break", "for") => {
            // Directly in a `for`, placement already says that `break` does not belong there.
            if frames.last().is_some_and(|f| f.op == frame.op) {
                return Vec::new();
            }
            return vec![Finding {
                rule: &rules::TILE_MISPLACED_OP,
                range: at,
                message: format!(
                    "`break` leaves only a `loop`, but the innermost loop here is the `for` on line {}; a `for` runs to its upper bound (op-for.md: it cannot terminate early)",
                    line_of(frame.start)
                ),
            }];
        }
        (_, "reduce" | "scan") => (frame.results.as_ref(), "result(s)"),
        _ => (frame.results.as_ref(), "result(s)"),
    };
    let Some(expected) = expected else {
        return Vec::new();
    };
    let spec = match terminator {
        "yield" if frame.name == "if" => "op-if.md",
        "yield" => "op-reduce.md, op-scan.md",
        "continue" => "op-continue.md",
        _ => "op-break.md",
    };
    if passed.len() != expected.len() {
        return vec![Finding {
            rule: &rules::TILE_OPERAND_COUNT,
            range: at,
            message: format!(
                "`{terminator}` passes {} value(s), but the `{}` on line {} has {} {what} ({}) ({spec})",
                passed.len(),
                frame.name,
                line_of(frame.start),
                expected.len(),
                list(expected),
            ),
        }];
    }
    let mut findings = Vec::new();
    for (index, (value, want)) in passed.iter().zip(expected).enumerate() {
        let (Some(ty), Some(want)) = (&value.ty, want) else {
            continue;
        };
        if !same_type(ty, want) {
            let role = if what.starts_with("loop") {
                "loop-carried value"
            } else {
                "result"
            };
            findings.push(Finding {
                rule: &rules::TILE_OPERANDS_DISAGREE,
                range: value.range,
                message: format!(
                    "`{terminator}` passes `{}` of type `{ty}` as {role} #{index} of the `{}` on line {}, which is `{want}` ({spec})",
                    value.name, frame.name, line_of(frame.start)
                ),
            });
        }
    }
    findings
}

/// After an op's regions are checked: terminators that are missing, and terminators that are
/// not the last op of their block. `frame` is the op's frame when it has one.
pub fn check_regions(file: &File, id: OpId, frame: Option<&Frame>) -> Vec<Finding> {
    let op = &file.ops[id];
    let mut findings = Vec::new();
    for block in op.regions.iter().flat_map(|r| r.blocks.iter()) {
        let Some((_, before_last)) = block.ops.split_last() else {
            continue;
        };
        for &early in before_last {
            let early_op = &file.ops[early];
            if is_terminator(&early_op.name) && !early_op.foreign_dialect {
                findings.push(Finding {
                    rule: &rules::TILE_MISPLACED_OP,
                    range: early_op.name_range,
                    message: format!(
                        "`{}` ends its block, but ops follow it here (a terminator must be the last op of its block: op-yield.md, op-continue.md, op-break.md)",
                        early_op.name
                    ),
                });
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
            findings.push(Finding {
                rule: &rules::TILE_MISPLACED_OP,
                range: at,
                message: format!(
                    "the body of this `{}` must end in {needed} passing its {} loop-carried value(s) ({}); it has no terminator, and an implicit one passes none ({spec})",
                    frame.name,
                    count(&frame.carried),
                    list(frame.carried.as_deref().unwrap_or(&[])),
                ),
            });
        }
        "if" if count(&frame.results) > 0 => {
            if op.regions.len() < 2 {
                findings.push(Finding {
                    rule: &rules::TILE_MISPLACED_OP,
                    range: at,
                    message: format!(
                        "this `if` has {} result(s), so it needs an `else` branch that yields them too (op-if.md: 'If yielding values the else branch is required')",
                        count(&frame.results)
                    ),
                });
            }
            for (index, branch) in ["then", "else"].iter().enumerate() {
                if index < op.regions.len() && !ends_in_terminator(index) {
                    findings.push(Finding {
                        rule: &rules::TILE_MISPLACED_OP,
                        range: at,
                        message: format!(
                            "the {branch} branch of this `if` must end in `yield` with its {} result(s) ({}); it has no terminator (op-if.md)",
                            count(&frame.results),
                            list(frame.results.as_deref().unwrap_or(&[])),
                        ),
                    });
                }
            }
        }
        "reduce" | "scan" if count(&frame.results) > 0 && !ends_in_terminator(0) => {
            findings.push(Finding {
                rule: &rules::TILE_MISPLACED_OP,
                range: at,
                message: format!(
                    "the body of this `{}` must end in `yield` with one value per result; it has no terminator (op-{}.md)",
                    frame.name, frame.name
                ),
            });
        }
        _ => {}
    }
    findings
}
