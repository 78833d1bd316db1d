//! The Tile IR rules: codes, severities and explanations (`speclint explain TILE005`), one file
//! per rule, named after the rule, with its check and its tests.

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

#[cfg(test)]
mod tests {
    use super::TILE_IR_RULES;

    /// The constants each file of this folder declares in its `rules! { … }`, by file name.
    fn declared_in_folder() -> Vec<(String, String)> {
        let folder = concat!(env!("CARGO_MANIFEST_DIR"), "/src/rules");
        let mut declared = Vec::new();
        for entry in std::fs::read_dir(folder).unwrap() {
            let path = entry.unwrap().path();
            let file = path.file_name().unwrap().to_string_lossy().into_owned();
            if file == "mod.rs" || !file.ends_with(".rs") {
                continue;
            }
            let text = std::fs::read_to_string(&path).unwrap();
            let Some((_, inside)) = text.split_once("rules! {") else {
                continue;
            };
            // A declaration line: `    NAME = "TILE007" "name" Error fix=false {`.
            for line in inside.lines() {
                if let Some((constant, rest)) = line.trim().split_once(" = \"TILE") {
                    if rest.contains("fix=") {
                        declared.push((file.clone(), constant.to_string()));
                    }
                }
            }
        }
        declared
    }

    #[test]
    fn the_list_holds_every_rule_of_the_folder_in_code_order() {
        let declared = declared_in_folder();
        let mut listed: Vec<&str> = TILE_IR_RULES.iter().map(|r| r.constant).collect();
        let mut in_files: Vec<&str> = declared.iter().map(|(_, c)| c.as_str()).collect();
        assert_eq!(listed.len(), in_files.len());
        listed.sort_unstable();
        in_files.sort_unstable();
        assert_eq!(listed, in_files);
        let codes: Vec<&str> = TILE_IR_RULES.iter().map(|r| r.code).collect();
        let mut sorted = codes.clone();
        sorted.sort_unstable();
        assert_eq!(codes, sorted);
    }

    #[test]
    fn a_rule_file_is_named_after_its_rule() {
        for (file, constant) in declared_in_folder() {
            let rule = TILE_IR_RULES
                .iter()
                .find(|r| r.constant == constant)
                .unwrap();
            assert_eq!(file, format!("{}.rs", rule.name.replace('-', "_")));
        }
    }
}
