//! PTX004 `missing-required-modifier`.

use speclint_base::rules::rules;

rules! {
    MISSING_REQUIRED_MODIFIER = "PTX004" "missing-required-modifier" Error fix=true {
        summary: "The instruction needs a modifier that is missing",
        explanation: "Some instructions have no default for a modifier: since PTX ISA 1.4 `rcp.f32`, `sqrt.f32` and `div.f32` need `.approx`, `.full` or a rounding mode; integer `mul` needs `.lo`, `.hi` or `.wide`; `ex2.approx.bf16` needs `.ftz`. The fix inserts one of the allowed modifiers; choose the one with the semantics you want (hover shows the accuracy of each).",
        example: "rcp.f32 %f1, %f2;          // PTX004\nrcp.rn.f32 %f1, %f2;       // fixed (IEEE round-to-nearest)",
    }
}
