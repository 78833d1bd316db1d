//! SPV013 `spirv-type-mismatch`.

use speclint_base::rules::rules;

rules! {
    SPIRV_TYPE_MISMATCH = "SPV013" "spirv-type-mismatch" Error fix=false {
        summary: "A result or operand type does not fit the instruction",
        explanation: "Each core instruction and each OpenCL.std function constrains its result type and operand types (integer or float scalars or vectors, equal component counts and widths, pointer operands). The message names the operand, its type and what the instruction expects.",
        example: "%r = OpFAdd %float %a %i   ; SPV013: %i is an int, OpFAdd needs float operands",
    }
}
