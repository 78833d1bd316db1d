//! PTX014 `withdrawn-form`.

use speclint_base::rules::rules;

rules! {
    WITHDRAWN_FORM = "PTX014" "withdrawn-form" Error fix=false {
        summary: "The form is no longer supported for this `.version` and `.target`",
        explanation: "Some forms were not only deprecated but withdrawn: from a PTX ISA version on, on newer targets, ptxas rejects them. The non-`.sync` `shfl` and `vote` are the main case: from PTX ISA 6.4 on sm_70 and later they must be written `shfl.sync` / `vote.sync` with a member mask. The message names the version and target from which the form is withdrawn and what replaces it.",
        example: ".version 7.0\n.target sm_80\nshfl.up.b32 %r1, %r2, 1, 0;                    // PTX014\nshfl.sync.up.b32 %r1, %r2, 1, 0, 0xffffffff;  // fixed",
    }
}
