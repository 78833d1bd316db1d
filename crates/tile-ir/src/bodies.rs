//! What kernel signatures may hold: an entry takes rank-0 tiles and returns nothing.

use super::ast::Op;
use super::checker::{Checker, DefKind};
use super::lex::Kind;
use super::rules::{tile_misplaced_op, tile_type_not_allowed};
use super::types::TypeRef;
use speclint_base::text::TextRange;
use speclint_spec_db::tile_ir_model::Op as OpFact;

impl<'a> Checker<'a> {
    /// An entry's arguments are rank-0 tiles (numbers or pointers), and it returns nothing.
    pub(super) fn entry_signature(
        &mut self,
        op: &Op,
        fact: &OpFact,
        arguments: &[(&'a str, TextRange, Option<TypeRef>, DefKind)],
    ) {
        if fact.has_rule("scalar-arguments") {
            for (name, _, ty, _) in arguments {
                let Some(ty) = ty else { continue };
                let argument = tile_type_not_allowed::entry_argument(name, ty);
                self.diagnostics.extend(argument);
            }
        }
        if fact.has_rule("no-results") {
            let arrow = op
                .body
                .iter()
                .position(|&t| self.file.kind(t) == Kind::Arrow);
            if let Some(arrow) = arrow {
                let results = self.types_after_arrow(&op.body);
                let end = results
                    .last()
                    .map_or(self.file.range(op.body[arrow]).end, |t| t.range.end);
                let range = TextRange::new(self.file.range(op.body[arrow]).start, end);
                self.diagnostics
                    .push(tile_misplaced_op::entry_results(range));
            }
        }
    }
}
