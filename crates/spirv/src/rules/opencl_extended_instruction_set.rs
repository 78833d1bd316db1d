//! SPV028 `opencl-extended-instruction-set`.

use speclint_base::rules::rules;

rules! {
    OPENCL_EXTENDED_INSTRUCTION_SET = "SPV028" "opencl-extended-instruction-set" Error fix=false {
        summary: "The module imports an extended instruction set OpenCL does not accept",
        explanation: "An OpenCL module may import `OpenCL.std` and the OpenCL debug information sets (`OpenCL.DebugInfo.100`, and the non-semantic sets); `GLSL.std.450` and unknown sets are not accepted.",
        example: "%1 = OpExtInstImport \"GLSL.std.450\"   ; SPV028",
    }
}
