//! Rules of the pointer atomics (`atomic_rmw_tko`, `atomic_cas_tko`) that their definitions
//! leave to the description: the pointee type against the value operand, the mask's shape, and
//! the element types `atomic_cas_tko` takes. Each is an `[[op.rule]]` of the spec-db.

use super::bind::Bound;
use super::check::{Checker, Effective};
use super::rules;
use super::types::Type;
use speclint_spec_db::tile_ir_model::Op as OpFact;

/// The element types `atomic_cas_tko` compares and swaps (op-atomic_cas_tko.md).
const CAS_ELEMENTS: [&str; 4] = ["i32", "i64", "f32", "f64"];

impl Checker<'_> {
    pub(super) fn atomic_rules(&mut self, fact: &OpFact, bound: &Bound, effective: &Effective) {
        let value = match fact.name.as_str() {
            "atomic_rmw_tko" => "arg",
            "atomic_cas_tko" => "val",
            _ => return,
        };
        let has_rule = |id: &str| fact.rule.iter().any(|r| r.id == id);
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
            if has_rule("element-types") {
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
            if let (true, Some(p), Some(e)) = (has_rule("pointee-matches"), pointee, element) {
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
        if let (true, Some(mask)) = (has_rule("mask-shape"), effective.get("mask")) {
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
}
