//! TILE007 `tile-type-not-allowed`.

use crate::ast::Op;
use crate::bind::Bound;
use crate::checker::{Checker, Effective};
use crate::type_constraints::violates;
use crate::types::{Type, TypeRef, ViewKind};
use speclint_base::diagnostic::{Diagnostic, Severity};
use speclint_base::rules::rules;
use speclint_base::text::TextRange;
use speclint_spec_db::tile_ir_model::{AssumePredicate, Op as OpFact, Operand};

rules! {
    TILE_TYPE_NOT_ALLOWED = "TILE007" "tile-type-not-allowed" Error fix=false {
        summary: "An operand or result has a type the op does not accept",
        explanation: "Each operand and result of an op has a type constraint in the specification: `addf` takes tiles of f16, bf16, f32 or f64; comparisons produce i1 tiles; pointers must be tiles of `ptr`. The message names the operand and the allowed types.",
        example: "%c = addf %a, %b : tile<i32>   // TILE007: use addi for integers",
    }
}

pub(crate) fn describe_expr(expr: &str) -> String {
    match expr.strip_prefix("tile<").and_then(|r| r.strip_suffix('>')) {
        Some("*") => "a tile".to_string(),
        Some(inner) => format!("a tile of {}", inner.replace('|', ", ")),
        None => match expr
            .strip_prefix("scalar<")
            .and_then(|r| r.strip_suffix('>'))
        {
            Some(inner) => format!("a rank-0 tile of {}", inner.replace('|', ", ")),
            None => format!("a {expr}"),
        },
    }
}

/// An operand or result of `op` against its type constraint; `range` is where it is used.
pub(crate) fn constraint(
    op: &str,
    value: &Operand,
    ty: &TypeRef,
    range: TextRange,
) -> Option<Diagnostic> {
    let problem = violates(&value.type_expr, &ty.ty)?;
    Some(Diagnostic::new(
        &TILE_TYPE_NOT_ALLOWED,
        range,
        format!(
            "`{}` of `{op}` must be {} ({}), not `{ty}`: {problem}",
            value.name,
            describe_expr(&value.type_expr),
            value.constraint
        ),
    ))
}

/// `ftof` converts between different element types (`different-types`).
pub(crate) fn ftof_same_element(fact: &OpFact, from: &TypeRef, to: &TypeRef) -> Option<Diagnostic> {
    let same = fact.has_rule("different-types")
        && from.ty.element().is_some()
        && from.ty.element() == to.ty.element();
    same.then(|| {
        Diagnostic::new(
            &TILE_TYPE_NOT_ALLOWED,
            to.range,
            format!(
                "`ftof` converts to a different element type, but `{from}` and `{to}` are both {} (op-ftof.md); drop the conversion",
                to.ty.element().unwrap_or("?")
            ),
        )
    })
}

/// `exti` makes the integer wider and `trunci` narrower: `bits` is (from, to) element widths.
pub(crate) fn integer_width(
    op: &Op,
    fact: &OpFact,
    effective: &Effective,
    bits: (u32, u32),
) -> Option<Diagnostic> {
    let (from, to) = bits;
    let wrong = match fact.name.as_str() {
        "exti" if fact.has_rule("wider-result") => to <= from,
        "trunci" if fact.has_rule("narrower-result") => to >= from,
        _ => false,
    };
    wrong.then(|| {
        let range = effective.get("to").map_or(op.name_range, |t| t.range);
        Diagnostic::new(
            &TILE_TYPE_NOT_ALLOWED,
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
        )
    })
}

/// A value `if`, `for` or `loop` carries or returns, which cannot be a view: `carried` is (what
/// it is, its index in its list, its written type).
pub(crate) fn view_through_control_flow(
    fact: &OpFact,
    carried: (&str, usize, &TypeRef),
    source: &str,
) -> Option<Diagnostic> {
    let (what, index, ty) = carried;
    let kind = match ty.ty.as_ref() {
        Type::TensorView { .. } => "tensor_view",
        Type::View { kind, .. } => kind.name(),
        _ => return None,
    };
    let plural = if fact.name == "if" {
        "results"
    } else {
        "loop-carried values and results"
    };
    Some(Diagnostic::new(
        &TILE_TYPE_NOT_ALLOWED,
        ty.range,
        format!(
            "{what} {index} of `{}` is a {kind} (`{ty}`): the {plural} of `{}` cannot be views ({source})",
            fact.name, fact.name
        ),
    ))
}

/// An entry's argument, which is a rank-0 tile (a number or a pointer).
pub(crate) fn entry_argument(name: &str, ty: &TypeRef) -> Option<Diagnostic> {
    let problem = match ty.ty.as_ref() {
        Type::Tile { shape, .. } if shape.is_empty() => return None,
        Type::Tile { .. } => "a tile with a shape; pass a pointer (`tile<ptr<f32>>`) and load from it, or make a view inside the kernel",
        Type::TensorView { .. } | Type::View { .. } | Type::Token => {
            return Some(argument_bytecode_cannot_hold(name, ty));
        }
        Type::Elem(_) | Type::Ptr(_) => "not a tile; wrap it: `tile<…>`",
        Type::Other => return None, // not a Tile IR type: reported as TILE015
    };
    Some(Diagnostic::new(
        &TILE_TYPE_NOT_ALLOWED,
        ty.range,
        format!("entry argument `{name}` must be a rank-0 tile (a number or a pointer), but `{ty}` is {problem}"),
    ))
}

/// A view or token argument: the dialect's verifier accepts it (its check is on tiles'
/// rank), but the bytecode reader of tileiras refuses any entry argument that is not a
/// rank-0 tile, so the kernel cannot be compiled: a warning that names the tool.
fn argument_bytecode_cannot_hold(name: &str, ty: &TypeRef) -> Diagnostic {
    let what = match ty.ty.as_ref() {
        Type::Token => "a token (make it inside the kernel with `make_token`)",
        _ => "a view (pass a pointer, `tile<ptr<f32>>`, and sizes, and make the view inside the kernel with `make_tensor_view`)",
    };
    let mut diagnostic = Diagnostic::new(
        &TILE_TYPE_NOT_ALLOWED,
        ty.range,
        format!("entry argument `{name}` is {what}: the cuda_tile verifier accepts it, but tileiras 13.5.37 rejects every entry argument that is not a rank-0 tile (\"unsupported type in bytecode for entry argument\")"),
    );
    diagnostic.severity = Severity::Warning;
    diagnostic
}

/// The element types `atomic_cas_tko` compares and swaps (op-atomic_cas_tko.md).
const CAS_ELEMENTS: [&str; 4] = ["i32", "i64", "f32", "f64"];

/// The element type of an atomic's value operand, for ops with `element-types`.
pub(crate) fn atomic_cas_element(
    fact: &OpFact,
    element: Option<&str>,
    range: TextRange,
    source: &str,
) -> Option<Diagnostic> {
    if !fact.has_rule("element-types") {
        return None;
    }
    let e = element.filter(|e| !CAS_ELEMENTS.contains(e))?;
    Some(Diagnostic::new(
        &TILE_TYPE_NOT_ALLOWED,
        range,
        format!(
            "`{}` takes elements of 32 or 64 bits (i32, i64, f32, f64), not {e} ({source})",
            fact.name
        ),
    ))
}

/// `atomic_red_view_tko` reduces into a partition or strided view (`view-kind`).
pub(crate) fn atomic_view_kind(
    fact: &OpFact,
    kind: ViewKind,
    range: TextRange,
    source: &str,
) -> Option<Diagnostic> {
    (fact.has_rule("view-kind") && kind == ViewKind::GatherScatter).then(|| {
        Diagnostic::new(
            &TILE_TYPE_NOT_ALLOWED,
            range,
            format!(
                "`atomic_red_view_tko` reduces into a partition_view or strided_view, not a gather_scatter_view ({source})"
            ),
        )
    })
}

/// An index of `atomic_red_view_tko`, a rank-0 tile (`index-scalar`): `index` is (the value's
/// name, where it is used, its type).
pub(crate) fn atomic_view_index(
    index: (&str, TextRange, &TypeRef),
    source: &str,
) -> Option<Diagnostic> {
    let (name, range, ty) = index;
    let shape = ty.ty.shape().filter(|s| !s.is_empty())?;
    Some(Diagnostic::new(
        &TILE_TYPE_NOT_ALLOWED,
        range,
        format!(
            "an index of `atomic_red_view_tko` is a rank-0 integer tile; `{name}` is `{ty}` (rank {}) ({source})",
            shape.len()
        ),
    ))
}

/// The value `assume` describes is of a kind its predicate applies to: `described` is (the
/// predicate's name, its facts, the value's kind as the spec-db names it).
pub(crate) fn assume_value(
    described: (&str, &AssumePredicate, Option<&str>),
    value: &TypeRef,
    range: TextRange,
) -> Option<Diagnostic> {
    let (name, predicate, kind) = described;
    let applies = kind.is_some_and(|k| predicate.applies_to.iter().any(|a| a == k));
    (!applies).then(|| {
        Diagnostic::new(
            &TILE_TYPE_NOT_ALLOWED,
            range,
            format!(
                "`{name}` describes {}, not `{value}`",
                crate::assume_terms::describe_kinds(&predicate.applies_to)
            ),
        )
    })
}

impl Checker<'_> {
    /// A combination table (`[[op.combinations]]`): the written attributes and element types
    /// must be one of its rows. mma columns are `input` (lhs), `scale` (lhs_scale) and `output`
    /// (acc), reported as TILE009; other columns name an attribute or a value (TILE007).
    pub(crate) fn check_combinations(
        &mut self,
        op: &Op,
        fact: &OpFact,
        bound: &Bound,
        effective: &Effective,
    ) {
        let Some(table) = self.tables(fact).combinations else {
            return;
        };
        let is_mma = fact.name.starts_with("mma");
        let mut written = Vec::new();
        for column in &table.columns {
            let name = match column.as_str() {
                "input" if is_mma => "lhs",
                "scale" if is_mma => "lhs_scale",
                "output" if is_mma => "acc",
                other => other,
            };
            let value = match bound.attrs.get(name) {
                Some(a) => Some((a.keyword.as_str(), a.range)),
                None => effective
                    .get(name)
                    .and_then(|t| t.ty.element().map(|e| (e, t.range))),
            };
            // An unknown or not-allowed element type is reported by the type checks.
            match value {
                Some((v, _)) if v != "ptr" && v != "?" => {
                    written.push((column, name, value.unwrap()))
                }
                _ => return,
            }
        }
        // An attribute value that no row has is not accepted at all (reported by check_enums).
        for (i, (_, name, (v, _))) in written.iter().enumerate() {
            let in_some_row = table.rows.iter().any(|r| {
                r.get(i)
                    .is_some_and(|c| c.split_whitespace().any(|c| c == *v))
            });
            if bound.attrs.contains_key(name) && !in_some_row {
                return;
            }
        }
        let matches = |row: &Vec<String>| {
            row.iter()
                .zip(&written)
                .all(|(cell, (_, _, (v, _)))| cell.split_whitespace().any(|c| c == *v))
        };
        if table.rows.iter().any(matches) {
            return;
        }
        let range = written.last().map_or(op.name_range, |w| w.2 .1);
        let found: Vec<String> = written
            .iter()
            .map(|(column, name, (v, _))| {
                if *column == name {
                    format!("{name} {v}")
                } else {
                    format!("{column} ({name}) {v}")
                }
            })
            .collect();
        let rows: Vec<String> = table
            .rows
            .iter()
            .map(|r| {
                r.iter()
                    .map(|c| c.split_whitespace().collect::<Vec<_>>().join("|"))
                    .collect::<Vec<_>>()
                    .join(" + ")
            })
            .collect();
        let what = if is_mma {
            "supported data types"
        } else {
            "supported combinations"
        };
        let message = format!(
            "`{}` does not take {} ({what}, {} for Tile IR {}: {} as {})",
            fact.name,
            found.join(", "),
            table.source,
            self.cited_version(),
            table.columns.join(" + "),
            rows.join("; ")
        );
        // mma's combinations are its data types (TILE009).
        let d = if is_mma {
            super::tile_mma_shape_or_dtype::unsupported_combination(range, message)
        } else {
            Diagnostic::new(&TILE_TYPE_NOT_ALLOWED, range, message)
        };
        self.diagnostics.push(d);
    }

    /// bitcast keeps the bit width; itof cannot make f8E8M0FNU; iota makes a 1-d tile whose
    /// indices fit its element type.
    pub(crate) fn bitcast_itof_iota(&mut self, fact: &OpFact, effective: &Effective) {
        let bits = |name: &str| self.element_bits(effective, name);
        match fact.name.as_str() {
            "bitcast" if fact.has_rule("same-bit-width") => {
                let (Some(from), Some(to)) = (bits("source"), bits("result")) else {
                    return;
                };
                let (source, result) = (&effective["source"], &effective["result"]);
                let widths = super::tile_operands_disagree::bit_width(source, result, from, to);
                self.diagnostics.extend(widths);
            }
            "itof" if fact.has_rule("no-e8m0-result") => {
                let Some(to) = effective.get("to") else {
                    return;
                };
                if to.ty.element() == Some("f8E8M0FNU") {
                    self.report(
                        &TILE_TYPE_NOT_ALLOWED,
                        to.range,
                        "`itof` cannot convert integers to f8E8M0FNU; convert to another float type (f32) first, then `ftof` to f8E8M0FNU".into(),
                    );
                }
            }
            "iota" => {
                let Some(result) = effective.get("result") else {
                    return;
                };
                let Some(shape) = result.ty.shape() else {
                    return;
                };
                if shape.len() != 1 {
                    if fact.has_rule("one-dimensional-result") {
                        self.report(
                            &TILE_TYPE_NOT_ALLOWED,
                            result.range,
                            format!(
                                "`iota` makes a 1-d tile, but `{result}` has rank {} (op-iota.md)",
                                shape.len()
                            ),
                        );
                    }
                    return;
                }
                // The values 0 .. n-1, read as unsigned, must fit the element type (tileiras
                // accepts tile<256xi8>, rejects tile<512xi8>).
                let (Some(bits), Some(&count)) = (bits("result"), shape.first()) else {
                    return;
                };
                if fact.has_rule("count-fits-element-type") && bits < 63 && count > 1i64 << bits {
                    self.report(
                        &TILE_TYPE_NOT_ALLOWED,
                        result.range,
                        format!(
                            "`iota` counts from 0 to {}, which does not fit {}-bit `{}` elements (largest count: {}) (op-iota.md); use a wider element type",
                            count - 1,
                            bits,
                            result.ty.element().unwrap_or("?"),
                            1i64 << bits
                        ),
                    );
                }
            }
            _ => {}
        }
    }

    /// A global's value is a 1-d tile (TILE007).
    pub(crate) fn check_global_rank(&mut self, fact: &OpFact, bound: &Bound) {
        let Some(value) = bound.types.get("value").and_then(|t| t.first()) else {
            return;
        };
        let Some(shape) = value.ty.shape() else {
            return;
        };
        if shape.len() != 1 {
            self.report(
                &TILE_TYPE_NOT_ALLOWED,
                value.range,
                format!(
                    "the value of `{}` must be a 1-d tile, not `{value}` (rank {}): a global is a one-dimensional allocation",
                    fact.name,
                    shape.len()
                ),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::findings_in_entry;
    use crate::TileIrSettings;

    #[test]
    fn addf_takes_floats() {
        let body = "    %a = constant <i32: 1> : tile<4xi32>\n    %s = addf %a, %a : tile<4xi32>";
        let found = findings_in_entry("", body, &TileIrSettings::default());
        // lhs, rhs and the result share the one written type.
        assert_eq!(found, vec![("TILE007", "tile<4xi32>".to_string()); 3]);
    }
}
