//! Rules from op descriptions that the spec-db's tables do not carry: each is an `[[op.rule]]`
//! of the spec-db, and the check looks its id up so that data and code stay in step.

use super::ast::{Form, Op};
use super::bind::Bound;
use super::checker::{Checker, Effective};
use super::lex::Kind;
use super::rules::{
    tile_misplaced_op, tile_modifier_not_allowed, tile_operands_disagree, tile_type_not_allowed,
};
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
        let bits = |name: &str| self.element_bits(effective, name);
        let widths = (bits("from"), bits("to"));
        if let (Some(from), Some(to)) = widths {
            let width = tile_type_not_allowed::integer_width(op, fact, effective, (from, to));
            self.diagnostics.extend(width);
        }
        let floor = tile_modifier_not_allowed::divi_unsigned_floor(fact, bound);
        self.diagnostics.extend(floor);
        self.element_targets(op, fact, effective);
        self.atomic_rules(fact, bound, effective);
        self.views_in_control_flow(op, fact);
        if fact.name != "mmaf" && fact.name != "ftof" {
            // mmaf's table is checked with its shapes (check_mma), ftof's with its rounding.
            self.check_combinations(op, fact, bound, effective);
        }
        if fact.name == "ftof" {
            self.ftof_rules(op, fact, bound, effective);
        }
        self.bitcast_itof_iota(fact, effective);
        if fact.name == "print_tko" && fact.has_rule("format-arg-count") {
            self.print_format(bound);
        }
        let dim_ok = !fact.has_rule("dim-in-range") || self.dim_in_range(fact, bound, effective);
        if fact.name == "cat" && dim_ok {
            self.cat_rules(op, fact, bound, effective);
        }
        let count = tile_operands_disagree::reshape_element_count(fact, effective);
        self.diagnostics.extend(count);
        if fact.name == "entry" && op.form != Form::Generic {
            self.entry_name(op);
        }
        if fact.name == "return" && fact.has_rule("entry-no-values") && !op.body.is_empty() {
            let parent = op.parent.map(|p| self.file.ops[p].name.as_str());
            let has_values = op.body.iter().any(|&t| self.file.kind(t) == Kind::Value);
            let values = tile_misplaced_op::values_returned_from_entry(op, parent, has_values);
            self.diagnostics.extend(values);
        }
    }
}
