//! SPV014 `spirv-storage-class`.

use speclint_base::rules::rules;

rules! {
    SPIRV_STORAGE_CLASS = "SPV014" "spirv-storage-class" Error fix=false {
        summary: "A pointer's storage class is not allowed here",
        explanation: "Loads, stores, calls and variables constrain the storage class of their pointers: `OpVariable` takes the storage class of its pointer type, a call passes pointers of the storage classes its callee declares, read-only classes (`UniformConstant`, `Input`) are not stored to, and generic casts go between `Generic` and `CrossWorkgroup`, `Workgroup` or `Function`.",
        example: "%v = OpVariable %_ptr_Function_uint Workgroup   ; SPV014",
    }
}
