//! TILE013 `tile-target-unsupported`.

use crate::ast::Op;
use crate::bind::Bound;
use crate::checker::{Checker, Effective};
use crate::types::Type;
use speclint_base::rules::rules;
use speclint_spec_db::tile_ir_model::Op as OpFact;
use speclint_spec_db::Target as GpuTarget;

rules! {
    TILE_TARGET_UNSUPPORTED = "TILE013" "tile-target-unsupported" Error fix=false {
        summary: "The configured GPU does not support this element type for this op",
        explanation: "Some combinations need a newer GPU than configured (`--target`, `target` in speclint.toml or the pragma), for example atomic addf on bf16 needs sm_90.",
        example: "atomic_rmw_tko relaxed device %p, addf, %v : tile<ptr<bf16>>, tile<bf16> -> …   // TILE013 on sm_80",
    }
}

impl Checker<'_> {
    pub(crate) fn check_targets(
        &mut self,
        op: &Op,
        fact: &OpFact,
        bound: &Bound,
        effective: &Effective,
        dtype: Option<&str>,
    ) {
        let Some(target) = self.target else {
            return;
        };
        let elements: Vec<String> = effective
            .values()
            .filter_map(|t| t.ty.element().map(str::to_string))
            .chain(dtype.map(str::to_string))
            .collect();
        for requirement in &fact.target {
            let applies = requirement.when.split_whitespace().all(|condition| {
                match condition.split_once('=') {
                    Some((attr, value)) => {
                        bound.attrs.get(attr).is_some_and(|a| a.keyword == value)
                    }
                    None => elements.iter().any(|e| e == condition),
                }
            });
            let needed = GpuTarget::parse(&requirement.target).map_or(0, |t| u32::from(t.number));
            if applies && target < needed {
                self.report(
                    &TILE_TARGET_UNSUPPORTED,
                    op.name_range,
                    format!(
                        "{} (needs {}, the configured target is sm_{target}; {})",
                        requirement.text, requirement.target, requirement.source
                    ),
                );
            }
        }
    }

    /// GPU limits on element types (`target` of an `[[element_type]]`): not rules of the spec
    /// but what tileiras does, so the message says so and names the data's source. Reported once
    /// per op and type, at ops whose operands or results are tiles of that element type.
    pub(crate) fn element_targets(&mut self, op: &Op, fact: &OpFact, effective: &Effective) {
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
                    &TILE_TARGET_UNSUPPORTED,
                    op.name_range,
                    format!(
                        "`{}` uses {element} values, which tileiras {refused} (\"unsupported type\"); the configured target is sm_{target}. This is tileiras's behaviour, not a rule of the Tile IR spec ({source})",
                        fact.name
                    ),
                );
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::findings_in_entry;
    use crate::TileIrSettings;

    #[test]
    fn atomic_addf_on_bf16_needs_sm_90() {
        let body = "    %v = constant <bf16: 1.0> : tile<bf16>\n    %old, %t = atomic_rmw_tko relaxed device %p, addf, %v : tile<ptr<bf16>>, tile<bf16> -> tile<bf16>, token";
        let found = findings_in_entry(
            "%p: tile<ptr<bf16>>",
            body,
            &TileIrSettings {
                target: Some(80),
                ..Default::default()
            },
        );
        assert_eq!(found, vec![("TILE013", "atomic_rmw_tko".to_string())]);
    }
}
