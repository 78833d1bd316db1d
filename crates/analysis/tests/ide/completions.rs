//! Completions at `$0`: the labels offered include the expected ones (and none of those
//! excluded), and each expected one replaces the marked range (the word typed so far).

use crate::analyse;

fn check(fixture: &str, expected: &[&str], excluded: &[&str]) {
    let a = analyse(fixture);
    let found = a.analysis.completions(a.text(), a.cursor());
    let labels: Vec<&str> = found.iter().map(|c| c.label.as_str()).collect();
    for label in expected {
        let completion = found
            .iter()
            .find(|c| c.label == *label)
            .unwrap_or_else(|| panic!("{label} missing from {labels:?}"));
        assert_eq!(
            a.show_all([completion.replace]),
            a.marked(),
            "what {label} replaces"
        );
    }
    for label in excluded {
        assert!(!labels.contains(label), "{label} offered: {labels:?}");
    }
}

const PTX: &str = "//- errors.ptx
.version 8.0
.target sm_90
.address_size 64

.visible .entry kernel(.param .u64 out)
{
\t.reg .f32 %f<4>;
\t.reg .b64 %rd<2>;
\tld.param.u64 %rd1, [out];
\tmov.f32 %f1, 0f3F800000;
\trcp.rn.f32 %f3, %f1;
\tst.global.f32 [%rd1], %f3;
\tret;
}
";

#[test]
fn ptx_modifiers_the_instructions_forms_allow() {
    check(
        &PTX.replace("\trcp.rn.f32", "\trcp«.»$0rn.f32"),
        &[".approx", ".f64"],
        &[".wide"],
    );
}

#[test]
fn ptx_declared_and_special_registers() {
    check(
        &PTX.replace("rcp.rn.f32 %f3", "rcp.rn.f32 «%»$0f3"),
        &["%f1", "%rd1", "%tid"],
        &[],
    );
}

#[test]
fn ptx_instructions_starting_with_what_is_typed() {
    check(
        &PTX.replace("\trcp.rn.f32", "\t«r»$0cp.rn.f32"),
        &["rcp", "ret"],
        &["add"],
    );
}

#[test]
fn tile_ir_values_defined_so_far_in_the_entry() {
    check(
        "//- k.mlir
cuda_tile.module @m {
  entry @first() {
    %early = constant <i32: 0> : tile<i32>
    return
  }
  entry @k(%p: tile<ptr<f32>>) {
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = addi «%c»$0, %c0 : tile<i32>
    %c2 = addi %c1, %c1 : tile<i32>
    return
  }
}
",
        &["%c0"],
        &["%c2", "%early"],
    );
}

#[test]
fn tile_ir_op_names() {
    check(
        "//- k.mlir
cuda_tile.module @m {
  entry @k() {
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = «add»$0 %c0, %c0 : tile<i32>
    return
  }
}
",
        &["addi", "addf"],
        &["subi"],
    );
}

#[test]
fn spirv_an_enumerant_of_the_operands_kind() {
    check(
        "//- k.spvasm
OpCapability Addresses
OpCapability Kernel
OpMemoryModel Physical64 OpenCL
OpEntryPoint «K»$0ernel %k \"k\"
%void = OpTypeVoid
%fn = OpTypeFunction %void
%k = OpFunction %void None %fn
%l = OpLabel
OpReturn
OpFunctionEnd
",
        &["Kernel"],
        &[],
    );
}
