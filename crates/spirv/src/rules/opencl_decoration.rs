//! SPV034 `opencl-decoration`.

use speclint_base::rules::rules;

rules! {
    OPENCL_DECORATION = "SPV034" "opencl-decoration" Error fix=false {
        summary: "A decoration is not allowed on this target or in OpenCL",
        explanation: "Decorations apply to particular kinds of ids: `FuncParamAttr` to function parameters and return values (the `OpFunction`), `BuiltIn` to variables, `Alignment` to pointers; `LinkageAttributes` needs the `Linkage` capability, and a variable it imports (`Import`) has no initializer (SPIR-V 2.16.1). Some decorations have no meaning in OpenCL. spirv-val 2023.1 checks the targets of `BuiltIn`, `Constant` and the no-wrap decorations, not those of `FuncParamAttr`, `FPRoundingMode`, `FPFastMathMode`, `SaturatedConversion` or `Alignment`: those findings are warnings that say so.",
        example: "OpDecorate %uint FuncParamAttr NoAlias   ; SPV034: %uint is a type",
    }
}
