# Elementwise float32 math: arithmetic with rounding modes / flush-to-zero, transcendental
# functions, comparisons and select.
import cuda.tile as ct
from _sig import Export, arr, scalar

RM = ct.RoundingMode
TILE = 256


@ct.kernel
def vec_add(a, b, c, TILE: ct.Constant[int]):
    bid = ct.bid(0)
    x = ct.load(a, index=(bid,), shape=(TILE,))
    y = ct.load(b, index=(bid,), shape=(TILE,))
    ct.store(c, index=(bid,), tile=x + y)


@ct.kernel
def f32_arith(a, b, out, alpha: float, TILE: ct.Constant[int]):
    bid = ct.bid(0)
    x = ct.load(a, index=(bid,), shape=(TILE,), padding_mode=ct.PaddingMode.ZERO)
    y = ct.load(b, index=(bid,), shape=(TILE,), padding_mode=ct.PaddingMode.ZERO)
    s = ct.add(x, y, rounding_mode=RM.RZ)
    d = ct.sub(x, y)
    m = ct.mul(x, y, flush_to_zero=True)
    q = ct.truediv(s, d, rounding_mode=RM.APPROX, flush_to_zero=True)
    q2 = ct.truediv(m, d, rounding_mode=RM.FULL)
    q3 = ct.truediv(m, y, rounding_mode=RM.RP)
    r = x % y
    f = x * alpha + y
    mx = ct.maximum(q, q2, propagate_nan=True)
    mn = ct.minimum(q3, r, flush_to_zero=True)
    neg = -ct.abs(f)
    ct.store(out, index=(bid,), tile=mx + mn + neg)


@ct.kernel
def f32_transcendental(a, out, TILE: ct.Constant[int]):
    bid = ct.bid(0)
    x = ct.load(a, index=(bid,), shape=(TILE,))
    t0 = ct.exp(x) + ct.exp2(x, flush_to_zero=True)
    t1 = ct.log(ct.abs(x) + 1.0) + ct.log2(ct.abs(x) + 2.0)
    t2 = ct.sin(x) * ct.cos(x) + ct.tan(x)
    t3 = ct.sinh(x) - ct.cosh(x) + ct.tanh(x)
    t4 = ct.sqrt(ct.abs(x), rounding_mode=RM.APPROX) + ct.rsqrt(ct.abs(x) + 1.0, flush_to_zero=True)
    t5 = ct.pow(ct.abs(x), 0.5) + ct.atan2(x, t0)
    t6 = ct.floor(x) + ct.ceil(x)
    ct.store(out, index=(bid,), tile=t0 + t1 + t2 + t3 + t4 + t5 + t6)


@ct.kernel
def f32_select(a, b, out, thresh: float, TILE: ct.Constant[int]):
    bid = ct.bid(0)
    x = ct.load(a, index=(bid,), shape=(TILE,))
    y = ct.load(b, index=(bid,), shape=(TILE,))
    lt = x < y
    ge = x >= thresh
    nan = ct.isnan(y)
    z = ct.where(lt & ~nan, x, y)
    z = ct.where(ge, z * 2.0, z)
    z = ct.where(x != y, z, 0.0)
    ct.store(out, index=(bid,), tile=z)


EXPORTS = [
    Export("vec_add", vec_add, [arr(ct.float32)] * 3 + [TILE],
           targets=[("13.1", "sm_80"), ("13.2", "sm_90"), ("13.3", None), ("13.4", None)],
           debug=True),
    Export("f32_arith", f32_arith, [arr(ct.float32)] * 3 + [scalar(ct.float32), TILE]),
    Export("f32_transcendental", f32_transcendental, [arr(ct.float32)] * 2 + [TILE],
           targets=[("13.3", None), ("13.2", "sm_90")]),
    Export("f32_select", f32_select, [arr(ct.float32)] * 3 + [scalar(ct.float32), TILE]),
]
