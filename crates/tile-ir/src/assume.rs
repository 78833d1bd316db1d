//! The predicate of `assume` (`div_by`, `same_elements`, `bounded`), read from the op's tokens:
//! its syntax (TILE001) here; which values it may describe (TILE007) and the limits on its
//! parameters (TILE017) are judged in those rules' files. Facts: `spec-db/tile-ir/assume.toml`.

use super::assume_terms::Int;
use super::ast::Op;
use super::bind::Bound;
use super::checker::Checker;
use super::lex::Kind;
use super::rules::{tile_invalid_attribute, tile_syntax_error, tile_type_not_allowed};
use super::types::{Type, TypeRef};
use speclint_base::diagnostic::Diagnostic;
use speclint_base::text::TextRange;
use speclint_spec_db::tile_ir_model::AssumePredicate;

/// The kind of value a predicate describes, as `applies_to` in spec-db names it.
fn value_kind(ty: &Type) -> Option<&'static str> {
    match ty {
        Type::Tile { elem, .. } => match elem.as_ref() {
            Type::Ptr(_) => Some("pointer-tile"),
            Type::Elem(name) => {
                let db = speclint_spec_db::tile_ir::db();
                (db.element_type(name)?.kind == "int").then_some("integer-tile")
            }
            _ => None,
        },
        Type::TensorView { .. } => Some("tensor_view"),
        _ => None,
    }
}

/// Reads a predicate's parameters from the op's body tokens, at `at` (just after `<`).
struct Reader<'c, 'a> {
    checker: &'c Checker<'a>,
    body: &'c [u32],
    at: usize,
    /// The index of the predicate's closing `>`.
    close: usize,
}

impl Reader<'_, '_> {
    fn text(&self, at: usize) -> &str {
        self.body
            .get(at)
            .map_or("", |&t| self.checker.file.text(self.checker.source, t))
    }

    fn kind(&self, at: usize) -> Option<Kind> {
        self.body.get(at).map(|&t| self.checker.file.kind(t))
    }

    fn range(&self, at: usize) -> TextRange {
        self.checker.file.range(self.body[at.min(self.close)])
    }

    fn punct(&self, p: &str) -> bool {
        self.at < self.close && self.kind(self.at) == Some(Kind::Punct) && self.text(self.at) == p
    }

    fn eat(&mut self, p: &str) -> bool {
        let found = self.punct(p);
        self.at += usize::from(found);
        found
    }

    fn word(&mut self, word: &str) -> bool {
        let found = self.at < self.close
            && self.kind(self.at) == Some(Kind::Ident)
            && self.text(self.at) == word;
        self.at += usize::from(found);
        found
    }

    /// `N` or `-N` (decimal or hexadecimal).
    fn int(&mut self) -> Option<Int> {
        let start = self.at;
        let negative = self.eat("-");
        if self.at >= self.close || self.kind(self.at) != Some(Kind::Integer) {
            self.at = start;
            return None;
        }
        let text = self.text(self.at);
        let magnitude = match text.strip_prefix("0x").or_else(|| text.strip_prefix("0X")) {
            Some(hex) => i128::from_str_radix(hex, 16).ok(),
            None => text.parse::<i128>().ok(),
        };
        let range = TextRange::new(self.range(start).start, self.range(self.at).end);
        self.at += 1;
        Some(Int {
            value: magnitude.map(|m| if negative { -m } else { m }),
            range,
        })
    }

    /// Where a syntax problem is: the token found, or the closing `>`.
    fn here(&self) -> TextRange {
        self.range(self.at)
    }
}

impl<'a> Checker<'a> {
    /// The checks on `assume`'s predicate (a hook of `check_op`).
    pub(super) fn check_assume(&mut self, op: &Op, bound: &Bound, value: Option<&TypeRef>) {
        let Some(written) = bound.attrs.get("predicate") else {
            return;
        };
        let Some(start) = op
            .body
            .iter()
            .position(|&t| self.file.range(t).start == written.range.start)
        else {
            return;
        };
        let keyword = self.file.text(self.source, op.body[start]);
        let keyword_range = self.file.range(op.body[start]);
        let name = keyword.strip_prefix("#cuda_tile.").unwrap_or(keyword);
        let db = self.db;
        let Some(predicate) = db.assume_predicate(name) else {
            // `#foo<…>` of another dialect, or a misspelt predicate.
            let names = db.assume_predicates.iter().map(|p| p.name.as_str());
            let unknown = (keyword, name, keyword_range);
            let d = tile_invalid_attribute::unknown_predicate(unknown, names);
            self.diagnostics.push(d);
            return;
        };
        let open = start + 1;
        let opens = op.body.get(open).is_some_and(|&t| {
            self.file.kind(t) == Kind::Punct && self.file.text(self.source, t) == "<"
        });
        if !opens {
            let d = tile_syntax_error::predicate_parameters(name, predicate, keyword_range);
            self.diagnostics.push(d);
            return;
        }
        let close = self.closing(op, open);
        let mut reader = Reader {
            checker: self,
            body: &op.body,
            at: open + 1,
            close,
        };
        let findings = match name {
            "div_by" => div_by(&mut reader, predicate, value),
            "same_elements" => same_elements(&mut reader, predicate, value),
            _ => bounded(&mut reader, predicate, value),
        };
        if let Some(value) = value {
            let kind = value_kind(&value.ty);
            let described = (name, predicate, kind);
            let d = tile_type_not_allowed::assume_value(described, value, keyword_range);
            self.diagnostics.extend(d);
        }
        self.diagnostics.extend(findings);
    }
}

/// A problem with the predicate's syntax: its reader stops there.
fn syntax(range: TextRange, message: String) -> Vec<Diagnostic> {
    vec![tile_syntax_error::at(range, message)]
}

/// `div_by<DIVISOR>` or `div_by<DIVISOR, every N along DIM>`.
fn div_by(r: &mut Reader, predicate: &AssumePredicate, ty: Option<&TypeRef>) -> Vec<Diagnostic> {
    let Some(divisor) = r.int() else {
        return syntax(
            r.here(),
            format!("`div_by` expects a divisor: {}", predicate.syntax),
        );
    };
    let mut groups = None;
    if r.eat(",") {
        let every_at = r.at;
        let (true, Some(every), true, Some(along)) =
            (r.word("every"), r.int(), r.word("along"), r.int())
        else {
            return syntax(
                r.here(),
                "`div_by` expects `every N along DIM` after the divisor's `,` (the two go together)"
                    .to_string(),
            );
        };
        groups = Some((r.range(every_at), every, along));
    }
    if r.at != r.close {
        return syntax(
            r.here(),
            format!("`div_by` expects `>` here: {}", predicate.syntax),
        );
    }

    tile_invalid_attribute::div_by(predicate, &divisor, groups, ty)
}

/// `same_elements<[C0, C1, …]>`.
fn same_elements(
    r: &mut Reader,
    predicate: &AssumePredicate,
    ty: Option<&TypeRef>,
) -> Vec<Diagnostic> {
    let open = r.at;
    if !r.eat("[") {
        return syntax(
            r.here(),
            format!(
                "`same_elements` expects a list of group sizes: {}",
                predicate.syntax
            ),
        );
    }
    let mut values = Vec::new();
    if !r.punct("]") {
        loop {
            let Some(v) = r.int() else {
                return syntax(
                    r.here(),
                    "`same_elements` expects an integer group size here".to_string(),
                );
            };
            values.push(v);
            if !r.eat(",") {
                break;
            }
        }
    }
    let close_list = r.at;
    if !r.eat("]") || r.at != r.close {
        return syntax(
            r.here(),
            format!("`same_elements` expects `]>` here: {}", predicate.syntax),
        );
    }
    let list = TextRange::new(r.range(open).start, r.range(close_list).end);
    tile_invalid_attribute::same_elements(&values, list, ty)
}

/// A bound: `N`, `-N` or `?` (Ok(None)); Err when it is neither.
fn bound(r: &mut Reader) -> Result<Option<Int>, ()> {
    if r.eat("?") {
        return Ok(None);
    }
    r.int().map(Some).ok_or(())
}

/// `bounded<LOWER, UPPER>`, either bound `?`.
fn bounded(r: &mut Reader, predicate: &AssumePredicate, ty: Option<&TypeRef>) -> Vec<Diagnostic> {
    let Ok(lower) = bound(r) else {
        return syntax(
            r.here(),
            format!(
                "`bounded` expects a lower bound or `?`: {}",
                predicate.syntax
            ),
        );
    };
    if !r.eat(",") {
        return syntax(
            r.here(),
            format!(
                "`bounded` expects `,` and an upper bound: {}",
                predicate.syntax
            ),
        );
    }
    let Ok(upper) = bound(r) else {
        return syntax(
            r.here(),
            format!(
                "`bounded` expects an upper bound or `?`: {}",
                predicate.syntax
            ),
        );
    };
    if r.at != r.close {
        return syntax(
            r.here(),
            format!("`bounded` expects `>` here: {}", predicate.syntax),
        );
    }
    tile_invalid_attribute::bounded(lower, upper, ty)
}
