//! `get_tensor_shape` and `get_index_space_shape`: one result per dimension of the tensor_view
//! or of the view's index space, each a rank-0 integer tile (op-get_tensor_shape.md,
//! op-get_index_space_shape.md).

use super::ast::{Form, Op};
use super::bind::Bound;
use super::check::{violates, Checker, Effective};
use super::rules;
use super::types::{Type, ViewKind};
use crate::core::text::TextRange;
use speclint_spec_db::tile_ir_model::Op as OpFact;

impl Checker<'_> {
    pub(super) fn shape_query_results(
        &mut self,
        op: &Op,
        fact: &OpFact,
        bound: &Bound,
        effective: &Effective,
    ) {
        if !matches!(
            fact.name.as_str(),
            "get_tensor_shape" | "get_index_space_shape"
        ) || !fact.rule.iter().any(|r| r.id == "result-count")
        {
            return;
        }
        let Some(result) = fact.result.first() else {
            return;
        };
        // The pretty form writes one type for all results (not bound by the format); the
        // generic form's result types are bound, and the first is checked with the others.
        if op.form != Form::Generic && !bound.types.contains_key(result.name.as_str()) {
            let body = op.body.clone();
            for ty in self.types_after_arrow(&body) {
                if let Some(problem) = violates(&result.type_expr, &ty.ty) {
                    self.report(
                        &rules::TILE_TYPE_NOT_ALLOWED,
                        ty.range,
                        format!(
                            "the results of `{}` must be rank-0 integer tiles (i1, i8, i16, i32, i64), not `{ty}`: {problem}",
                            fact.name
                        ),
                    );
                }
            }
        }
        let named: usize = op.results.iter().map(|r| r.count).sum();
        let Some(src) = effective.get("src") else {
            return;
        };
        let (rank, of) = match src.ty.as_ref() {
            Type::TensorView { rank, .. } => (*rank, "dimension of the tensor_view"),
            Type::View {
                kind: ViewKind::Partition | ViewKind::Strided,
                tile,
                ..
            } => (tile.len(), "dimension of the view's index space"),
            _ => return,
        };
        if named == 0 || named == rank {
            return;
        }
        let range = TextRange::new(
            op.results[0].range.start,
            op.results[op.results.len() - 1].range.end,
        );
        self.report(
            &rules::TILE_COUNT,
            range,
            format!(
                "`{}` of `{src}` has {rank} result(s), one per {of}, but {named} name(s) are bound (op-{}.md)",
                fact.name, fact.name
            ),
        );
    }
}
