//! SPV029 `opencl-half-without-float16`.

use speclint_base::rules::rules;

rules! {
    OPENCL_HALF_WITHOUT_FLOAT16 = "SPV029" "opencl-half-without-float16" Error fix=false {
        summary: "Half-precision values are used beyond memory while only `Float16Buffer` is declared",
        explanation: "With `Float16Buffer` and without `Float16`, 16-bit floats may only be pointed to, loaded and stored through conversion functions (`vload_half`, `vstore_half`); any other instruction with a 16-bit float operand or result needs the `Float16` capability (`cl_khr_fp16`).",
        example: "OpCapability Float16Buffer\n%r = OpFAdd %half %a %b   ; SPV029",
    }
}
