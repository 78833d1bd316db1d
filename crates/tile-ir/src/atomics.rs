//! Rules of the atomics that their definitions leave to the description: for `atomic_rmw_tko`
//! and `atomic_cas_tko` the pointee type against the value operand, the mask's shape and the
//! element types `atomic_cas_tko` takes; for `atomic_red_view_tko` the view kind, the value
//! against the view's tile and the indices. Each is an `[[op.rule]]` of the spec-db.

use super::bind::Bound;
use super::check::{Checker, Effective};
use super::rules;
use super::types::{Type, ViewKind};
use speclint_spec_db::tile_ir_model::Op as OpFact;

/// The element types `atomic_cas_tko` compares and swaps (op-atomic_cas_tko.md).
const CAS_ELEMENTS: [&str; 4] = ["i32", "i64", "f32", "f64"];

impl Checker<'_> {
    pub(super) fn atomic_rules(&mut self, fact: &OpFact, bound: &Bound, effective: &Effective) {
        let value = match fact.name.as_str() {
            "atomic_rmw_tko" => "arg",
            "atomic_cas_tko" => "val",
            "atomic_red_view_tko" => return self.atomic_red_view(fact, bound, effective),
            _ => return,
        };
        let source = format!("op-{}.md", fact.name);
        // Reported at the operand where it is written (its type may be on a later line).
        let at = |name: &str, fallback| {
            bound
                .operands
                .get(name)
                .and_then(|v| v.first())
                .map_or(fallback, |&t| self.file.range(t))
        };
        let Some(pointers) = effective.get("pointers") else {
            return;
        };
        let pointee = match pointers.ty.as_ref() {
            Type::Tile { elem, .. } => match elem.as_ref() {
                Type::Ptr(p) => match p.as_ref() {
                    Type::Elem(e) => Some(*e),
                    _ => None,
                },
                _ => None,
            },
            _ => None,
        };
        if let Some(written) = effective.get(value) {
            let element = written.ty.element().filter(|&e| e != "ptr");
            if fact.has_rule("element-types") {
                if let Some(e) = element.filter(|e| !CAS_ELEMENTS.contains(e)) {
                    let range = at(value, written.range);
                    self.report(
                        &rules::TILE_TYPE_NOT_ALLOWED,
                        range,
                        format!(
                            "`{}` takes elements of 32 or 64 bits (i32, i64, f32, f64), not {e} ({source})",
                            fact.name
                        ),
                    );
                }
            }
            if let (true, Some(p), Some(e)) = (fact.has_rule("pointee-matches"), pointee, element) {
                if p != e {
                    let range = at(value, written.range);
                    self.report(
                        &rules::TILE_OPERANDS_DISAGREE,
                        range,
                        format!(
                            "`{}`: the pointers point to {p}, but `{value}` has elements of {e}; they must be the same type ({source})",
                            fact.name
                        ),
                    );
                }
            }
        }
        if let (true, Some(mask)) = (fact.has_rule("mask-shape"), effective.get("mask")) {
            if let (Some(a), Some(b)) = (pointers.ty.shape(), mask.ty.shape()) {
                let differ =
                    a.len() != b.len() || a.iter().zip(b).any(|(&x, &y)| x > 0 && y > 0 && x != y);
                if differ {
                    let range = at("mask", mask.range);
                    self.report(
                        &rules::TILE_OPERANDS_DISAGREE,
                        range,
                        format!(
                            "`{}`: the mask must have the shape of the pointers: `pointers` is `{pointers}`, `mask` is `{mask}` ({source})",
                            fact.name
                        ),
                    );
                }
            }
        }
    }

    /// atomic_red_view_tko: a partition or strided view; the value has the view's element type
    /// and tile shape; one rank-0 integer index per dimension of the view's index space.
    fn atomic_red_view(&mut self, fact: &OpFact, bound: &Bound, effective: &Effective) {
        let source = "op-atomic_red_view_tko.md";
        let Some(view) = effective.get("view") else {
            return;
        };
        let Type::View {
            kind, tile, elem, ..
        } = view.ty.as_ref()
        else {
            return;
        };
        let view_range = bound
            .operands
            .get("view")
            .and_then(|v| v.first())
            .map_or(view.range, |&t| self.file.range(t));
        if fact.has_rule("view-kind") && *kind == ViewKind::GatherScatter {
            self.report(
                &rules::TILE_TYPE_NOT_ALLOWED,
                view_range,
                format!(
                    "`atomic_red_view_tko` reduces into a partition_view or strided_view, not a gather_scatter_view ({source})"
                ),
            );
            return;
        }
        if let (true, Some(value)) = (fact.has_rule("value-matches-view"), effective.get("value")) {
            if let Type::Tile { shape, .. } = value.ty.as_ref() {
                let element = value.ty.element().filter(|&e| e != "ptr");
                let elem_differs = element.is_some_and(|e| *elem != "?" && e != *elem);
                let shape_differs = shape.len() != tile.len()
                    || shape
                        .iter()
                        .zip(tile)
                        .any(|(&a, &b)| a > 0 && b > 0 && a != b);
                if elem_differs || shape_differs {
                    let range = bound
                        .operands
                        .get("value")
                        .and_then(|v| v.first())
                        .map_or(value.range, |&t| self.file.range(t));
                    self.report(
                        &rules::TILE_OPERANDS_DISAGREE,
                        range,
                        format!(
                            "`atomic_red_view_tko`: the value must be a tile of the view's tile shape and element type: `value` is `{value}`, the view `{view}` has tiles of {}x{elem} ({source})",
                            tile.iter().map(|d| d.to_string()).collect::<Vec<_>>().join("x")
                        ),
                    );
                }
            }
        }
        let indices = bound.operands.get("index").cloned().unwrap_or_default();
        if fact.has_rule("index-count") && indices.len() != tile.len() {
            self.report(
                &rules::TILE_OPERAND_COUNT,
                view_range,
                format!(
                    "`atomic_red_view_tko` into `{view}` takes {} indices, one per dimension of the view's index space, but {} are written ({source})",
                    tile.len(),
                    indices.len()
                ),
            );
        }
        if fact.has_rule("index-scalar") {
            for token in indices {
                let Some(ty) = self.value_type(token) else {
                    continue;
                };
                if let Some(shape) = ty.ty.shape().filter(|s| !s.is_empty()) {
                    let name = self.file.text(self.source, token).to_string();
                    self.report(
                        &rules::TILE_TYPE_NOT_ALLOWED,
                        self.file.range(token),
                        format!(
                            "an index of `atomic_red_view_tko` is a rank-0 integer tile; `{name}` is `{ty}` (rank {}) ({source})",
                            shape.len()
                        ),
                    );
                }
            }
        }
    }
}
