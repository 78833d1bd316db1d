//! The CUDA C++ rules: what only inline assembly has. The PTX in the templates is checked with
//! the PTX language's own rules. Each rule is declared in its own file.

mod invalid_clobber;
mod invalid_constraint;
mod named_operand_reference;
mod operand_index_out_of_range;
mod operand_modifier;
mod partial_template;
mod unreferenced_operand;

pub use invalid_clobber::INVALID_CLOBBER;
pub use invalid_constraint::INVALID_CONSTRAINT;
pub use named_operand_reference::NAMED_OPERAND_REFERENCE;
pub use operand_index_out_of_range::OPERAND_INDEX_OUT_OF_RANGE;
pub use operand_modifier::OPERAND_MODIFIER;
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
];
