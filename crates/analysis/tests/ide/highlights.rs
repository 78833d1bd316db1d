//! Document highlights: every occurrence of the symbol at `$0` is marked, and whether each
//! writes (`W`, a declaration or definition) or reads (`R`) it is listed in order.

use crate::analyse;
use speclint_base::navigation::HighlightKind;

fn check(fixture: &str, kinds: &str) {
    let a = analyse(fixture);
    let found = a.analysis.highlights(a.text(), a.cursor());
    assert_eq!(
        a.show_all(found.iter().map(|h| h.range)),
        a.marked(),
        "in\n{}",
        a.text()
    );
    let shown: Vec<&str> = found
        .iter()
        .map(|h| match h.kind {
            HighlightKind::Write => "W",
            HighlightKind::Read => "R",
            HighlightKind::Text => "T",
        })
        .collect();
    assert_eq!(shown.join(" "), kinds);
}

const PTX: &str = "//- k.ptx
.version 8.0
.target sm_90
.address_size 64

.visible .entry kernel(.param .u64 out, .param .u32 n)
{
\t.reg .b32 %r<8>;
\t.reg .pred %p1;
\tmov.u32 %r1, %tid.x;
\tld.param.u32 %r5, [n];
\t/* é multi
\t   line */ add.s32 %r5, %r5, %r1;
\tsetp.lt.s32 %p1, %r5, 10;
\t@%p1 bra $L_end;
\t{
\t\tadd.s32 %r2, %r5, 1;
\t}
$L_end:
\tret;
}
";

#[test]
fn ptx_a_register_declared_by_its_range_written_and_read() {
    // The instruction `add.s32 %r5, %r5, %r1` both writes and reads `%r5`.
    let fixture = PTX
        .replace("%r<8>", "«%r<8>»")
        .replace("%r5", "«%r5»")
        .replacen("«%r5», [n]", "«%$0r5», [n]", 1);
    check(&fixture, "W W W R R R");
}

#[test]
fn ptx_a_predicate_written_by_setp_and_read_by_a_guard() {
    let fixture = PTX
        .replace("%p1", "«%p1»")
        .replace("setp.lt.s32 «%p1»", "setp.lt.s32 «%$0p1»");
    check(&fixture, "W W R");
}

#[test]
fn tile_ir_a_value_defined_then_read() {
    check(
        "//- k.mlir
cuda_tile.module @kernels {
  entry @scale(%p: tile<ptr<f32>>) {
    «%h» = constant <bf16: 1.0> : tile<4xbf16>
    %sum = addf «%$0h», «%h» rounding<zero> : tile<4xbf16>
    return
  }
}
",
        "W R R",
    );
}

#[test]
fn spirv_an_id_from_its_definition() {
    // Debug names and decorations read the id; the parameter defines it.
    check(
        "//- k.spvasm
OpCapability Addresses
OpCapability Kernel
OpMemoryModel Physical64 OpenCL
OpEntryPoint Kernel %k \"scale\"
OpName «%p» \"p\"
OpDecorate «%p» Alignment 4
OpDecorate «%p» FuncParamAttr NoAlias
%void = OpTypeVoid
%float = OpTypeFloat 32
%ptr = OpTypePointer CrossWorkgroup %float
%fn = OpTypeFunction %void %ptr
%k = OpFunction %void None %fn
«%$0p» = OpFunctionParameter %ptr
%entry = OpLabel
%x = OpLoad %float «%p» Aligned 4
OpStore «%p» %x Aligned 4
OpReturn
OpFunctionEnd
",
        "R R R W R R",
    );
}
