//! Views cannot flow through control flow: the results of `if` and the loop-carried values and
//! results of `for` and `loop` may not be a tensor_view or a tile view (op-if.md, op-for.md,
//! op-loop.md, "additional restrictions"). Read from the written types of the custom form.

use super::ast::{Form, Op};
use super::checker::Checker;
use super::lex::Kind;
use super::rules::tile_type_not_allowed;
use super::types::TypeRef;
use speclint_spec_db::tile_ir_model::Op as OpFact;

impl Checker<'_> {
    pub(super) fn views_in_control_flow(&mut self, op: &Op, fact: &OpFact) {
        let rule = match fact.name.as_str() {
            "if" => "no-view-results",
            "for" | "loop" => "no-view-carried",
            _ => return,
        };
        if op.form == Form::Generic || !fact.rule.iter().any(|r| r.id == rule) {
            return;
        }
        let body = op.body.clone();
        // What each written type list is: `if … -> (R)`, `for … iter_values(…) -> (R)` (one
        // result per carried value), `loop iter_values(…) : C -> R`, `loop : R`.
        let mut lists: Vec<(&str, Vec<TypeRef>)> = Vec::new();
        match fact.name.as_str() {
            "if" => lists.push(("result", self.types_after_arrow(&body))),
            "for" => lists.push(("loop-carried value", self.types_after_arrow(&body))),
            _ => {
                let carried = body.iter().any(|&t| {
                    self.file.kind(t) == Kind::Ident
                        && self.file.text(self.source, t) == "iter_values"
                });
                let has_arrow = body.iter().any(|&t| self.file.kind(t) == Kind::Arrow);
                let after_colon = self.loop_carried_types(&body);
                if carried {
                    lists.push(("loop-carried value", after_colon));
                    if has_arrow {
                        lists.push(("result", self.types_after_arrow(&body)));
                    }
                } else {
                    lists.push(("result", after_colon));
                }
            }
        }
        let source = format!("op-{}.md", fact.name);
        for (what, types) in lists {
            for (index, ty) in types.iter().enumerate() {
                let carried = (what, index, ty);
                let view = tile_type_not_allowed::view_through_control_flow(fact, carried, &source);
                self.diagnostics.extend(view);
            }
        }
    }
}
