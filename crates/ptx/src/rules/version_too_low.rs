//! PTX006 `version-too-low`.

use speclint_base::rules::rules;

rules! {
    VERSION_TOO_LOW = "PTX006" "version-too-low" Error fix=true {
        summary: "The instruction form needs a newer `.version`",
        explanation: "The form, type or modifier used here was introduced in a later PTX ISA version than the module's `.version` (or the `--ptx-version` override). The message names the version needed and the section; the fix raises `.version`.",
        example: ".version 7.0\nex2.approx.ftz.bf16 %h1, %h2;   // PTX006: needs PTX ISA 7.8",
    }
}
