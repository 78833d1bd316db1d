//! SPV022 `opencl-builtin-variable`.

use speclint_base::rules::rules;

rules! {
    OPENCL_BUILTIN_VARIABLE = "SPV022" "opencl-builtin-variable" Error fix=false {
        summary: "A built-in variable has the wrong storage class or type",
        explanation: "The built-in variables OpenCL defines (`GlobalInvocationId`, `LocalInvocationId`, `WorkDim`, `SubgroupSize`, …) are `Input` variables of the type the environment specification gives them: a 3-component vector or scalar of 32-bit or 64-bit integers, by addressing model. A built-in the environment does not define is an error.",
        example: "OpDecorate %gid BuiltIn GlobalInvocationId\n%gid = OpVariable %_ptr_CrossWorkgroup_v3ulong CrossWorkgroup   ; SPV022",
    }
}
