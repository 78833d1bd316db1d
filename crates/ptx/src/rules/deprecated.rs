//! PTX012 `deprecated`.

use speclint_base::rules::rules;

rules! {
    DEPRECATED = "PTX012" "deprecated" Warning fix=false {
        summary: "The form is deprecated by the PTX ISA",
        explanation: "The spec marks this instruction form, modifier or directive as deprecated; it still assembles for now but may be removed. The message says what to use instead.",
        example: ".maxnctapersm 4   // PTX012: use .minnctapersm",
    }
}
