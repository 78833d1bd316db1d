#!/usr/bin/env python3
"""Build a one-op Tile IR bytecode module with cuTile Python's bytecode encoder
(cuda.tile._bytecode), bypassing cuTile's front-end checks, so tileiras can judge it.

usage: encode.py OUT.tileirbc OP [key=value ...]

The module holds one `entry @k` whose body is: constants for the operands, the op under
test, a print_tko of its result (so it is not dead) and return. Every op carries a debug
location loc("case.tileir":LINE:3), LINE = 2, 3, ... in order, so `tileirdisasm` (and
tileiras when it reports one) names the failing op by line; the op under test is at the
line printed on stdout ("op-line N").

OP and keys (defaults in brackets):
  addf|subf|mulf|divf  dtype=[f32] rounding=[nearest_even] ftz=[0] shape=[4]
  sqrt                 dtype rounding ftz shape
  exp2                 dtype ftz shape
  maxf|minf            dtype ftz propagate_nan=[0] shape
  ftof                 from=[f32] to=[f16] rounding=[nearest_even] shape
  divi                 dtype=[i32] signed=[1] rounding=[zero] shape
  mmaf                 a=[f16] b=[a] acc=[f32] m=[16] n=[16] k=[16]
  atomic_rmw           dtype=[f32] mode=[addf] order=[relaxed] scope=[device]
                       (on a `tile<ptr<dtype>>` kernel parameter)
common: version=[13.3] (13.1 ... 13.5)
Enum spellings are the textual ones: nearest_even zero negative_inf positive_inf approx full
nearest_int_to_zero nearest_away; and/or/xor/add/addf/max/min/umax/umin/xchg;
weak/relaxed/acquire/release/acq_rel; tl_blk/device/sys.
Element types: i1 i8 i16 i32 i64 f16 bf16 f32 tf32 f64 f8E4M3FN f8E5M2 f8E8M0FNU f4E2M1FN.
"""
import sys

import cuda.tile._bytecode as bc
from cuda.tile._bytecode import SimpleType as S

VERSIONS = {"13.1": bc.BytecodeVersion.V_13_1, "13.2": bc.BytecodeVersion.V_13_2,
            "13.3": bc.BytecodeVersion.V_13_3, "13.4": bc.BytecodeVersion.V_13_4,
            "13.5": bc.BytecodeVersion.V_13_5}
DTYPES = {"i1": (S.I1, 1), "i8": (S.I8, 1), "i16": (S.I16, 2), "i32": (S.I32, 4),
          "i64": (S.I64, 8), "f16": (S.F16, 2), "bf16": (S.BF16, 2), "f32": (S.F32, 4),
          "tf32": (S.TF32, 4), "f64": (S.F64, 8), "f8E4M3FN": (S.F8E4M3FN, 1),
          "f8E5M2": (S.F8E5M2, 1), "f8E8M0FNU": (S.F8E8M0FNU, 1), "f4E2M1FN": (S.F4E2M1FN, 1)}
ROUNDING = {m.name.lower(): m for m in bc.RoundingMode}
ATOMIC = {m.name.lower(): m for m in bc.AtomicRMWMode}
ORDER = {m.name.lower(): m for m in bc.MemoryOrderingSemantics}
SCOPE = {m.name.lower(): m for m in bc.MemoryScope}


def main():
    out, op = sys.argv[1], sys.argv[2]
    kv = dict(a.split("=", 1) for a in sys.argv[3:])
    version = VERSIONS[kv.pop("version", "13.3")]
    flag = lambda k: kv.pop(k, "0") in ("1", "true", "yes")
    shape = [int(x) for x in kv.pop("shape", "4").split("x") if x]

    buf = bytearray()
    with bc.write_bytecode(num_functions=1, buf=buf, version=version) as w:
        tt, dt = w.type_table, w.debug_attr_table
        f = dt.file("case.tileir", ".")
        sp = dt.subprogram(f, 1, "k", "k", dt.compile_unit(f), 1)
        ty = lambda name: tt.simple(DTYPES[name][0])
        tile = lambda name, shp: tt.tile(ty(name), shp)
        params = []
        if op == "atomic_rmw":
            params = [tt.tile(tt.pointer(ty(kv.get("dtype", "f32")), bc.PtrAttr.Missing), [])]
        with w.function(name="k", parameter_types=params, result_types=(), entry_point=True,
                        hints={}, debug_attr=dt.loc(sp, "case.tileir", 1, 1)) as (b, args):
            line = [2]

            def at():
                a = dt.loc(sp, "case.tileir", line[0], 3)
                line[0] += 1
                return b.debug_attr(a)

            def const(name, shp):
                with at():
                    return bc.encode_ConstantOp(b, tile(name, shp), bytes(DTYPES[name][1]))

            def under_test():
                print(f"op-line {line[0]}")
                return at()

            if op in ("addf", "subf", "mulf", "divf"):
                d = kv.pop("dtype", "f32")
                x = const(d, shape)
                enc = {"addf": bc.encode_AddFOp, "subf": bc.encode_SubFOp,
                       "mulf": bc.encode_MulFOp, "divf": bc.encode_DivFOp}[op]
                with under_test():
                    r = enc(b, tile(d, shape), x, x, ROUNDING[kv.pop("rounding", "nearest_even")],
                            flag("ftz"))
            elif op == "sqrt":
                d = kv.pop("dtype", "f32")
                x = const(d, shape)
                with under_test():
                    r = bc.encode_SqrtOp(b, tile(d, shape), x,
                                         ROUNDING[kv.pop("rounding", "nearest_even")], flag("ftz"))
            elif op == "exp2":
                d = kv.pop("dtype", "f32")
                x = const(d, shape)
                with under_test():
                    r = bc.encode_Exp2Op(b, tile(d, shape), x, flag("ftz"))
            elif op in ("maxf", "minf"):
                d = kv.pop("dtype", "f32")
                x = const(d, shape)
                enc = bc.encode_MaxFOp if op == "maxf" else bc.encode_MinFOp
                with under_test():
                    r = enc(b, tile(d, shape), x, x, flag("propagate_nan"), flag("ftz"))
            elif op == "ftof":
                s, t = kv.pop("from", "f32"), kv.pop("to", "f16")
                x = const(s, shape)
                with under_test():
                    r = bc.encode_FToFOp(b, tile(t, shape), x,
                                         ROUNDING[kv.pop("rounding", "nearest_even")])
            elif op == "divi":
                d = kv.pop("dtype", "i32")
                x = const(d, shape)
                sg = bc.Signedness.Signed if kv.pop("signed", "1") == "1" else bc.Signedness.Unsigned
                with under_test():
                    r = bc.encode_DivIOp(b, tile(d, shape), x, x, sg,
                                         ROUNDING[kv.pop("rounding", "zero")])
            elif op == "mmaf":
                a = kv.pop("a", "f16")
                bt = kv.pop("b", a)
                acc = kv.pop("acc", "f32")
                m, n, k = (int(kv.pop(x, "16")) for x in "mnk")
                xa, xb, xc = const(a, [m, k]), const(bt, [k, n]), const(acc, [m, n])
                with under_test():
                    r = bc.encode_MmaFOp(b, tile(acc, [m, n]), xa, xb, xc, False)
            elif op == "atomic_rmw":
                d = kv.pop("dtype", "f32")
                x = const(d, [])
                with under_test():
                    r, _ = bc.encode_AtomicRMWTkoOp(
                        b, tile(d, []), tt.Token, args[0], x, None, None,
                        ORDER[kv.pop("order", "relaxed")], SCOPE[kv.pop("scope", "device")],
                        ATOMIC[kv.pop("mode", "addf")])
            else:
                sys.exit(f"encode.py: unknown op {op}")
            if kv:
                sys.exit(f"encode.py: unused keys {sorted(kv)}")
            with at():  # keep the result alive
                bc.encode_PrintTkoOp(b, tt.Token if version >= bc.BytecodeVersion.V_13_2 else None,
                                     [r], None, "%f\n")
            with at():
                bc.encode_ReturnOp(b, [])
    with open(out, "wb") as fh:
        fh.write(buf)


if __name__ == "__main__":
    main()
