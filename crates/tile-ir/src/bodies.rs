//! What kernel signatures and the bodies of `reduce` / `scan` may hold: ops with side effects
//! stay out of reduction bodies, and an entry takes rank-0 tiles and returns nothing.

use super::ast::{Op, OpId};
use super::check::{Checker, DefKind};
use super::lex::Kind;
use super::rules;
use super::types::{Type, TypeRef};
use speclint_base::diagnostic::{Diagnostic, Severity};
use speclint_base::text::TextRange;
use speclint_spec_db::tile_ir_model::Op as OpFact;

impl<'a> Checker<'a> {
    /// An op inside the body of a `reduce` or `scan` (at any depth) must be `Pure`: the body
    /// is run in an order the compiler chooses, as often as it chooses.
    pub(super) fn pure_in_reduction(&mut self, op: &Op, fact: &OpFact, ancestors: &[OpId]) {
        if fact.traits.iter().any(|t| t == "Pure") {
            return;
        }
        let file = self.file;
        let db = self.db;
        let reduction = ancestors.iter().rev().find_map(|&a| {
            let name = file.ops[a].name.as_str();
            let fact = db.op(name)?;
            let pure_body = fact.rule.iter().any(|r| r.id == "pure-body");
            (pure_body && !file.ops[a].foreign_dialect).then_some(name)
        });
        if let Some(parent) = reduction {
            self.report(
                &rules::TILE_MISPLACED_OP,
                op.name_range,
                format!(
                    "the body of `{parent}` may hold only pure ops, and `{}` is not (it has side effects or may trap) (op-{parent}.md); move it out of the body",
                    op.name
                ),
            );
        }
    }

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
                let problem = match ty.ty.as_ref() {
                    Type::Tile { shape, .. } if shape.is_empty() => continue,
                    Type::Tile { .. } => "a tile with a shape; pass a pointer (`tile<ptr<f32>>`) and load from it, or make a view inside the kernel",
                    Type::TensorView { .. } | Type::View { .. } | Type::Token => {
                        self.argument_bytecode_cannot_hold(name, ty);
                        continue;
                    }
                    Type::Elem(_) | Type::Ptr(_) => "not a tile; wrap it: `tile<…>`",
                    Type::Other => continue, // not a Tile IR type: reported as TILE015
                };
                self.report(
                    &rules::TILE_TYPE_NOT_ALLOWED,
                    ty.range,
                    format!("entry argument `{name}` must be a rank-0 tile (a number or a pointer), but `{ty}` is {problem}"),
                );
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
                self.report(
                    &rules::TILE_MISPLACED_OP,
                    TextRange::new(self.file.range(op.body[arrow]).start, end),
                    "an entry returns nothing: a kernel writes its results through pointers (op-entry.md); remove the result types".into(),
                );
            }
        }
    }

    /// A view or token argument: the dialect's verifier accepts it (its check is on tiles'
    /// rank), but the bytecode reader of tileiras refuses any entry argument that is not a
    /// rank-0 tile, so the kernel cannot be compiled: a warning that names the tool.
    fn argument_bytecode_cannot_hold(&mut self, name: &str, ty: &TypeRef) {
        let what = match ty.ty.as_ref() {
            Type::Token => "a token (make it inside the kernel with `make_token`)",
            _ => "a view (pass a pointer, `tile<ptr<f32>>`, and sizes, and make the view inside the kernel with `make_tensor_view`)",
        };
        let mut diagnostic = Diagnostic::new(
            &rules::TILE_TYPE_NOT_ALLOWED,
            ty.range,
            format!("entry argument `{name}` is {what}: the cuda_tile verifier accepts it, but tileiras 13.5.37 rejects every entry argument that is not a rank-0 tile (\"unsupported type in bytecode for entry argument\")"),
        );
        diagnostic.severity = Severity::Warning;
        self.diagnostics.push(diagnostic);
    }
}
