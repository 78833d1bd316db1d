//! PTX011 `operand-type-mismatch`.

use speclint_base::rules::rules;

rules! {
    OPERAND_TYPE_MISMATCH = "PTX011" "operand-type-mismatch" Error fix=false {
        summary: "An operand's type or register class does not fit the instruction",
        explanation: "PTX checks operand types against the instruction type (section 9.4): bit-size types agree with any type of the same size, signed and unsigned integers agree with each other at the same size, floating-point types only with themselves or a bit-size type of the same size, and predicates only with predicates. A destination must be a register. The message names the operand, the declared type and the type the instruction expects.",
        example: ".reg .u32 %r1;\nadd.f32 %f1, %f2, %r1;   // PTX011: b is .u32, add.f32 needs .f32 (or .b32)",
    }
}
