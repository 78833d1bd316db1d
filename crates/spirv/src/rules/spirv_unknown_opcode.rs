//! SPV002 `spirv-unknown-opcode`.

use speclint_base::rules::rules;

rules! {
    SPIRV_UNKNOWN_OPCODE = "SPV002" "spirv-unknown-opcode" Error fix=true {
        summary: "No SPIR-V instruction (or extended instruction) has this name",
        explanation: "The opcode is not in the SPIR-V grammar speclint knows (SPIR-V 1.6 with the registered extensions), or an `OpExtInst` names an instruction its set does not have. The fix offers the closest names.",
        example: "%3 = OpIAddd %uint %1 %2   ; SPV002\n%3 = OpIAdd %uint %1 %2    ; fixed",
    }
}
