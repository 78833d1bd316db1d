//! Go-to-definition and find-references: the cursor is `$0`; the definition is the one
//! marked range (none marked: no definition), the references every marked range.

use crate::analyse;
use crate::{SPIRV_KERNEL, TILE_IR_KERNEL};
use speclint_base::text::TextRange;

fn check_definition(fixture: &str) {
    let a = analyse(fixture);
    let found = a.analysis.definition(a.text(), a.cursor());
    assert_eq!(a.show_all(found), a.marked(), "in\n{}", a.text());
}

fn check_references(fixture: &str, include_definition: bool) {
    let a = analyse(fixture);
    let mut found = a
        .analysis
        .references(a.text(), a.cursor(), include_definition);
    found.sort_by_key(|r: &TextRange| (r.start, r.end));
    assert_eq!(a.show_all(found), a.marked(), "in\n{}", a.text());
}

#[test]
fn ptx_a_register_goes_to_its_range_declaration() {
    check_definition(
        "//- k.ptx
.version 8.0
.target sm_90
.address_size 64
.visible .entry k(.param .u32 n)
{
\t.reg .b32 «%r<8>»;
\tld.param.u32 %r$05, [n];
\tret;
}
",
    );
}

#[test]
fn ptx_references_of_a_register_are_its_own_uses() {
    // Not `%r1`'s, from the same range; with the declaration only when asked.
    let fixture = "//- k.ptx
.version 8.0
.target sm_90
.address_size 64
.visible .entry k(.param .u32 n)
{
\t.reg .b32 %r<8>;
\tld.param.u32 «%r5», [n];
\tmov.u32 %r1, 1;
\t/* é 😀 */ add.s32 «%r5», «%r$05», %r1;
\tst.global.u32 [0], «%r5»;
\tret;
}
";
    check_references(fixture, false);
    check_references(&fixture.replace("%r<8>", "«%r<8>»"), true);
}

#[test]
fn ptx_labels_variables_parameters_and_functions() {
    const KERNEL: &str = "//- k.ptx
.version 8.0
.target sm_90
.address_size 64
.global .align 4 .u32 counter;
.func (.param .b32 r) twice (.param .b32 x);

.visible .entry kernel(.param .u64 out)
{
\t.reg .b32 %r<8>;
\t.reg .b64 %rd1;
\t.reg .pred %p1;
\tld.param.u64 %rd1, [out];
\tld.global.u32 %r1, [counter];
\tsetp.lt.s32 %p1, %r1, 10;
\t@%p1 bra $L_end;
\t{
\t\t.param .b32 a;
\t\t.param .b32 b;
\t\tst.param.b32 [a], %r1;
\t\tcall (b), twice, (a);
\t}
$L_end:
\tst.global.u32 [counter], %r1;
\tret;
}

.func (.param .b32 r) twice (.param .b32 x)
{
\t.reg .b32 %r<2>;
\tld.param.b32 %r0, [x];
\tadd.s32 %r1, %r0, %r0;
\tst.param.b32 [r], %r1;
\tret;
}
";
    // A label used before its definition.
    check_definition(
        &KERNEL
            .replace("bra $L_end", "bra $L_$0end")
            .replace("$L_end:", "«$L_end»:"),
    );
    // A module-scope variable, from its declaration.
    check_references(
        &KERNEL
            .replace("counter", "«counter»")
            .replacen("«counter»", "«count$0er»", 1),
        true,
    );
    // A kernel parameter.
    check_definition(
        &KERNEL
            .replace("(.param .u64 out)", "(.param .u64 «out»)")
            .replace("[out]", "[o$0ut]"),
    );
    // A call goes to the function's definition, not its prototype; the references of the
    // function include both.
    let body = KERNEL.rfind("twice").unwrap();
    let to_body = format!("{}«twice»{}", &KERNEL[..body], &KERNEL[body + 5..]);
    check_definition(&to_body.replace("(b), twice,", "(b), tw$0ice,"));
    check_references(
        &KERNEL
            .replace("twice", "«twice»")
            .replace("(b), «twice»,", "(b), «tw$0ice»,"),
        true,
    );
    // Registers of another function's range are its own.
    check_definition(
        &KERNEL
            .replace(".b32 %r<2>", ".b32 «%r<2>»")
            .replace("%r1, %r0, %r0", "%r1, %$0r0, %r0"),
    );
}

#[test]
fn ptx_nothing_to_find_on_an_opcode_or_a_blank_line() {
    for cursor in ["\tld.pa$0ram", "$0\n.visible"] {
        let fixture = "//- k.ptx
.version 8.0
.target sm_90
.address_size 64

.visible .entry k(.param .u32 n)
{
\t.reg .b32 %r1;
\tld.param.u32 %r1, [n];
\tret;
}
"
        .replacen(cursor.replace("$0", "").as_str(), cursor, 1);
        check_definition(&fixture);
        check_references(&fixture, true);
    }
}

#[test]
fn tile_ir_values_and_globals() {
    check_definition(
        &TILE_IR_KERNEL
            .replace("%sum = addf", "«%sum» = addf")
            .replace("addf %sum,", "addf %s$0um,"),
    );
    check_definition(
        &TILE_IR_KERNEL
            .replace("  global @bias", "  global «@bias»")
            .replace("get_global @bias", "get_global @b$0ias"),
    );
    // The definition and both uses.
    check_references(
        &TILE_IR_KERNEL
            .replace("%sum", "«%sum»")
            .replace("addf «%sum»,", "addf «%s$0um»,"),
        true,
    );
}

#[test]
fn tile_ir_split_parts_keep_their_own_names() {
    // `// -----` (MLIR's split-input-file) starts a module of its own: the same names in two
    // parts do not collide.
    let fixture = "//- split.mlir
cuda_tile.module @m {
  global @g <f32: [1.0, 2.0]> : tile<2xf32>
  entry @k() {
    %p = get_global @g : tile<ptr<f32>>
    return
  }
}

// -----

cuda_tile.module @m {
  global «@g» <f32: [3.0, 4.0]> : tile<2xf32>
  entry @k() {
    %p = get_global @$0g : tile<ptr<f32>>
    return
  }
}
";
    check_definition(fixture);
    check_references(
        &fixture.replace("get_global @$0g", "get_global «@$0g»"),
        true,
    );
}

#[test]
fn spirv_ids() {
    // From the definition itself, and from a use.
    check_definition(&SPIRV_KERNEL.replace("%p = OpFunction", "«%$0p» = OpFunction"));
    check_definition(
        &SPIRV_KERNEL
            .replace("%x = OpLoad", "«%x» = OpLoad")
            .replace("cos %x", "cos %$0x"),
    );
    check_references(
        &SPIRV_KERNEL
            .replace("%p ", "«%p» ")
            .replace("«%p» = OpFunction", "«%$0p» = OpFunction"),
        true,
    );
    check_references(
        &SPIRV_KERNEL
            .replace("%p ", "«%p» ")
            .replace("«%p» = OpFunction", "%$0p = OpFunction"),
        false,
    );
}
