//! TILE010 `tile-modifier-not-allowed`.

use crate::ast::{Op, OpId};
use crate::bind::{Bound, BoundAttr};
use crate::checker::{Checker, Effective};
use speclint_base::diagnostic::{Diagnostic, Fix};
use speclint_base::rules::rules;
use speclint_base::text::TextRange;
use speclint_spec_db::tile_ir_model::Op as OpFact;

rules! {
    TILE_MODIFIER_NOT_ALLOWED = "TILE010" "tile-modifier-not-allowed" Error fix=true {
        summary: "A modifier, rounding mode or enum value the op does not allow for this type",
        explanation: "Floating-point ops list, per element type, which modifiers and rounding modes they support (yes, yes* = emulated in f32, no); `flush_to_zero` exists for f32 only. Enum attributes accept only their own cases, and some ops only a subset (loads take weak/relaxed/acquire). A `dim` attribute must name a dimension of the operands. The modifier table of the Tile IR version being checked applies: 13.1 uses the 13.1 tables. Fixes remove the modifier or switch to an allowed rounding mode.",
        example: "%c = addf %a, %b flush_to_zero : tile<f64>   // TILE010: f32 only",
    }
}

/// Whether `diagnostic` is one of this rule's (a newer version may allow what it reports).
pub(crate) fn reported(diagnostic: &Diagnostic) -> bool {
    diagnostic.rule.code == TILE_MODIFIER_NOT_ALLOWED.code
}

/// An enum case in a type (a view's padding value) that its enum does not have; the type
/// reader's `message` names the case and the enum.
pub(crate) fn unknown_case(range: TextRange, message: String) -> Diagnostic {
    Diagnostic::new(&TILE_MODIFIER_NOT_ALLOWED, range, message)
}

/// `divi` on unsigned operands does not round towards negative infinity (`no-unsigned-floor`).
pub(crate) fn divi_unsigned_floor(fact: &OpFact, bound: &Bound) -> Option<Diagnostic> {
    let attr = |name: &str| bound.attrs.get(name).map(|a| a.keyword.as_str());
    let refused = fact.name == "divi"
        && fact.has_rule("no-unsigned-floor")
        && attr("signedness") == Some("unsigned")
        && attr("rounding") == Some("negative_inf");
    refused.then(|| {
        Diagnostic::new(
            &TILE_MODIFIER_NOT_ALLOWED,
            bound.attrs["rounding"].range,
            "`divi` does not allow `rounding<negative_inf>` with `unsigned` operands (op-divi.md); use `zero` or `positive_inf`".to_string(),
        )
    })
}

impl Checker<'_> {
    /// The per-dtype modifier table (TILE010/TILE011) and flush_to_zero on f32 only.
    pub(crate) fn check_modifiers(
        &mut self,
        id: OpId,
        fact: &OpFact,
        bound: &Bound,
        effective: &Effective,
    ) -> Option<&'static str> {
        let dtype = fact
            .operand
            .iter()
            .chain(&fact.result)
            .find_map(|v| effective.get(v.name.as_str()).and_then(|t| t.ty.element()))?;
        if self.record_uses {
            self.facts.op_dtype.insert(id, dtype);
        }
        let table = self.tables(fact).modifiers;
        for attr in &fact.attribute {
            let Some(written) = bound.attrs.get(attr.name.as_str()) else {
                continue;
            };
            let is_rounding = attr.kind == "enum:RoundingMode";
            if attr.kind != "flag" && !is_rounding {
                continue;
            }
            let modifier = if is_rounding {
                format!("rounding<{}>", written.keyword)
            } else {
                attr.name.clone()
            };
            let Some(table) = table else {
                self.flush_to_zero_on_f32_only(&attr.name, written, dtype);
                continue;
            };
            let row = table
                .rows
                .iter()
                .find(|r| r[0] == modifier || (is_rounding && r[0] == written.keyword));
            let column = table.columns.iter().position(|c| *c == dtype);
            let allowed: Vec<String> = match column {
                Some(c) => table
                    .rows
                    .iter()
                    .filter(|r| r[c + 1] != "no")
                    .filter(|r| !is_rounding || r[0] != "flush_to_zero")
                    .filter(|r| is_rounding || r[0] == "flush_to_zero")
                    .map(|r| r[0].clone())
                    .collect(),
                None => Vec::new(),
            };
            match (row, column) {
                (None, _) => {
                    if is_rounding || !table.rows.iter().any(|r| r[0] == attr.name) {
                        let message =
                            format!(
                            "`{}` does not support `{modifier}` (table of {} for Tile IR {}: {})",
                            fact.name,
                            table.source,
                            self.cited_version(),
                            if allowed.is_empty() { "none".to_string() } else { allowed.join(", ") }
                        );
                        self.modifier_error(written, &modifier, message, &allowed);
                    }
                }
                (Some(_), None) => self.flush_to_zero_on_f32_only(&attr.name, written, dtype),
                (Some(row), Some(c)) => match row[c + 1].as_str() {
                    "no" => {
                        let message = format!(
                            "`{}` does not support `{modifier}` on {dtype} (modifier table, {} for Tile IR {}); allowed on {dtype}: {}",
                            fact.name,
                            table.source,
                            self.cited_version(),
                            if allowed.is_empty() { "none".to_string() } else { allowed.join(", ") }
                        );
                        self.modifier_error(written, &modifier, message, &allowed);
                    }
                    cell @ "emulated" => {
                        let written = (written.range, modifier.as_str());
                        let at = (dtype, table.source.as_str(), cell);
                        let emulated =
                            super::tile_emulated_modifier::emulated(&fact.name, written, at);
                        self.diagnostics.extend(emulated);
                    }
                    _ => {}
                },
            }
        }
        Some(dtype)
    }

    /// Where no table column speaks for the dtype, the rule that still holds.
    pub(crate) fn flush_to_zero_on_f32_only(
        &mut self,
        attr: &str,
        written: &BoundAttr,
        dtype: &str,
    ) {
        if attr == "flush_to_zero" && dtype != "f32" {
            let message = "flush_to_zero applies to f32 only".to_string();
            self.modifier_error(written, attr, message, &[]);
        }
    }

    pub(crate) fn modifier_error(
        &mut self,
        written: &BoundAttr,
        modifier: &str,
        message: String,
        allowed: &[String],
    ) {
        let mut diagnostic = Diagnostic::new(&TILE_MODIFIER_NOT_ALLOWED, written.range, message);
        // Unsafe: removing a modifier (or choosing a rounding) changes the operation.
        diagnostic.fixes.push(Fix::replace(
            format!("Remove `{modifier}`"),
            self.with_leading_space(written.range),
            "",
        ));
        if modifier.starts_with("rounding<") {
            for other in allowed
                .iter()
                .filter(|a| a.starts_with("rounding<") || !a.contains('<'))
            {
                let replacement = if other.starts_with("rounding<") {
                    other.clone()
                } else {
                    format!("rounding<{other}>")
                };
                diagnostic.fixes.push(Fix::replace(
                    format!("Use `{replacement}`"),
                    written.range,
                    replacement,
                ));
            }
        }
        self.diagnostics.push(diagnostic);
    }

    pub(crate) fn with_leading_space(&self, range: TextRange) -> TextRange {
        let before = &self.source[..range.start];
        let trimmed = before.trim_end_matches([' ', '\t']);
        TextRange::new(trimmed.len(), range.end)
    }

    /// Enum cases: known, allowed by this op, and not newer than the configured version.
    pub(crate) fn check_enums(&mut self, fact: &OpFact, bound: &Bound) {
        for attr in &fact.attribute {
            let Some(enum_name) = attr.kind.strip_prefix("enum:") else {
                continue;
            };
            let Some(written) = bound.attrs.get(attr.name.as_str()) else {
                continue;
            };
            let Some(enum_fact) = self.db.enum_fact(enum_name) else {
                continue;
            };
            let case = enum_fact
                .cases
                .iter()
                .find(|c| c.keyword == written.keyword);
            let allowed: Vec<&str> = if attr.cases.is_empty() {
                enum_fact.cases.iter().map(|c| c.keyword.as_str()).collect()
            } else {
                attr.cases.iter().map(String::as_str).collect()
            };
            match case {
                None => self.report(
                    &TILE_MODIFIER_NOT_ALLOWED,
                    written.keyword_range,
                    format!(
                        "`{}` is not a {enum_name} value; `{}` accepts {}",
                        written.keyword,
                        fact.name,
                        allowed.join(", ")
                    ),
                ),
                Some(_)
                    if !attr.cases.is_empty() && !allowed.contains(&written.keyword.as_str()) =>
                {
                    self.report(
                        &TILE_MODIFIER_NOT_ALLOWED,
                        written.keyword_range,
                        format!(
                            "`{}` does not accept `{}` for `{}`; allowed: {}{}",
                            fact.name,
                            written.keyword,
                            attr.name,
                            allowed.join(", "),
                            attr.cases_source
                                .as_ref()
                                .map_or(String::new(), |s| format!(" ({s})"))
                        ),
                    )
                }
                Some(case) => {
                    let range = written.keyword_range;
                    self.version_too_low(range, &case.since, || format!("`{}`", written.keyword));
                }
            }
        }
    }

    /// `dim` (cat, reduce, scan) names a dimension of the first operand: false (reported) when
    /// it does not.
    pub(crate) fn dim_in_range(
        &mut self,
        fact: &OpFact,
        bound: &Bound,
        effective: &Effective,
    ) -> bool {
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
            &TILE_MODIFIER_NOT_ALLOWED,
            dim.range,
            format!(
                "`{}` has no dimension {value}: `{}` is `{ty}`, of rank {rank}, so {allowed} ({})",
                fact.name, operand.name, fact.source
            ),
        );
        false
    }

    /// ftof: source and result types differ; the rounding depends on the result type.
    pub(crate) fn ftof_rules(
        &mut self,
        op: &Op,
        fact: &OpFact,
        bound: &Bound,
        effective: &Effective,
    ) {
        let (Some(from), Some(to)) = (effective.get("from"), effective.get("to")) else {
            return;
        };
        let same = super::tile_type_not_allowed::ftof_same_element(fact, from, to);
        self.diagnostics.extend(same);
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
            &TILE_MODIFIER_NOT_ALLOWED,
            range,
            format!(
                "`ftof` from {from} to {to} does not round with {how}; it takes {} ({}, Tile IR {})",
                modes.join(", "),
                table.source,
                self.version()
            ),
        );
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::findings_in_entry;
    use crate::TileIrSettings;

    #[test]
    fn flush_to_zero_is_for_f32_only() {
        let body = "    %a = constant <f64: 1.0> : tile<4xf64>\n    %s = addf %a, %a flush_to_zero : tile<4xf64>";
        let found = findings_in_entry("", body, &TileIrSettings::default());
        assert_eq!(found, vec![("TILE010", "flush_to_zero".to_string())]);
    }

    #[test]
    fn the_fix_removes_the_modifier_with_its_space() {
        let text = "cuda_tile.module @m {\n  entry @k() {\n    %a = constant <f64: 1.0> : tile<4xf64>\n    %s = addf %a, %a flush_to_zero : tile<4xf64>\n    return\n  }\n}\n";
        let analysis = crate::analyze(text, &TileIrSettings::default(), false);
        let fix = &analysis.diagnostics[0].fixes[0];
        assert_eq!(fix.title, "Remove `flush_to_zero`");
        let edit = &fix.edits[0];
        assert_eq!(&text[edit.range.start..edit.range.end], " flush_to_zero");
        assert_eq!(edit.new_text, "");
    }
}
