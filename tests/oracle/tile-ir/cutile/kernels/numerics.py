# Held-out numerics: GELU/SiLU activations, polynomial evaluation, integer division forms,
# unsigned loop bounds, argmin, clamping and mixed-precision accumulation.
import cuda.tile as ct
from _sig import Export, arr, scalar

RM = ct.RoundingMode


@ct.kernel
def gelu_tanh(x, y, TILE: ct.Constant[int]):
    bid = ct.bid(0)
    v = ct.load(x, index=(bid,), shape=(TILE,), padding_mode=ct.PaddingMode.ZERO)
    inner = 0.7978845608 * (v + 0.044715 * v * v * v)
    ct.store(y, index=(bid,), tile=0.5 * v * (1.0 + ct.tanh(inner)))


@ct.kernel
def silu_bf16(x, y, TILE: ct.Constant[int]):
    bid = ct.bid(0)
    v = ct.astype(ct.load(x, index=(bid,), shape=(TILE,)), ct.float32)
    s = v / (1.0 + ct.exp(-v))
    ct.store(y, index=(bid,), tile=ct.astype(s, ct.bfloat16))


@ct.kernel
def horner(x, y, c0: float, c1: float, c2: float, c3: float, TILE: ct.Constant[int]):
    bid = ct.bid(0)
    v = ct.load(x, index=(bid,), shape=(TILE,))
    p = ((v * c3 + c2) * v + c1) * v + c0
    ct.store(y, index=(bid,), tile=p)


@ct.kernel
def int_divmod(a, b, q, r, TILE: ct.Constant[int]):
    bid = ct.bid(0)
    x = ct.load(a, index=(bid,), shape=(TILE,))
    d = ct.maximum(ct.load(b, index=(bid,), shape=(TILE,)), 1)
    ct.store(q, index=(bid,), tile=ct.floordiv(x, d))
    ct.store(r, index=(bid,), tile=ct.mod(x, d))


@ct.kernel
def shifts_u64(a, out, s: int, TILE: ct.Constant[int]):
    bid = ct.bid(0)
    x = ct.load(a, index=(bid,), shape=(TILE,))
    hi = ct.bitwise_rshift(x, 32)
    lo = ct.bitwise_and(x, 0xFFFFFFFF)
    mixed = ct.bitwise_xor(ct.bitwise_lshift(lo, 7), hi)
    ct.store(out, index=(bid,), tile=ct.bitwise_or(mixed, ct.bitwise_not(lo)))


@ct.kernel
def clamp_i16(a, out, lo: int, hi: int, TILE: ct.Constant[int]):
    bid = ct.bid(0)
    x = ct.load(a, index=(bid,), shape=(TILE,))
    ct.store(out, index=(bid,), tile=ct.astype(ct.minimum(ct.maximum(x, lo), hi), ct.int16))


@ct.kernel
def argmin_rows(a, out, TM: ct.Constant[int], TN: ct.Constant[int]):
    bid = ct.bid(0)
    x = ct.load(a, index=(bid, 0), shape=(TM, TN))
    ct.store(out, index=(bid,), tile=ct.argmin(x, axis=1))


@ct.kernel
def unsigned_loop(a, out, n: int, TILE: ct.Constant[int]):
    acc = ct.zeros((TILE,), dtype=ct.uint32)
    for i in range(ct.astype(n, ct.int32)):
        acc = acc + ct.load(a, index=(i,), shape=(TILE,))
    ct.store(out, index=(0,), tile=acc)


@ct.kernel
def mixed_accumulate(a, out, n: int, TILE: ct.Constant[int]):
    bid = ct.bid(0)
    acc = ct.zeros((TILE,), dtype=ct.float64)
    for i in range(n):
        acc = acc + ct.astype(ct.load(a, index=(i, bid), shape=(1, TILE)).reshape((TILE,)), ct.float64)
    ct.store(out, index=(bid,), tile=ct.astype(acc, ct.float32))


@ct.kernel
def rounding_f64(a, b, out, TILE: ct.Constant[int]):
    bid = ct.bid(0)
    x = ct.load(a, index=(bid,), shape=(TILE,))
    y = ct.load(b, index=(bid,), shape=(TILE,))
    s = ct.add(x, y, rounding_mode=RM.RN)
    p = ct.mul(x, y, rounding_mode=RM.RM)
    q = ct.truediv(s, p, rounding_mode=RM.RZ)
    ct.store(out, index=(bid,), tile=ct.sqrt(ct.abs(q), rounding_mode=RM.RP))


EXPORTS = [
    Export("gelu_tanh", gelu_tanh, [arr(ct.float32)] * 2 + [256],
           targets=[("13.3", None), ("13.1", "sm_80")]),
    Export("silu_bf16", silu_bf16, [arr(ct.bfloat16)] * 2 + [128]),
    Export("horner", horner, [arr(ct.float32)] * 2 + [scalar(ct.float32)] * 4 + [128],
           targets=[("13.3", None), ("13.4", None)]),
    Export("int_divmod", int_divmod, [arr(ct.int32)] * 4 + [128]),
    Export("shifts_u64", shifts_u64, [arr(ct.uint64)] * 2 + [scalar(ct.int32), 64]),
    Export("clamp_i16", clamp_i16, [arr(ct.int16)] * 2 + [scalar(ct.int32)] * 2 + [128]),
    Export("argmin_rows", argmin_rows, [arr(ct.float32, 2), arr(ct.int32), 16, 64]),
    Export("unsigned_loop", unsigned_loop, [arr(ct.uint32)] * 2 + [scalar(ct.uint32), 128],
           targets=[("13.3", None), ("13.2", "sm_90")]),
    Export("mixed_accumulate", mixed_accumulate, [arr(ct.float16, 2), arr(ct.float32),
                                                  scalar(ct.int32), 64]),
    Export("rounding_f64", rounding_f64, [arr(ct.float64)] * 3 + [64]),
]


@ct.kernel
def softplus_pow(x, y, beta: float, TILE: ct.Constant[int]):
    bid = ct.bid(0)
    v = ct.load(x, index=(bid,), shape=(TILE,))
    sp = ct.log(1.0 + ct.exp(beta * v)) / beta
    ct.store(y, index=(bid,), tile=ct.pow(ct.abs(sp), 1.5))


EXPORTS.append(Export("softplus_pow", softplus_pow, [arr(ct.float32)] * 2 + [scalar(ct.float32), 128],
                      targets=[("13.3", None), ("13.2", "sm_90"), ("13.4", None)]))
