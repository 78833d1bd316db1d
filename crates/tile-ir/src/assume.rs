//! The predicate of `assume` (`div_by`, `same_elements`, `bounded`): which values it may
//! describe (TILE007) and the limits on its parameters (TILE017): a divisor that is a power of
//! two and not too large, groups (`every N along DIM`) within the tile's dimensions and never on
//! a 0-d tile or a tensor_view, one group size per dimension, bounds within the element type's
//! signed range and in order. Facts: `spec-db/tile-ir/assume.toml`.

use super::ast::Op;
use super::bind::Bound;
use super::check::Checker;
use super::lex::Kind;
use super::rules::{tile_invalid_attribute, tile_syntax_error, tile_type_not_allowed};
use super::types::{Type, TypeRef};
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

/// The kinds in words: "a tile of integers or a tile of pointers".
pub(super) fn describe_kinds(kinds: &[String]) -> String {
    let words: Vec<&str> = kinds
        .iter()
        .map(|k| match k.as_str() {
            "integer-tile" => "a tile of integers",
            "pointer-tile" => "a tile of pointers",
            "tensor_view" => "a tensor_view",
            other => other,
        })
        .collect();
    match words.as_slice() {
        [] => String::new(),
        [one] => one.to_string(),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
    }
}

/// An integer parameter as written: its value (None when it does not fit an i128) and where.
struct Int {
    value: Option<i128>,
    range: TextRange,
}

impl Int {
    fn text(&self) -> String {
        self.value
            .map_or_else(|| "it".to_string(), |v| v.to_string())
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
        for finding in findings {
            let d = match finding.kind {
                FindingKind::Syntax => tile_syntax_error::at(finding.range, finding.message),
                FindingKind::Value => {
                    tile_invalid_attribute::predicate_parameter(finding.range, finding.message)
                }
            };
            self.diagnostics.push(d);
        }
    }
}

enum FindingKind {
    Syntax,
    Value,
}

struct Finding {
    kind: FindingKind,
    range: TextRange,
    message: String,
}

fn syntax(range: TextRange, message: String) -> Vec<Finding> {
    vec![Finding {
        kind: FindingKind::Syntax,
        range,
        message,
    }]
}

fn value(range: TextRange, message: String) -> Finding {
    Finding {
        kind: FindingKind::Value,
        range,
        message,
    }
}

/// The tile's shape, when `value` is a tile.
fn tile_shape(value: Option<&TypeRef>) -> Option<&[i64]> {
    value.and_then(|v| v.ty.shape())
}

/// `div_by<DIVISOR>` or `div_by<DIVISOR, every N along DIM>`.
fn div_by(r: &mut Reader, predicate: &AssumePredicate, ty: Option<&TypeRef>) -> Vec<Finding> {
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

    let mut found = Vec::new();
    let max = predicate.max_divisor.map_or(i128::MAX, i128::from);
    let largest = if max.count_ones() == 1 {
        format!("{max} (2^{})", max.trailing_zeros())
    } else {
        max.to_string()
    };
    match divisor.value {
        Some(d) if d <= 0 || d & (d - 1) != 0 => found.push(value(
            divisor.range,
            format!("the divisor of `div_by` must be a positive power of two, not {d}"),
        )),
        Some(d) if d > max => found.push(value(
            divisor.range,
            format!("the divisor of `div_by` is too large: {d} is above the largest accepted, {largest}"),
        )),
        None => found.push(value(
            divisor.range,
            format!("the divisor of `div_by` is too large: at most {largest}"),
        )),
        Some(_) => {}
    }
    let Some((every_range, every, along)) = groups else {
        return found;
    };
    let Some(ty) = ty else {
        return found;
    };
    if matches!(ty.ty.as_ref(), Type::TensorView { .. }) {
        found.push(value(
            every_range,
            format!("`every`/`along` cannot be used when `div_by` describes a tensor_view (`{ty}`): the divisor applies to its base address"),
        ));
        return found;
    }
    let Some(shape) = tile_shape(Some(ty)) else {
        return found;
    };
    if shape.is_empty() {
        found.push(value(
            every_range,
            format!("`every`/`along` cannot be used when `div_by` describes a 0-d tile (`{ty}`)"),
        ));
        return found;
    }
    let rank = shape.len() as i128;
    let Some(dim) = along.value.filter(|&d| (0..rank).contains(&d)) else {
        found.push(value(
            along.range,
            format!(
                "`along` names a dimension of `{ty}`: from 0 to {}, not {}",
                rank - 1,
                along.text()
            ),
        ));
        return found;
    };
    let size = i128::from(shape[dim as usize]);
    if !every.value.is_some_and(|e| (0..=size).contains(&e)) {
        found.push(value(
            every.range,
            format!(
                "`every` must be from 0 to the size of dimension {dim} of `{ty}` ({size}), not {}",
                every.text()
            ),
        ));
    }
    found
}

/// `same_elements<[C0, C1, …]>`.
fn same_elements(
    r: &mut Reader,
    predicate: &AssumePredicate,
    ty: Option<&TypeRef>,
) -> Vec<Finding> {
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
    let Some(shape) = tile_shape(ty) else {
        return Vec::new();
    };
    let ty = ty.expect("a shape comes from a type");
    if values.len() != shape.len() {
        let list = TextRange::new(r.range(open).start, r.range(close_list).end);
        return vec![value(
            list,
            format!(
                "`same_elements` needs one group size per dimension of `{ty}` ({}), but has {}",
                shape.len(),
                values.len()
            ),
        )];
    }
    values
        .iter()
        .zip(shape)
        .enumerate()
        .filter(|(_, (v, &size))| !v.value.is_some_and(|v| (0..=i128::from(size)).contains(&v)))
        .map(|(dim, (v, size))| {
            value(
                v.range,
                format!(
                    "the group size for dimension {dim} must be from 0 to its size in `{ty}` ({size}), not {}",
                    v.text()
                ),
            )
        })
        .collect()
}

/// A bound: `N`, `-N` or `?` (Ok(None)); Err when it is neither.
fn bound(r: &mut Reader) -> Result<Option<Int>, ()> {
    if r.eat("?") {
        return Ok(None);
    }
    r.int().map(Some).ok_or(())
}

/// `bounded<LOWER, UPPER>`, either bound `?`.
fn bounded(r: &mut Reader, predicate: &AssumePredicate, ty: Option<&TypeRef>) -> Vec<Finding> {
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
    let bits = ty
        .and_then(|t| match t.ty.as_ref() {
            Type::Tile { elem, .. } => match elem.as_ref() {
                Type::Elem(name) => speclint_spec_db::tile_ir::db().element_type(name),
                _ => None,
            },
            _ => None,
        })
        .filter(|e| e.kind == "int")
        .map(|e| e.bits);
    let mut found = Vec::new();
    if let (Some(bits), Some(ty)) = (bits, ty) {
        let (min, max) = (-(1i128 << (bits - 1)), (1i128 << (bits - 1)) - 1);
        for (side, b) in [("lower", &lower), ("upper", &upper)] {
            let Some(b) = b else { continue };
            if !b.value.is_some_and(|v| (min..=max).contains(&v)) {
                found.push(value(
                    b.range,
                    format!(
                        "the {side} bound of `bounded` must be within the signed range of `{ty}`'s elements, [{min}, {max}], not {}",
                        b.text()
                    ),
                ));
            }
        }
    }
    if let (Some(l), Some(u)) = (&lower, &upper) {
        if let (Some(lv), Some(uv)) = (l.value, u.value) {
            if lv > uv {
                found.push(value(
                    l.range,
                    format!("the lower bound of `bounded` ({lv}) is above its upper bound ({uv})"),
                ));
            }
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use crate::{analyze, TileIrSettings};

    /// (code, the text the finding points at) for one `assume` line, in a module that makes
    /// `%i` a tile<4x8xi16>, `%p` a 0-d pointer tile and `%tv` a tensor_view.
    fn findings(line: &str) -> Vec<(&'static str, String)> {
        let text = format!(
            "cuda_tile.module @m {{\n  entry @k(%p: tile<ptr<f32>>, %n: tile<i32>) {{\n    %i = constant <i16: 0> : tile<4x8xi16>\n    %tv = make_tensor_view %p, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>\n    {line}\n    return\n  }}\n}}\n"
        );
        analyze(&text, &TileIrSettings::default(), false)
            .diagnostics
            .iter()
            .map(|d| (d.rule.code, text[d.range.start..d.range.end].to_string()))
            .collect()
    }

    fn one(code: &'static str, at: &str) -> Vec<(&'static str, String)> {
        vec![(code, at.to_string())]
    }

    #[test]
    fn valid_predicates_are_clean() {
        for line in [
            "%a = assume div_by<16, every 8 along 1>, %i : tile<4x8xi16>",
            "%a = assume div_by<4611686018427387904>, %tv : tensor_view<?xf32, strides=[1]>",
            "%a = assume #cuda_tile.same_elements<[4, 0]>, %i : tile<4x8xi16>",
            "%a = assume same_elements<[]>, %p : tile<ptr<f32>>",
            "%a = assume bounded<-32768, 32767>, %i : tile<4x8xi16>",
            "%a = assume bounded<?, ?>, %i : tile<4x8xi16>",
        ] {
            assert_eq!(findings(line), vec![], "{line}");
        }
    }

    #[test]
    fn each_finding_points_at_its_token() {
        let cases = [
            (
                "%a = assume div_by<24>, %i : tile<4x8xi16>",
                one("TILE017", "24"),
            ),
            (
                "%a = assume div_by<2, every 4 along 0>, %p : tile<ptr<f32>>",
                one("TILE017", "every"),
            ),
            (
                "%a = assume div_by<2, every 4 along -1>, %i : tile<4x8xi16>",
                one("TILE017", "-1"),
            ),
            (
                "%a = assume div_by<2, every 9 along 1>, %i : tile<4x8xi16>",
                one("TILE017", "9"),
            ),
            (
                "%a = assume same_elements<[4, 8, 1]>, %i : tile<4x8xi16>",
                one("TILE017", "[4, 8, 1]"),
            ),
            (
                "%a = assume same_elements<[-1, 8]>, %i : tile<4x8xi16>",
                one("TILE017", "-1"),
            ),
            (
                "%a = assume bounded<-32769, 0>, %i : tile<4x8xi16>",
                one("TILE017", "-32769"),
            ),
            (
                "%a = assume bounded<3, -3>, %i : tile<4x8xi16>",
                one("TILE017", "3"),
            ),
            (
                "%a = assume bounded<0, ?>, %tv : tensor_view<?xf32, strides=[1]>",
                one("TILE007", "bounded"),
            ),
            (
                "%a = assume #cuda_tile.same_element<[4, 8]>, %i : tile<4x8xi16>",
                one("TILE017", "#cuda_tile.same_element"),
            ),
            (
                "%a = assume bounded<0.5, ?>, %i : tile<4x8xi16>",
                one("TILE001", "0.5"),
            ),
        ];
        for (line, expected) in cases {
            assert_eq!(findings(line), expected, "{line}");
        }
    }
}
