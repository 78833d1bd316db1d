//! Rules from op descriptions that the spec-db's tables do not carry: each is an `[[op.rule]]`
//! of the spec-db, and the check looks its id up so that data and code stay in step.

use super::ast::{Form, Op};
use super::bind::Bound;
use super::check::{Checker, Effective};
use super::lex::Kind;
use super::rules;
use super::types::Type;
use speclint_spec_db::tile_ir_model::Op as OpFact;
use speclint_spec_db::Target as GpuTarget;

impl Checker<'_> {
    /// The bit width of the element type of operand or result `name` (`from`: f32 -> 32).
    fn element_bits(&self, effective: &Effective, name: &str) -> Option<u32> {
        effective
            .get(name)
            .and_then(|t| t.ty.element())
            .and_then(|e| self.db.element_type(e))
            .map(|e| e.bits)
    }

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
            let wrong = match fact.name.as_str() {
                "exti" if fact.has_rule("wider-result") => to <= from,
                "trunci" if fact.has_rule("narrower-result") => to >= from,
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
            && fact.has_rule("no-unsigned-floor")
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
        if fact.name == "reshape" && fact.has_rule("element-count") {
            let count = |name: &str| {
                effective
                    .get(name)
                    .and_then(|t| t.ty.shape())
                    .filter(|s| s.iter().all(|&d| d > 0))
                    .map(|s| s.iter().product::<i64>())
            };
            if let (Some(from), Some(to)) = (count("source"), count("result")) {
                if from != to {
                    let result = &effective["result"];
                    self.report(
                        &rules::TILE_OPERANDS_DISAGREE,
                        result.range,
                        format!(
                            "`reshape` keeps the number of elements: `{}` has {from}, `{result}` has {to} (op-reshape.md)",
                            effective["source"]
                        ),
                    );
                }
            }
        }
        if fact.name == "entry" && op.form != Form::Generic {
            self.entry_name(op);
        }
        if fact.name == "return" && fact.has_rule("entry-no-values") && !op.body.is_empty() {
            let parent = op.parent.map(|p| self.file.ops[p].name.as_str());
            if parent == Some("entry") && op.body.iter().any(|&t| self.file.kind(t) == Kind::Value)
            {
                self.report(
                    &rules::TILE_MISPLACED_OP,
                    op.name_range,
                    "`return` in an entry takes no values: a kernel returns nothing (op-return.md)"
                        .into(),
                );
            }
        }
    }

    /// bitcast keeps the bit width; itof cannot make f8E8M0FNU; iota makes a 1-d tile whose
    /// indices fit its element type.
    fn bitcast_itof_iota(&mut self, fact: &OpFact, effective: &Effective) {
        let bits = |name: &str| self.element_bits(effective, name);
        match fact.name.as_str() {
            "bitcast" if fact.has_rule("same-bit-width") => {
                let (Some(from), Some(to)) = (bits("source"), bits("result")) else {
                    return;
                };
                if from != to {
                    let (source, result) = (&effective["source"], &effective["result"]);
                    self.report(
                        &rules::TILE_OPERANDS_DISAGREE,
                        result.range,
                        format!(
                            "`bitcast` keeps the bits of each element, so both element types have the same width: `{source}` has {from}-bit elements, `{result}` {to}-bit ones (op-bitcast.md); use exti/trunci or ftof to change the width"
                        ),
                    );
                }
            }
            "itof" if fact.has_rule("no-e8m0-result") => {
                let Some(to) = effective.get("to") else {
                    return;
                };
                if to.ty.element() == Some("f8E8M0FNU") {
                    self.report(
                        &rules::TILE_TYPE_NOT_ALLOWED,
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
                            &rules::TILE_TYPE_NOT_ALLOWED,
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
                        &rules::TILE_TYPE_NOT_ALLOWED,
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

    /// ftof: source and result types differ; the rounding depends on the result type.
    fn ftof_rules(&mut self, op: &Op, fact: &OpFact, bound: &Bound, effective: &Effective) {
        let (Some(from), Some(to)) = (effective.get("from"), effective.get("to")) else {
            return;
        };
        if fact.has_rule("different-types")
            && from.ty.element().is_some()
            && from.ty.element() == to.ty.element()
        {
            self.report(
                &rules::TILE_TYPE_NOT_ALLOWED,
                to.range,
                format!(
                    "`ftof` converts to a different element type, but `{from}` and `{to}` are both {} (op-ftof.md); drop the conversion",
                    to.ty.element().unwrap_or("?")
                ),
            );
        }
        let (Some(from), Some(to)) = (from.ty.element(), to.ty.element()) else {
            return;
        };
        if !fact.has_rule("rounding-by-result-type") {
            return;
        }
        let Some(table) = self.tables(fact).combinations else {
            return;
        };
        let Some(attr) = fact.attribute.iter().find(|a| a.name == "rounding_mode") else {
            return;
        };
        let written = bound.attrs.get("rounding_mode");
        let rounding = written.map_or(attr.default.as_deref().unwrap_or("nearest_even"), |r| {
            r.keyword.as_str()
        });
        // A mode the op never takes is reported once, by the attribute's own check.
        if !attr.cases.iter().any(|c| c == rounding) {
            return;
        }
        let cell = |row: &Vec<String>, i: usize, word: &str| {
            row.get(i)
                .is_some_and(|c| c.split_whitespace().any(|w| w == word))
        };
        let column = |name: &str| table.columns.iter().position(|c| c == name);
        let (Some(from_at), Some(to_at), Some(mode_at)) =
            (column("from"), column("to"), column("rounding_mode"))
        else {
            return;
        };
        let mut allowed: Vec<&str> = Vec::new();
        for row in table
            .rows
            .iter()
            .filter(|r| cell(r, from_at, from) && cell(r, to_at, to))
        {
            for mode in row[mode_at].split_whitespace() {
                if !allowed.contains(&mode) {
                    allowed.push(mode);
                }
            }
        }
        // A pair of types no row has is the type checks' (equal types: `different-types`).
        if allowed.is_empty() || allowed.contains(&rounding) {
            return;
        }
        let how = if written.is_some() {
            format!("`rounding<{rounding}>`")
        } else {
            format!("the default rounding (`{rounding}`, not written)")
        };
        let range = written.map_or(op.name_range, |r| r.range);
        let modes: Vec<String> = allowed.iter().map(|m| format!("`{m}`")).collect();
        self.report(
            &rules::TILE_MODIFIER_NOT_ALLOWED,
            range,
            format!(
                "`ftof` from {from} to {to} does not round with {how}; it takes {} ({}, Tile IR {})",
                modes.join(", "),
                table.source,
                self.version()
            ),
        );
    }

    /// `dim` (cat, reduce, scan) names a dimension of the first operand: false (reported) when
    /// it does not.
    fn dim_in_range(&mut self, fact: &OpFact, bound: &Bound, effective: &Effective) -> bool {
        let Some(dim) = bound.attrs.get("dim") else {
            return true;
        };
        // `dim = -1`: the keyword is the `-`; the attribute's text has the whole number.
        let written = &self.source[dim.range.start..dim.range.end];
        let Ok(value) = dim.keyword.parse::<i64>().or_else(|_| written.parse()) else {
            return true;
        };
        let operand = fact.operand.iter().find_map(|o| {
            effective
                .get(o.name.as_str())
                .and_then(|t| t.ty.shape().map(|s| (o, t, s.len())))
        });
        let Some((operand, ty, rank)) = operand else {
            return true;
        };
        if (0..rank as i64).contains(&value) {
            return true;
        }
        let allowed = match rank {
            0 => "there is none".to_string(),
            1 => "`dim` must be 0".to_string(),
            _ => format!("`dim` must be 0 to {}", rank - 1),
        };
        self.report(
            &rules::TILE_MODIFIER_NOT_ALLOWED,
            dim.range,
            format!(
                "`{}` has no dimension {value}: `{}` is `{ty}`, of rank {rank}, so {allowed} ({})",
                fact.name, operand.name, fact.source
            ),
        );
        false
    }

    /// cat: the operands agree in every dimension but `dim`; the result's `dim` is their sum.
    fn cat_rules(&mut self, op: &Op, fact: &OpFact, bound: &Bound, effective: &Effective) {
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
                    &rules::TILE_OPERANDS_DISAGREE,
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
                    &rules::TILE_OPERANDS_DISAGREE,
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
    pub(super) fn check_types_match(
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
                    &rules::TILE_OPERANDS_DISAGREE,
                    to.range,
                    format!(
                        "`{}`: {} (TypesMatchWith({} -> {})): `{}` is `{from}`, `{}` is `{to}`",
                        fact.name, rule.text, rule.from, rule.to, rule.from, rule.to
                    ),
                );
            }
        }
    }

    /// A combination table (`[[op.combinations]]`): the written attributes and element types
    /// must be one of its rows. mma columns are `input` (lhs), `scale` (lhs_scale) and `output`
    /// (acc), reported as TILE009; other columns name an attribute or a value (TILE007).
    fn check_combinations(&mut self, op: &Op, fact: &OpFact, bound: &Bound, effective: &Effective) {
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
        let (rule, what) = if is_mma {
            (&rules::TILE_MMA_SHAPE_OR_DTYPE, "supported data types")
        } else {
            (&rules::TILE_TYPE_NOT_ALLOWED, "supported combinations")
        };
        self.report(
            rule,
            range,
            format!(
                "`{}` does not take {} ({what}, {} for Tile IR {}: {} as {})",
                fact.name,
                found.join(", "),
                table.source,
                self.cited_version(),
                table.columns.join(" + "),
                rows.join("; ")
            ),
        );
    }

    /// GPU limits on element types (`target` of an `[[element_type]]`): not rules of the spec
    /// but what tileiras does, so the message says so and names the data's source. Reported once
    /// per op and type, at ops whose operands or results are tiles of that element type.
    fn element_targets(&mut self, op: &Op, fact: &OpFact, effective: &Effective) {
        let Some(target) = self.target else {
            return;
        };
        let mut seen: Vec<&str> = Vec::new();
        for value in fact.operand.iter().chain(&fact.result) {
            let Some(ty) = effective.get(value.name.as_str()) else {
                continue;
            };
            let Type::Tile { elem, .. } = ty.ty.as_ref() else {
                continue;
            };
            let Type::Elem(element) = elem.as_ref() else {
                continue;
            };
            if seen.contains(element) {
                continue;
            }
            seen.push(element);
            let Some(e) = self.db.element_type(element) else {
                continue;
            };
            let (Some(needed), Some(source)) = (&e.target, &e.target_source) else {
                continue;
            };
            let Some(number) = GpuTarget::parse(needed).map(|t| u32::from(t.number)) else {
                continue;
            };
            let only_on: Vec<u32> = e
                .only_on
                .iter()
                .filter_map(|gpu| GpuTarget::parse(gpu).map(|t| u32::from(t.number)))
                .collect();
            let refused = if only_on.is_empty() {
                (target < number).then(|| format!("rejects before {needed}"))
            } else {
                (!only_on.contains(&target))
                    .then(|| format!("compiles for {} only", e.only_on.join(", ")))
            };
            if let Some(refused) = refused {
                self.report(
                    &rules::TILE_TARGET_UNSUPPORTED,
                    op.name_range,
                    format!(
                        "`{}` uses {element} values, which tileiras {refused} (\"unsupported type\"); the configured target is sm_{target}. This is tileiras's behaviour, not a rule of the Tile IR spec ({source})",
                        fact.name
                    ),
                );
            }
        }
    }

    /// `entry @name(…)`: the name, a symbol, comes right after `entry` (op-entry.md: sym_name);
    /// the hand-written format is not matched strictly, so a word before it is reported here.
    fn entry_name(&mut self, op: &Op) {
        let first = op.body.first().copied();
        if first.is_some_and(|t| self.file.kind(t) == Kind::Symbol) {
            return;
        }
        let range = first.map_or(op.name_range, |t| self.file.range(t));
        let found = first.map_or(String::from("nothing"), |t| {
            format!("`{}`", self.file.text(self.source, t))
        });
        self.report(
            &rules::TILE_SYNTAX_ERROR,
            range,
            format!("syntax error: `entry` is followed by its name, an `@`-symbol such as `@kernel`, not {found} (op-entry.md)"),
        );
    }
}
