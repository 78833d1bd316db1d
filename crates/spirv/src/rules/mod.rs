//! The SPIR-V rules, one file each under the rule's name: its code, severity and explanation
//! (`speclint explain SPV013`), then its check and its tests.
//! `server/tests/tidy.rs` holds the list below to the folder and each rule to its file.

pub(crate) mod opencl_atomic_type;
pub(crate) mod opencl_builtin_variable;
pub(crate) mod opencl_capability_not_supported;
pub(crate) mod opencl_decoration;
pub(crate) mod opencl_embedded_profile;
pub(crate) mod opencl_extended_instruction_set;
pub(crate) mod opencl_extension_not_supported;
pub(crate) mod opencl_half_without_float16;
pub(crate) mod opencl_image_type;
pub(crate) mod opencl_kernel_signature;
pub(crate) mod opencl_memory_and_execution_model;
pub(crate) mod opencl_memory_semantics;
pub(crate) mod opencl_printf;
pub(crate) mod opencl_recursion;
pub(crate) mod opencl_scope;
pub(crate) mod spirv_control_flow;
pub(crate) mod spirv_duplicate_id;
pub(crate) mod spirv_forward_reference;
pub(crate) mod spirv_missing_capability;
pub(crate) mod spirv_missing_extension;
pub(crate) mod spirv_module_layout;
pub(crate) mod spirv_operand_count;
pub(crate) mod spirv_operand_kind;
pub(crate) mod spirv_operand_target;
pub(crate) mod spirv_storage_class;
pub(crate) mod spirv_syntax_error;
pub(crate) mod spirv_type_mismatch;
pub(crate) mod spirv_undefined_id;
pub(crate) mod spirv_unknown_opcode;
pub(crate) mod spirv_version_not_accepted;
pub(crate) mod spirv_version_too_low;

pub use opencl_atomic_type::OPENCL_ATOMIC_TYPE;
pub use opencl_builtin_variable::OPENCL_BUILTIN_VARIABLE;
pub use opencl_capability_not_supported::OPENCL_CAPABILITY_NOT_SUPPORTED;
pub use opencl_decoration::OPENCL_DECORATION;
pub use opencl_embedded_profile::OPENCL_EMBEDDED_PROFILE;
pub use opencl_extended_instruction_set::OPENCL_EXTENDED_INSTRUCTION_SET;
pub use opencl_extension_not_supported::OPENCL_EXTENSION_NOT_SUPPORTED;
pub use opencl_half_without_float16::OPENCL_HALF_WITHOUT_FLOAT16;
pub use opencl_image_type::OPENCL_IMAGE_TYPE;
pub use opencl_kernel_signature::OPENCL_KERNEL_SIGNATURE;
pub use opencl_memory_and_execution_model::OPENCL_MEMORY_AND_EXECUTION_MODEL;
pub use opencl_memory_semantics::OPENCL_MEMORY_SEMANTICS;
pub use opencl_printf::OPENCL_PRINTF;
pub use opencl_recursion::OPENCL_RECURSION;
pub use opencl_scope::OPENCL_SCOPE;
pub use spirv_control_flow::SPIRV_CONTROL_FLOW;
pub use spirv_duplicate_id::SPIRV_DUPLICATE_ID;
pub use spirv_forward_reference::SPIRV_FORWARD_REFERENCE;
pub use spirv_missing_capability::SPIRV_MISSING_CAPABILITY;
pub use spirv_missing_extension::SPIRV_MISSING_EXTENSION;
pub use spirv_module_layout::SPIRV_MODULE_LAYOUT;
pub use spirv_operand_count::SPIRV_OPERAND_COUNT;
pub use spirv_operand_kind::SPIRV_OPERAND_KIND;
pub use spirv_operand_target::SPIRV_OPERAND_TARGET;
pub use spirv_storage_class::SPIRV_STORAGE_CLASS;
pub use spirv_syntax_error::SPIRV_SYNTAX_ERROR;
pub use spirv_type_mismatch::SPIRV_TYPE_MISMATCH;
pub use spirv_undefined_id::SPIRV_UNDEFINED_ID;
pub use spirv_unknown_opcode::SPIRV_UNKNOWN_OPCODE;
pub use spirv_version_not_accepted::SPIRV_VERSION_NOT_ACCEPTED;
pub use spirv_version_too_low::SPIRV_VERSION_TOO_LOW;

use speclint_base::rules::Rule;

/// Every SPIR-V rule, in code order.
pub static SPIRV_RULES: &[&Rule] = &[
    &SPIRV_SYNTAX_ERROR,
    &SPIRV_UNKNOWN_OPCODE,
    &SPIRV_UNDEFINED_ID,
    &SPIRV_DUPLICATE_ID,
    &SPIRV_FORWARD_REFERENCE,
    &SPIRV_MODULE_LAYOUT,
    &SPIRV_OPERAND_COUNT,
    &SPIRV_OPERAND_KIND,
    &SPIRV_MISSING_CAPABILITY,
    &SPIRV_MISSING_EXTENSION,
    &SPIRV_VERSION_TOO_LOW,
    &SPIRV_VERSION_NOT_ACCEPTED,
    &SPIRV_TYPE_MISMATCH,
    &SPIRV_STORAGE_CLASS,
    &SPIRV_CONTROL_FLOW,
    &SPIRV_OPERAND_TARGET,
    &OPENCL_MEMORY_AND_EXECUTION_MODEL,
    &OPENCL_KERNEL_SIGNATURE,
    &OPENCL_BUILTIN_VARIABLE,
    &OPENCL_RECURSION,
    &OPENCL_SCOPE,
    &OPENCL_MEMORY_SEMANTICS,
    &OPENCL_ATOMIC_TYPE,
    &OPENCL_CAPABILITY_NOT_SUPPORTED,
    &OPENCL_EXTENDED_INSTRUCTION_SET,
    &OPENCL_HALF_WITHOUT_FLOAT16,
    &OPENCL_PRINTF,
    &OPENCL_IMAGE_TYPE,
    &OPENCL_EMBEDDED_PROFILE,
    &OPENCL_EXTENSION_NOT_SUPPORTED,
    &OPENCL_DECORATION,
];
