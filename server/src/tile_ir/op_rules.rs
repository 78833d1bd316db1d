//! Rules from op descriptions that the spec-db's tables do not carry: each is an `[[op.rule]]`
//! of the spec-db, and the check looks its id up so that data and code stay in step.

use super::ast::Op;
use super::bind::Bound;
use super::check::{Checker, Effective};
use super::lex::Kind;
use crate::core::rules;
use speclint_spec_db::tile_ir_model::Op as OpFact;

impl Checker<'_> {
    /// Rules from op descriptions that the tables do not carry (each is an `[[op.rule]]` in the
    /// spec-db; the id is checked so data and code stay in step).
    pub(super) fn op_rules(
        &mut self,
        op: &Op,
        fact: &OpFact,
        bound: &Bound,
        effective: &Effective,
    ) {
        let has_rule = |id: &str| fact.rule.iter().any(|r| r.id == id);
        let bits = |name: &str| {
            effective
                .get(name)
                .and_then(|t| t.ty.element())
                .and_then(|e| self.db.element_type(e))
                .map(|e| e.bits)
        };
        let widths = (bits("from"), bits("to"));
        if let (Some(from), Some(to)) = widths {
            let wrong = match fact.name.as_str() {
                "exti" if has_rule("wider-result") => to <= from,
                "trunci" if has_rule("narrower-result") => to >= from,
                _ => false,
            };
            if wrong {
                let range = effective.get("to").map_or(op.name_range, |t| t.range);
                self.report(
                    &rules::TILE_TYPE_NOT_ALLOWED,
                    range,
                    format!(
                        "`{}` must make the integer {} ({from} bits to {to} bits)",
                        fact.name,
                        if fact.name == "exti" {
                            "wider"
                        } else {
                            "narrower"
                        }
                    ),
                );
            }
        }
        let attr = |name: &str| bound.attrs.get(name).map(|a| a.keyword.as_str());
        if fact.name == "divi"
            && has_rule("no-unsigned-floor")
            && attr("signedness") == Some("unsigned")
            && attr("rounding") == Some("negative_inf")
        {
            let range = bound.attrs["rounding"].range;
            self.report(
                &rules::TILE_MODIFIER_NOT_ALLOWED,
                range,
                "`divi` does not allow `rounding<negative_inf>` with `unsigned` operands (op-divi.md); use `zero` or `positive_inf`".into(),
            );
        }
        if fact.name == "ftof" && has_rule("rounding-by-result-type") {
            let to = effective.get("to").and_then(|t| t.ty.element());
            if let Some(rounding) = bound.attrs.get("rounding_mode") {
                if rounding.keyword != "nearest_even" && to.is_some_and(|t| t != "f8E8M0FNU") {
                    self.report(
                        &rules::TILE_MODIFIER_NOT_ALLOWED,
                        rounding.range,
                        format!(
                            "`ftof` to {} rounds only with `nearest_even`; `{}` is for conversions to f8E8M0FNU (op-ftof.md)",
                            to.unwrap_or("?"),
                            rounding.keyword
                        ),
                    );
                }
            }
        }
        if fact.name == "return" && has_rule("entry-no-values") && !op.body.is_empty() {
            let parent = op.parent.map(|p| self.file.ops[p].name.as_str());
            if parent == Some("entry") && op.body.iter().any(|&t| self.file.kind(t) == Kind::Value)
            {
                self.report(
                    &rules::TILE_PLACEMENT,
                    op.name_range,
                    "`return` in an entry takes no values: a kernel returns nothing (op-return.md)"
                        .into(),
                );
            }
        }
    }
}
