//! The outline (document symbols): the tree as a snapshot, one line per symbol, indented by
//! depth: its kind, name, detail, the lines it spans and its selection range.

use crate::{analyse, Analysed};
use expect_test::{expect, Expect};
use speclint_base::navigation::DocumentSymbol;

fn render(a: &Analysed, symbols: &[DocumentSymbol], depth: usize, out: &mut String) {
    for symbol in symbols {
        out.push_str(&format!(
            "{:indent$}{:?} {} `{}` lines {}-{} name {}\n",
            "",
            symbol.kind,
            symbol.name,
            symbol.detail,
            a.line(symbol.range.start),
            a.line(symbol.range.end),
            a.show(symbol.selection_range),
            indent = depth * 2
        ));
        render(a, &symbol.children, depth + 1, out);
    }
}

fn check(fixture: &str, expected: Expect) {
    let a = analyse(fixture);
    let mut shown = String::new();
    render(&a, &a.analysis.document_symbols(a.text()), 0, &mut shown);
    expected.assert_eq(&shown);
}

#[test]
fn ptx_functions_with_their_parameters_and_globals() {
    check(
        "//- kernel.ptx
.version 8.0
.target sm_90
.address_size 64

.global .align 4 .u32 counter;
.const .f32 scale = 0f3F800000;
.func (.param .b32 r) twice (.param .b32 x);

.visible .entry kernel(.param .u64 out, .param .u32 n)
{
\t.reg .b32 %r1;
\tld.param.u32 %r1, [n];
\tret;
}

.func (.param .b32 r) twice (.param .b32 x)
{
\tret;
}
",
        expect![[r#"
            Variable counter `.global .u32` lines 5-5 name 5:23-5:30 "counter"
            Constant scale `.const .f32` lines 6-6 name 6:13-6:18 "scale"
            Function twice `.func (declaration)` lines 7-7 name 7:23-7:28 "twice"
              Variable r `.param .b32` lines 7-7 name 7:20-7:21 "r"
              Variable x `.param .b32` lines 7-7 name 7:42-7:43 "x"
            Function kernel `.visible .entry` lines 9-14 name 9:17-9:23 "kernel"
              Variable out `.param .u64` lines 9-9 name 9:36-9:39 "out"
              Variable n `.param .u32` lines 9-9 name 9:53-9:54 "n"
            Function twice `.func` lines 16-19 name 16:23-16:28 "twice"
              Variable r `.param .b32` lines 16-16 name 16:20-16:21 "r"
              Variable x `.param .b32` lines 16-16 name 16:42-16:43 "x"
        "#]],
    );
}

#[test]
fn tile_ir_a_module_with_its_global_and_entry() {
    check(
        "//- kernel.mlir
cuda_tile.module @kernels {
  global @bias <f32: [1.0, 2.0]> : tile<2xf32>
  entry @scale(%p: tile<ptr<f32>>) {
    %g = get_global @bias : tile<ptr<f32>>
    return
  }
}
",
        expect![[r#"
            Module @kernels `cuda_tile.module` lines 1-7 name 1:18-1:26 "@kernels"
              Variable @bias `global` lines 2-2 name 2:10-2:15 "@bias"
              Function @scale `(%p: tile<ptr<f32>>)` lines 3-6 name 3:9-3:15 "@scale"
        "#]],
    );
}

#[test]
fn tile_ir_each_split_part_is_a_module() {
    check(
        "//- split.mlir
cuda_tile.module @m {
  global @g <f32: [1.0, 2.0]> : tile<2xf32>
  entry @k() {
    return
  }
}

// -----

cuda_tile.module @m {
  global @g <f32: [3.0, 4.0]> : tile<2xf32>
  entry @k() {
    return
  }
}
",
        expect![[r#"
            Module @m `cuda_tile.module` lines 1-6 name 1:18-1:20 "@m"
              Variable @g `global` lines 2-2 name 2:10-2:12 "@g"
              Function @k `()` lines 3-5 name 3:9-3:11 "@k"
            Module @m `cuda_tile.module` lines 10-15 name 10:18-10:20 "@m"
              Variable @g `global` lines 11-11 name 11:10-11:12 "@g"
              Function @k `()` lines 12-14 name 12:9-12:11 "@k"
        "#]],
    );
}

#[test]
fn tile_ir_bare_entries_as_tileirdisasm_prints_them() {
    check(
        "//- disassembled.mlir
entry @first(%a: tile<ptr<f32>>) {
  return
}
entry @second() {
  return
}
",
        expect![[r#"
            Function @first `(%a: tile<ptr<f32>>)` lines 1-3 name 1:7-1:13 "@first"
            Function @second `()` lines 4-6 name 4:7-4:14 "@second"
        "#]],
    );
}

#[test]
fn spirv_kernels_by_their_entry_point_name() {
    check(
        "//- kernel.spvasm
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
            Function scale `kernel` lines 9-13 name 9:1-9:3 "%k"
              Variable %p `pointer to float32 in CrossWorkgroup` lines 10-10 name 10:1-10:3 "%p"
        "#]],
    );
}
