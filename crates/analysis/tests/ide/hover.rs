//! Hovers: the cursor is `$0`, the range the hover describes is marked, and its Markdown is
//! the snapshot (a fixture with nothing marked expects no hover).

use crate::analyse;
use crate::{SPIRV_KERNEL, TILE_IR_KERNEL};
use expect_test::{expect, Expect};

fn check(fixture: &str, expected: Expect) {
    let a = analyse(fixture);
    let hover = a.analysis.hover(a.text(), a.cursor());
    assert_eq!(
        a.show_all(hover.as_ref().map(|h| h.range)),
        a.marked(),
        "the hover's range, in\n{}",
        a.text()
    );
    expected.assert_eq(hover.as_ref().map_or("no hover", |h| &h.markdown));
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
\t/* é 😀 */ rcp.f32 %f2, %f1;
\trcp.rn.f32 %f3, %f1;
\tst.global.f32 [%rd1], %f3;
\tret;
}
";

#[test]
fn ptx_an_instruction_shows_its_form_and_requirements() {
    check(
        &PTX.replace("\trcp.rn.f32", "\t«r$0cp.rn.f32»"),
        expect![[r#"
            ### `rcp` — Reciprocal d = 1 / a: fast approximate or correctly rounded.

            **This form:** `rcp.rnd{.ftz}.f32 d, a`

            **Requires:** PTX ISA 2.0 ✓ (module: 8.0) · sm_20 ✓ (module: sm_90)

            **Accuracy:** IEEE 754 compliant, correctly rounded in the .rnd mode. Subnormals supported unless .ftz, which flushes subnormal inputs and results to sign-preserving zero.

            **Forms**
            ```ptx
            rcp.approx{.ftz}.f32 d, a    // PTX 1.4
            rcp.rnd{.ftz}.f32 d, a    // PTX 2.0, sm_20
            rcp.rnd.f64 d, a    // PTX 1.4
            rcp.f32 d, a    // until PTX 1.3
            rcp.f64 d, a    // sm_13    // until PTX 1.3
            ```
            - `.rnd` = .rn .rz .rm .rp
            - with `.rn .f64`: sm_13
            - with `.rz|.rm|.rp .f64`: PTX 2.0, sm_20

            PTX ISA §9.7.3.13 · [documentation](https://docs.nvidia.com/cuda/parallel-thread-execution/#floating-point-instructions-rcp)"#]],
    );
}

#[test]
fn ptx_an_instruction_after_wide_characters() {
    check(
        &PTX.replace("*/ rcp.f32", "*/ «r$0cp.f32»"),
        expect![[r#"
        ### `rcp` — Reciprocal d = 1 / a: fast approximate or correctly rounded.

        **This form:** `rcp.f32 d, a`

        **Requires:** PTX ISA 1.0 ✓ (module: 8.0)

        Valid up to PTX ISA 1.3 only.

        **Accuracy:** As rcp.approx.ftz.f32: at most 1 ulp over the full range; subnormals flushed to sign-preserving zero.

        **Deprecated:** Legacy implicit default; write rcp.approx.ftz.f32 (one of .approx or a rounding modifier is required from PTX 1.4).

        Before PTX 1.4 this meant rcp.approx.ftz.f32; since 1.4 one of .approx or a rounding modifier is required.

        **Forms**
        ```ptx
        rcp.approx{.ftz}.f32 d, a    // PTX 1.4
        rcp.rnd{.ftz}.f32 d, a    // PTX 2.0, sm_20
        rcp.rnd.f64 d, a    // PTX 1.4
        rcp.f32 d, a    // until PTX 1.3
        rcp.f64 d, a    // sm_13    // until PTX 1.3
        ```
        - `.rnd` = .rn .rz .rm .rp
        - with `.rn .f64`: sm_13
        - with `.rz|.rm|.rp .f64`: PTX 2.0, sm_20

        PTX ISA §9.7.3.13 · [documentation](https://docs.nvidia.com/cuda/parallel-thread-execution/#floating-point-instructions-rcp)"#]],
    );
}

#[test]
fn ptx_a_register_shows_its_declaration() {
    check(
        &PTX.replace("rcp.rn.f32 %f3, %f1;", "rcp.rn.f32 %f3, «%f$01»;"),
        expect![[r#"
            ```ptx
            .reg .f32 %f<4>;
            ```
            register `%f1` · type `.f32` · state space `.reg` · declared on line 7"#]],
    );
}

#[test]
fn ptx_a_directive() {
    check(
        &PTX.replace(".version 8.0", "«.v$0ersion» 8.0"),
        expect![[r#"
        **`.version`** — Declares the PTX ISA version of the module; must be the first statement.
        ```ptx
        .version major.minor
        ```

        **Requires:** PTX ISA 1.0 ✓ (module: 8.0)

        Must be the first statement and appear only once; minor bumps add features, major bumps mark incompatible changes.

        PTX ISA §11.1.1 · [documentation](https://docs.nvidia.com/cuda/parallel-thread-execution/#ptx-module-directives-version)"#]],
    );
}

#[test]
fn ptx_whitespace_has_no_hover() {
    check(
        &PTX.replace("\n\n.visible", "\n$0\n.visible"),
        expect!["no hover"],
    );
}

#[test]
fn tile_ir_an_op_shows_its_card_with_this_ops_type_marked() {
    check(
        &TILE_IR_KERNEL.replace("%sum = addf", "%sum = «a$0ddf»"),
        expect![[r#"
            **cuda_tile.addf**: Element-wise sum of two float tiles.

            Since Tile IR 13.1 ✓ (checking against 13.4) · group Floating Point

            ```
            addf $lhs `,` $rhs custom<IEEERoundingMode>($rounding_mode) (`flush_to_zero` $flush_to_zero^)? attr-dict `:` custom<CudaTileType>(type($result))
            ```

            | | name | type | since |
            |---|---|---|---|
            | operand | `lhs` | `tile<f16\|bf16\|f32\|f64>` | 13.1 |
            | operand | `rhs` | `tile<f16\|bf16\|f32\|f64>` | 13.1 |
            | attribute | `rounding_mode` | enum:RoundingMode | 13.1 |
            | attribute | `flush_to_zero` | flag | 13.1 |
            | result | `result` | `tile<f16\|bf16\|f32\|f64>` | 13.1 |

            Modifiers per element type (Tile IR 13.4, op-addf.md; yes* = emulated in f32):

            | modifier | f32 | f64 | **bf16** ◀ | f16 |
            |---|---|---|---|---|
            | `flush_to_zero` | yes | no | **no** | no |
            | `rounding<nearest_even>` | yes | yes | **yes** | yes |
            | `rounding<zero>` | yes | yes | **yes*** | yes* |
            | `rounding<negative_inf>` | yes | yes | **yes*** | yes* |
            | `rounding<positive_inf>` | yes | yes | **yes*** | yes* |

            [Specification, Tile IR 13.4](https://docs.nvidia.com/cuda/tile-ir/13.4/sections/operations.html#cuda-tile-addf) · `op-addf.md`"#]],
    );
}

#[test]
fn tile_ir_a_value_shows_its_type_and_definition() {
    check(
        &TILE_IR_KERNEL.replace("addf %sum,", "addf «%s$0um»,"),
        expect![[r#"
            ```cuda_tile
            %sum: tile<4xbf16>
            ```
            result of `addf`, defined on line 5"#]],
    );
}

#[test]
fn spirv_an_opcode() {
    check(
        &SPIRV_KERNEL.replace("= OpLoad", "= «Op$0Load»"),
        expect![[r#"
        **OpLoad** — Memory instruction, opcode 61

        Reads the value a pointer points to; optional memory operands (Volatile, Aligned, Nontemporal).

        ```spirv
        %result = OpLoad Result Type, Pointer, [MemoryAccess]
        ```
        - Since: SPIR-V 1.0
        - OpenCL: every version

        [SPIR-V specification, 3.3.8 Memory Instructions](https://registry.khronos.org/SPIR-V/specs/unified1/SPIRV.html#OpLoad)
    "#]],
    );
}

#[test]
fn spirv_an_id_shows_its_type() {
    check(
        &SPIRV_KERNEL.replace("cos %x", "cos «%$0x»"),
        expect![[r#"
        ```spirv
        %x = OpLoad %float %p Aligned 4
        ```
        Type: float32.
    "#]],
    );
}

#[test]
fn spirv_an_opencl_std_function_shows_its_accuracy() {
    check(
        &SPIRV_KERNEL.replace("%std cos", "%std «c$0os»"),
        expect![[r#"
        **cos** — OpenCL.std 2.1. Math extended instructions, instruction 14

        Cosine of x (radians).

        Accuracy (full profile, current environment spec):

        | type | bound | seed (2.2) |
        |---|---|---|
        | float | <= 4 ulp | same |
        | float, relaxed math | abs <= 2^-11 | same |

        [OpenCL.std specification](https://registry.khronos.org/SPIR-V/specs/unified1/OpenCL.ExtendedInstructionSet.100.html#cos)
    "#]],
    );
}
