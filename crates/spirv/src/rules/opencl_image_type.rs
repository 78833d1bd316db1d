//! SPV031 `opencl-image-type`.

use speclint_base::rules::rules;

rules! {
    OPENCL_IMAGE_TYPE = "SPV031" "opencl-image-type" Error fix=false {
        summary: "An image type does not follow the OpenCL environment's rules",
        explanation: "In OpenCL an `OpTypeImage` has a `void` sampled type, `Depth` 0 or 1, `MS` 0 unless multisample images are supported, `Sampled` 0, format `Unknown` and an access qualifier; `Dim` is 1D, 2D, 3D or Buffer, and arrayed only for 1D and 2D. Image instructions do not take `ConstOffset`.",
        example: "%img = OpTypeImage %float 2D 0 0 0 0 Unknown ReadOnly   ; SPV031: sampled type must be void",
    }
}
