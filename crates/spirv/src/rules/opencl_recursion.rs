//! SPV023 `opencl-recursion`.

use speclint_base::rules::rules;

rules! {
    OPENCL_RECURSION = "SPV023" "opencl-recursion" Error fix=false {
        summary: "A function calls itself, directly or through other functions",
        explanation: "OpenCL does not support recursion: the static call graph of a module must have no cycles.",
        example: "%f = OpFunction %void None %fn\n…\n%r = OpFunctionCall %void %f   ; SPV023",
    }
}
