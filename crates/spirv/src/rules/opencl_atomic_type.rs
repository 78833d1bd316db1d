//! SPV026 `opencl-atomic-type`.

use speclint_base::rules::rules;

rules! {
    OPENCL_ATOMIC_TYPE = "SPV026" "opencl-atomic-type" Error fix=false {
        summary: "An atomic operates on a type or storage class OpenCL does not allow",
        explanation: "Atomic instructions operate on 32-bit integers, on 64-bit integers only with the `Int64Atomics` capability, on floats only with the float-atomics capabilities, and only through pointers to `CrossWorkgroup`, `Workgroup` or `Function` memory (`Function` is valid but its behaviour is undefined), or `Generic` memory where the module declares `GenericPointer`. spirv-val 2023.1 accepts atomics on 8-bit and 16-bit integers, so those are warnings that say so.",
        example: "%r = OpAtomicIAdd %ulong %p %dev %relaxed %one   ; SPV026 without Int64Atomics",
    }
}
