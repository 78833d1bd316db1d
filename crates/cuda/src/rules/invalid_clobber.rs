//! CUDA007: a clobber other than `"memory"`.

use speclint_base::diagnostic::Diagnostic;
use speclint_base::rules::rules;

rules! {
    INVALID_CLOBBER = "CUDA007" "invalid-clobber" Error fix=false {
        summary: "A clobber that nvcc does not take in device code",
        explanation: "The clobber list of an `asm` statement in device code may hold only `\"memory\"` (the statement reads or writes memory the compiler cannot see). nvcc 13.5 rejects `\"cc\"` (\"not supported in device code\") and register names (\"unknown register name\"): PTX registers are virtual, so declare scratch registers in a `{ .reg … }` scope of the template instead.",
        example: "asm volatile(\"membar.gl;\" ::: \"memory\", \"cc\");   // CUDA007: \"cc\"\nasm volatile(\"membar.gl;\" ::: \"memory\");",
    }
}

/// The finding for a clobber whose decoded text is `name`, where it is not `memory`.
pub fn check(name: &str, range: speclint_base::text::TextRange) -> Option<Diagnostic> {
    (name.trim() != "memory").then(|| {
        Diagnostic::new(
            &INVALID_CLOBBER,
            range,
            format!("nvcc takes only \"memory\" as a clobber in device code, not \"{name}\""),
        )
    })
}
