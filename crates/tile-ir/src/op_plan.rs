//! What the checks derive from an op's spec-db facts, worked out once per op and process rather
//! than at every occurrence: the parsed assembly format, the trait groups and the allowed parents.

use super::format::{self, Element};
use speclint_spec_db::tile_ir;
use speclint_spec_db::tile_ir_model::{FormerName, Op as OpFact};
use std::sync::OnceLock;

pub struct OpPlan {
    /// The assembly format, parsed.
    pub format: Vec<Element>,
    /// `AllTypesMatch[lhs, rhs, result]` -> `[["lhs", "rhs", "result"]]`.
    pub all_types_match: Vec<Vec<&'static str>>,
    pub all_element_types_match: Vec<Vec<&'static str>>,
    pub all_shapes_match: Vec<Vec<&'static str>>,
    pub all_ranks_match: Vec<Vec<&'static str>>,
    /// `ParentOneOf[ForOp, LoopOp]` -> `["for", "loop"]`; None when any parent will do.
    pub parents: Option<Vec<String>>,
}

/// The plan of an op of the spec-db (`tile_ir::db()`).
pub fn of(fact: &OpFact) -> &'static OpPlan {
    static PLANS: OnceLock<Vec<OpPlan>> = OnceLock::new();
    let plans = PLANS.get_or_init(|| tile_ir::db().ops.iter().map(OpPlan::new).collect());
    let plan = &plans[fact.index];
    debug_assert!(std::ptr::eq(&tile_ir::db().ops[fact.index], fact));
    plan
}

/// The parsed format of an op under a name it had before (`print` until 13.2).
pub fn former_format(former: &'static FormerName) -> &'static [Element] {
    static FORMATS: OnceLock<Vec<(&'static str, Vec<Element>)>> = OnceLock::new();
    let formats = FORMATS.get_or_init(|| {
        tile_ir::db()
            .ops
            .iter()
            .flat_map(|op| &op.former_name)
            .map(|f| (f.name.as_str(), format::parse_format(&f.format)))
            .collect()
    });
    formats
        .iter()
        .find(|(name, _)| *name == former.name)
        .map_or(&[], |(_, format)| format.as_slice())
}

impl OpPlan {
    fn new(fact: &'static OpFact) -> OpPlan {
        OpPlan {
            format: format::parse_format(&fact.format),
            all_types_match: trait_lists(fact, "AllTypesMatch"),
            all_element_types_match: with_same_operands(
                fact,
                "SameOperandsAndResultElementType",
                trait_lists(fact, "AllElementTypeMatch"),
            ),
            all_shapes_match: with_operands_only(
                fact,
                "SameOperandsShape",
                with_same_operands(
                    fact,
                    "SameOperandsAndResultShape",
                    trait_lists(fact, "AllShapesMatch"),
                ),
            ),
            all_ranks_match: trait_lists(fact, "AllRanksMatch"),
            parents: fact.traits.iter().find_map(|t| {
                let list = t.strip_prefix("ParentOneOf[")?.trim_end_matches(']');
                Some(
                    list.split(',')
                        .map(|p| p.trim().trim_end_matches("Op").to_ascii_lowercase())
                        .collect(),
                )
            }),
        }
    }
}

/// The argument lists of every `NAME[…]` trait of the op.
fn trait_lists(fact: &'static OpFact, name: &str) -> Vec<Vec<&'static str>> {
    fact.traits
        .iter()
        .filter_map(|t| t.strip_prefix(name).and_then(|r| r.strip_prefix('[')))
        .map(|r| {
            r.trim_end_matches(']')
                .split(',')
                .map(str::trim)
                .filter(|s| !s.is_empty())
                .collect()
        })
        .collect()
}

/// `groups` plus, when the op has trait `name` (`SameOperandsAndResultElementType`), one group
/// of all its tile operands and results.
fn with_same_operands(
    fact: &'static OpFact,
    name: &str,
    groups: Vec<Vec<&'static str>>,
) -> Vec<Vec<&'static str>> {
    with_group(fact, name, groups, fact.operand.iter().chain(&fact.result))
}

/// `groups` plus, when the op has trait `name` (`SameOperandsShape`), one group of all its tile
/// operands (a variadic operand counts as one name: its values are compared among themselves).
fn with_operands_only(
    fact: &'static OpFact,
    name: &str,
    groups: Vec<Vec<&'static str>>,
) -> Vec<Vec<&'static str>> {
    with_group(fact, name, groups, fact.operand.iter())
}

fn with_group(
    fact: &'static OpFact,
    name: &str,
    mut groups: Vec<Vec<&'static str>>,
    members: impl Iterator<Item = &'static speclint_spec_db::tile_ir_model::Operand>,
) -> Vec<Vec<&'static str>> {
    if fact.traits.iter().any(|t| t == name) {
        let group: Vec<&'static str> = members
            .filter(|v| v.type_expr.starts_with("tile<") || v.type_expr.starts_with("scalar<"))
            .map(|v| v.name.as_str())
            .collect();
        if !group.is_empty() {
            groups.push(group);
        }
    }
    groups
}
