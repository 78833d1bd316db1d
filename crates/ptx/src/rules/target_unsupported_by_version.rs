//! PTX007 `target-unsupported-by-version`.

use speclint_base::rules::rules;

rules! {
    TARGET_UNSUPPORTED_BY_VERSION = "PTX007" "target-unsupported-by-version" Error fix=true {
        summary: "The `.target` is not supported by the module's `.version`",
        explanation: "Each target architecture was introduced by a PTX ISA version (chapter 13 of the ISA). A module may only name targets its `.version` knows; the fix raises `.version` to the one that introduced the target.",
        example: ".version 7.0\n.target sm_90    // PTX007: sm_90 needs PTX ISA 7.8",
    }
}
