//! PTX016 `not-enforced-by-ptxas`.

use speclint_base::rules::rules;

rules! {
    NOT_ENFORCED_BY_PTXAS = "PTX016" "not-enforced-by-ptxas" Warning fix=true {
        summary: "The spec forbids this form, but ptxas accepts it",
        explanation: "The PTX ISA requires or forbids something here that ptxas 13.5 does not check: it assembles the form as written. speclint reports it as a warning, not an error, so that a build ptxas accepts is never failed; the message names the spec section and says that ptxas accepts the form. Code that follows the spec stays portable to assemblers and drivers that enforce the rule. The forms are listed in `docs/ptx-unenforced.md`; `--ignore PTX016` turns the warnings off.",
        example: "wgmma.fence.sync;           // PTX016: §9.7.15.7.1 requires .aligned; ptxas accepts it\nwgmma.fence.sync.aligned;   // as the spec writes it",
    }
}
