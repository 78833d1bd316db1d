//! Structured control flow: what the regions of `if`, `for`, `loop`, `reduce` and `scan` hand
//! back to their op, and whether they end in the terminator that does so (op-if.md, op-for.md,
//! op-loop.md, op-yield.md, op-continue.md, op-break.md). Plain data in, diagnostics out: the
//! checker reads the types.
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

use super::region_frames::{Frame, Passed};
use super::rules::{tile_misplaced_op, tile_operand_count, tile_operands_disagree};
use speclint_base::diagnostic::Diagnostic;
use speclint_base::text::TextRange;

/// The ops whose regions give values back to them.
pub fn is_region_op(name: &str) -> bool {
    matches!(name, "if" | "for" | "loop" | "reduce" | "scan")
}

/// Checks the values a `yield`, `continue` or `break` passes against what its target op
/// (the innermost frame it returns control to) expects.
pub fn check_transfer(
    frames: &[Frame],
    terminator: &str,
    at: TextRange,
    passed: &[Passed],
    line_of: impl Fn(usize) -> usize,
) -> Vec<Diagnostic> {
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
            let line = line_of(frame.start);
            return vec![tile_misplaced_op::break_in_for(at, line)];
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
    // Finding a line scans the text up to it: only a finding pays for that.
    let line: &dyn Fn() -> usize = &|| line_of(frame.start);
    let target = (frame.name, line, expected.as_slice());
    let count = (terminator, what, spec);
    if let Some(d) = tile_operand_count::transfer(count, passed.len(), target, at) {
        return vec![d];
    }
    let role = if what.starts_with("loop") {
        "loop-carried value"
    } else {
        "result"
    };
    let mut findings = Vec::new();
    for (index, (value, want)) in passed.iter().zip(expected).enumerate() {
        let (Some(ty), Some(want)) = (&value.ty, want) else {
            continue;
        };
        let target = (frame.name, line, role, index);
        let passes = (terminator, spec);
        findings.extend(tile_operands_disagree::transfer(
            passes, value, ty, want, target,
        ));
    }
    findings
}
