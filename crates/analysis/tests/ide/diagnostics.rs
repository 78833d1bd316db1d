//! Diagnostics: the findings of each fixture file are exactly its annotations (`//  ^^^ CODE`
//! under the line, `;` in SPIR-V assembly), with the message holding the annotation's text
//! where it has one. A finding with an empty range is annotated by one caret at its place.
//! On a mismatch the failure shows the file annotated with what was found.

use crate::{analyse_all, analyse_all_with, settings, Analysed};
use speclint_analysis::config::Config;
use speclint_base::diagnostic::Diagnostic;

/// A finding's range as annotated: an empty one is one character wide.
fn annotated_range(text: &str, d: &Diagnostic) -> (usize, usize) {
    let (start, end) = (d.range.start, d.range.end);
    if start < end {
        return (start, end);
    }
    let width = text[start..].chars().next().map_or(0, char::len_utf8);
    (start, start + width)
}

/// The file's text with an annotation under each line for each finding that starts on it.
fn annotate(a: &Analysed, found: &[Diagnostic]) -> String {
    let comment = a.file.language.line_comment();
    let mut out = String::new();
    let mut line_start = 0;
    for line in a.text().split_inclusive('\n') {
        out.push_str(line);
        let line_end = line_start + line.len();
        for d in found {
            let (start, end) = annotated_range(a.text(), d);
            if (line_start..line_end).contains(&start) {
                let column = a.text()[line_start..start].chars().count();
                let width = a.text()[start..end.min(line_end)].chars().count().max(1);
                let comment_width = comment.chars().count();
                let lead = if column < comment_width {
                    "<".to_string()
                } else {
                    " ".repeat(column - comment_width)
                };
                out.push_str(&format!(
                    "{comment}{lead}{} {}: {}\n",
                    "^".repeat(width),
                    d.rule.code,
                    d.message
                ));
            }
        }
        line_start = line_end;
    }
    out
}

pub(crate) fn check_files(files: Vec<Analysed>) {
    for a in files {
        let found = a.analysis.diagnostics();
        let mut expected: Vec<(usize, usize, &str)> = a
            .file
            .annotations
            .iter()
            .map(|n| (n.range.0, n.range.1, n.code.as_str()))
            .collect();
        let mut actual: Vec<(usize, usize, &str)> = found
            .iter()
            .map(|d| {
                let (start, end) = annotated_range(a.text(), d);
                (start, end, d.rule.code)
            })
            .collect();
        expected.sort();
        actual.sort();
        assert_eq!(
            actual,
            expected,
            "{}: the findings differ; as found:\n{}",
            a.file.path,
            annotate(&a, found)
        );
        for annotation in &a.file.annotations {
            let Some(part) = &annotation.message else {
                continue;
            };
            let matching: Vec<&str> = found
                .iter()
                .filter(|d| {
                    annotated_range(a.text(), d) == annotation.range
                        && d.rule.code == annotation.code
                })
                .map(|d| d.message.as_str())
                .collect();
            assert!(
                matching.iter().any(|m| m.contains(part.as_str())),
                "{}: no {} says {part:?}: {matching:?}",
                a.file.path,
                annotation.code
            );
        }
    }
}

fn check(fixture: &str) {
    check_files(analyse_all(fixture));
}

fn check_with(fixture: &str, config: Config) {
    check_files(analyse_all_with(fixture, config));
}

#[test]
fn clean_files_of_each_language_get_no_findings() {
    check(
        "//- kernel.ptx
.version 8.0
.target sm_90
.address_size 64
.global .align 4 .u32 counter;
.visible .entry kernel(.param .u64 out)
{
    .reg .b32 %r<2>;
    ld.global.u32 %r1, [counter];
    st.global.u32 [counter], %r1;
    ret;
}
//- disassembled.mlir
entry @first(%a: tile<ptr<f32>>) {
  return
}
entry @second() {
  return
}
//- split.mlir
cuda_tile.module @m {
  global @g <f32: [1.0, 2.0]> : tile<2xf32>
  entry @k() {
    %p = get_global @g : tile<ptr<f32>>
    return
  }
}

// -----

cuda_tile.module @m {
  global @g <f32: [3.0, 4.0]> : tile<2xf32>
  entry @k() {
    %p = get_global @g : tile<ptr<f32>>
    return
  }
}
//- kernel.spvasm
; SPIR-V
; Version: 1.0
OpCapability Addresses
OpCapability Kernel
OpMemoryModel Physical64 OpenCL
OpEntryPoint Kernel %k \"k\"
%void = OpTypeVoid
%fn = OpTypeFunction %void
%k = OpFunction %void None %fn
%l = OpLabel
OpReturn
OpFunctionEnd
",
    );
}

const PTX_HEADER: &str = ".version 8.0\n.target sm_90\n.address_size 64\n";

#[test]
fn ptx_clean_and_broken_kernels() {
    check(&format!(
        "//- clean.ptx
{PTX_HEADER}
.visible .entry kernel(.param .u64 out)
{{
    .reg .f32 %f<4>;
    .reg .b64 %rd<2>;
    ld.param.u64 %rd1, [out];
    mov.f32 %f1, 0f3F800000;
    rcp.rn.f32 %f3, %f1;
    st.global.f32 [%rd1], %f3;
    ret;
}}
//- errors.ptx
{PTX_HEADER}
.visible .entry kernel(.param .u64 out)
{{
    .reg .f32 %f<4>;
    .reg .b64 %rd<2>;
    ld.param.u64 %rd1, [out];
    mov.f32 %f1, 0f3F800000;
    rcp.f32 %f2, %f1;
//  ^^^^^^^ PTX004: requires one of `.approx`, `.rn`, `.rz`, `.rm`, `.rp`
    rcp.rn.f32 %f3, %f1;
    ad.f32 %f3, %f3, %f2;
//  ^^ PTX002: did you mean `add`
    st.global.f32 [%rd1], %f3;
    ret;
}}
"
    ));
}

#[test]
fn ptx_one_instruction_breaking_several_rules() {
    check(&format!(
        "//- several.ptx
{PTX_HEADER}
.visible .entry kernel()
{{
    .reg .b32 %r<4>;
    .reg .f32 %f<2>;
    add.f32 %r1, %r2, %r3;
    cvt.f32.s32 %f1, %r1;
//  ^^^^^^^^^^^ PTX004: requires one of `.rn`, `.rz`, `.rm`, `.rp`
    mov.b32 %r9, 1;
//          ^^^ PTX008: `%r<4>` declares %r0 … %r3
    ret;
}}
"
    ));
}

#[test]
fn ptx_a_target_too_old_for_its_instructions() {
    check(
        "//- old-target.ptx
.version 8.0
.target sm_60
.address_size 64
.visible .entry kernel()
{
    .reg .b32 %r<4>;
    .reg .pred %p;
    activemask.b32 %r1;
    match.any.sync.b32 %r2, %r1, 0xffffffff;
//  ^^^^^^^^^^^^^^^^^^ PTX005: requires `.target sm_70` or higher
    ret;
}
",
    );
}

const TILE_IR_MODULE: &str = "cuda_tile.module @kernels {
  global @bias <f32: [1.0, 2.0]> : tile<2xf32>
  entry @scale(%p: tile<ptr<f32>>) {
    %h = constant <bf16: 1.0> : tile<4xbf16>
    %sum = addf %h, %h rounding<zero> : tile<4xbf16>
    %g = get_global @bias : tile<ptr<f32>>
    return
  }
}
";

#[test]
fn tile_ir_an_emulated_rounding_mode_is_a_hint_on_its_range() {
    let annotated = TILE_IR_MODULE.replace(
        "rounding<zero> : tile<4xbf16>\n",
        "rounding<zero> : tile<4xbf16>\n//                     ^^^^^^^^^^^^^^ TILE011\n",
    );
    check(&format!("//- kernel.mlir\n{annotated}"));
}

#[test]
fn tile_ir_several_rules_in_one_entry() {
    check(
        "//- several.mlir
cuda_tile.module @m {
  entry @k() {
    %a = constant <i32: 1> : tile<4xi32>
    %b = constant <f32: 1.0> : tile<4xf32>
    %c = addi %a, %b : tile<4xi32>
//                ^^ TILE008: `rhs` (%b) is `tile<4xf32>`
    %d = addf %a, %a : tile<4xi32>
//                     ^^^^^^^^^^^ TILE007: `lhs` of `addf` must be a tile of f16, bf16, f32, f64
//                     ^^^^^^^^^^^ TILE007: `rhs` of `addf`
//                     ^^^^^^^^^^^ TILE007: `result` of `addf`
    %e = frobnicate %a : tile<4xi32>
//       ^^^^^^^^^^ TILE002: `frobnicate` is not a cuda_tile operation
    return
  }
}
",
    );
}

#[test]
fn tile_ir_an_unclosed_split_part_does_not_spill_into_the_next() {
    check(
        "//- split.mlir
cuda_tile.module @m {
//                  ^ TILE001: `{` is not closed
  entry @k() {
    return
  }

// -----

cuda_tile.module @m {
  entry @k() {
    return
  }
}
",
    );
}

#[test]
fn tile_ir_versions_from_the_settings() {
    const NEWER: &str = "//- newer.mlir
cuda_tile.module @m {
  entry @k() {
    %t = make_token : token
    %w = gdc_wait_tko token = %t -> token
    %a = constant <f32: 1.0> : tile<4xf32>
    %q = exp10 %a : tile<4xf32>
    %d = gdc_launch_dependents_tko token = %w -> token
    return
  }
}
";
    // Newer than the spec-db: checked against 13.4, with one note at the start that lists
    // what 13.4 does not define (13.4's own ops are checked, not listed).
    check_with(
        &NEWER.replacen(
            "{\n",
            "{\n//<^ TILE019: Tile IR 13.5 is newer than the specification speclint holds (13.1-13.4): the file is checked against 13.4; not reported, as 13.5 may define them: op `exp10` (line 6)\n",
            1,
        ),
        settings(serde_json::json!({"tile-ir": {"version": "13.5"}})),
    );
    // As 13.3, the 13.4 ops are too new and `exp10` is unknown.
    let as_13_3 = NEWER
        .replace(
            "-> token\n    %a",
            "-> token\n//       ^^^^^^^^^^^^ TILE012: needs Tile IR 13.4, but the module is checked against 13.3\n    %a",
        )
        .replace(
            "%a : tile<4xf32>\n",
            "%a : tile<4xf32>\n//       ^^^^^ TILE002: `exp10` is not a cuda_tile operation\n",
        )
        .replace(
            "%w -> token\n",
            "%w -> token\n//       ^^^^^^^^^^^^^^^^^^^^^^^^^ TILE012: `cuda_tile.gdc_launch_dependents_tko` needs Tile IR 13.4\n",
        );
    check_with(
        &as_13_3,
        settings(serde_json::json!({"tile-ir": {"version": "13.3"}})),
    );
}

const SPIRV_MODULE: &str = "; SPIR-V
; Version: 1.0
OpCapability Addresses
OpCapability Kernel
%std = OpExtInstImport \"OpenCL.std\"
OpMemoryModel Physical64 OpenCL
OpEntryPoint Kernel %k \"scale\"
%void = OpTypeVoid
 %long = OpTypeInt 64 0
%float = OpTypeFloat 32
%ptr = OpTypePointer CrossWorkgroup %float
%fn = OpTypeFunction %void %ptr
%k = OpFunction %void None %fn
%p = OpFunctionParameter %ptr
%entry = OpLabel
%x = OpLoad %float %p Aligned 4
%y = OpExtInst %float %std cos %x
OpStore %p %y Aligned 4
OpReturn
OpFunctionEnd
";

#[test]
fn spirv_a_type_without_its_capability() {
    let annotated = SPIRV_MODULE.replace(
        " %long = OpTypeInt 64 0\n",
        " %long = OpTypeInt 64 0\n;^^^^^^^^^^^^^^^^^^^^^^ SPV009: needs the `Int64` capability\n",
    );
    check(&format!("//- kernel.spvasm\n{annotated}"));
}

#[test]
fn spirv_the_opencl_version_from_the_settings() {
    let generic = SPIRV_MODULE.replace(
        "OpCapability Kernel\n",
        "OpCapability Kernel\nOpCapability Int64\n OpCapability GenericPointer\n;^^^^^^^^^^^^^^^^^^^^^^^^^^^ SPV027: OpenCL 1.2 does not support the GenericPointer capability\n",
    );
    check_with(
        &format!("//- generic.spvasm\n{generic}"),
        settings(serde_json::json!({"spirv": {"opencl-version": "1.2"}})),
    );
}

#[test]
fn spirv_a_module_without_its_version_line_is_checked_as_the_newest() {
    check(
        "//- unversioned.spvasm
OpCapability Addresses
;<^ SPV012: the module has no `; Version:` line
OpCapability Kernel
OpMemoryModel Physical64 OpenCL
OpEntryPoint Kernel %k \"k\"
%void = OpTypeVoid
%fn = OpTypeFunction %void
%k = OpFunction %void None %fn
%l = OpLabel
OpReturn
OpFunctionEnd
",
    );
}

#[test]
fn spirv_several_rules_in_one_function() {
    check(
        "//- several.spvasm
; SPIR-V
; Version: 1.0
OpCapability Addresses
OpCapability Kernel
OpMemoryModel Physical64 OpenCL
OpEntryPoint Kernel %k \"k\"
%void = OpTypeVoid
%uint = OpTypeInt 32 0
%float = OpTypeFloat 32
%fn = OpTypeFunction %void
%k = OpFunction %void None %fn
%l = OpLabel
 %a = OpIAdd %uint %undefined %undefined
;                  ^^^^^^^^^^ SPV003: %undefined is not defined
 %b = OpFAdd %uint %a %a
;            ^^^^^ SPV013: the result type of OpFAdd is uint32; expected a float scalar or vector
 OpFrobnicate %a
;^^^^^^^^^^^^ SPV002: unknown opcode `OpFrobnicate`
OpReturn
OpFunctionEnd
",
    );
}
