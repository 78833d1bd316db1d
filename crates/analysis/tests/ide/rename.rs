//! Rename: at `$0`, the renamable name is the marked range that holds the cursor, and the
//! rename edits exactly the marked ranges, each to the name as written; a name that is not
//! valid or already taken is refused with the reason the editor shows.

use crate::analyse;
use speclint_base::text::TextRange;

/// Renames at the cursor to `new_name`, which each edit writes as `written`.
fn check_as(fixture: &str, new_name: &str, written: &str) {
    let a = analyse(fixture);
    let cursor = a.cursor();
    let target = a
        .analysis
        .rename_target(a.text(), cursor)
        .unwrap_or_else(|| panic!("nothing to rename at {cursor} in\n{}", a.text()));
    assert!(
        a.file.ranges.contains(&(target.start, target.end))
            && target.start <= cursor
            && cursor <= target.end,
        "the renamable name is {}, marked {:?}",
        a.show(target),
        a.marked()
    );
    let mut edits = a
        .analysis
        .rename(a.text(), cursor, new_name)
        .unwrap_or_else(|e| panic!("refused: {e}"));
    edits.sort_by_key(|e| (e.range.start, e.range.end));
    for edit in &edits {
        assert_eq!(edit.new_text, written, "{}", a.show(edit.range));
    }
    let ranges: Vec<TextRange> = edits.iter().map(|e| e.range).collect();
    assert_eq!(a.show_all(ranges), a.marked(), "in\n{}", a.text());
}

fn check(fixture: &str, new_name: &str) {
    check_as(fixture, new_name, new_name);
}

/// Renaming at the cursor to `new_name` is refused with a message containing `reason`.
fn refused(fixture: &str, new_name: &str, reason: &str) {
    let a = analyse(fixture);
    match a.analysis.rename(a.text(), a.cursor(), new_name) {
        Ok(edits) => panic!("renamed to {new_name}: {edits:?}"),
        Err(message) => assert!(message.contains(reason), "{message}"),
    }
}

fn ptx(body: &str) -> String {
    format!("//- rename.ptx\n.version 8.0\n.target sm_90\n.address_size 64\n{body}")
}

#[test]
fn ptx_registers_labels_functions_variables_and_parameters() {
    // A register range: a member renames the prefix, in the declaration and every member;
    // the inner block's own `%r<2>` and its `%r1` are another range.
    check(
        &ptx(".visible .entry k()\n{\n    .reg .b32 «%r»<4>;\n    mov.b32 «%r»1, 7;\n    add.s32 «%r»2, «%r»1, «$0%r»1;\n    {\n        .reg .b32 %r<2>;\n        mov.b32 %r1, 0;\n    }\n    st.global.u32 [0], «%r»2;\n    ret;\n}\n"),
        "%v",
    );
    // The range's declaration itself: only the prefix.
    check(
        &ptx(".visible .entry k()\n{\n    .reg .b32 «%r$0»<4>;\n    mov.b32 «%r»3, 7;\n    ret;\n}\n"),
        "%val",
    );
    check(
        &ptx(".visible .entry k()\n{\n    .reg .pred «%p»;\n    setp.eq.u32 «%$0p», 1, 2;\n    @«%p» ret;\n    ret;\n}\n"),
        "%done",
    );
    // A label, from its definition.
    check(
        &ptx(".visible .entry k()\n{\n    .reg .pred %p;\n    setp.eq.u32 %p, 1, 2;\n    @%p bra «$L_end»;\n«$L_$0end»:\n    ret;\n}\n"),
        "$L_exit",
    );
    // A function: its prototype, its definition and the call.
    check(
        &ptx(".func «helper» ();\n\n.visible .entry k()\n{\n    call «help$0er», ();\n    ret;\n}\n\n.func «helper» ()\n{\n    ret;\n}\n"),
        "assist",
    );
    check(
        &ptx(".global .u32 counter;\n\n.visible .entry k(.param .u64 «o$0ut»)\n{\n    .reg .b64 %rd1;\n    ld.param.u64 %rd1, [«out»];\n    ld.global.u32 %rd1, [counter];\n    ret;\n}\n"),
        "buffer",
    );
    check(
        &ptx(".global .u32 «counter»;\n\n.visible .entry k()\n{\n    .reg .b32 %r1;\n    ld.global.u32 %r1, [«count$0er»];\n    st.global.u32 [«counter»], %r1;\n    ret;\n}\n"),
        "hits",
    );
}

#[test]
fn ptx_refuses_invalid_and_taken_names() {
    let kernel = ptx(".global .u32 total;\n\n.visible .entry k()\n{\n    .reg .b32 %r<4>;\n    .reg .b32 %x$0;\n    .reg .pred %p;\n    mov.b32 %x, 1;\n    ret;\n}\n");
    refused(&kernel, "1x", "not a PTX identifier");
    refused(&kernel, "%a.b", "not a PTX identifier");
    refused(
        &kernel,
        "%p",
        "already declared in this scope: register `%p`",
    );
    // A member of a range counts; a module-scope name too.
    refused(
        &kernel,
        "%r3",
        "already declared in this scope: register `%r`",
    );
    refused(
        &kernel,
        "total",
        "already declared in this scope: variable `total`",
    );
    // A range's prefix must not end in a digit.
    let range = ptx(".visible .entry k()\n{\n    .reg .b32 %r$0<4>;\n    ret;\n}\n");
    refused(&range, "%q1", "ends in a digit");
}

const TILE_LOOP: &str = "//- rename.mlir
cuda_tile.module @kernels {
  global @bias <f32: [1.0, 2.0]> : tile<2xf32>
  entry @scale(%p: tile<ptr<f32>>) {
    %g = get_global @bias : tile<ptr<f32>>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %c4 = constant <i32: 4> : tile<i32>
    %acc:2 = for %i in (%c0 to %c4, step %c1) : tile<i32> iter_values(%a = %c0, %b = %c1) -> (tile<i32>, tile<i32>) {
      %s = addi %a, %b : tile<i32>
      continue %s, %b : tile<i32>, tile<i32>
    }
    %t = addi %acc#0, %acc#1 : tile<i32>
    return
  }
}
";

#[test]
fn tile_ir_values_block_arguments_result_groups_and_symbols() {
    // A global and its use in get_global (with the `@`).
    check(
        &TILE_LOOP
            .replace("global @bias <", "global «@bias» <")
            .replace("get_global @bias", "get_global «@bi$0as»"),
        "@scales",
    );
    // A result group `%acc:2`: the name only, at the definition and in `%acc#0`, `%acc#1`.
    check(
        &TILE_LOOP
            .replace("%acc:2", "«%a$0cc»:2")
            .replace("%acc#0, %acc#1", "«%acc»#0, «%acc»#1"),
        "%sums",
    );
    // An iteration value (a block argument of the loop's region), typed with or without its
    // sigil.
    let iteration_value = TILE_LOOP
        .replace("(%a = %c0", "(«%a» = %c0")
        .replace("addi %a, %b", "addi «%$0a», %b");
    check(&iteration_value, "%x");
    check_as(&iteration_value, "x", "%x");
    // The loop's induction variable and an entry argument (no uses but the definition).
    check(&TILE_LOOP.replace("for %i in", "for «%$0i» in"), "%k");
    check(&TILE_LOOP.replace("@scale(%p:", "@scale(«%$0p»:"), "%ptr");
    // An op result used as the loop's operand and initial value.
    check(
        &TILE_LOOP
            .replace("%c0 = constant", "«%c0» = constant")
            .replace("(%c0 to", "(«%$0c0» to")
            .replace("(%a = %c0", "(%a = «%c0»"),
        "%zero",
    );
}

#[test]
fn tile_ir_refuses_invalid_and_taken_names() {
    let on_s = TILE_LOOP.replace("%s = addi", "%$0s = addi");
    refused(&on_s, "%1a", "not an SSA value name");
    refused(&on_s, "%a b", "not an SSA value name");
    // Taken in the same entry, in an enclosing region or a nested one.
    refused(
        &on_s,
        "%c4",
        "`%c4` is already defined in this scope (line 7)",
    );
    refused(
        &on_s,
        "%t",
        "`%t` is already defined in this scope (line 12)",
    );
    let on_bias = TILE_LOOP.replace("  global @bias", "  global @bi$0as");
    refused(&on_bias, "@1", "not a symbol name");
    refused(
        &on_bias,
        "scale",
        "`@scale` is already defined in this scope (line 3)",
    );
}

const SPIRV: &str = "//- rename.spvasm
OpCapability Addresses
OpCapability Kernel
OpMemoryModel Physical64 OpenCL
OpEntryPoint Kernel %k \"k\"
%void = OpTypeVoid
%uint = OpTypeInt 32 0
%fn = OpTypeFunction %void %uint
%k = OpFunction %void None %fn
«%n» = OpFunctionParameter %uint
%l = OpLabel
%twice = OpIAdd %uint «%$0n» «%n»
OpReturn
OpFunctionEnd
";

#[test]
fn spirv_ids_with_or_without_their_sigil() {
    check(SPIRV, "%count");
    check_as(SPIRV, "count", "%count");
    refused(SPIRV, "%twice", "already an id");
}
