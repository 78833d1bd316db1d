//! TILE008 `tile-operands-disagree`.

use crate::ast::{Op, OpId};
use crate::bind::Bound;
use crate::checker::{Checker, Effective};
use crate::lex::Kind;
use crate::region_frames::Passed;
use crate::types::Entry;
use crate::types::{Type, TypeRef};
use speclint_base::diagnostic::Diagnostic;
use speclint_base::rules::rules;
use speclint_base::text::TextRange;
use speclint_spec_db::tile_ir_model::Op as OpFact;

rules! {
    TILE_OPERANDS_DISAGREE = "TILE008" "tile-operands-disagree" Error fix=false {
        summary: "Operands and results that must match do not",
        explanation: "Many ops require some operands and results to have the same type, element type, shape or rank (traits such as AllTypesMatch and AllShapesMatch in the definition). The message names the two that differ. The values a terminator passes must have the types their target expects: `yield` the `if`'s result types, `continue` the loop-carried types (for a `loop`, those before the arrow), `break` the `loop`'s result types.",
        example: "%r = select %c, %x, %y : tile<4xi1>, tile<4xf32>   // with %y a tile<4xf16>: TILE008",
    }
}

/// Two operands of one AllTypesMatch group, neither with a written type, compared by the types
/// their values were defined with: `first` is the group's first, `other` is (operand, value
/// name, where the value is used, its type).
pub(crate) fn declared_types(
    fact: &OpFact,
    group: &[&str],
    first: (&str, &TypeRef),
    other: (&str, &str, TextRange, &TypeRef),
) -> Option<Diagnostic> {
    let (first, first_ty) = first;
    let (name, value_name, range, declared) = other;
    (first_ty.spelling != declared.spelling).then(|| {
        Diagnostic::new(
            &TILE_OPERANDS_DISAGREE,
            range,
            format!(
                "`{}` needs {} to have the same type: `{first}` is `{first_ty}`, `{name}` ({value_name}) is `{declared}`",
                fact.name,
                group.join(", ")
            ),
        )
    })
}

/// `bitcast` keeps each element's bits: its source and result elements (`from` and `to` bits
/// wide) have the same width.
pub(crate) fn bit_width(
    source: &TypeRef,
    result: &TypeRef,
    from: u32,
    to: u32,
) -> Option<Diagnostic> {
    (from != to).then(|| {
        Diagnostic::new(
            &TILE_OPERANDS_DISAGREE,
            result.range,
            format!(
                "`bitcast` keeps the bits of each element, so both element types have the same width: `{source}` has {from}-bit elements, `{result}` {to}-bit ones (op-bitcast.md); use exti/trunci or ftof to change the width"
            ),
        )
    })
}

/// `reshape` keeps the number of elements (`element-count`); shapes with a dynamic dimension
/// are not compared.
pub(crate) fn reshape_element_count(fact: &OpFact, effective: &Effective) -> Option<Diagnostic> {
    if fact.name != "reshape" || !fact.has_rule("element-count") {
        return None;
    }
    let count = |name: &str| {
        effective
            .get(name)
            .and_then(|t| t.ty.shape())
            .filter(|s| s.iter().all(|&d| d > 0))
            .map(|s| s.iter().product::<i64>())
    };
    let (from, to) = (count("source")?, count("result")?);
    (from != to).then(|| {
        let result = &effective["result"];
        Diagnostic::new(
            &TILE_OPERANDS_DISAGREE,
            result.range,
            format!(
                "`reshape` keeps the number of elements: `{}` has {from}, `{result}` has {to} (op-reshape.md)",
                effective["source"]
            ),
        )
    })
}

/// An atomic's value has the element type its pointers point to (`pointee-matches`):
/// `pointed` is (the pointee, the value operand's name, its element type).
pub(crate) fn atomic_pointee(
    fact: &OpFact,
    pointed: (Option<&str>, &str, Option<&str>),
    range: TextRange,
    source: &str,
) -> Option<Diagnostic> {
    let (pointee, value, element) = pointed;
    let (true, Some(p), Some(e)) = (fact.has_rule("pointee-matches"), pointee, element) else {
        return None;
    };
    (p != e).then(|| {
        Diagnostic::new(
            &TILE_OPERANDS_DISAGREE,
            range,
            format!(
                "`{}`: the pointers point to {p}, but `{value}` has elements of {e}; they must be the same type ({source})",
                fact.name
            ),
        )
    })
}

/// An atomic's mask has the shape of its pointers (`mask-shape`); dynamic dimensions match
/// any.
pub(crate) fn atomic_mask_shape(
    fact: &OpFact,
    pointers: &TypeRef,
    mask: &TypeRef,
    range: TextRange,
    source: &str,
) -> Option<Diagnostic> {
    if !fact.has_rule("mask-shape") {
        return None;
    }
    let (a, b) = (pointers.ty.shape()?, mask.ty.shape()?);
    let differ = a.len() != b.len() || a.iter().zip(b).any(|(&x, &y)| x > 0 && y > 0 && x != y);
    differ.then(|| {
        Diagnostic::new(
            &TILE_OPERANDS_DISAGREE,
            range,
            format!(
                "`{}`: the mask must have the shape of the pointers: `pointers` is `{pointers}`, `mask` is `{mask}` ({source})",
                fact.name
            ),
        )
    })
}

/// `atomic_red_view_tko`'s value is a tile of the view's tile shape and element type
/// (`value-matches-view`): `into` is (the view, its tile shape, its element type).
pub(crate) fn atomic_view_value(
    fact: &OpFact,
    value: &TypeRef,
    into: (&TypeRef, &[i64], &str),
    range: TextRange,
    source: &str,
) -> Option<Diagnostic> {
    let (view, tile, elem) = into;
    if !fact.has_rule("value-matches-view") {
        return None;
    }
    let Type::Tile { shape, .. } = value.ty.as_ref() else {
        return None;
    };
    let element = value.ty.element().filter(|&e| e != "ptr");
    let elem_differs = element.is_some_and(|e| elem != "?" && e != elem);
    let shape_differs = shape.len() != tile.len()
        || shape
            .iter()
            .zip(tile)
            .any(|(&a, &b)| a > 0 && b > 0 && a != b);
    (elem_differs || shape_differs).then(|| {
        Diagnostic::new(
            &TILE_OPERANDS_DISAGREE,
            range,
            format!(
                "`atomic_red_view_tko`: the value must be a tile of the view's tile shape and element type: `value` is `{value}`, the view `{view}` has tiles of {}x{elem} ({source})",
                tile.iter().map(|d| d.to_string()).collect::<Vec<_>>().join("x")
            ),
        )
    })
}

/// `make_tensor_view`'s base points to the tensor_view's element type `elem`; `pointee` is
/// what it points to.
pub(crate) fn tensor_view_base(
    elem: &str,
    pointee: Option<&str>,
    range: TextRange,
) -> Option<Diagnostic> {
    let pointee = pointee.filter(|p| *p != elem && elem != "?")?;
    Some(Diagnostic::new(
        &TILE_OPERANDS_DISAGREE,
        range,
        format!("`make_tensor_view` builds a tensor_view of {elem}, so its base must point to {elem}, not {pointee} (op-make_tensor_view.md)"),
    ))
}

/// Entry `index` of `make_tensor_view`'s `shape = […]` or `strides = […]` list against the
/// tensor_view type's `typed` (-1: `?`); `at` is (the list's keyword, the index, the entry's
/// range).
pub(crate) fn view_entry(
    at: (&str, usize, TextRange),
    entry: &Entry,
    typed: i64,
) -> Option<Diagnostic> {
    let (keyword, index, range) = at;
    let problem = match (entry, typed) {
        // Not a size the type may hold (TILE015 on the type says so).
        (_, typed) if typed == 0 || typed < -1 => None,
        (Entry::Static(value), -1) => Some(format!(
            "is {value}, but the type has `?` there: a dynamic entry takes a value"
        )),
        (Entry::Dynamic, typed) if typed != -1 => Some(format!(
            "is a dynamic value, but the type has {typed} there: write {typed}, or `?` in the type"
        )),
        (Entry::Static(value), typed) if *value != typed => {
            Some(format!("is {value}, but the type has {typed} there"))
        }
        _ => None,
    }?;
    Some(Diagnostic::new(
        &TILE_OPERANDS_DISAGREE,
        range,
        format!("`{keyword}` entry {index} {problem} (op-make_tensor_view.md)"),
    ))
}

/// The tile a view load or store moves is the view's tile type: `view_tile` is (its shape, its
/// element type).
pub(crate) fn view_tile(
    fact: &OpFact,
    store: bool,
    tile_type: &TypeRef,
    view_tile: (&[i64], &str),
) -> Option<Diagnostic> {
    let (tile, elem) = view_tile;
    let Type::Tile { shape, .. } = tile_type.ty.as_ref() else {
        return None;
    };
    let elem_differs = tile_type.ty.element().is_some_and(|e| e != elem);
    (shape.as_slice() != tile || elem_differs).then(|| {
        let dims: String = tile.iter().map(|d| format!("{d}x")).collect();
        Diagnostic::new(
            &TILE_OPERANDS_DISAGREE,
            tile_type.range,
            format!(
                "the view's tiles are `tile<{dims}{elem}>`, so the {} tile must be that type, not `{tile_type}` ({})",
                if store { "stored" } else { "loaded" },
                fact.source
            ),
        )
    })
}

/// `extract` keeps the element type of its source.
pub(crate) fn extract_element(
    fact: &OpFact,
    source: &TypeRef,
    result: &TypeRef,
) -> Option<Diagnostic> {
    let (from, to) = (source.ty.element()?, result.ty.element()?);
    (from != to && matches!(result.ty.as_ref(), Type::Tile { .. })).then(|| {
        Diagnostic::new(
            &TILE_OPERANDS_DISAGREE,
            result.range,
            format!("`extract` keeps the element type: the source is `{source}`, so the result is a tile of {from}, not `{result}` ({})", fact.source),
        )
    })
}

/// `insert`'s source has its destination's element type (`same-element-type`).
pub(crate) fn insert_element(
    fact: &OpFact,
    source: &TypeRef,
    destination: &TypeRef,
) -> Option<Diagnostic> {
    if !fact.has_rule("same-element-type") {
        return None;
    }
    let (a, b) = (source.ty.element()?, destination.ty.element()?);
    (a != b).then(|| {
        Diagnostic::new(
            &TILE_OPERANDS_DISAGREE,
            source.range,
            format!("`insert` keeps the element type: the destination is `{destination}`, so the source is a tile of {b}, not `{source}`"),
        )
    })
}

/// Each dimension of `insert`'s source divides the destination's (`divisible-shape`):
/// `shapes` is (the source's, the destination's).
pub(crate) fn insert_slices(
    fact: &OpFact,
    source: &TypeRef,
    destination: &TypeRef,
    shapes: (&[i64], &[i64]),
) -> Option<Diagnostic> {
    let (from, into) = shapes;
    if !fact.has_rule("divisible-shape") || from.len() != into.len() {
        return None; // a rank mismatch is the traits' (AllRanksMatch)
    }
    let (i, (f, d)) = from
        .iter()
        .zip(into)
        .enumerate()
        .find(|(_, (&f, &d))| f > 0 && d >= 0 && d % f != 0)?;
    Some(Diagnostic::new(
        &TILE_OPERANDS_DISAGREE,
        source.range,
        format!("`insert` writes whole slices: dimension {i} of the source ({f}) must divide the destination's ({d}) evenly; `{source}` into `{destination}` ({})", fact.source),
    ))
}

/// A value a terminator passes (of type `ty`) against the type its target expects there:
/// `passes` is (the terminator, the spec sections), `target` is (the op, its line, the value's
/// role there, its index).
pub(crate) fn transfer(
    passes: (&str, &str),
    value: &Passed,
    ty: &TypeRef,
    want: &TypeRef,
    target: (&str, &dyn Fn() -> usize, &str, usize),
) -> Option<Diagnostic> {
    let (terminator, spec) = passes;
    let (op, line, role, index) = target;
    let same = ty.spelling == want.spelling || ty.ty == want.ty;
    (!same).then(|| {
        Diagnostic::new(
            &TILE_OPERANDS_DISAGREE,
            value.range,
            format!(
                "`{terminator}` passes `{}` of type `{ty}` as {role} #{index} of the `{op}` on line {}, which is `{want}` ({spec})",
                value.name,
                line(),
            ),
        )
    })
}

impl Checker<'_> {
    pub(crate) fn check_traits(&mut self, fact: &OpFact, bound: &Bound, effective: &Effective) {
        let plan = crate::op_plan::of(fact);
        let is_mma = matches!(fact.name.as_str(), "mmaf" | "mmai" | "mmaf_scaled");
        type Same = fn(&Type, &Type) -> bool;
        let checks: [(&[Vec<&str>], Same, &str); 4] = [
            (&plan.all_types_match, |a, b| a == b, "the same type"),
            (
                // mma element types are reported with the mma checks (TILE009).
                if is_mma {
                    &[]
                } else {
                    &plan.all_element_types_match
                },
                |a, b| a.element() == b.element(),
                "the same element type",
            ),
            (
                &plan.all_shapes_match,
                |a, b| a.shape() == b.shape(),
                "the same shape",
            ),
            (
                &plan.all_ranks_match,
                |a, b| a.shape().map(<[i64]>::len) == b.shape().map(<[i64]>::len),
                "the same rank",
            ),
        ];
        let is_variadic = |name: &str| {
            fact.operand
                .iter()
                .chain(&fact.result)
                .any(|v| v.name == name && v.arity == "variadic")
        };
        for (groups, same, what) in checks {
            for group in groups {
                // Variadic lists only (`for`'s initValues and resultValues): value i of each
                // list matches value i of the others.
                if group.len() > 1 && group.iter().all(|n| is_variadic(n)) {
                    self.check_lists_match(fact, bound, group, same, what);
                    continue;
                }
                // A variadic operand takes part with each of its values.
                let present: Vec<(String, &TypeRef)> = group
                    .iter()
                    .flat_map(|n| match bound.types.get(*n) {
                        Some(written) if written.len() > 1 => written
                            .iter()
                            .enumerate()
                            .map(|(i, t)| (format!("{n} #{i}"), t))
                            .collect(),
                        _ => effective
                            .get(*n)
                            .map(|t| (n.to_string(), t))
                            .into_iter()
                            .collect::<Vec<_>>(),
                    })
                    .collect();
                if let Some((first_name, first)) = present.first() {
                    for (name, ty) in &present[1..] {
                        if !same(&first.ty, &ty.ty) && first.spelling != ty.spelling {
                            self.report(
                                &TILE_OPERANDS_DISAGREE,
                                ty.range,
                                format!(
                                    "`{}` needs {} ({what}): `{first_name}` is `{first}`, `{name}` is `{ty}`",
                                    fact.name,
                                    group.join(", "),
                                ),
                            );
                            break;
                        }
                    }
                }
            }
        }
    }

    /// A trait over variadic lists, position by position; lists of different lengths are
    /// compared as far as the shorter goes (their counts are checked with the regions).
    pub(crate) fn check_lists_match(
        &mut self,
        fact: &OpFact,
        bound: &Bound,
        group: &[&str],
        same: fn(&Type, &Type) -> bool,
        what: &str,
    ) {
        let lists: Vec<(&str, Vec<Option<TypeRef>>)> = group
            .iter()
            .map(|&name| {
                let types = match bound.types.get(name) {
                    Some(written) if !written.is_empty() => {
                        written.iter().cloned().map(Some).collect()
                    }
                    _ => bound
                        .operands
                        .get(name)
                        .map_or(&[][..], Vec::as_slice)
                        .iter()
                        .map(|&value| self.value_type(value))
                        .collect(),
                };
                (name, types)
            })
            .collect();
        let Some(((first_name, first), rest)) = lists.split_first() else {
            return;
        };
        for (name, types) in rest {
            for (i, (a, b)) in first.iter().zip(types).enumerate() {
                let (Some(a), Some(b)) = (a, b) else {
                    continue;
                };
                if !same(&a.ty, &b.ty) && a.spelling != b.spelling {
                    self.report(
                        &TILE_OPERANDS_DISAGREE,
                        b.range,
                        format!(
                            "`{}` needs {} ({what}, value by value): `{first_name} #{i}` is `{a}`, `{name} #{i}` is `{b}`",
                            fact.name,
                            group.join(", "),
                        ),
                    );
                    return;
                }
            }
        }
    }

    /// cat: the operands agree in every dimension but `dim`; the result's `dim` is their sum.
    pub(crate) fn cat_rules(
        &mut self,
        op: &Op,
        fact: &OpFact,
        bound: &Bound,
        effective: &Effective,
    ) {
        let _ = op;
        let Some(dim) = bound
            .attrs
            .get("dim")
            .and_then(|a| a.keyword.parse::<usize>().ok())
        else {
            return;
        };
        let shape = |name: &str| {
            effective
                .get(name)
                .and_then(|t| t.ty.shape().map(|s| (t, s)))
        };
        let (Some((lhs, a)), Some((rhs, b))) = (shape("lhs"), shape("rhs")) else {
            return;
        };
        if a.len() != b.len() || dim >= a.len() {
            return; // rank mismatches are reported by AllRanksMatch
        }
        let known = |d: i64| d > 0;
        if fact.has_rule("same-shape-except-dim") {
            if let Some(i) =
                (0..a.len()).find(|&i| i != dim && known(a[i]) && known(b[i]) && a[i] != b[i])
            {
                self.report(
                    &TILE_OPERANDS_DISAGREE,
                    rhs.range,
                    format!(
                        "`cat` along dim {dim} needs `lhs` and `rhs` to agree in every other dimension, but dimension {i} is {} in `{lhs}` and {} in `{rhs}` (op-cat.md)",
                        a[i], b[i]
                    ),
                );
                return;
            }
        }
        let Some((result, c)) = shape("result") else {
            return;
        };
        if fact.has_rule("concat-size") && c.len() == a.len() {
            let expected: Vec<i64> = (0..a.len())
                .map(|i| if i == dim { a[i] + b[i] } else { a[i] })
                .collect();
            let wrong = (0..c.len())
                .find(|&i| known(c[i]) && known(a[i]) && known(b[i]) && c[i] != expected[i]);
            if let Some(i) = wrong {
                self.report(
                    &TILE_OPERANDS_DISAGREE,
                    result.range,
                    format!(
                        "`cat` along dim {dim} of `{lhs}` and `{rhs}` gives {} in dimension {i}, but the result `{result}` has {} (op-cat.md)",
                        expected[i], c[i]
                    ),
                );
            }
        }
    }

    /// `TypesMatchWith(from -> to)` traits, as the spec-db's `[[op.types_match]]` spells them out.
    /// A value already reported as written against its definition (`mismatched`) is skipped.
    pub(crate) fn check_types_match(
        &mut self,
        fact: &OpFact,
        effective: &Effective,
        mismatched: &[&str],
    ) {
        for rule in &fact.types_match {
            if mismatched.contains(&rule.from.as_str()) || mismatched.contains(&rule.to.as_str()) {
                continue;
            }
            let (Some(from), Some(to)) = (
                effective.get(rule.from.as_str()),
                effective.get(rule.to.as_str()),
            ) else {
                continue;
            };
            if from.spelling == to.spelling
                && (rule.transform == "same" || rule.transform == "same-shape")
            {
                continue;
            }
            let shape_differs = || match (from.ty.shape(), to.ty.shape()) {
                (Some(a), Some(b)) => {
                    a.len() != b.len() || a.iter().zip(b).any(|(&x, &y)| x > 0 && y > 0 && x != y)
                }
                _ => false,
            };
            let elem = |ty: &Type| match ty {
                Type::Tile { elem, .. } => Some(elem.as_ref().clone()),
                _ => None,
            };
            let wrong = match rule.transform.as_str() {
                "same" => {
                    !matches!(from.ty.as_ref(), Type::Other)
                        && !matches!(to.ty.as_ref(), Type::Other)
                        && from.ty != to.ty
                }
                "same-shape" => shape_differs(),
                "pointer" => {
                    shape_differs()
                        || match (elem(&from.ty), elem(&to.ty)) {
                            (Some(Type::Elem(e)), Some(Type::Ptr(p))) => match *p {
                                Type::Elem(pointee) => pointee != e,
                                _ => false,
                            },
                            _ => false,
                        }
                }
                "i1-same-shape" => {
                    let to_fact = fact
                        .result
                        .iter()
                        .chain(&fact.operand)
                        .find(|v| v.name == rule.to);
                    // The element type is reported by the value's type expression when it has one.
                    let element_checked = to_fact.is_some_and(|v| v.type_expr == "tile<i1>");
                    shape_differs()
                        || (!element_checked
                            && matches!(elem(&to.ty), Some(Type::Elem(e)) if e != "i1"))
                }
                _ => false,
            };
            if wrong {
                self.report(
                    &TILE_OPERANDS_DISAGREE,
                    to.range,
                    format!(
                        "`{}`: {} (TypesMatchWith({} -> {})): `{}` is `{from}`, `{}` is `{to}`",
                        fact.name, rule.text, rule.from, rule.to, rule.from, rule.to
                    ),
                );
            }
        }
    }

    /// Every source dimension equals the result's or is 1 (op-broadcast.md).
    pub(crate) fn broadcast_shape(&mut self, fact: &OpFact, effective: &Effective) {
        let (Some(source), Some(result)) = (effective.get("source"), effective.get("result"))
        else {
            return;
        };
        let (Some(from), Some(to)) = (source.ty.shape(), result.ty.shape()) else {
            return;
        };
        if from.iter().chain(to).any(|&d| d < 0) {
            return; // `?` in a tile: reported with the type
        }
        let problem = if from.len() != to.len() {
            Some(format!(
                "broadcast keeps the rank ({} here, {} for the result); reshape first to change it",
                from.len(),
                to.len()
            ))
        } else {
            from.iter()
                .zip(to)
                .enumerate()
                .find(|(_, (&f, &t))| f != t && f != 1)
                .map(|(i, (f, t))| {
                    format!("dimension {i} is {f} in the source and {t} in the result; only a size-1 dimension can grow")
                })
        };
        if let Some(problem) = problem {
            self.report(
                &TILE_OPERANDS_DISAGREE,
                result.range,
                format!(
                    "`broadcast` from `{source}` to `{result}`: {problem} ({})",
                    fact.source
                ),
            );
        }
    }

    /// `get_global @g : tile<ptr<T>>`: T is the element type of `@g`'s value (TILE008).
    pub(crate) fn check_get_global(&mut self, op: &Op, bound: &Bound) {
        let Some(result) = bound.types.get("result").and_then(|t| t.first()) else {
            return;
        };
        let Type::Tile { elem, .. } = result.ty.as_ref() else {
            return;
        };
        let Type::Ptr(pointee) = elem.as_ref() else {
            return;
        };
        let Some(pointee) = pointee.element() else {
            return;
        };
        let Some(&symbol) = op.body.iter().find(|&&t| self.file.kind(t) == Kind::Symbol) else {
            return;
        };
        let name = self.file.text(self.source, symbol);
        let Some(global) = self.global_named(op, name) else {
            return;
        };
        let body = self.file.ops[global].body.clone();
        let Some(value_type) = self.type_after_colon_at_depth0(&body) else {
            return;
        };
        let Some(element) = value_type.ty.element() else {
            return;
        };
        if element != pointee {
            self.report(
                &TILE_OPERANDS_DISAGREE,
                result.range,
                format!(
                    "`get_global {name}` returns pointers to the global's element type `{element}` (its value is `{value_type}`), not to `{pointee}`"
                ),
            );
        }
    }

    /// The `global` named `name` in the module that holds `op` (or at the top level).
    pub(crate) fn global_named(&self, op: &Op, name: &str) -> Option<OpId> {
        let file = self.file;
        let mut module = op.parent;
        while let Some(m) = module.filter(|&m| file.ops[m].name != "module") {
            module = file.ops[m].parent;
        }
        let items: Vec<OpId> = match module {
            Some(m) => file.children(m).collect(),
            None => file.top.clone(),
        };
        items.into_iter().find(|&item| {
            let global = &file.ops[item];
            global.name == "global"
                && global
                    .body
                    .iter()
                    .find(|&&t| file.kind(t) == Kind::Symbol)
                    .is_some_and(|&t| file.text(self.source, t) == name)
        })
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::findings_in_entry;
    use crate::TileIrSettings;

    #[test]
    fn select_branches_have_the_result_type() {
        let body = "    %c = constant <i1: true> : tile<4xi1>\n    %f = constant <f32: 1.0> : tile<4xf32>\n    %h = constant <f16: 2.0> : tile<4xf16>\n    %r = select %c, %f, %h : tile<4xi1>, tile<4xf32>";
        let found = findings_in_entry("", body, &TileIrSettings::default());
        assert_eq!(found, vec![("TILE008", "%h".to_string())]);
    }
}
