//! TILE006 `tile-operand-count`.

use crate::ast::Op;
use crate::bind::Bound;
use crate::checker::Checker;
use crate::types::{TypeRef, ViewKind};
use speclint_base::diagnostic::Diagnostic;
use speclint_base::rules::rules;
use speclint_base::text::TextRange;
use speclint_spec_db::tile_ir_model::Op as OpFact;

rules! {
    TILE_OPERAND_COUNT = "TILE006" "tile-operand-count" Error fix=false {
        summary: "Wrong number of operands, results or types",
        explanation: "Every op has a fixed list of operands and results (some optional or variadic). A missing operand, an extra one, or a different number of result names than the op produces is an error. Terminators pass as many values as their target takes: `yield` one per result of its `if` (or `reduce`/`scan`), `continue` one per loop-carried value of the innermost `for`/`loop`, `break` one per result of the innermost `loop`.",
        example: "%c = addf %a : tile<f32>   // TILE006: addf takes lhs and rhs",
    }
}

/// The result names `op` binds against the results it has: `results` is (how many single
/// results, whether a variadic one follows, how many names are bound). Binding none is fine.
pub(crate) fn result_names(
    op: &Op,
    name: &str,
    results: (usize, bool, usize),
) -> Option<Diagnostic> {
    let (fixed, variadic, bound) = results;
    let wrong = if variadic {
        bound < fixed
    } else {
        bound != fixed && bound != 0
    };
    wrong.then(|| {
        Diagnostic::new(
            &TILE_OPERAND_COUNT,
            op.results_range(),
            format!("`{name}` has {fixed} result(s), but {bound} name(s) are bound"),
        )
    })
}

/// An op whose assembly format stopped matching because an operand is missing or extra.
pub(crate) fn format_mismatch(range: TextRange, message: &str) -> Diagnostic {
    Diagnostic::new(&TILE_OPERAND_COUNT, range, message.to_string())
}

/// `atomic_red_view_tko` takes one index per dimension of the view's index space
/// (`index-count`): `count` is (the dimensions, the indices written).
pub(crate) fn atomic_view_indices(
    fact: &OpFact,
    view: &TypeRef,
    count: (usize, usize),
    range: TextRange,
    source: &str,
) -> Option<Diagnostic> {
    let (dims, written) = count;
    (fact.has_rule("index-count") && written != dims).then(|| {
        Diagnostic::new(
            &TILE_OPERAND_COUNT,
            range,
            format!(
                "`atomic_red_view_tko` into `{view}` takes {dims} indices, one per dimension of the view's index space, but {written} are written ({source})"
            ),
        )
    })
}

/// `make_tensor_view` in the generic form takes one value per `?` of its type's shape or
/// strides (`what`): `count` is (the `?`s, the values its operand segments give).
pub(crate) fn dynamic_values(
    what: &str,
    count: (i64, i64),
    range: TextRange,
) -> Option<Diagnostic> {
    let (expected, found) = count;
    (found != expected).then(|| {
        Diagnostic::new(
            &TILE_OPERAND_COUNT,
            range,
            format!("the tensor_view type has {expected} dynamic {what}(s) (`?`), so `make_tensor_view` takes {expected} dynamic {what} value(s), not {found}"),
        )
    })
}

/// `make_tensor_view`'s `shape = […]` or `strides = […]` has one entry per dimension of its
/// type: `count` is (the entries, the dimensions).
pub(crate) fn view_entries(
    keyword: &str,
    count: (usize, usize),
    range: TextRange,
) -> Option<Diagnostic> {
    let (entries, dims) = count;
    (entries != dims).then(|| {
        Diagnostic::new(
            &TILE_OPERAND_COUNT,
            range,
            format!(
                "`{keyword} = […]` has {entries} entr{}, but the tensor_view type has {dims} dimension(s)",
                if entries == 1 { "y" } else { "ies" },
            ),
        )
    })
}

/// A view load or store takes one index per dimension of the view's index space: `indices`
/// is (the rank, the indices written).
pub(crate) fn view_indices(
    fact: &OpFact,
    kind: ViewKind,
    indices: (usize, usize),
    range: TextRange,
) -> Option<Diagnostic> {
    let (rank, count) = indices;
    (count != rank).then(|| {
        Diagnostic::new(
            &TILE_OPERAND_COUNT,
            range,
            format!(
                "`{}` takes one index per dimension of the view's index space: {rank} for this {} over a rank-{rank} tensor_view, not {count} ({})",
                fact.name,
                kind.name(),
                fact.source
            ),
        )
    })
}

/// `reduce` and `scan` take one identity per operand: `counts` is (the operands, the
/// identities).
pub(crate) fn identities(
    fact: &OpFact,
    counts: (usize, usize),
    range: TextRange,
) -> Option<Diagnostic> {
    let (operands, count) = counts;
    (count != operands).then(|| {
        Diagnostic::new(
            &TILE_OPERAND_COUNT,
            range,
            format!(
                "`{}` takes one identity per operand: {operands} operand(s), but {count} identit{} ({})",
                fact.name,
                if count == 1 { "y" } else { "ies" },
                fact.source
            ),
        )
    })
}

/// A terminator passes as many values as its target op expects: `count` is (the terminator,
/// what it passes, the spec sections), `target` is (the op, its line, the types expected).
pub(crate) fn transfer(
    count: (&str, &str, &str),
    passed: usize,
    target: (&str, &dyn Fn() -> usize, &[Option<TypeRef>]),
    at: TextRange,
) -> Option<Diagnostic> {
    let (terminator, what, spec) = count;
    let (op, line, expected) = target;
    (passed != expected.len()).then(|| {
        Diagnostic::new(
            &TILE_OPERAND_COUNT,
            at,
            format!(
                "`{terminator}` passes {passed} value(s), but the `{op}` on line {} has {} {what} ({}) ({spec})",
                line(),
                expected.len(),
                crate::region_frames::list(expected),
            ),
        )
    })
}

impl Checker<'_> {
    /// `get_tensor_shape` and `get_index_space_shape` have one result per dimension of `src`,
    /// of rank `rank`.
    pub(crate) fn one_result_per_dimension(
        &mut self,
        op: &Op,
        fact: &OpFact,
        rank: usize,
        src: &TypeRef,
    ) {
        self.expect_result_names(op, rank, |results| {
            format!(
                "`{}` has one result per dimension ({rank} for `{src}`), not {results} ({})",
                fact.name, fact.source
            )
        });
    }

    /// `reduce` and `scan` have one result per operand.
    pub(crate) fn one_result_per_operand(&mut self, op: &Op, fact: &OpFact, operands: usize) {
        self.expect_result_names(op, operands, |results| {
            format!(
                "`{}` has one result per operand: {operands} operand(s), so {operands} result(s), not {results} ({})",
                fact.name, fact.source
            )
        });
    }

    /// Reports (TILE006, on the result names) an op that binds a number of result names other
    /// than `expected`; binding none is fine. `why` words the rule, given the number bound.
    fn expect_result_names(&mut self, op: &Op, expected: usize, why: impl FnOnce(usize) -> String) {
        let bound = op.result_count();
        if bound != 0 && bound != expected {
            self.report(&TILE_OPERAND_COUNT, op.results_range(), why(bound));
        }
    }

    /// TILE006 where `op` (`extract`, `insert`) is given other than one index per dimension
    /// of `of`, which has `dims`; the finding spans the indices written.
    pub(crate) fn one_index_per_dimension(
        &mut self,
        op: &Op,
        fact: &OpFact,
        bound: &Bound,
        dims: usize,
        of: &str,
    ) {
        let Some(indices) = bound.operands.get("indices") else {
            return;
        };
        if indices.len() == dims {
            return;
        }
        let range = match (indices.first(), indices.last()) {
            (Some(&first), Some(&last)) => {
                TextRange::new(self.file.range(first).start, self.file.range(last).end)
            }
            _ => op.name_range,
        };
        self.report(
            &TILE_OPERAND_COUNT,
            range,
            format!(
                "`{}` takes one index per dimension of {of}: {dims}, not {} ({})",
                fact.name,
                indices.len(),
                fact.source
            ),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_list_of_entries_has_one_per_dimension() {
        let range = TextRange::new(0, 8);
        assert!(view_entries("shape", (2, 2), range).is_none());
        let one = view_entries("shape", (1, 2), range).unwrap();
        assert_eq!(one.rule.code, "TILE006");
        assert_eq!(
            one.message,
            "`shape = […]` has 1 entry, but the tensor_view type has 2 dimension(s)"
        );
        let three = view_entries("strides", (3, 2), range).unwrap();
        assert!(three.message.contains("has 3 entries"), "{}", three.message);
    }

    #[test]
    fn dynamic_values_match_the_question_marks() {
        let range = TextRange::new(0, 4);
        assert!(dynamic_values("shape", (1, 1), range).is_none());
        let d = dynamic_values("stride", (1, 0), range).unwrap();
        assert!(d
            .message
            .ends_with("takes 1 dynamic stride value(s), not 0"));
    }

    #[test]
    fn a_terminator_names_its_target_s_line_only_when_the_count_is_wrong() {
        let asked = std::cell::Cell::new(0);
        let line = || {
            asked.set(asked.get() + 1);
            7
        };
        let count = ("yield", "result(s)", "op-if.md");
        let expected = [None, None];
        let at = TextRange::new(0, 5);
        assert!(transfer(count, 2, ("if", &line, &expected), at).is_none());
        assert_eq!(asked.get(), 0, "a right count reads no line");
        let d = transfer(count, 1, ("if", &line, &expected), at).unwrap();
        assert!(
            d.message.contains("the `if` on line 7 has 2"),
            "{}",
            d.message
        );
    }
}
