# float16 / bfloat16 / float64 elementwise math and mixed-precision arithmetic.
import cuda.tile as ct
from _sig import Export, arr

RM = ct.RoundingMode


@ct.kernel
def f16_math(a, b, out, TILE: ct.Constant[int]):
    bid = ct.bid(0)
    x = ct.load(a, index=(bid,), shape=(TILE,))
    y = ct.load(b, index=(bid,), shape=(TILE,))
    z = ct.add(x, y, rounding_mode=RM.RN) * y - x
    z = ct.maximum(z, ct.exp2(x)) + ct.sqrt(ct.abs(y))
    z = ct.where(x > y, z, ct.tanh(x))
    ct.store(out, index=(bid,), tile=z)


@ct.kernel
def bf16_math(a, b, out, TILE: ct.Constant[int]):
    bid = ct.bid(0)
    x = ct.load(a, index=(bid, 0), shape=(TILE, TILE))
    y = ct.load(b, index=(bid, 0), shape=(TILE, TILE))
    z = ct.fma(x, y, x) if False else x * y + x
    z = ct.minimum(z, y) - ct.exp(x)
    acc = ct.astype(z, ct.float32) + ct.astype(y, ct.float32)
    ct.store(out, index=(bid, 0), tile=ct.astype(acc, ct.bfloat16))


@ct.kernel
def f64_math(a, b, out, TILE: ct.Constant[int]):
    bid = ct.bid(0)
    x = ct.load(a, index=(bid,), shape=(TILE,))
    y = ct.load(b, index=(bid,), shape=(TILE,))
    z = ct.add(x, y, rounding_mode=RM.RM) / ct.sub(x, y, rounding_mode=RM.RP)
    z = ct.sqrt(ct.abs(z), rounding_mode=RM.RZ) + ct.exp(y) + ct.log(ct.abs(x) + 1.0)
    z = ct.truediv(z, y, rounding_mode=RM.RN)
    z = ct.maximum(z, x) + ct.floor(y) * ct.ceil(x)
    ct.store(out, index=(bid,), tile=z)


EXPORTS = [
    Export("f16_math", f16_math, [arr(ct.float16)] * 3 + [128]),
    Export("bf16_math", bf16_math, [arr(ct.bfloat16, 2)] * 3 + [32]),
    Export("f64_math", f64_math, [arr(ct.float64)] * 3 + [64],
           targets=[("13.3", None), ("13.1", "sm_80")]),
]
