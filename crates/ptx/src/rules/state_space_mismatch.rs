//! PTX015 `state-space-mismatch`.

use speclint_base::rules::rules;

rules! {
    STATE_SPACE_MISMATCH = "PTX015" "state-space-mismatch" Error fix=true {
        summary: "An address names a variable of another state space than the instruction's",
        explanation: "An instruction that names a state space (`ld.shared`, `st.global`, `cp.async.ca.shared.global`, `mbarrier.init.shared`) must address a variable of that space, or a register holding such an address. Naming a `.global` variable in `ld.shared` (or a `.local` one in an instruction without a state space, which uses generic addresses that cannot reach every space) reads the wrong memory. Parameters have their own rules: a kernel's parameters live in `.param::entry` and a device function's in `.param::func`, and input parameters are read-only (`st.param` writes return parameters and the parameters of a call). The fix writes the variable's own state space.",
        example: ".shared .b32 buf[32];\nld.global.b32 %r1, [buf];   // PTX015: buf is .shared\nld.shared.b32 %r1, [buf];   // fixed",
    }
}
