//! Shape rules of the layout and reduction ops that the spec-db states as `[[op.rule]]`s:
//! broadcast's size-1 growth, extract's index count and element type, and reduce/scan's
//! counts of operands, results and identities (op-broadcast.md, op-extract.md, op-reduce.md,
//! op-scan.md). Counts are TILE006, shapes or types that must agree TILE008.

use super::ast::{Form, Op};
use super::bind::Bound;
use super::check::{Checker, Effective};
use super::lex::Kind;
use super::rules;
use super::types::{Type, TypeProblem, TypeReader};
use speclint_base::text::TextRange;
use speclint_spec_db::tile_ir_model::Op as OpFact;

/// The most elements a tile may have: cuda-tile-opt rejects larger tiles ("tile would exceed
/// the maximum of 16777216 elements"); the spec text does not state it.
const MAX_TILE_ELEMENTS: i64 = 1 << 24;

impl TypeReader<'_> {
    /// A tile's shape is fully static (types.md#tile) and, for cuda-tile-opt, holds at most
    /// 2^24 elements.
    pub(super) fn tile_shape_limits(&mut self, toks: &[u32], shape_at: usize, shape: &[i64]) {
        if self.kind(toks, shape_at) != Some(Kind::Shape) {
            return;
        }
        let range = self.span(toks, shape_at, shape_at + 1);
        let message = if shape.contains(&-1) {
            "a tile's shape is fully static: `?` is for tensor_view sizes only (types.md#tile)"
                .to_string()
        } else {
            let elements = shape
                .iter()
                .try_fold(1i64, |n, &d| n.checked_mul(d.max(0)))
                .unwrap_or(i64::MAX);
            if elements <= MAX_TILE_ELEMENTS {
                return;
            }
            format!("a tile of {elements} elements is larger than cuda-tile-opt accepts (at most {MAX_TILE_ELEMENTS})")
        };
        self.problems.push(TypeProblem::Invalid { message, range });
    }
}

impl Checker<'_> {
    pub(super) fn shape_rules(
        &mut self,
        op: &Op,
        fact: &OpFact,
        bound: &Bound,
        effective: &Effective,
    ) {
        match fact.name.as_str() {
            "broadcast" if fact.has_rule("broadcast-shape") => {
                self.broadcast_shape(fact, effective)
            }
            "extract" if fact.has_rule("one-index-per-dim") => {
                self.extract_rules(op, fact, bound, effective)
            }
            "insert" if fact.has_rule("one-index-per-dim") => {
                self.insert_rules(op, fact, bound, effective)
            }
            "reduce" | "scan" if fact.has_rule("identities") && op.form != Form::Generic => {
                self.reduction_counts(op, fact, bound)
            }
            _ => {}
        }
    }

    /// Every source dimension equals the result's or is 1 (op-broadcast.md).
    fn broadcast_shape(&mut self, fact: &OpFact, effective: &Effective) {
        let (Some(source), Some(result)) = (effective.get("source"), effective.get("result"))
        else {
            return;
        };
        let (Some(from), Some(to)) = (source.ty.shape(), result.ty.shape()) else {
            return;
        };
        if from.iter().chain(to).any(|&d| d < 0) {
            return; // `?` in a tile: reported with the type
        }
        let problem = if from.len() != to.len() {
            Some(format!(
                "broadcast keeps the rank ({} here, {} for the result); reshape first to change it",
                from.len(),
                to.len()
            ))
        } else {
            from.iter()
                .zip(to)
                .enumerate()
                .find(|(_, (&f, &t))| f != t && f != 1)
                .map(|(i, (f, t))| {
                    format!("dimension {i} is {f} in the source and {t} in the result; only a size-1 dimension can grow")
                })
        };
        if let Some(problem) = problem {
            self.report(
                &rules::TILE_OPERANDS_DISAGREE,
                result.range,
                format!(
                    "`broadcast` from `{source}` to `{result}`: {problem} ({})",
                    fact.source
                ),
            );
        }
    }

    /// TILE006 where `op` (`extract`, `insert`) is given other than one index per dimension
    /// of `of`, which has `dims`; the finding spans the indices written.
    fn one_index_per_dimension(
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
            &rules::TILE_OPERAND_COUNT,
            range,
            format!(
                "`{}` takes one index per dimension of {of}: {dims}, not {} ({})",
                fact.name,
                indices.len(),
                fact.source
            ),
        );
    }

    /// One index per source dimension; the result keeps the source's element type.
    fn extract_rules(&mut self, op: &Op, fact: &OpFact, bound: &Bound, effective: &Effective) {
        let Some(source) = effective.get("source") else {
            return;
        };
        let Some(shape) = source.ty.shape() else {
            return;
        };
        self.one_index_per_dimension(op, fact, bound, shape.len(), &format!("`{source}`"));
        if let Some(result) = effective.get("result") {
            let (from, to) = (source.ty.element(), result.ty.element());
            if let (Some(from), Some(to)) = (from, to) {
                if from != to && matches!(result.ty.as_ref(), Type::Tile { .. }) {
                    self.report(
                        &rules::TILE_OPERANDS_DISAGREE,
                        result.range,
                        format!("`extract` keeps the element type: the source is `{source}`, so the result is a tile of {from}, not `{result}` ({})", fact.source),
                    );
                }
            }
        }
    }

    /// One index per dimension; the source's element type is the destination's and each of
    /// its dimensions divides the destination's.
    fn insert_rules(&mut self, op: &Op, fact: &OpFact, bound: &Bound, effective: &Effective) {
        let (Some(source), Some(destination)) =
            (effective.get("source"), effective.get("destination"))
        else {
            return;
        };
        let (Some(from), Some(into)) = (source.ty.shape(), destination.ty.shape()) else {
            return;
        };
        self.one_index_per_dimension(op, fact, bound, into.len(), &format!("`{destination}`"));
        if fact.has_rule("same-element-type") {
            if let (Some(a), Some(b)) = (source.ty.element(), destination.ty.element()) {
                if a != b {
                    self.report(
                        &rules::TILE_OPERANDS_DISAGREE,
                        source.range,
                        format!("`insert` keeps the element type: the destination is `{destination}`, so the source is a tile of {b}, not `{source}`"),
                    );
                    return;
                }
            }
        }
        if !fact.has_rule("divisible-shape") || from.len() != into.len() {
            return; // a rank mismatch is the traits' (AllRanksMatch)
        }
        let uneven = from
            .iter()
            .zip(into)
            .enumerate()
            .find(|(_, (&f, &d))| f > 0 && d >= 0 && d % f != 0);
        if let Some((i, (f, d))) = uneven {
            self.report(
                &rules::TILE_OPERANDS_DISAGREE,
                source.range,
                format!("`insert` writes whole slices: dimension {i} of the source ({f}) must divide the destination's ({d}) evenly; `{source}` into `{destination}` ({})", fact.source),
            );
        }
    }

    /// One result and one identity per operand (op-reduce.md, op-scan.md).
    fn reduction_counts(&mut self, op: &Op, fact: &OpFact, bound: &Bound) {
        let operands = bound.operands.get("operands").map_or(0, Vec::len);
        if operands == 0 {
            return;
        }
        self.expect_result_names(op, operands, |results| {
            format!(
                "`{}` has one result per operand: {operands} operand(s), so {operands} result(s), not {results} ({})",
                fact.name, fact.source
            )
        });
        if let Some(identities) = bound.attrs.get("identities") {
            let text = &self.source[identities.range.start..identities.range.end];
            if let Some(count) = list_length(text) {
                if count != operands {
                    self.report(
                        &rules::TILE_OPERAND_COUNT,
                        identities.range,
                        format!(
                            "`{}` takes one identity per operand: {operands} operand(s), but {count} identit{} ({})",
                            fact.name,
                            if count == 1 { "y" } else { "ies" },
                            fact.source
                        ),
                    );
                }
            }
        }
    }
}

/// The number of entries of a bracketed list `[a : f32, b : f32]` (commas at depth 1); None
/// when `text` is not one.
fn list_length(text: &str) -> Option<usize> {
    let inner = text.trim().strip_prefix('[')?.strip_suffix(']')?;
    if inner.trim().is_empty() {
        return Some(0);
    }
    let mut depth = 0i32;
    let mut count = 1;
    for c in inner.chars() {
        match c {
            '[' | '(' | '<' | '{' => depth += 1,
            ']' | ')' | '>' | '}' => depth -= 1,
            ',' if depth == 0 => count += 1,
            _ => {}
        }
    }
    Some(count)
}

#[cfg(test)]
mod tests {
    use super::list_length;

    #[test]
    fn list_length_counts_top_level_entries() {
        assert_eq!(list_length("[0.0 : f32, 1 : i32]"), Some(2));
        assert_eq!(list_length("[0.0 : f32]"), Some(1));
        assert_eq!(list_length("[]"), Some(0));
        assert_eq!(list_length("[<f32: [1.0, 2.0]>]"), Some(1));
        assert_eq!(list_length("0.0"), None);
    }
}
