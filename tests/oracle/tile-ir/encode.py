#!/usr/bin/env python3
"""Build one-op Tile IR bytecode modules with cuTile Python's bytecode encoder
(cuda.tile._bytecode), bypassing cuTile's front-end checks, so tileiras can judge them.

usage: encode.py OUT.tileirbc OP [key=value ...]
       encode.py --batch < LINES      (one python start-up for many modules)

In batch mode every stdin line is `STEM OP [key=value ...]` (blank lines and `#` lines are
skipped); each writes STEM.tileirbc and STEM.mlir (the text form, see below) and prints
`STEM op-line N`, or `STEM error MESSAGE` when the case cannot be built (the other lines are
still built). The exit status is 0 unless stdin is unreadable.

The module holds one `entry @k` whose body is: constants for the operands, the op under
test, a print_tko of its result (so it is not dead) and return. Every op carries a debug
location loc("case.tileir":LINE:3), LINE = 2, 3, ... in order, so `tileirdisasm` (and
tileiras when it reports one) names the failing op by line; the op under test is at the
line printed on stdout ("op-line N"). `tileirdisasm` without -g prints one op per line after
the `entry @k() {` line, so LINE is also the line of the op in its text output.

The text form. `tileirdisasm` verifies the module before printing it, so it prints nothing for
the modules the oracle is most interested in. This script therefore also prints the module as
text itself, the way `tileirdisasm` prints it (same lines, same syntax; its own value names).
server/tests/tileiras_oracle.rs compares the two for every module `tileirdisasm` accepts (value names
renamed in order of appearance, blanks collapsed), so the printer is checked for every op and
modifier spelling that some accepted case uses.

OP and keys (defaults in brackets):
  addf|subf|mulf|divf  dtype=[f32] rounding=[nearest_even] ftz=[0] shape=[4]
  fma                  dtype rounding ftz shape
  sqrt                 dtype rounding ftz shape
  exp2|rsqrt           dtype ftz shape
  exp|tanh             dtype rounding=[full] shape
  log|log2|sin|cos|ceil|floor|absf|negf   dtype shape
  maxf|minf            dtype ftz propagate_nan=[0] shape
  cmpf                 dtype=[f32] predicate=[less_than] ordering=[ordered] shape
                       (result: tile of i1)
  addi|subi|muli|shli  dtype=[i32] overflow=[none] shape
  maxi|mini|remi|shri  dtype=[i32] signed=[1] shape
  andi|ori|xori|mulhii dtype=[i32] shape
  negi                 dtype=[i32] overflow=[none] shape
  divi                 dtype=[i32] signed=[1] rounding=[zero] shape
  cmpi                 dtype=[i32] predicate=[less_than] signed=[1] shape
  exti                 from=[i16] to=[i32] signed=[1] shape
  trunci               from=[i32] to=[i16] overflow=[none] shape
  ftof                 from=[f32] to=[f16] rounding=[nearest_even] shape
  ftoi                 from=[f32] to=[i32] signed=[1] rounding=[nearest_int_to_zero]
                       saturating=[0] (13.4 on) shape
  fpowi                dtype=[f32] exp=[i32] shape exp_shape=[shape]      (13.4 on)
  insert               dtype=[f32] source=[dtype] shape into=[8] indices=[rank of into]
                       (13.4 on; `into` is the destination's shape, `shape` the source's)
  gdc_wait_tko|gdc_launch_dependents_tko  token=[1] (an input token from make_token)
                       (13.4 on)
  memory_fence_alias_tko   (13.4 on; its token from make_token)
  mmaf_scaled          a=[f8E4M3FN] b=[a] scale=[f8E8M0FNU] acc=[f32] m=[16] n=[16] k=[64]
                       ks=[2] (K of the scale tiles)
  itof                 from=[i32] to=[f32] signed=[1] rounding=[nearest_even] shape
  bitcast              from=[i32] to=[f32] shape
  iota                 dtype=[i32] shape (the result's; no operands)
  print_tko            fmt=[%d] args=[1] dtype=[i32] shape (fmt: printable, no blanks; `args`
                       operands, all the same constant; its own token is the result)
  entry                param=[f32] results=[0] (the kernel's one parameter, written as
                       a tile's inside: f32, 4xf32, ptr (tile<ptr<f32>>), 4xptr, tensor_view
                       (tensor_view<4xf32, strides=[1]>), token; results=1 makes it return it;
                       the op line is the entry's, 1)
  constant             dtype=[f32] shape values=[all zero]
                       values=V1,V2,...: the elements, row-major (one value: a splat); each
                       a decimal number (i1: 0/1; floats: f16, f32, f64 only) or a bit
                       pattern 0x... of the element's width. Any count can be given, so a
                       list longer or shorter than the tile is encoded as written.
  mmaf                 a=[f16] b=[a] acc=[f32] m=[16] n=[16] k=[16] fast_acc=[0]
  mmai                 a=[i8] b=[a] acc=[i32] m=[16] n=[16] k=[32] signed_a=[1] signed_b=[1]
  atomic_rmw           dtype=[f32] mode=[addf] order=[relaxed] scope=[device]
                       pointee=[dtype] (on a `tile<ptr<pointee>>` kernel parameter)
  atomic_cas           dtype=[f32] order=[relaxed] scope=[device] pointee=[dtype]
                       (cmp and val: constants of dtype)
  alloca               dtype=[f32] num=[4] align=[16]   (scratch of `num` dtype elements)
  for                  dtype=[i32] unsigned=[0] (a `for` from a constant to itself, carrying
                       one value: `for [unsigned] %iv in (...) ... iter_values(...)`; 13.2+
                       for unsigned=1)
  load_ptr             dtype=[f32] mask=[0] pad=[0] pointee=[dtype] (load_ptr_tko weak from
                       the parameter; mask: an i1 constant, pad: a dtype constant)
common: version=[13.3] (13.1 ... 13.5); shape=4 / 2x2 / empty (rank 0); result=ELEMENT
  overrides the element type of the result of the element-wise ops and comparisons above (the
  operands keep dtype), to build type mismatches; hint=NAME:VALUE gives the entry
  `optimization_hints=<GPU = {NAME = VALUE}>` (an entry hint: num_cta_in_cga, occupancy,
  num_worker_warps_per_cta; any integer), GPU from hint_gpu=[default].
Enum spellings are the textual ones: nearest_even zero negative_inf positive_inf approx full
nearest_int_to_zero nearest_away; equal not_equal less_than less_than_or_equal greater_than
greater_than_or_equal; ordered unordered; none no_signed_wrap no_unsigned_wrap no_wrap;
and/or/xor/add/addf/max/min/umax/umin/xchg; weak/relaxed/acquire/release/acq_rel;
tl_blk/device/sys.
Element types: i1 i8 i16 i32 i64 f16 bf16 f32 f64 f8E4M3FN f8E5M2 f8E8M0FNU f4E2M1FN
fnv8E5M3FNU (13.4 on) (tf32 constants cannot be encoded this way).
"""
import struct
import sys

import cuda.tile._bytecode as bc
from cuda.tile._bytecode import SimpleType as S

VERSIONS = {"13.1": bc.BytecodeVersion.V_13_1, "13.2": bc.BytecodeVersion.V_13_2,
            "13.3": bc.BytecodeVersion.V_13_3, "13.4": bc.BytecodeVersion.V_13_4,
            "13.5": bc.BytecodeVersion.V_13_5}
# name: (simple type, bytes per element, the all-zero constant as tileirdisasm prints it)
DTYPES = {"i1": (S.I1, 1, "false"), "i8": (S.I8, 1, "0"), "i16": (S.I16, 2, "0"),
          "i32": (S.I32, 4, "0"), "i64": (S.I64, 8, "0"),
          "f16": (S.F16, 2, "0.000000e+00"), "bf16": (S.BF16, 2, "0.000000e+00"),
          "f32": (S.F32, 4, "0.000000e+00"), "f64": (S.F64, 8, "0.000000e+00"),
          "f8E4M3FN": (S.F8E4M3FN, 1, "0.000000e+00"), "f8E5M2": (S.F8E5M2, 1, "0.000000e+00"),
          "f8E8M0FNU": (S.F8E8M0FNU, 1, "5.877470e-39"),  # exponent-only: 0x00 is 2^-127
          "f4E2M1FN": (S.F4E2M1FN, 1, "0.000000e+00"),
          "fnv8E5M3FNU": (S.FNV8E5M3FNU, 1, "0.000000e+00")}  # 13.4 on


def lower(enum):
    return {m.name.lower(): m for m in enum}


ROUNDING = lower(bc.RoundingMode)
ATOMIC = lower(bc.AtomicRMWMode)
ORDER = lower(bc.MemoryOrderingSemantics)
SCOPE = lower(bc.MemoryScope)
PREDICATE = lower(bc.ComparisonPredicate)
ORDERING = lower(bc.ComparisonOrdering)
OVERFLOW = {"none": bc.IntegerOverflow.NONE, "no_signed_wrap": bc.IntegerOverflow.NSW,
            "no_unsigned_wrap": bc.IntegerOverflow.NUW, "no_wrap": bc.IntegerOverflow.NW}

# Element-wise ops by the extra arguments their encoder takes after the operands.
BINARY_ROUND_FTZ = {"addf": bc.encode_AddFOp, "subf": bc.encode_SubFOp,
                    "mulf": bc.encode_MulFOp, "divf": bc.encode_DivFOp}
UNARY_FTZ = {"exp2": bc.encode_Exp2Op, "rsqrt": bc.encode_RsqrtOp}
UNARY_ROUND = {"exp": bc.encode_ExpOp, "tanh": bc.encode_TanHOp}
UNARY = {"log": bc.encode_LogOp, "log2": bc.encode_Log2Op, "sin": bc.encode_SinOp,
         "cos": bc.encode_CosOp, "ceil": bc.encode_CeilOp, "floor": bc.encode_FloorOp,
         "absf": bc.encode_AbsFOp, "negf": bc.encode_NegFOp}
BINARY_OVERFLOW = {"addi": bc.encode_AddIOp, "subi": bc.encode_SubIOp,
                   "muli": bc.encode_MulIOp, "shli": bc.encode_ShLIOp}
BINARY_SIGNED = {"maxi": bc.encode_MaxIOp, "mini": bc.encode_MinIOp,
                 "remi": bc.encode_RemIOp, "shri": bc.encode_ShRIOp}
BINARY = {"andi": bc.encode_AndIOp, "ori": bc.encode_OrIOp, "xori": bc.encode_XOrIOp,
          "mulhii": bc.encode_MulhiIOp}


class CaseError(Exception):
    pass


def pick(kv, key, table, default):
    """(enum value, its textual keyword) for KEY, popped from KV."""
    word = kv.pop(key, default)
    if word not in table:
        raise CaseError(f"{key}={word}: expected one of {', '.join(sorted(table))}")
    return table[word], word


def ttext(dtype, shape):
    """A tile type as tileirdisasm prints it: tile<4xf32>, tile<f32>."""
    return "tile<" + "".join(f"{d}x" for d in shape) + dtype + ">"


# struct formats of the element types whose values `values=` packs from decimals
PACK = {"i8": "b", "i16": "h", "i32": "i", "i64": "q", "f16": "e", "f32": "f", "f64": "d"}


def pack_value(name, word):
    """(bytes, printed text) of one element of type NAME written as WORD (decimal or 0x...)."""
    size = DTYPES[name][1]
    if word.startswith("0x"):
        raw = int(word, 16).to_bytes(size, "little")
    elif name == "i1":
        raw = bytes([int(word) & 1])
    elif name in PACK:
        number = float(word) if name.startswith("f") else int(word)
        raw = struct.pack("<" + PACK[name], number)
    else:
        raise CaseError(f"values for {name}: give bit patterns (0x...)")
    return raw, print_element(name, raw)


def print_element(name, raw):
    """One element as tileirdisasm prints it: true/false, a signed integer, a float with 6
    digits after the point, or the bit pattern of an infinity or NaN."""
    if name == "i1":
        return "true" if raw[0] & 1 else "false"
    if name.startswith("i"):
        return str(int.from_bytes(raw, "little", signed=True))
    if name not in PACK:
        raise CaseError(f"cannot print {name} values")
    value = struct.unpack("<" + PACK[name], raw)[0]
    if value != value or value in (float("inf"), float("-inf")):
        return "0x" + format(int.from_bytes(raw, "little"), "X")
    return "%.6e" % value


def nest(items, shape):
    """The printed literal: one value, a list, or lists of lists when the count is the tile's."""
    if len(items) == 1:
        return items[0]
    count = 1
    for d in shape:
        count *= d
    if count != len(items) or len(shape) < 2:
        return "[" + ", ".join(items) + "]"
    step = count // shape[0]
    return "[" + ", ".join(nest(items[i:i + step], shape[1:])
                           for i in range(0, count, step)) + "]"


def build(op, kv):
    """Returns (bytecode, text, op_line) for OP with the keys KV (a dict)."""
    kv = dict(kv)
    version, _ = pick(kv, "version", VERSIONS, "13.3")
    flag = lambda k: kv.pop(k, "0") in ("1", "true", "yes")
    shape = [int(x) for x in kv.pop("shape", "4").split("x") if x]
    text = []
    op_line = [None]

    def signed(key):
        s = flag(key) if key in kv else True
        return (bc.Signedness.Signed if s else bc.Signedness.Unsigned,
                "signed" if s else "unsigned")

    def rounding(default):
        mode, word = pick(kv, "rounding", ROUNDING, default)
        return mode, "" if word == default else f" rounding<{word}>"

    def overflow():
        mode, word = pick(kv, "overflow", OVERFLOW, "none")
        return mode, "" if word == "none" else f" overflow<{word}>"

    entry_hints, hints_text = {}, ""
    if "hint" in kv:
        name, _, value = kv.pop("hint").partition(":")
        gpu = kv.pop("hint_gpu", "default")
        if name not in ("num_cta_in_cga", "occupancy", "num_worker_warps_per_cta"):
            raise CaseError(f"hint={name}: expected an entry hint")
        entry_hints = {gpu: bc.EntryHints(**{name: int(value)})}
        hints_text = f" optimization_hints=<{gpu} = {{{name} = {int(value)}}}>"

    buf = bytearray()
    with bc.write_bytecode(num_functions=1, buf=buf, version=version) as w:
        tt, dt = w.type_table, w.debug_attr_table
        f = dt.file("case.tileir", ".")
        sp = dt.subprogram(f, 1, "k", "k", dt.compile_unit(f), 1)

        def ty(name):
            if name not in DTYPES:
                raise CaseError(f"unknown element type {name}")
            return tt.simple(DTYPES[name][0])

        tile = lambda name, shp: tt.tile(ty(name), shp)
        params, results = [], []
        if op in ("atomic_rmw", "atomic_cas", "load_ptr"):
            d = kv.pop("pointee", kv.get("dtype", "f32"))
            params = [tt.tile(tt.pointer(ty(d), bc.PtrAttr.Missing), [])]
            pointers_text = f"tile<ptr<{d}>>"
            text.append(f"entry @k(%arg0: {pointers_text}){hints_text} {{")
        elif op == "entry":
            param = kv.pop("param", "f32")
            f32 = ty("f32")
            ptr = tt.pointer(f32, bc.PtrAttr.Missing)
            param_types = {
                "f32": (tt.tile(f32, []), "tile<f32>"),
                "4xf32": (tt.tile(f32, [4]), "tile<4xf32>"),
                "ptr": (tt.tile(ptr, []), "tile<ptr<f32>>"),
                "4xptr": (tt.tile(ptr, [4]), "tile<4xptr<f32>>"),
                "tensor_view": (tt.tensor_view(f32, [4], [1], bc.PtrAttr.Missing),
                                "tensor_view<4xf32, strides=[1]>"),
                "token": (tt.Token, "token")}
            if param not in param_types:
                raise CaseError(f"param={param}: expected one of {', '.join(param_types)}")
            pt, ptext = param_types[param]
            params = [pt]
            results = [pt] if flag("results") else []
            arrow = f" -> {ptext}" if results else ""
            text.append(f"entry @k(%arg0: {ptext}){arrow}{hints_text} {{")
            op_line[0] = 1
        else:
            text.append(f"entry @k(){hints_text} {{")
        with w.function(name="k", parameter_types=params, result_types=results, entry_point=True,
                        hints=entry_hints, debug_attr=dt.loc(sp, "case.tileir", 1, 1)) as (b, args):
            line = [2]

            def at():
                a = dt.loc(sp, "case.tileir", line[0], 3)
                line[0] += 1
                return b.debug_attr(a)

            def const(name, shp):
                ty(name)
                value = f"%c{line[0]}"
                text.append(f"  {value} = constant <{name}: {DTYPES[name][2]}> : "
                            f"{ttext(name, shp)}")
                with at():
                    return (bc.encode_ConstantOp(b, tile(name, shp), bytes(DTYPES[name][1])),
                            value)

            def under_test(line_text):
                op_line[0] = line[0]
                text.append("  " + line_text)
                return at()

            def elementwise(default, arity):
                """The operand dtype, the result type and text, and `arity` constants."""
                d = kv.pop("dtype", default)
                r = kv.pop("result", d)
                x = const(d, shape) if arity else None
                return d, tile(r, shape), ttext(r, shape), [x[0]] * arity, ", ".join(
                    [x[1]] * arity)

            def result_of(default):
                r = kv.pop("result", default)
                return tile(r, shape), ttext(r, shape)

            if op in BINARY_ROUND_FTZ or op == "fma":
                d, rt, rtt, xs, xt = elementwise("f32", 3 if op == "fma" else 2)
                mode, rnd = rounding("nearest_even")
                ftz = flag("ftz")
                enc = bc.encode_FmaOp if op == "fma" else BINARY_ROUND_FTZ[op]
                with under_test(f"%0 = {op} {xt}{rnd}{' flush_to_zero' * ftz} : {rtt}"):
                    r = enc(b, rt, *xs, mode, ftz)
                rtext = rtt
            elif op == "sqrt":
                d, rt, rtt, xs, xt = elementwise("f32", 1)
                mode, rnd = rounding("nearest_even")
                ftz = flag("ftz")
                with under_test(f"%0 = sqrt {xt}{rnd}{' flush_to_zero' * ftz} : {rtt}"):
                    r = bc.encode_SqrtOp(b, rt, *xs, mode, ftz)
                rtext = rtt
            elif op in UNARY_FTZ:
                d, rt, rtt, xs, xt = elementwise("f32", 1)
                ftz = flag("ftz")
                with under_test(f"%0 = {op} {xt}{' flush_to_zero' * ftz} : {rtt}"):
                    r = UNARY_FTZ[op](b, rt, *xs, ftz)
                rtext = rtt
            elif op in UNARY_ROUND:
                d, rt, rtt, xs, xt = elementwise("f32", 1)
                mode, rnd = rounding("full")
                with under_test(f"%0 = {op} {xt}{rnd} : {rtt}"):
                    r = UNARY_ROUND[op](b, rt, *xs, mode)
                rtext = rtt
            elif op in UNARY or op in BINARY:
                # No arguments after the operands: one f32 operand or two i32 ones by default.
                d, rt, rtt, xs, xt = elementwise(*(("f32", 1) if op in UNARY else ("i32", 2)))
                with under_test(f"%0 = {op} {xt} : {rtt}"):
                    r = (UNARY.get(op) or BINARY[op])(b, rt, *xs)
                rtext = rtt
            elif op in ("maxf", "minf"):
                d, rt, rtt, xs, xt = elementwise("f32", 2)
                ftz, nan = flag("ftz"), flag("propagate_nan")
                enc = bc.encode_MaxFOp if op == "maxf" else bc.encode_MinFOp
                mods = " flush_to_zero" * ftz + " propagate_nan" * nan
                with under_test(f"%0 = {op} {xt}{mods} : {rtt}"):
                    r = enc(b, rt, *xs, nan, ftz)
                rtext = rtt
            elif op in ("cmpf", "cmpi"):
                d = kv.pop("dtype", "f32" if op == "cmpf" else "i32")
                x, xt = const(d, shape)
                rt, rtext = result_of("i1")
                pred, pword = pick(kv, "predicate", PREDICATE, "less_than")
                if op == "cmpf":
                    order, oword = pick(kv, "ordering", ORDERING, "ordered")
                    with under_test(f"%0 = cmpf {pword} {oword} {xt}, {xt} : "
                                    f"{ttext(d, shape)} -> {rtext}"):
                        r = bc.encode_CmpFOp(b, rt, x, x, pred, order)
                else:
                    sg, sword = signed("signed")
                    with under_test(f"%0 = cmpi {pword} {xt}, {xt}, {sword} : "
                                    f"{ttext(d, shape)} -> {rtext}"):
                        r = bc.encode_CmpIOp(b, rt, x, x, pred, sg)
            elif op in BINARY_OVERFLOW or op == "negi":
                d, rt, rtt, xs, xt = elementwise("i32", 1 if op == "negi" else 2)
                mode, ovf = overflow()
                enc = bc.encode_NegIOp if op == "negi" else BINARY_OVERFLOW[op]
                with under_test(f"%0 = {op} {xt}{ovf} : {rtt}"):
                    r = enc(b, rt, *xs, mode)
                rtext = rtt
            elif op in BINARY_SIGNED or op == "divi":
                d, rt, rtt, xs, xt = elementwise("i32", 2)
                sg, sword = signed("signed")
                if op == "divi":
                    mode, rnd = rounding("zero")
                    with under_test(f"%0 = divi {xt} {sword}{rnd} : {rtt}"):
                        r = bc.encode_DivIOp(b, rt, *xs, sg, mode)
                else:
                    with under_test(f"%0 = {op} {xt} {sword} : {rtt}"):
                        r = BINARY_SIGNED[op](b, rt, *xs, sg)
                rtext = rtt
            elif op in ("exti", "trunci", "ftof", "ftoi", "itof", "bitcast"):
                defaults = {"exti": ("i16", "i32"), "trunci": ("i32", "i16"),
                            "ftof": ("f32", "f16"), "ftoi": ("f32", "i32"),
                            "itof": ("i32", "f32"), "bitcast": ("i32", "f32")}[op]
                s, t = kv.pop("from", defaults[0]), kv.pop("to", defaults[1])
                x, xt = const(s, shape)
                types = f"{ttext(s, shape)} -> {ttext(t, shape)}"
                rt, rtext = tile(t, shape), ttext(t, shape)
                if op == "exti":
                    sg, sword = signed("signed")
                    with under_test(f"%0 = exti {xt} {sword} : {types}"):
                        r = bc.encode_ExtIOp(b, rt, x, sg)
                elif op == "trunci":
                    mode, ovf = overflow()
                    with under_test(f"%0 = trunci {xt}{ovf} : {types}"):
                        r = bc.encode_TruncIOp(b, rt, x, mode)
                elif op == "bitcast":
                    with under_test(f"%0 = bitcast {xt} : {types}"):
                        r = bc.encode_BitcastOp(b, rt, x)
                elif op == "ftof":
                    mode, rnd = rounding("nearest_even")
                    with under_test(f"%0 = ftof {xt}{rnd} : {types}"):
                        r = bc.encode_FToFOp(b, rt, x, mode)
                elif op == "ftoi":
                    sg, sword = signed("signed")
                    mode, rnd = rounding("nearest_int_to_zero")
                    sat = flag("saturating")
                    with under_test(f"%0 = ftoi {xt} {sword}{rnd}{' saturating' * sat} : {types}"):
                        r = bc.encode_FToIOp(b, rt, x, sg, mode, sat)
                else:
                    sg, sword = signed("signed")
                    mode, rnd = rounding("nearest_even")
                    with under_test(f"%0 = itof {xt} {sword}{rnd} : {types}"):
                        r = bc.encode_IToFOp(b, rt, x, sg, mode)
            elif op == "fpowi":
                d = kv.pop("dtype", "f32")
                e = kv.pop("exp", "i32")
                eshape = [int(x) for x in kv.pop("exp_shape", "x".join(map(str, shape))).split("x")
                          if x]
                (x, xt), (y, yt) = const(d, shape), const(e, eshape)
                rt, rtext = tile(d, shape), ttext(d, shape)
                with under_test(f"%0 = fpowi {xt}, {yt} : {rtext}, {ttext(e, eshape)}"):
                    r = bc.encode_FPowIOp(b, rt, x, y)
            elif op == "insert":
                d = kv.pop("dtype", "f32")
                sd = kv.pop("source", d)
                src_shape = shape
                into = [int(x) for x in kv.pop("into", "8").split("x") if x]
                n = int(kv.pop("indices", str(len(into))))
                (x, xt), (dst, dt_) = const(sd, src_shape), const(d, into)
                idx = [const("i32", []) for _ in range(n)]
                rt, rtext = tile(d, into), ttext(d, into)
                names = ", ".join(t for _, t in idx)
                with under_test(f"%0 = insert {xt}, {dt_}[{names}] : "
                                f"{ttext(sd, src_shape)}, {rtext}"):
                    r = bc.encode_InsertOp(b, rt, x, dst, [v for v, _ in idx])
            elif op in ("gdc_wait_tko", "gdc_launch_dependents_tko"):
                with_token = flag("token") if "token" in kv else True
                tok = None
                if with_token:
                    text.append(f"  %t{line[0]} = make_token : token")
                    tname = f"%t{line[0]}"
                    with at():
                        tok = bc.encode_MakeTokenOp(b, tt.Token)
                enc = bc.encode_GdcWaitTkoOp if op == "gdc_wait_tko" else \
                    bc.encode_GdcLaunchDependentsTkoOp
                operand = f" token = {tname}" if with_token else ""
                with under_test(f"%0 = {op}{operand} -> token"):
                    r = enc(b, tt.Token, tok)
            elif op == "memory_fence_alias_tko":
                text.append(f"  %t{line[0]} = make_token : token")
                tname = f"%t{line[0]}"
                with at():
                    tok = bc.encode_MakeTokenOp(b, tt.Token)
                with under_test(f"%0 = memory_fence_alias_tko {tname}"):
                    r = bc.encode_MemoryFenceAliasTkoOp(b, tt.Token, tok)
            elif op == "mmaf_scaled":
                a = kv.pop("a", "f8E4M3FN")
                bt = kv.pop("b", a)
                sc = kv.pop("scale", "f8E8M0FNU")
                acc = kv.pop("acc", "f32")
                m, n, k = (int(kv.pop(key, dflt)) for key, dflt in
                           (("m", "16"), ("n", "16"), ("k", "64")))
                ks = int(kv.pop("ks", "2"))
                shapes = [(a, [m, k]), (bt, [k, n]), (acc, [m, n]), (sc, [m, ks]), (sc, [ks, n])]
                xs = [const(t, shp) for t, shp in shapes]
                types = ", ".join(ttext(t, shp) for t, shp in shapes)
                rtext = ttext(acc, [m, n])
                with under_test(f"%0 = mmaf_scaled {', '.join(t for _, t in xs)} : {types}"):
                    r = bc.encode_MmaFScaledOp(b, tile(acc, [m, n]), *[v for v, _ in xs])
            elif op == "iota":
                d = kv.pop("dtype", "i32")
                rt, rtext = tile(d, shape), ttext(d, shape)
                with under_test(f"%0 = iota : {rtext}"):
                    r = bc.encode_IotaOp(b, rt)
            elif op == "print_tko":
                fmt = kv.pop("fmt", "%d")
                if not fmt.isprintable() or any(c in fmt for c in ' "\\'):
                    raise CaseError("fmt: printable characters only, no blanks, quotes or \\")
                d = kv.pop("dtype", "i32")
                n = int(kv.pop("args", "1"))
                xs = [const(d, shape) for _ in range(n)]
                operands = "".join(f", {xt}" for _, xt in xs)
                types = ", ".join(ttext(d, shape) for _ in xs)
                types = f" : {types} -> token" if xs else " -> token"
                with under_test(f'%0 = print_tko "{fmt}"{operands}{types}'):
                    r = bc.encode_PrintTkoOp(b, tt.Token, [x for x, _ in xs], None, fmt)
            elif op == "entry":
                pass  # the parameter under test is on the entry's line
            elif op == "constant":
                d = kv.pop("dtype", "f32")
                op_line[0] = line[0]
                rtext = ttext(d, shape)
                if "values" in kv:
                    ty(d)
                    parts = [pack_value(d, w) for w in kv.pop("values").split(",")]
                    literal = nest([t for _, t in parts], shape)
                    rname = f"%c{line[0]}"
                    text.append(f"  {rname} = constant <{d}: {literal}> : {rtext}")
                    data = b"".join(raw for raw, _ in parts)
                    if d == "i1" and len(parts) > 1:  # a list of i1 is packed 8 to a byte
                        bits = [raw[0] & 1 for raw, _ in parts]
                        data = bytes(sum(bit << j for j, bit in enumerate(bits[i:i + 8]))
                                     for i in range(0, len(bits), 8))
                    with at():
                        r = bc.encode_ConstantOp(b, tile(d, shape), data)
                else:
                    r, rname = const(d, shape)
            elif op in ("mmaf", "mmai"):
                a = kv.pop("a", "f16" if op == "mmaf" else "i8")
                bt = kv.pop("b", a)
                acc = kv.pop("acc", "f32" if op == "mmaf" else "i32")
                m = int(kv.pop("m", "16"))
                n = int(kv.pop("n", "16"))
                k = int(kv.pop("k", "16" if op == "mmaf" else "32"))
                (xa, ta), (xb, tb), (xc, tc) = const(a, [m, k]), const(bt, [k, n]), \
                    const(acc, [m, n])
                types = f"{ttext(a, [m, k])}, {ttext(bt, [k, n])}, {ttext(acc, [m, n])}"
                rtext = ttext(acc, [m, n])
                if op == "mmaf":
                    fast = flag("fast_acc")
                    with under_test(f"%0 = mmaf {ta}, {tb}, {tc}{' fast_acc' * fast} : {types}"):
                        r = bc.encode_MmaFOp(b, tile(acc, [m, n]), xa, xb, xc, fast)
                else:
                    (sa, swa), (sb, swb) = signed("signed_a"), signed("signed_b")
                    with under_test(f"%0 = mmai {ta}, {tb}, {tc} {swa} {swb} : {types}"):
                        r = bc.encode_MmaIOp(b, tile(acc, [m, n]), xa, xb, xc, sa, sb)
            elif op == "atomic_rmw":
                d = kv.pop("dtype", "f32")
                x, xt = const(d, [])
                order, oword = pick(kv, "order", ORDER, "relaxed")
                scope, sword = pick(kv, "scope", SCOPE, "device")
                mode, mword = pick(kv, "mode", ATOMIC, "addf")
                rtext = ttext(d, [])
                with under_test(f"%0, %t = atomic_rmw_tko {oword} {sword} %arg0, {mword}, {xt} : "
                                f"{pointers_text}, {rtext} -> {rtext}, token"):
                    r, _ = bc.encode_AtomicRMWTkoOp(b, tile(d, []), tt.Token, args[0], x, None,
                                                    None, order, scope, mode)
            elif op == "atomic_cas":
                d = kv.pop("dtype", "f32")
                x, xt = const(d, [])
                order, oword = pick(kv, "order", ORDER, "relaxed")
                scope, sword = pick(kv, "scope", SCOPE, "device")
                rtext = ttext(d, [])
                with under_test(f"%0, %t = atomic_cas_tko {oword} {sword} %arg0, {xt}, {xt} : "
                                f"{pointers_text}, {rtext} -> {rtext}, token"):
                    r, _ = bc.encode_AtomicCASTkoOp(b, tile(d, []), tt.Token, args[0], x, x,
                                                    None, None, order, scope)
            elif op == "load_ptr":
                d = kv.pop("dtype", "f32")
                mask = const("i1", []) if flag("mask") else None
                pad = const(d, []) if flag("pad") else None
                rtext = ttext(d, [])
                given = [x for x in (mask, pad) if x]
                values = "".join(f", {x[1]}" for x in given)
                types = "".join(f", {t}" for t, x in (("tile<i1>", mask), (rtext, pad)) if x)
                with under_test(f"%0, %t = load_ptr_tko weak %arg0{values} : "
                                f"{pointers_text}{types} -> {rtext}, token"):
                    r, _ = bc.encode_LoadPtrTkoOp(b, tile(d, []), tt.Token, args[0],
                                                  mask[0] if mask else None,
                                                  pad[0] if pad else None, None,
                                                  bc.MemoryOrderingSemantics.WEAK, None, None)
            elif op == "for":
                d = kv.pop("dtype", "i32")
                unsigned = flag("unsigned")
                (x, xt) = const(d, [])
                rtext = ttext(d, [])
                word = " unsigned" if unsigned else ""
                with under_test(f"%0 = for{word} %iv in ({xt} to {xt}, step {xt}) : {rtext} "
                                f"iter_values(%acc = {xt}) -> ({rtext}) {{"):
                    nested = bc.encode_ForOp(b, [tile(d, [])], x, x, x, [x], unsigned)
                with nested.new_block([tile(d, []), tile(d, [])]) as (iv, acc):
                    text.append(f"    %1 = addi %acc, %iv : {rtext}")
                    with at():
                        n = bc.encode_AddIOp(b, tile(d, []), acc, iv, bc.IntegerOverflow.NONE)
                    text.append(f"    continue %1 : {rtext}")
                    with at():
                        bc.encode_ContinueOp(b, [n])
                (r,) = nested.done()
                text.append("  }")
                line[0] += 1  # the closing brace's line holds no op
            elif op == "alloca":
                d = kv.pop("dtype", "f32")
                ty(d)
                num, align = int(kv.pop("num", "4")), int(kv.pop("align", "16"))
                rtext = f"tile<ptr<{d}>>"
                with under_test(f"%0 = alloca num_elem = {num}, alignment = {align} : {rtext}"):
                    r = bc.encode_AllocaOp(b, tt.tile(tt.pointer(ty(d), bc.PtrAttr.Missing), []),
                                           num, align, False)
            else:
                raise CaseError(f"unknown op {op}")
            if kv:
                raise CaseError(f"unused keys {sorted(kv)}")
            rname = rname if op == "constant" else "%0"
            if op not in ("print_tko", "entry", "gdc_wait_tko", "gdc_launch_dependents_tko",
                          "memory_fence_alias_tko"):  # a token or nothing to keep alive
                text.append(f'  %p = print_tko "%f\\0A", {rname} : {rtext} -> token')
                with at():  # keep the result alive
                    bc.encode_PrintTkoOp(
                        b, tt.Token if version >= bc.BytecodeVersion.V_13_2 else None, [r], None,
                        "%f\n")
            returned = list(args) if results else []
            text.append("  return" + (f" %arg0 : {ptext}" if results else ""))
            with at():
                bc.encode_ReturnOp(b, returned)
    text.append("}")
    return bytes(buf), "\n".join(text) + "\n", op_line[0]


def parse_keys(words):
    kv = {}
    for word in words:
        if "=" not in word:
            raise CaseError(f"expected key=value, got {word!r}")
        k, v = word.split("=", 1)
        kv[k] = v
    return kv


def batch():
    for raw in sys.stdin:
        words = raw.split()
        if not words or words[0].startswith("#"):
            continue
        stem = words[0]
        try:
            if len(words) < 2:
                raise CaseError("missing OP")
            data, text, op_line = build(words[1], parse_keys(words[2:]))
            with open(stem + ".tileirbc", "wb") as fh:
                fh.write(data)
            with open(stem + ".mlir", "w") as fh:
                fh.write(text)
            print(f"{stem} op-line {op_line}", flush=True)
        except Exception as e:  # report the case, build the others
            msg = f"{type(e).__name__}: {e}".replace("\n", " ")
            print(f"{stem} error {msg}", flush=True)


def main():
    if sys.argv[1:] == ["--batch"]:
        batch()
        return
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    try:
        data, _, op_line = build(sys.argv[2], parse_keys(sys.argv[3:]))
    except CaseError as e:
        sys.exit(f"encode.py: {e}")
    with open(sys.argv[1], "wb") as fh:
        fh.write(data)
    print(f"op-line {op_line}")


if __name__ == "__main__":
    main()
