//! PTX005 `target-too-low`.

use speclint_base::rules::rules;

rules! {
    TARGET_TOO_LOW = "PTX005" "target-too-low" Error fix=true {
        summary: "The instruction form needs a newer `.target`",
        explanation: "The form, type or modifier used here is only available on newer GPU architectures than the module's `.target` (or the `--target` override). The message names the target that is needed and the spec section that says so; the fix raises `.target`. Architecture-specific targets such as `sm_90a` are required exactly; family targets such as `sm_100f` accept later members of the family.",
        example: ".target sm_80\nex2.approx.ftz.bf16 %h1, %h2;   // PTX005: needs sm_90",
    }
}
