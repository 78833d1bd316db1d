//! Semantic tokens: every token of the fixture, one source line per snapshot line (1-based),
//! each token as its column (1-based, characters), text, kind and modifiers; a range request
//! gives the tokens of the full answer that intersect the range.

use crate::selection_ranges::{PTX, SPIRV, TILE_IR};
use crate::{analyse, Analysed};
use expect_test::{expect, Expect};
use speclint_base::semantic::{SemanticToken, TokenModifiers};
use speclint_base::text::TextRange;

fn render(a: &Analysed, tokens: &[SemanticToken]) -> String {
    let names = [
        (TokenModifiers::DECLARATION, "declaration"),
        (TokenModifiers::DEFINITION, "definition"),
        (TokenModifiers::READONLY, "readonly"),
        (TokenModifiers::DEPRECATED, "deprecated"),
        (TokenModifiers::DEFAULT_LIBRARY, "defaultLibrary"),
    ];
    let mut out = String::new();
    let mut line = 0;
    for token in tokens {
        let at = a.line(token.range.start);
        if at != line {
            if line != 0 {
                out.push('\n');
            }
            out.push_str(&format!("{at} |"));
            line = at;
        }
        let line_start = a.text()[..token.range.start]
            .rfind('\n')
            .map_or(0, |i| i + 1);
        let column = a.text()[line_start..token.range.start].chars().count() + 1;
        let text = &a.text()[token.range.start..token.range.end];
        let mut shown = format!(" {column}:{text:?}={:?}", token.kind);
        for (modifier, name) in names {
            if token.modifiers.contains(modifier) {
                shown.push_str(&format!("+{name}"));
            }
        }
        out.push_str(&shown);
    }
    out.push('\n');
    out
}

/// The full answer against the snapshot, and the answer for `range` (the byte range of
/// lines `first..=last`) against the full answer's tokens that intersect it.
fn check(fixture: &str, (first, last): (usize, usize), expected: Expect) {
    let a = analyse(fixture);
    let all = a.analysis.semantic_tokens(a.text(), None).to_vec();
    expected.assert_eq(&render(&a, &all));
    let line_start = |line: usize| {
        a.text()
            .split_inclusive('\n')
            .take(line - 1)
            .map(str::len)
            .sum::<usize>()
    };
    let range = TextRange::new(line_start(first), line_start(last + 1));
    let in_range: Vec<SemanticToken> = all
        .iter()
        .filter(|t| t.range.start < range.end && range.start < t.range.end)
        .copied()
        .collect();
    assert!(!in_range.is_empty());
    assert_eq!(a.analysis.semantic_tokens(a.text(), Some(range)), in_range);
}

#[test]
fn ptx_opcodes_modifiers_registers_directives_and_comments() {
    // Lines 15-16: the second line of a block comment and the next instruction.
    check(
        PTX,
        (15, 16),
        expect![[r#"
            1 | 1:".version"=Directive 10:"8.0"=Number
            2 | 1:".target"=Directive 9:"sm_90"=EnumMember
            3 | 1:".address_size"=Directive 15:"64"=Number
            5 | 1:"// Scales a vector."=Comment
            6 | 1:"// Two lines of comment."=Comment
            7 | 1:".visible"=Directive 10:".entry"=Directive 17:"kernel"=Function+declaration+definition 24:".param"=Keyword 31:".u64"=Type 36:"out"=Parameter+declaration+definition 41:".param"=Keyword 48:".u32"=Type 53:"n"=Parameter+declaration+definition
            9 | 2:".reg"=Keyword 7:".b32"=Type 12:"%r"=Variable+declaration+definition 15:"8"=Number
            10 | 2:".reg"=Keyword 7:".b16"=Type 12:"%h"=Variable+declaration+definition 15:"3"=Number
            11 | 2:".reg"=Keyword 7:".pred"=Type 13:"%p1"=Variable+declaration+definition
            12 | 2:"mov"=Opcode 5:".u32"=Modifier 10:"%r1"=Variable 15:"%tid"=Variable+readonly+defaultLibrary 19:".x"=Property
            13 | 2:"ld"=Opcode 4:".param"=Modifier 10:".u32"=Modifier 15:"%r5"=Variable 21:"n"=Parameter
            14 | 2:"/* é multi\n\t   line */"=Comment
            15 | 13:"add"=Opcode 16:".s32"=Modifier 21:"%r5"=Variable 26:"%r5"=Variable 31:"%r1"=Variable
            16 | 2:"ex2"=Opcode 5:".approx"=Modifier 12:".f16"=Modifier 17:"%h1"=Variable 22:"%h2"=Variable
            17 | 2:"setp"=Opcode 6:".lt"=Modifier 9:".s32"=Modifier 14:"%p1"=Variable 19:"%r5"=Variable 24:"10"=Number
            18 | 3:"%p1"=Variable 7:"bra"=Opcode 11:"$L_end"=Label
            20 | 3:"add"=Opcode 6:".s32"=Modifier 11:"%r2"=Variable 16:"%r5"=Variable 21:"1"=Number
            22 | 1:"$L_end"=Label+declaration+definition
            23 | 2:"ret"=Opcode
        "#]],
    );
}

#[test]
fn ptx_deprecated_forms_carry_the_deprecated_modifier() {
    // PTX 1.3: `mad.f32` without a rounding modifier is legal but deprecated.
    check(
        "//- old.ptx
.version 1.3
.target sm_13
.entry k
{
\t.reg .f32 %f<4>;
\tmad.f32 %f1, %f2, %f3, %f1;
\tadd.f32 %f1, %f2, %f3;
\tret;
}
",
        (6, 6),
        expect![[r#"
            1 | 1:".version"=Directive 10:"1.3"=Number
            2 | 1:".target"=Directive 9:"sm_13"=EnumMember
            3 | 1:".entry"=Directive 8:"k"=Function+declaration+definition
            5 | 2:".reg"=Keyword 7:".f32"=Type 12:"%f"=Variable+declaration+definition 15:"4"=Number
            6 | 2:"mad"=Opcode+deprecated 5:".f32"=Modifier+deprecated 10:"%f1"=Variable 15:"%f2"=Variable 20:"%f3"=Variable 25:"%f1"=Variable
            7 | 2:"add"=Opcode 5:".f32"=Modifier 10:"%f1"=Variable 15:"%f2"=Variable 20:"%f3"=Variable
            8 | 2:"ret"=Opcode
        "#]],
    );
}

#[test]
fn tile_ir_ops_values_symbols_types_and_attributes() {
    check(
        TILE_IR,
        (7, 7),
        expect![[r#"
            1 | 1:"// Two kernels' worth of module."=Comment
            2 | 1:"// Second line."=Comment
            3 | 1:"cuda_tile.module"=Opcode 18:"@kernels"=Variable
            4 | 3:"global"=Opcode 10:"@bias"=Variable+declaration+definition 17:"f32"=Type 23:"1.0"=Number 28:"2.0"=Number 36:"tile"=Type 41:"2xf32"=Type
            5 | 3:"entry"=Opcode 9:"@scale"=Function+declaration+definition 16:"%p"=Parameter+declaration+definition 20:"tile"=Type 25:"ptr"=Type 29:"f32"=Type
            6 | 5:"%h"=Variable+declaration+definition 10:"constant"=Opcode 20:"bf16"=Type 26:"1.0"=Number 33:"tile"=Type 38:"4xbf16"=Type
            7 | 5:"%sum"=Variable+declaration+definition 12:"addf"=Opcode 17:"%h"=Variable 21:"%h"=Variable 24:"rounding"=Keyword 33:"zero"=EnumMember 41:"tile"=Type 46:"4xbf16"=Type
            8 | 5:"%g"=Variable+declaration+definition 10:"get_global"=Opcode 21:"@bias"=Variable 29:"tile"=Type 34:"ptr"=Type 38:"f32"=Type
            9 | 5:"return"=Opcode
        "#]],
    );
}

#[test]
fn spirv_opcodes_ids_types_enumerants_and_extended_instructions() {
    check(
        SPIRV,
        (21, 22),
        expect![[r#"
            1 | 1:"; SPIR-V"=Comment
            2 | 1:"; Version: 1.0"=Comment
            3 | 1:"OpCapability"=Opcode 14:"Addresses"=EnumMember
            4 | 1:"OpCapability"=Opcode 14:"Kernel"=EnumMember
            5 | 1:"OpCapability"=Opcode 14:"Int64"=EnumMember
            6 | 1:"%std"=Keyword+declaration+definition 8:"OpExtInstImport"=Opcode 24:"\"OpenCL.std\""=String
            7 | 1:"OpMemoryModel"=Opcode 15:"Physical64"=EnumMember 26:"OpenCL"=EnumMember
            8 | 1:"OpEntryPoint"=Opcode 14:"Kernel"=EnumMember 21:"%k"=Function 24:"\"scale\""=String
            9 | 1:"OpName"=Opcode 8:"%k"=Function 11:"\"scale\""=String
            10 | 1:"OpName"=Opcode 8:"%p"=Parameter 11:"\"p\""=String
            11 | 1:"OpDecorate"=Opcode 12:"%p"=Parameter 15:"Alignment"=EnumMember 25:"4"=Number
            12 | 1:"OpDecorate"=Opcode 12:"%p"=Parameter 15:"FuncParamAttr"=EnumMember 29:"NoAlias"=EnumMember
            13 | 1:"%void"=Type+declaration+definition 9:"OpTypeVoid"=Opcode
            14 | 1:"%float"=Type+declaration+definition 10:"OpTypeFloat"=Opcode 22:"32"=Number
            15 | 1:"%ptr"=Type+declaration+definition 8:"OpTypePointer"=Opcode 22:"CrossWorkgroup"=EnumMember 37:"%float"=Type
            16 | 1:"%fn"=Type+declaration+definition 7:"OpTypeFunction"=Opcode 22:"%void"=Type 28:"%ptr"=Type
            17 | 1:"%two"=Variable+declaration+definition+readonly 8:"OpConstant"=Opcode 19:"%float"=Type 26:"2"=Number
            18 | 1:"%k"=Function+declaration+definition 6:"OpFunction"=Opcode 17:"%void"=Type 23:"None"=EnumMember 28:"%fn"=Type
            19 | 1:"%p"=Parameter+declaration+definition 6:"OpFunctionParameter"=Opcode 26:"%ptr"=Type
            20 | 1:"%entry"=Label+declaration+definition 10:"OpLabel"=Opcode
            21 | 1:"%x"=Variable+declaration+definition 6:"OpLoad"=Opcode 13:"%float"=Type 20:"%p"=Parameter 23:"Aligned"=EnumMember 31:"4"=Number
            22 | 1:"%y"=Variable+declaration+definition 6:"OpExtInst"=Opcode 16:"%float"=Type 23:"%std"=Keyword 28:"cos"=Function+defaultLibrary 32:"%x"=Variable
            23 | 1:"%z"=Variable+declaration+definition 6:"OpFMul"=Opcode 13:"%float"=Type 20:"%y"=Variable 23:"%two"=Variable+readonly
            24 | 1:"OpStore"=Opcode 9:"%p"=Parameter 12:"%z"=Variable 15:"Aligned"=EnumMember 23:"4"=Number
            25 | 1:"OpReturn"=Opcode
            26 | 1:"OpFunctionEnd"=Opcode
        "#]],
    );
}
