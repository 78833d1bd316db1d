//! Signature help while operands are typed: the forms that fit with their operand lists, each
//! operand's documentation, and the operand under the cursor `$0`.

use crate::analyse;
use speclint_base::signature::SignatureHelp;

/// Each signature as (label, its parameters as written in the label, its active parameter).
fn signatures(help: &SignatureHelp) -> Vec<(String, Vec<String>, Option<usize>)> {
    help.signatures
        .iter()
        .map(|s| {
            let parameters = s
                .parameters
                .iter()
                .map(|p| s.label[p.label.0..p.label.1].to_string())
                .collect();
            (s.label.clone(), parameters, s.active_parameter)
        })
        .collect()
}

fn help(fixture: &str) -> Option<SignatureHelp> {
    let a = analyse(fixture);
    a.analysis.signature_help(a.text(), a.cursor())
}

/// The help with the cursor at the end of the first occurrence of `before` in `text`.
fn help_after(text: &str, before: &str) -> SignatureHelp {
    let at = text.find(before).expect(before) + before.len();
    let fixture = format!("{}$0{}", &text[..at], &text[at..]);
    help(&fixture).unwrap_or_else(|| panic!("no signature help after {before:?}"))
}

fn parameter_doc(help: &SignatureHelp, index: usize) -> &str {
    &help.signatures[0].parameters[index].documentation
}

fn strings(list: &[&str]) -> Vec<String> {
    list.iter().map(|s| s.to_string()).collect()
}

const PTX: &str = "//- signature.ptx
.version 8.0
.target sm_90
.address_size 64

.visible .entry k(.param .u64 out)
{
    .reg .b32 %r<4>;
    .reg .pred %p;
    .reg .b64 %rd<2>;
$L0: @%p add.s32 %r1, %r2, %r3;
    setp.lt.s32 %p, %r1, 10;
    ld.global.v2.u32 {%r1, %r2}, [%rd1];
    mov.u32 %r1, 1; // add.s32 %r1,
    ret;
}
";

#[test]
fn ptx_forms_operands_and_the_operand_under_the_cursor() {
    // Right after the opcode (past a label and a guard), on each operand in turn.
    for (before, active) in [
        ("add.s32 ", 0),
        ("add.s32 %r", 0),
        ("add.s32 %r1, ", 1),
        ("add.s32 %r1, %r2, %r", 2),
    ] {
        let help = help_after(PTX, before);
        assert_eq!(
            signatures(&help),
            [(
                "add.s32 d, a, b".to_string(),
                strings(&["d", "a", "b"]),
                Some(active)
            )],
            "after {before:?}"
        );
        assert_eq!(help.active_parameter, active, "after {before:?}");
        assert_eq!(parameter_doc(&help, 0), "destination · `.s32`");
        assert_eq!(parameter_doc(&help, 2), "source · `.s32`");
    }
    // setp has two forms (with and without the combining predicate `c`).
    let help = help_after(PTX, "setp.lt.s32 %p, %r1, ");
    assert_eq!(
        signatures(&help),
        [
            (
                "setp.lt.s32 p[|q], a, b".to_string(),
                strings(&["p[|q]", "a", "b"]),
                Some(2)
            ),
            (
                "setp.lt.s32 p[|q], a, b, c".to_string(),
                strings(&["p[|q]", "a", "b", "c"]),
                Some(2)
            ),
        ]
    );
    assert_eq!(parameter_doc(&help, 0), "destination · `.pred`");
    // Commas inside a vector do not count; the address is the second operand.
    let help = help_after(PTX, "{%r1, %r2}, [");
    let found = signatures(&help);
    assert_eq!(found[0].0, "ld.global.v2.u32 d, [a]");
    assert_eq!(found[0].2, Some(1));
    assert_eq!(
        parameter_doc(&help, 0),
        "destination · `.u32` · vector of 2"
    );
    assert_eq!(parameter_doc(&help, 1), "source · address in `.global`");
}

#[test]
fn ptx_nothing_in_a_comment_a_directive_or_on_the_opcode() {
    for cursor in ["// add.s32 %r1,$0", ".reg .b32 %r$0", "    mov.u3$0"] {
        let fixture = PTX.replacen(&cursor.replace("$0", ""), cursor, 1);
        assert!(help(&fixture).is_none(), "at {cursor:?}");
    }
}

const TILE: &str = "//- signature.mlir
cuda_tile.module @kernels {
  entry @scale(%p: tile<ptr<f32>>) {
    %c0 = constant <i32: 0> : tile<i32>
    %c4 = constant <i32: 4> : tile<i32>
    %h = constant <f32: 1.0> : tile<4xf32>
    %sum = addf %h, %h : tile<4xf32>
    %m = cmpi less_than %c0, %c4, signed : tile<i32> -> tile<i1>
    %s = select %m, %c0, %c4 : tile<i1>, tile<i32>
    return
  }
}
";

#[test]
fn tile_ir_op_formats_with_their_operands() {
    let addf = "addf %lhs, %rhs rounding_mode (flush_to_zero)? : type(result)";
    for (before, active) in [("addf ", 0), ("addf %h, ", 1), ("addf %h, %", 1)] {
        let help = help_after(TILE, before);
        assert_eq!(
            signatures(&help),
            [(addf.to_string(), strings(&["%lhs", "%rhs"]), Some(active))],
            "after {before:?}"
        );
    }
    let help = help_after(TILE, "addf ");
    assert!(parameter_doc(&help, 0).contains("Left operand"), "{help:?}");

    let select = "select %cond, %val_if_true, %val_if_false : type(cond), type(result)";
    let help = help_after(TILE, "select %m, %c0, ");
    assert_eq!(
        signatures(&help),
        [(
            select.to_string(),
            strings(&["%cond", "%val_if_true", "%val_if_false"]),
            Some(2)
        )]
    );
    // Past the last operand (at the types): no operand is active.
    let help = help_after(TILE, "select %m, %c0, %c4 : ");
    assert_eq!(signatures(&help)[0].2, None, "{help:?}");
}

const SPIRV: &str = "//- signature.spvasm
OpCapability Addresses
OpCapability Kernel
OpMemoryModel Physical64 OpenCL
OpEntryPoint Kernel %k \"k\"
%void = OpTypeVoid
%uint = OpTypeInt 32 0
%fn = OpTypeFunction %void %uint
%k = OpFunction %void None %fn
%n = OpFunctionParameter %uint
%l = OpLabel
%twice = OpIAdd %uint %n %n
%call = OpFunctionCall %void %k %n %n %n
OpReturn
OpFunctionEnd
";

#[test]
fn spirv_operands_from_the_grammar() {
    let iadd = (
        "OpIAdd %ResultType %Operand1 %Operand2".to_string(),
        strings(&["%ResultType", "%Operand1", "%Operand2"]),
    );
    for (before, active) in [
        ("OpIAdd ", 0),
        ("OpIAdd %uint ", 1),
        ("OpIAdd %uint %n", 1),
        ("OpIAdd %uint %n %n", 2),
    ] {
        let help = help_after(SPIRV, before);
        assert_eq!(
            signatures(&help),
            [(iadd.0.clone(), iadd.1.clone(), Some(active))],
            "after {before:?}"
        );
    }
    let help = help_after(SPIRV, "OpIAdd ");
    assert_eq!(parameter_doc(&help, 0), "`IdResultType`: an id");
    // A `*` operand takes every further argument.
    let help = help_after(SPIRV, "%k %n %n ");
    let found = signatures(&help);
    assert_eq!(found[0].1.len(), 3, "{help:?}");
    assert_eq!(found[0].2, Some(2), "{help:?}");
    assert!(found[0].1[2].ends_with('…'), "{help:?}");
}
