# Reductions: sum/max/min/prod/argmax over 2-D tiles along each axis, custom reduce with
# a lambda and with a tuple of tiles.
import cuda.tile as ct
from _sig import Export, arr

RM = ct.RoundingMode


@ct.kernel
def row_reduce(a, osum, omax, omin, oprod, TM: ct.Constant[int], TN: ct.Constant[int]):
    bid = ct.bid(0)
    x = ct.load(a, index=(bid, 0), shape=(TM, TN))
    ct.store(osum, index=(bid,), tile=ct.sum(x, axis=1, rounding_mode=RM.RN, flush_to_zero=True))
    ct.store(omax, index=(bid,), tile=ct.max(x, axis=1, propagate_nan=True))
    ct.store(omin, index=(bid,), tile=ct.min(x, axis=1))
    ct.store(oprod, index=(bid,), tile=ct.prod(x, axis=1))


@ct.kernel
def col_reduce_int(a, osum, oarg, TM: ct.Constant[int], TN: ct.Constant[int]):
    bid = ct.bid(0)
    x = ct.load(a, index=(0, bid), shape=(TM, TN))
    ct.store(osum, index=(bid,), tile=ct.sum(x, axis=0))
    ct.store(oarg, index=(bid,), tile=ct.argmax(x, axis=0))


@ct.kernel
def custom_reduce(a, b, out, TM: ct.Constant[int], TN: ct.Constant[int]):
    bid = ct.bid(0)
    x = ct.load(a, index=(bid, 0), shape=(TM, TN))
    y = ct.load(b, index=(bid, 0), shape=(TM, TN))
    m = ct.reduce(x, 1, lambda p, q: ct.maximum(p, q) + 0.0, -3.0e38)
    s, t = ct.reduce((x, y), 1, lambda p0, p1, q0, q1: (p0 + q0, p1 * q1), (0.0, 1.0))
    ct.store(out, index=(bid,), tile=m + s + t)


@ct.kernel
def full_reduce(a, out, TM: ct.Constant[int], TN: ct.Constant[int]):
    bid = ct.bid(0)
    x = ct.load(a, index=(bid, 0), shape=(TM, TN))
    total = ct.sum(x)
    ct.store(out, index=(bid,), tile=total)


EXPORTS = [
    Export("row_reduce", row_reduce, [arr(ct.float32, 2)] + [arr(ct.float32)] * 4 + [16, 64],
           debug=True),
    Export("col_reduce_int", col_reduce_int, [arr(ct.int32, 2), arr(ct.int32), arr(ct.int32), 32, 32]),
    Export("custom_reduce", custom_reduce, [arr(ct.float32, 2)] * 2 + [arr(ct.float32), 8, 128]),
    Export("full_reduce", full_reduce, [arr(ct.float64, 2), arr(ct.float64), 16, 16],
           targets=[("13.3", None), ("13.1", "sm_90")]),
]
