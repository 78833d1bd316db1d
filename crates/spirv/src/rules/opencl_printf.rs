//! SPV030 `opencl-printf`.

use speclint_base::rules::rules;

rules! {
    OPENCL_PRINTF = "SPV030" "opencl-printf" Error fix=false {
        summary: "A `printf` call does not follow OpenCL's rules",
        explanation: "OpenCL.std `printf` returns a 32-bit integer; its format is a pointer to 8-bit integers in the `UniformConstant` storage class (a string constant); the number of arguments matches the conversions in the format. spirv-val 2023.1 checks the result and format types, not the arguments against the format: those findings are warnings that say so.",
        example: "%r = OpExtInst %uint %std printf %fmt_in_global   ; SPV030: the format must be UniformConstant",
    }
}
