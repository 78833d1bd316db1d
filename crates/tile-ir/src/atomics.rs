//! Rules of the atomics that their definitions leave to the description: for `atomic_rmw_tko`
//! and `atomic_cas_tko` the pointee type against the value operand, the mask's shape and the
//! element types `atomic_cas_tko` takes; for `atomic_red_view_tko` the view kind, the value
//! against the view's tile and the indices. Each is an `[[op.rule]]` of the spec-db.

use super::bind::Bound;
use super::checker::{Checker, Effective};
use super::rules::{tile_operand_count, tile_operands_disagree, tile_type_not_allowed};
use super::types::Type;
use speclint_spec_db::tile_ir_model::Op as OpFact;

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
            let range = at(value, written.range);
            let cas = tile_type_not_allowed::atomic_cas_element(fact, element, range, &source);
            self.diagnostics.extend(cas);
            let pointed = (pointee, value, element);
            let pointee = tile_operands_disagree::atomic_pointee(fact, pointed, range, &source);
            self.diagnostics.extend(pointee);
        }
        if let Some(mask) = effective.get("mask") {
            let range = at("mask", mask.range);
            let shape =
                tile_operands_disagree::atomic_mask_shape(fact, pointers, mask, range, &source);
            self.diagnostics.extend(shape);
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
        if let Some(d) = tile_type_not_allowed::atomic_view_kind(fact, *kind, view_range, source) {
            self.diagnostics.push(d);
            return;
        }
        if let Some(value) = effective.get("value") {
            let range = bound
                .operands
                .get("value")
                .and_then(|v| v.first())
                .map_or(value.range, |&t| self.file.range(t));
            let into = (view, tile.as_slice(), *elem);
            let value = tile_operands_disagree::atomic_view_value(fact, value, into, range, source);
            self.diagnostics.extend(value);
        }
        let indices = bound.operands.get("index").cloned().unwrap_or_default();
        let count = (tile.len(), indices.len());
        let count = tile_operand_count::atomic_view_indices(fact, view, count, view_range, source);
        self.diagnostics.extend(count);
        if fact.has_rule("index-scalar") {
            for token in indices {
                let Some(ty) = self.value_type(token) else {
                    continue;
                };
                let name = self.file.text(self.source, token);
                let index = (name, self.file.range(token), &ty);
                let scalar = tile_type_not_allowed::atomic_view_index(index, source);
                self.diagnostics.extend(scalar);
            }
        }
    }
}
