//! PTX008 `undeclared-identifier`.

use speclint_base::rules::rules;

rules! {
    UNDECLARED_IDENTIFIER = "PTX008" "undeclared-identifier" Error fix=true {
        summary: "A register, label, variable or function is used but never declared",
        explanation: "Every register must be declared with `.reg` (a range `%r<N>` declares `%r0` … `%r(N-1)`), every label defined in the same function, every variable and function declared in the module before use. The fix declares a missing register with the type the instruction expects.",
        example: ".reg .b32 %r<3>;\nadd.s32 %r1, %r2, %r3;   // PTX008: %r3 is outside %r<3>",
    }
}
