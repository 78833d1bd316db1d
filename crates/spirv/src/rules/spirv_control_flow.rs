//! SPV015 `spirv-control-flow`.

use speclint_base::rules::rules;

rules! {
    SPIRV_CONTROL_FLOW = "SPV015" "spirv-control-flow" Error fix=false {
        summary: "Blocks, branches or `OpPhi` break the control-flow rules",
        explanation: "Every block starts with `OpLabel` and ends with one terminator; branch targets are labels of the same function; `OpPhi` comes first in its block and names one value for each predecessor block. A merge instruction (`OpLoopMerge`, `OpSelectionMerge`) is the second-to-last instruction of its header block, right before the branch, and no two headers of a function share a merge block (SPIR-V 2.11 Structured Control Flow); spirv-val reports a shared merge block on the function's `OpFunction`, and so does speclint.",
        example: "OpBranch %x   ; SPV015: %x is not a label",
    }
}
