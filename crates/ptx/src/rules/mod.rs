//! The PTX rules: codes, severities and explanations (`speclint explain PTX004`), one file
//! per rule, named after the rule, with its check and its tests.
//! `server/tests/tidy.rs` holds the list below to the folder and each rule to its file.

use speclint_base::rules::Rule;

pub(crate) mod deprecated;
pub(crate) mod duplicate_declaration;
pub(crate) mod invalid_modifier_combination;
pub(crate) mod kernel_spills;
pub(crate) mod local_stack_frame;
pub(crate) mod missing_required_modifier;
pub(crate) mod module_header;
pub(crate) mod not_enforced_by_ptxas;
pub(crate) mod operand_count;
pub(crate) mod operand_type_mismatch;
pub(crate) mod registers_exceed_launch_bounds;
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
pub use kernel_spills::KERNEL_SPILLS;
pub use local_stack_frame::LOCAL_STACK_FRAME;
pub use missing_required_modifier::MISSING_REQUIRED_MODIFIER;
pub use module_header::MODULE_HEADER;
pub use not_enforced_by_ptxas::NOT_ENFORCED_BY_PTXAS;
pub use operand_count::OPERAND_COUNT;
pub use operand_type_mismatch::OPERAND_TYPE_MISMATCH;
pub use registers_exceed_launch_bounds::REGISTERS_EXCEED_LAUNCH_BOUNDS;
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
    &KERNEL_SPILLS,
    &REGISTERS_EXCEED_LAUNCH_BOUNDS,
    &LOCAL_STACK_FRAME,
];

/// The rules whose findings need ptxas's figures (`resources`).
pub static COMPILED_RULES: &[&Rule] = &[
    &KERNEL_SPILLS,
    &REGISTERS_EXCEED_LAUNCH_BOUNDS,
    &LOCAL_STACK_FRAME,
];
