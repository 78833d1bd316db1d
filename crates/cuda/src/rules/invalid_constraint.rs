//! CUDA006: a constraint nvcc does not take in device code.

use speclint_base::diagnostic::Diagnostic;
use speclint_base::rules::rules;
use speclint_base::text::TextRange;

rules! {
    INVALID_CONSTRAINT = "CUDA006" "invalid-constraint" Error fix=false {
        summary: "An operand's constraint is not one nvcc takes in device code",
        explanation: "In device code nvcc takes one constraint letter per operand, after the modifiers `=` (written), `+` (read and written) and `&` (early clobber): `h` (a .b16 register), `r` (.b32), `l` (.b64), `q` (.b128), `f` (.f32), `d` (.f64) or `n` (an integer constant). It rejects `m` and `i` inside device functions, more than one letter (`\"rn\"`), and letters it does not know. Probed with nvcc 13.5.",
        example: "asm(\"ld.u32 %0, [%1];\" : \"=r\"(x) : \"m\"(*p));   // CUDA006\nasm(\"ld.u32 %0, [%1];\" : \"=r\"(x) : \"l\"(p));",
    }
}

/// The finding for a constraint the operand reader refused, with its reason.
pub fn report(range: TextRange, why: String) -> Diagnostic {
    Diagnostic::new(&INVALID_CONSTRAINT, range, why)
}
