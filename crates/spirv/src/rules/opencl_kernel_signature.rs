//! SPV021 `opencl-kernel-signature`.

use speclint_base::rules::rules;

rules! {
    OPENCL_KERNEL_SIGNATURE = "SPV021" "opencl-kernel-signature" Error fix=false {
        summary: "A kernel returns a value or has an argument type OpenCL does not allow",
        explanation: "An entry point's function returns `void`. Its parameters may not be `bool` (or contain one), may not be pointers to the `Function` or `Private` storage classes, and `size_t`-like integers follow the addressing model's width.",
        example: "%k = OpFunction %uint None %fn   ; SPV021: a kernel returns void",
    }
}
