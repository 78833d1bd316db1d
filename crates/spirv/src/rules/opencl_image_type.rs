//! SPV031 `opencl-image-type`: the shape of an `OpTypeImage`, and the image operands of image
//! instructions.

use crate::environment::context::{device_has_extension, report, Context, Device};
use crate::facts::{describe, enumerant_name, ImageType, Type};
use crate::module::{Instruction, Value};
use speclint_base::diagnostic::Diagnostic;
use speclint_base::rules::rules;
use speclint_spec_db::spirv::env::OpenClVersion;

rules! {
    OPENCL_IMAGE_TYPE = "SPV031" "opencl-image-type" Error fix=false {
        summary: "An image type does not follow the OpenCL environment's rules",
        explanation: "In OpenCL an `OpTypeImage` has a `void` sampled type, `Depth` 0 or 1, `MS` 0 unless multisample images are supported, `Sampled` 0, format `Unknown` and an access qualifier; `Dim` is 1D, 2D, 3D or Buffer, and arrayed only for 1D and 2D. Image instructions do not take `ConstOffset`.",
        example: "%img = OpTypeImage %float 2D 0 0 0 0 Unknown ReadOnly   ; SPV031: sampled type must be void",
    }
}

// Enumerant values (SPIR-V 1.6, section 3).
const DIM_1D: u32 = 0;
const DIM_2D: u32 = 1;
const DIM_3D: u32 = 2;
const DIM_BUFFER: u32 = 5;
const IMAGE_FORMAT_UNKNOWN: u32 = 0;
const IMAGE_OPERAND_LOD: u32 = 0x2;
const IMAGE_OPERAND_CONST_OFFSET: u32 = 0x8;

/// An `OpTypeImage` (validation_rules.asciidoc; common_properties.asciidoc, Image Related Data
/// Types).
pub(crate) fn check_image_type(
    cx: &Context,
    device: &Device,
    inst: &Instruction,
    image: &ImageType,
    diagnostics: &mut Vec<Diagnostic>,
) {
    let ops = cx.module.operands(inst);
    let range = |i: usize| ops.get(i).map_or(inst.range, |o| o.range());
    let mut problem = |index: usize, rule_id: &str, message: String| {
        report(
            diagnostics,
            &OPENCL_IMAGE_TYPE,
            range(index),
            rule_id,
            message,
        )
    };
    if !matches!(cx.facts.types.get(&image.sampled_type), Some(Type::Void)) {
        problem(
            0,
            "image-sampled-type-void",
            format!(
                "the sampled type is {}; OpenCL images have a void sampled type",
                describe(cx.facts, image.sampled_type, 0)
            ),
        );
    }
    let dim_name = enumerant_name("Dim", image.dim);
    if !matches!(image.dim, DIM_1D | DIM_2D | DIM_3D | DIM_BUFFER) {
        problem(
            1,
            "image-types",
            format!("Dim {dim_name}: OpenCL images are 1D, 2D, 3D or Buffer"),
        );
    }
    if image.depth > 1 {
        problem(
            2,
            "image-types",
            "Depth 2 (unknown): OpenCL images are depth (1) or not (0)".into(),
        );
    } else if image.depth == 1 && image.dim != DIM_2D {
        problem(
            2,
            "image-types",
            format!("a depth image with Dim {dim_name}: OpenCL depth images are 2D"),
        );
    }
    if image.arrayed == 1 && !matches!(image.dim, DIM_1D | DIM_2D) {
        problem(
            3,
            "image-arrayed-dims",
            format!("an arrayed image with Dim {dim_name}: only 1D and 2D images are arrayed"),
        );
    }
    if image.multisampled != 0 {
        let allowed = image.dim == DIM_2D
            && device.extensions_listed
            && device_has_extension(cx, "cl_khr_gl_msaa_sharing");
        if !allowed {
            problem(
                4,
                "image-single-sampled",
                "MS 1: OpenCL images are single-sampled (multi-sampled 2D images need cl_khr_gl_msaa_sharing on the configured device)".into(),
            );
        }
    }
    if image.sampled != 0 {
        problem(
            5,
            "image-sampled-zero",
            format!(
                "Sampled {}: OpenCL images have Sampled 0 (usage known at run time)",
                image.sampled
            ),
        );
    }
    if image.format != IMAGE_FORMAT_UNKNOWN {
        problem(
            6,
            "image-format-unknown",
            format!(
                "Image Format {}: OpenCL images have format Unknown",
                enumerant_name("ImageFormat", image.format)
            ),
        );
    }
    if image.access.is_none() {
        problem(
            usize::MAX,
            "image-access-qualifier",
            "the image type has no access qualifier; OpenCL images carry ReadOnly, WriteOnly or ReadWrite".into(),
        );
    }
}

/// The image operands of an image instruction, and 3D image writes.
pub(crate) fn check_image_instruction(
    cx: &Context,
    device: &Device,
    inst: &Instruction,
    diagnostics: &mut Vec<Diagnostic>,
) {
    let ops = cx.module.operands(inst);
    let image_type = ops
        .iter()
        .find(|o| o.name() == "Image" || o.name() == "Sampled Image")
        .and_then(|o| match o.value {
            Value::Id(id) => cx.facts.type_of(id),
            _ => None,
        })
        .and_then(|t| match t {
            Type::Image(image) => Some(image),
            Type::SampledImage { image } => match cx.facts.types.get(image) {
                Some(Type::Image(image)) => Some(image),
                _ => None,
            },
            _ => None,
        });
    let name = inst.name();
    if name == "OpImageWrite"
        && image_type.is_some_and(|i| i.dim == DIM_3D)
        && matches!(
            cx.settings.opencl,
            OpenClVersion::V1_2 | OpenClVersion::V3_0 | OpenClVersion::V3_1
        )
        && device.extensions_listed
        && !device_has_extension(cx, "cl_khr_3d_image_writes")
    {
        report(
            diagnostics,
            &OPENCL_IMAGE_TYPE,
            inst.range,
            "image-write-3d-needs-extension",
            "writing a 3D image needs cl_khr_3d_image_writes, which the configured device does not list".into(),
        );
    }
    for (i, operand) in ops.iter().enumerate() {
        if operand.kind.get().name != "ImageOperands" {
            continue;
        }
        let Value::Enum(mask) = operand.value else {
            continue;
        };
        if mask & IMAGE_OPERAND_CONST_OFFSET != 0 {
            report(
                diagnostics,
                &OPENCL_IMAGE_TYPE,
                operand.range(),
                "image-no-constoffset",
                format!("{name} uses the ConstOffset image operand, which OpenCL does not allow"),
            );
        }
        // Before OpenCL 3.1 an image write takes no optional image operands at all; 3.1
        // allowed them (appendix_a.asciidoc, changes in OpenCL 3.1; the 2.2 seed's §2.1).
        if name == "OpImageWrite" && mask != 0 && cx.settings.opencl < OpenClVersion::V3_1 {
            report(
                diagnostics,
                &OPENCL_IMAGE_TYPE,
                operand.range(),
                "image-write-no-operands",
                format!(
                    "OpImageWrite takes no optional image operands before OpenCL 3.1; the module is checked for OpenCL {}",
                    cx.settings.opencl
                ),
            );
        }
        if mask & IMAGE_OPERAND_LOD != 0 {
            // Bias (0x1) would come first, but it needs Shader; the Lod id follows the mask.
            let lod = ops.get(i + 1 + usize::from(mask & 0x1 != 0));
            let extension = if name == "OpImageWrite" {
                "cl_khr_mipmap_image_writes"
            } else {
                "cl_khr_mipmap_image"
            };
            if let Some(lod) = lod {
                if constant_is_nonzero(cx, lod.value)
                    && device.extensions_listed
                    && !device_has_extension(cx, extension)
                {
                    report(
                        diagnostics,
                        &OPENCL_IMAGE_TYPE,
                        lod.range(),
                        "image-lod-zero",
                        format!(
                            "a non-zero Lod needs {extension}, which the configured device does not list"
                        ),
                    );
                }
            }
        }
    }
}

/// A constant operand known to be non-zero (integer or float `OpConstant`).
fn constant_is_nonzero(cx: &Context, value: Value) -> bool {
    let Value::Id(id) = value else { return false };
    if let Some(&v) = cx.facts.int_constants.get(&id) {
        return v != 0;
    }
    match cx.module.definition(id) {
        Some(def) if def.name() == "OpConstant" => cx
            .module
            .operands(def)
            .first()
            .is_some_and(|o| matches!(o.value, Value::Float(f) if f != 0.0)),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use crate::environment::test_support::*;

    #[test]
    fn image_types_follow_the_opencl_shape() {
        let image = |decl: &str| {
            module(&format!(
                "OpCapability ImageBasic\nOpEntryPoint Kernel %k \"k\"\n{KERNEL_TYPES}%float = OpTypeFloat 32\n%img = {decl}\n%kfn = OpTypeFunction %void %img\n%k = OpFunction %void None %kfn\n%i = OpFunctionParameter %img\n%l = OpLabel\nOpReturn\nOpFunctionEnd\n"
            ))
        };
        // Capabilities come first.
        let fix = |t: String| {
            t.replace("OpCapability Addresses\nOpCapability Kernel\nOpMemoryModel Physical64 OpenCL\nOpCapability ImageBasic\n", "OpCapability Addresses\nOpCapability Kernel\nOpCapability ImageBasic\nOpMemoryModel Physical64 OpenCL\n")
        };
        assert_eq!(
            findings(
                &fix(image("OpTypeImage %void 2D 0 1 0 0 Unknown ReadOnly")),
                OpenClVersion::V2_0
            ),
            vec![]
        );
        assert_eq!(
            findings(
                &fix(image("OpTypeImage %float 2D 0 0 0 0 Unknown ReadOnly")),
                OpenClVersion::V2_0
            ),
            vec![("SPV031", "%float".into())]
        );
        assert_eq!(
            findings(
                &fix(image("OpTypeImage %void 3D 0 1 0 0 Unknown ReadOnly")),
                OpenClVersion::V2_0
            ),
            vec![("SPV031", "1".into())]
        );
        assert_eq!(
            findings(
                &fix(image("OpTypeImage %void 1D 1 0 0 0 Unknown ReadOnly")),
                OpenClVersion::V2_0
            ),
            vec![("SPV031", "1".into())]
        );
        assert_eq!(
            codes(&findings(
                &fix(image("OpTypeImage %void 2D 0 0 0 0 Unknown")),
                OpenClVersion::V2_0
            )),
            vec!["SPV031"]
        );
    }
}
