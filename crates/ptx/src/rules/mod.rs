//! The PTX rules: codes, severities and explanations (`speclint explain PTX004`), one file
//! per rule, named after the rule, with its check and its tests.

use speclint_base::rules::Rule;

pub(crate) mod deprecated;
pub(crate) mod duplicate_declaration;
pub(crate) mod invalid_modifier_combination;
pub(crate) mod missing_required_modifier;
pub(crate) mod module_header;
pub(crate) mod not_enforced_by_ptxas;
pub(crate) mod operand_count;
pub(crate) mod operand_type_mismatch;
pub(crate) mod state_space_mismatch;
pub(crate) mod syntax_error;
pub(crate) mod target_too_low;
pub(crate) mod target_unsupported_by_version;
pub(crate) mod undeclared_identifier;
pub(crate) mod unknown_instruction;
pub(crate) mod version_too_low;
pub(crate) mod withdrawn_form;

pub use deprecated::DEPRECATED;
pub use duplicate_declaration::DUPLICATE_DECLARATION;
pub use invalid_modifier_combination::INVALID_MODIFIER_COMBINATION;
pub use missing_required_modifier::MISSING_REQUIRED_MODIFIER;
pub use module_header::MODULE_HEADER;
pub use not_enforced_by_ptxas::NOT_ENFORCED_BY_PTXAS;
pub use operand_count::OPERAND_COUNT;
pub use operand_type_mismatch::OPERAND_TYPE_MISMATCH;
pub use state_space_mismatch::STATE_SPACE_MISMATCH;
pub use syntax_error::SYNTAX_ERROR;
pub use target_too_low::TARGET_TOO_LOW;
pub use target_unsupported_by_version::TARGET_UNSUPPORTED_BY_VERSION;
pub use undeclared_identifier::UNDECLARED_IDENTIFIER;
pub use unknown_instruction::UNKNOWN_INSTRUCTION;
pub use version_too_low::VERSION_TOO_LOW;
pub use withdrawn_form::WITHDRAWN_FORM;

/// Every PTX rule, in code order.
pub static PTX_RULES: &[&Rule] = &[
    &SYNTAX_ERROR,
    &UNKNOWN_INSTRUCTION,
    &INVALID_MODIFIER_COMBINATION,
    &MISSING_REQUIRED_MODIFIER,
    &TARGET_TOO_LOW,
    &VERSION_TOO_LOW,
    &TARGET_UNSUPPORTED_BY_VERSION,
    &UNDECLARED_IDENTIFIER,
    &DUPLICATE_DECLARATION,
    &OPERAND_COUNT,
    &OPERAND_TYPE_MISMATCH,
    &DEPRECATED,
    &MODULE_HEADER,
    &WITHDRAWN_FORM,
    &STATE_SPACE_MISMATCH,
    &NOT_ENFORCED_BY_PTXAS,
];

#[cfg(test)]
pub(crate) mod tests {
    use super::PTX_RULES;

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
            // A declaration line: `    NAME = "PTX011" "name" Error fix=false {`.
            for line in inside.lines() {
                if let Some((constant, rest)) = line.trim().split_once(" = \"PTX") {
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
        let mut listed: Vec<&str> = PTX_RULES.iter().map(|r| r.constant).collect();
        let mut in_files: Vec<&str> = declared.iter().map(|(_, c)| c.as_str()).collect();
        assert_eq!(listed.len(), in_files.len());
        listed.sort_unstable();
        in_files.sort_unstable();
        assert_eq!(listed, in_files);
        let codes: Vec<&str> = PTX_RULES.iter().map(|r| r.code).collect();
        let mut sorted = codes.clone();
        sorted.sort_unstable();
        assert_eq!(codes, sorted);
    }

    #[test]
    fn a_rule_file_is_named_after_its_rule() {
        for (file, constant) in declared_in_folder() {
            let rule = PTX_RULES.iter().find(|r| r.constant == constant).unwrap();
            assert_eq!(file, format!("{}.rs", rule.name.replace('-', "_")));
        }
    }

    /// Outside this folder, non-test code names no rule: each rule's findings are built in
    /// its own file (`TokenModifiers::DEPRECATED` and the like are other constants).
    #[test]
    fn only_the_rule_files_name_the_rules() {
        let src = concat!(env!("CARGO_MANIFEST_DIR"), "/src");
        for entry in std::fs::read_dir(src).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_none_or(|e| e != "rs") {
                continue;
            }
            let text = std::fs::read_to_string(&path).unwrap();
            let code = text.split("#[cfg(test)]").next().unwrap_or("");
            for rule in PTX_RULES {
                for (at, _) in code.match_indices(rule.constant) {
                    let before = &code[..at];
                    let after = code[at + rule.constant.len()..].chars().next();
                    let whole_word = !before.ends_with(|c: char| c.is_alphanumeric() || c == '_')
                        && !after.is_some_and(|c| c.is_alphanumeric() || c == '_');
                    let other_constant = before.ends_with("::") && !before.ends_with("rules::");
                    assert!(
                        !whole_word || other_constant,
                        "{} names {} outside rules/",
                        path.display(),
                        rule.constant
                    );
                }
            }
        }
    }
}
