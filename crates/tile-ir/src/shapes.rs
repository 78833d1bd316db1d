//! Shape rules of the layout and reduction ops that the spec-db states as `[[op.rule]]`s:
//! broadcast's size-1 growth, extract's index count and element type, and reduce/scan's
//! counts of operands, results and identities (op-broadcast.md, op-extract.md, op-reduce.md,
//! op-scan.md). Counts are TILE006, shapes or types that must agree TILE008.

use super::ast::{Form, Op};
use super::bind::Bound;
use super::checker::{Checker, Effective};
use super::lex::Kind;
use super::rules::{tile_operand_count, tile_operands_disagree};
use super::types::{TypeProblem, TypeReader};
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
            let element = tile_operands_disagree::extract_element(fact, source, result);
            self.diagnostics.extend(element);
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
        if let Some(d) = tile_operands_disagree::insert_element(fact, source, destination) {
            self.diagnostics.push(d);
            return;
        }
        let shapes = (from, into);
        let slices = tile_operands_disagree::insert_slices(fact, source, destination, shapes);
        self.diagnostics.extend(slices);
    }

    /// One result and one identity per operand (op-reduce.md, op-scan.md).
    fn reduction_counts(&mut self, op: &Op, fact: &OpFact, bound: &Bound) {
        let operands = bound.operands.get("operands").map_or(0, Vec::len);
        if operands == 0 {
            return;
        }
        self.one_result_per_operand(op, fact, operands);
        if let Some(identities) = bound.attrs.get("identities") {
            let text = &self.source[identities.range.start..identities.range.end];
            if let Some(count) = list_length(text) {
                let counts = (operands, count);
                let d = tile_operand_count::identities(fact, counts, identities.range);
                self.diagnostics.extend(d);
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
