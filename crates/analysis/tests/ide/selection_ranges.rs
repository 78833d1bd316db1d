//! Selection ranges: the chain the selection grows through from `$0`, innermost first, as
//! the texts it covers (the whole text shown as `<file>`). The fixtures are shared with the
//! folding and semantic-token tests.

use crate::analyse;
use expect_test::{expect, Expect};

pub const PTX: &str = "//- k.ptx
.version 8.0
.target sm_90
.address_size 64

// Scales a vector.
// Two lines of comment.
.visible .entry kernel(.param .u64 out, .param .u32 n)
{
\t.reg .b32 %r<8>;
\t.reg .b16 %h<3>;
\t.reg .pred %p1;
\tmov.u32 %r1, %tid.x;
\tld.param.u32 %r5, [n];
\t/* é multi
\t   line */ add.s32 %r5, %r5, %r1;
\tex2.approx.f16 %h1, %h2;
\tsetp.lt.s32 %p1, %r5, 10;
\t@%p1 bra $L_end;
\t{
\t\tadd.s32 %r2, %r5, 1;
\t}
$L_end:
\tret;
}
";

pub const TILE_IR: &str = "//- k.mlir
// Two kernels' worth of module.
// Second line.
cuda_tile.module @kernels {
  global @bias <f32: [1.0, 2.0]> : tile<2xf32>
  entry @scale(%p: tile<ptr<f32>>) {
    %h = constant <bf16: 1.0> : tile<4xbf16>
    %sum = addf %h, %h rounding<zero> : tile<4xbf16>
    %g = get_global @bias : tile<ptr<f32>>
    return
  }
}
";

pub const SPIRV: &str = "//- k.spvasm
; SPIR-V
; Version: 1.0
OpCapability Addresses
OpCapability Kernel
OpCapability Int64
%std = OpExtInstImport \"OpenCL.std\"
OpMemoryModel Physical64 OpenCL
OpEntryPoint Kernel %k \"scale\"
OpName %k \"scale\"
OpName %p \"p\"
OpDecorate %p Alignment 4
OpDecorate %p FuncParamAttr NoAlias
%void = OpTypeVoid
%float = OpTypeFloat 32
%ptr = OpTypePointer CrossWorkgroup %float
%fn = OpTypeFunction %void %ptr
%two = OpConstant %float 2
%k = OpFunction %void None %fn
%p = OpFunctionParameter %ptr
%entry = OpLabel
%x = OpLoad %float %p Aligned 4
%y = OpExtInst %float %std cos %x
%z = OpFMul %float %y %two
OpStore %p %z Aligned 4
OpReturn
OpFunctionEnd
";

fn check(fixture: &str, expected: Expect) {
    let a = analyse(fixture);
    let chain: Vec<String> = a
        .analysis
        .selection_ranges(a.text(), a.cursor())
        .into_iter()
        .map(|range| format!("{}\n", a.show(range)))
        .collect();
    expected.assert_eq(&chain.concat());
}

#[test]
fn ptx_modifier_instruction_statement_body_kernel_file() {
    check(
        &PTX.replace("ex2.approx.f16", "ex2.ap$0prox.f16"),
        expect![[r#"
            16:5-16:12 ".approx"
            16:2-16:16 "ex2.approx.f16"
            16:2-16:26 "ex2.approx.f16 %h1, %h2;"
            8:1-24:2 "{\n\t.reg .b32 %r<8>;\n\t.reg .b16 %h<3>;\n\t.reg .pred %p1;\n\tmov.u32 %r1, %tid.x;\n\tld.param.u32 %r5, [n];\n\t/* é multi\n\t   line */ add.s32 %r5, %r5, %r1;\n\tex2.approx.f16 %h1, %h2;\n\tsetp.lt.s32 %p1, %r5, 10;\n\t@%p1 bra $L_end;\n\t{\n\t\tadd.s32 %r2, %r5, 1;\n\t}\n$L_end:\n\tret;\n}"
            7:1-24:2 ".visible .entry kernel(.param .u64 out, .param .u32 n)\n{\n\t.reg .b32 %r<8>;\n\t.reg .b16 %h<3>;\n\t.reg .pred %p1;\n\tmov.u32 %r1, %tid.x;\n\tld.param.u32 %r5, [n];\n\t/* é multi\n\t   line */ add.s32 %r5, %r5, %r1;\n\tex2.approx.f16 %h1, %h2;\n\tsetp.lt.s32 %p1, %r5, 10;\n\t@%p1 bra $L_end;\n\t{\n\t\tadd.s32 %r2, %r5, 1;\n\t}\n$L_end:\n\tret;\n}"
            1:1-25:1 <file>
        "#]],
    );
}

#[test]
fn tile_ir_type_op_region_entry_module_file() {
    check(
        &TILE_IR.replace("tile<4xbf16>\n    %g", "tile<4x$0bf16>\n    %g"),
        expect![[r#"
            7:46-7:52 "4xbf16"
            7:41-7:53 "tile<4xbf16>"
            7:5-7:53 "%sum = addf %h, %h rounding<zero> : tile<4xbf16>"
            5:36-10:4 "{\n    %h = constant <bf16: 1.0> : tile<4xbf16>\n    %sum = addf %h, %h rounding<zero> : tile<4xbf16>\n    %g = get_global @bias : tile<ptr<f32>>\n    return\n  }"
            5:3-10:4 "entry @scale(%p: tile<ptr<f32>>) {\n    %h = constant <bf16: 1.0> : tile<4xbf16>\n    %sum = addf %h, %h rounding<zero> : tile<4xbf16>\n    %g = get_global @bias : tile<ptr<f32>>\n    return\n  }"
            3:27-11:2 "{\n  global @bias <f32: [1.0, 2.0]> : tile<2xf32>\n  entry @scale(%p: tile<ptr<f32>>) {\n    %h = constant <bf16: 1.0> : tile<4xbf16>\n    %sum = addf %h, %h rounding<zero> : tile<4xbf16>\n    %g = get_global @bias : tile<ptr<f32>>\n    return\n  }\n}"
            3:1-11:2 "cuda_tile.module @kernels {\n  global @bias <f32: [1.0, 2.0]> : tile<2xf32>\n  entry @scale(%p: tile<ptr<f32>>) {\n    %h = constant <bf16: 1.0> : tile<4xbf16>\n    %sum = addf %h, %h rounding<zero> : tile<4xbf16>\n    %g = get_global @bias : tile<ptr<f32>>\n    return\n  }\n}"
            1:1-12:1 <file>
        "#]],
    );
}

#[test]
fn spirv_id_instruction_block_function_file() {
    check(
        &SPIRV.replace("%y %two", "%y %t$0wo"),
        expect![[r#"
        23:23-23:27 "%two"
        23:1-23:27 "%z = OpFMul %float %y %two"
        20:1-25:9 "%entry = OpLabel\n%x = OpLoad %float %p Aligned 4\n%y = OpExtInst %float %std cos %x\n%z = OpFMul %float %y %two\nOpStore %p %z Aligned 4\nOpReturn"
        18:1-26:14 "%k = OpFunction %void None %fn\n%p = OpFunctionParameter %ptr\n%entry = OpLabel\n%x = OpLoad %float %p Aligned 4\n%y = OpExtInst %float %std cos %x\n%z = OpFMul %float %y %two\nOpStore %p %z Aligned 4\nOpReturn\nOpFunctionEnd"
        1:1-27:1 <file>
    "#]],
    );
}
