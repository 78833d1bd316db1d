//! PTX013 `module-header`.

use speclint_base::rules::rules;

rules! {
    MODULE_HEADER = "PTX013" "module-header" Error fix=true {
        summary: "`.version`, `.target` or `.address_size` is missing, repeated or misplaced",
        explanation: "A PTX module starts with `.version`, followed by `.target` (and optionally `.address_size`), before any other statement. speclint checks the module against the `.version` and `.target` it declares, so without them it can only assume the newest ones.",
        example: ".target sm_90\n.version 8.0     // PTX013: .version must come first",
    }
}
