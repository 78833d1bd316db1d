//! Inlay hints and the summaries shown above kernels (code lenses): each hint as the line it
//! is on, the text before it on that line, its label and kind; each summary as the text it
//! sits on and its title.

use crate::{analyse, Analysed};
use expect_test::{expect, Expect};
use speclint_base::text::TextRange;

fn hints(a: &Analysed, range: TextRange) -> String {
    a.analysis
        .inlay_hints(a.text(), range)
        .iter()
        .map(|hint| {
            let line_start = a.text()[..hint.offset].rfind('\n').map_or(0, |i| i + 1);
            format!(
                "{}: {:?} {:?} {:?}{}\n",
                a.line(hint.offset),
                &a.text()[line_start..hint.offset],
                hint.label,
                hint.kind,
                hint.tooltip
                    .as_ref()
                    .map_or(String::new(), |t| format!(" tooltip {t:?}"))
            )
        })
        .collect()
}

fn summaries(a: &Analysed) -> String {
    a.analysis
        .kernel_summaries(a.text())
        .iter()
        .map(|s| format!("{} on {}: {}\n", s.kernel, a.show(s.range), s.summary))
        .collect()
}

fn check(fixture: &str, expected_summaries: Expect, expected_hints: Expect) {
    let a = analyse(fixture);
    expected_summaries.assert_eq(&summaries(&a));
    expected_hints.assert_eq(&hints(&a, TextRange::new(0, a.text().len())));
}

#[test]
fn ptx_kernels_and_register_ranges() {
    let fixture = "//- k.ptx
.version 8.0
.target sm_90
.address_size 64

.visible .entry kernel(.param .u64 out)
{
\t.reg .f32 %f<4>;
\t.reg .b64 %rd<2>;
\tld.param.u64 %rd1, [out];
\t.reg .b32 %r<2>;
\tbar.sync %r1;
\tret;
}
";
    // `bar.sync` names no type: its register's is shown.
    check(
        fixture,
        expect![[r#"
        kernel on 5:10-5:23 ".entry kernel": PTX ISA 8.0 · sm_90 · 1 parameter
    "#]],
        expect![[r#"
        7: "\t.reg .f32 %f<4>" "%f0..%f3" Other tooltip "4 registers"
        8: "\t.reg .b64 %rd<2>" "%rd0..%rd1" Other tooltip "2 registers"
        10: "\t.reg .b32 %r<2>" "%r0..%r1" Other tooltip "2 registers"
        11: "\tbar.sync %r1" ": .b32" Type
    "#]],
    );
    // Only the hints in the range asked.
    let a = analyse(fixture);
    let line = a.text().find("\t.reg .b64").unwrap();
    let range = TextRange::new(line, line + "\t.reg .b64 %rd<2>;".len());
    expect![[r#"
        8: "\t.reg .b64 %rd<2>" "%rd0..%rd1" Other tooltip "2 registers"
    "#]]
    .assert_eq(&hints(&a, range));
}

#[test]
fn tile_ir_entries_and_loop_carried_values() {
    check(
        "//- k.mlir
cuda_tile.module @m {
  entry @k(%p: tile<ptr<f32>>, %n: tile<i32>) {
    %lo = constant <i32: 0> : tile<i32>
    %one = constant <i32: 1> : tile<i32>
    %z = constant <f32: 0.0> : tile<f32>
    %r = for %i in (%lo to %n, step %one) : tile<i32> iter_values(%acc = %z) -> (tile<f32>) {
      %s = addf %acc, %acc : tile<f32>
      continue %s : tile<f32>
    }
    return
  }
}
",
        expect![[r#"
            @k on 2:3-2:11 "entry @k": Tile IR 13.4 · no target · 2 arguments
        "#]],
        expect![[r#"
            6: "    %r = for %i in (%lo to %n, step %one) : tile<i32> iter_values(%acc" ": tile<f32>" Type
        "#]],
    );
}

#[test]
fn spirv_kernels_and_parameter_types() {
    check(
        "//- k.spvasm
; SPIR-V
; Version: 1.0
OpCapability Addresses
OpCapability Kernel
OpMemoryModel Physical64 OpenCL
OpEntryPoint Kernel %k \"scale\"
%void = OpTypeVoid
%float = OpTypeFloat 32
%ptr = OpTypePointer CrossWorkgroup %float
%fn = OpTypeFunction %void %ptr
%k = OpFunction %void None %fn
%p = OpFunctionParameter %ptr
%entry = OpLabel
OpReturn
OpFunctionEnd
",
        expect![[r#"
            scale on 11:1-11:31 "%k = OpFunction %void None %fn": OpenCL 3.1 full profile · SPIR-V 1.0 · 1 parameter
        "#]],
        expect![[r#"
            12: "%p" ": pointer to float32 in CrossWorkgroup" Type
        "#]],
    );
}
