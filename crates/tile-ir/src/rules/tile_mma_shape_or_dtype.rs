//! TILE009 `tile-mma-shape-or-dtype`.

use crate::ast::Op;
use crate::checker::{Checker, Effective};
use speclint_base::diagnostic::Diagnostic;
use speclint_base::rules::rules;
use speclint_base::text::TextRange;
use speclint_spec_db::tile_ir_model::Op as OpFact;

rules! {
    TILE_MMA_SHAPE_OR_DTYPE = "TILE009" "tile-mma-shape-or-dtype" Error fix=false {
        summary: "Matrix multiply-accumulate shapes or data types are not valid",
        explanation: "`mmaf` and `mmai` take M×K, K×N and M×N tiles (or B×M×K, B×K×N, B×M×N for a batch), and only the input→output data type combinations in the op's supported-types table (for example bf16 inputs accumulate in f32 only).",
        example: "mmaf %a, %b, %c : tile<16x8xf16>, tile<16x8xf16>, tile<16x8xf32>   // TILE009: K differs",
    }
}

impl Checker<'_> {
    /// mmaf / mmai / mmaf_scaled: M×K · K×N + M×N (optionally batched) and the dtype table.
    pub(crate) fn check_mma(&mut self, op: &Op, fact: &OpFact, effective: &Effective) {
        let (Some(lhs), Some(rhs), Some(acc)) = (
            effective.get("lhs"),
            effective.get("rhs"),
            effective.get("acc"),
        ) else {
            return;
        };
        let (Some(a), Some(b), Some(c)) = (lhs.ty.shape(), rhs.ty.shape(), acc.ty.shape()) else {
            return;
        };
        let rank = a.len();
        let shapes_ok = (rank == 2 || rank == 3) && b.len() == rank && c.len() == rank && {
            let o = rank - 2;
            a[o + 1] == b[o]
                && a[o] == c[o]
                && b[o + 1] == c[o + 1]
                && (rank == 2 || (a[0] == b[0] && a[0] == c[0]))
        };
        if !shapes_ok {
            let what = if rank == 3 {
                "B×M×K, B×K×N and B×M×N"
            } else {
                "M×K, K×N and M×N"
            };
            self.report(
                &TILE_MMA_SHAPE_OR_DTYPE,
                op.name_range,
                format!(
                    "`{}` shapes do not multiply: lhs `{lhs}`, rhs `{rhs}`, acc `{acc}` must be {what}",
                    fact.name
                ),
            );
        }
        let (Some(input), Some(output)) = (lhs.ty.element(), acc.ty.element()) else {
            return;
        };
        if rhs.ty.element() != Some(input) {
            self.report(
                &TILE_MMA_SHAPE_OR_DTYPE,
                rhs.range,
                format!(
                    "`{}` inputs must have the same element type: lhs is {input}, rhs is {}",
                    fact.name,
                    rhs.ty.element().unwrap_or("?")
                ),
            );
            return;
        }
        if fact.name == "mmaf" {
            if let Some(table) = self.tables(fact).combinations {
                match table.rows.iter().find(|r| r[0] == input) {
                    Some(row) if !row[1].split_whitespace().any(|o| o == output) => self.report(
                        &TILE_MMA_SHAPE_OR_DTYPE,
                        acc.range,
                        format!(
                            "`mmaf` with {input} inputs produces {}, not {output} (supported data types, {} for Tile IR {})",
                            row[1].split_whitespace().collect::<Vec<_>>().join(" or "),
                            table.source,
                            self.cited_version()
                        ),
                    ),
                    None if fact
                        .operand
                        .iter()
                        .any(|o| o.name == "lhs" && crate::type_constraints::violates(&o.type_expr, &lhs.ty).is_some()) => {}
                    None => {
                        let inputs: Vec<&str> = table.rows.iter().map(|r| r[0].as_str()).collect();
                        self.report(
                            &TILE_MMA_SHAPE_OR_DTYPE,
                            lhs.range,
                            format!(
                                "`mmaf` does not take {input} inputs in Tile IR {} (supported: {})",
                                self.cited_version(),
                                inputs.join(", ")
                            ),
                        );
                    }
                    _ => {}
                }
            }
        }
    }
}

/// Element types of an mma op that no row of its supported-data-types table has; the
/// combination table's pass words `message`.
pub(crate) fn unsupported_combination(range: TextRange, message: String) -> Diagnostic {
    Diagnostic::new(&TILE_MMA_SHAPE_OR_DTYPE, range, message)
}

#[cfg(test)]
mod tests {
    use crate::rules::findings_in_entry;
    use crate::TileIrSettings;

    #[test]
    fn k_of_lhs_and_rhs_must_agree() {
        let body = "    %a = constant <f16: 1.0> : tile<16x32xf16>\n    %b = constant <f16: 1.0> : tile<16x16xf16>\n    %c = constant <f32: 0.0> : tile<16x16xf32>\n    %d = mmaf %a, %b, %c : tile<16x32xf16>, tile<16x16xf16>, tile<16x16xf32>";
        let found = findings_in_entry("", body, &TileIrSettings::default());
        assert_eq!(found, vec![("TILE009", "mmaf".to_string())]);
    }
}
