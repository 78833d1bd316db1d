//! The Tile IR rules: codes, severities and explanations (`speclint explain TILE005`), one file
//! per rule, named after the rule, with its check and its tests.
//! `server/tests/tidy.rs` holds the list below to the folder and each rule to its file.

use speclint_base::rules::Rule;

pub(crate) mod tile_emulated_modifier;
pub(crate) mod tile_invalid_attribute;
pub(crate) mod tile_invalid_constant;
pub(crate) mod tile_invalid_type;
pub(crate) mod tile_misplaced_op;
pub(crate) mod tile_mma_shape_or_dtype;
pub(crate) mod tile_modifier_not_allowed;
pub(crate) mod tile_newer_version;
pub(crate) mod tile_operand_count;
pub(crate) mod tile_operands_disagree;
pub(crate) mod tile_print_format;
pub(crate) mod tile_redefinition;
pub(crate) mod tile_syntax_error;
pub(crate) mod tile_target_unsupported;
pub(crate) mod tile_type_mismatch;
pub(crate) mod tile_type_not_allowed;
pub(crate) mod tile_undefined_value;
pub(crate) mod tile_unknown_op;
pub(crate) mod tile_version_too_low;

pub use tile_emulated_modifier::TILE_EMULATED_MODIFIER;
pub use tile_invalid_attribute::TILE_INVALID_ATTRIBUTE;
pub use tile_invalid_constant::TILE_INVALID_CONSTANT;
pub use tile_invalid_type::TILE_INVALID_TYPE;
pub use tile_misplaced_op::TILE_MISPLACED_OP;
pub use tile_mma_shape_or_dtype::TILE_MMA_SHAPE_OR_DTYPE;
pub use tile_modifier_not_allowed::TILE_MODIFIER_NOT_ALLOWED;
pub use tile_newer_version::TILE_NEWER_VERSION;
pub use tile_operand_count::TILE_OPERAND_COUNT;
pub use tile_operands_disagree::TILE_OPERANDS_DISAGREE;
pub use tile_print_format::TILE_PRINT_FORMAT;
pub use tile_redefinition::TILE_REDEFINITION;
pub use tile_syntax_error::TILE_SYNTAX_ERROR;
pub use tile_target_unsupported::TILE_TARGET_UNSUPPORTED;
pub use tile_type_mismatch::TILE_TYPE_MISMATCH;
pub use tile_type_not_allowed::TILE_TYPE_NOT_ALLOWED;
pub use tile_undefined_value::TILE_UNDEFINED_VALUE;
pub use tile_unknown_op::TILE_UNKNOWN_OP;
pub use tile_version_too_low::TILE_VERSION_TOO_LOW;

/// Every Tile IR rule, in code order.
pub static TILE_IR_RULES: &[&Rule] = &[
    &TILE_SYNTAX_ERROR,
    &TILE_UNKNOWN_OP,
    &TILE_UNDEFINED_VALUE,
    &TILE_REDEFINITION,
    &TILE_TYPE_MISMATCH,
    &TILE_OPERAND_COUNT,
    &TILE_TYPE_NOT_ALLOWED,
    &TILE_OPERANDS_DISAGREE,
    &TILE_MMA_SHAPE_OR_DTYPE,
    &TILE_MODIFIER_NOT_ALLOWED,
    &TILE_EMULATED_MODIFIER,
    &TILE_VERSION_TOO_LOW,
    &TILE_TARGET_UNSUPPORTED,
    &TILE_MISPLACED_OP,
    &TILE_INVALID_TYPE,
    &TILE_INVALID_CONSTANT,
    &TILE_INVALID_ATTRIBUTE,
    &TILE_PRINT_FORMAT,
    &TILE_NEWER_VERSION,
];

/// What checking `body`, the ops of an entry taking `args`, finds: each diagnostic's code and
/// the text it points at, in the order reported.
#[cfg(test)]
pub(crate) fn findings_in_entry(
    args: &str,
    body: &str,
    settings: &crate::TileIrSettings,
) -> Vec<(&'static str, String)> {
    let text =
        format!("cuda_tile.module @m {{\n  entry @k({args}) {{\n{body}\n    return\n  }}\n}}\n");
    crate::analyze(&text, settings, false)
        .diagnostics
        .iter()
        .map(|d| (d.rule.code, text[d.range.start..d.range.end].to_string()))
        .collect()
}
