//! The CUDA C++ rules: what only inline assembly has. The PTX in the templates is checked with
//! the PTX language's own rules. Each rule is declared in its own file.

pub(crate) mod constraint_type_mismatch;
pub(crate) mod input_written;
pub(crate) mod invalid_clobber;
pub(crate) mod invalid_constraint;
pub(crate) mod named_operand_reference;
pub(crate) mod operand_index_out_of_range;
pub(crate) mod operand_modifier;
pub(crate) mod output_only_read;
pub(crate) mod partial_template;
pub(crate) mod unreferenced_operand;

pub use constraint_type_mismatch::CONSTRAINT_TYPE_MISMATCH;
pub use input_written::INPUT_WRITTEN;
pub use invalid_clobber::INVALID_CLOBBER;
pub use invalid_constraint::INVALID_CONSTRAINT;
pub use named_operand_reference::NAMED_OPERAND_REFERENCE;
pub use operand_index_out_of_range::OPERAND_INDEX_OUT_OF_RANGE;
pub use operand_modifier::OPERAND_MODIFIER;
pub use output_only_read::OUTPUT_ONLY_READ;
pub use partial_template::PARTIAL_TEMPLATE;
pub use unreferenced_operand::UNREFERENCED_OPERAND;

use speclint_base::rules::Rule;

/// Every CUDA C++ rule, in code order.
pub static CUDA_RULES: &[&Rule] = &[
    &OPERAND_INDEX_OUT_OF_RANGE,
    &UNREFERENCED_OPERAND,
    &PARTIAL_TEMPLATE,
    &NAMED_OPERAND_REFERENCE,
    &OPERAND_MODIFIER,
    &INVALID_CONSTRAINT,
    &INVALID_CLOBBER,
    &OUTPUT_ONLY_READ,
    &INPUT_WRITTEN,
    &CONSTRAINT_TYPE_MISMATCH,
];
