//! SPV013 `spirv-type-mismatch`.

use speclint_base::rules::rules;

rules! {
    SPIRV_TYPE_MISMATCH = "SPV013" "spirv-type-mismatch" Error fix=false {
        summary: "A result or operand type does not fit the instruction",
        explanation: "Each core instruction and each OpenCL.std function constrains its result type and operand types (integer or float scalars or vectors, equal component counts and widths, pointer operands). The message names the operand, its type and what the instruction expects.",
        example: "%r = OpFAdd %float %a %i   ; SPV013: %i is an int, OpFAdd needs float operands",
    }
}

use speclint_base::diagnostic::Diagnostic;
use speclint_base::text::TextRange;

/// A result or operand whose type does not fit; `message` says which, what it is and what the
/// instruction expects.
pub(crate) fn mismatch(range: TextRange, message: String) -> Diagnostic {
    Diagnostic::new(&SPIRV_TYPE_MISMATCH, range, message)
}

/// Whether `diagnostic` is a type mismatch: the inference reports one per instruction, as the
/// first wrong type makes the rest of the instruction's types guesswork.
pub(crate) fn is_mismatch(diagnostic: &Diagnostic) -> bool {
    std::ptr::eq(diagnostic.rule, &SPIRV_TYPE_MISMATCH)
}

/// An OpenCL.std argument of type `ty` that does not fit its `rule`: a pointer in a storage
/// class the function does not take is a storage class finding, anything else a mismatch.
pub(crate) fn opencl_std_argument(
    rule: speclint_spec_db::spirv::opencl_std::TypeRule,
    ty: Option<&crate::facts::Type>,
    range: TextRange,
    message: String,
) -> Diagnostic {
    use crate::facts::{storage_class_name, Type};
    use speclint_spec_db::spirv::opencl_std::TypeRule;
    let storage_only = matches!(
        (rule, ty),
        (TypeRule::Pointer(_, classes), Some(Type::Pointer { storage, .. }))
            if !classes.contains(storage_class_name(*storage))
    );
    if storage_only {
        super::spirv_storage_class::finding(range, message)
    } else {
        mismatch(range, message)
    }
}
