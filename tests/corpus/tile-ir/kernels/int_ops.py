# Integer arithmetic: signed/unsigned division and remainder, shifts, bitwise ops,
# comparisons, min/max, 64-bit and 8/16-bit integers.
import cuda.tile as ct
from _sig import Export, arr, scalar


@ct.kernel
def i32_ops(a, b, out, k: int, TILE: ct.Constant[int]):
    bid = ct.bid(0)
    x = ct.load(a, index=(bid,), shape=(TILE,))
    y = ct.load(b, index=(bid,), shape=(TILE,))
    y = ct.where(y == 0, 1, y)
    q = x // y
    r = x % y
    s = (x << 3) ^ (y >> 2) | (x & 0xff)
    t = ct.maximum(q, r) - ct.minimum(s, k) * 7
    t = ct.where((x < y) | (x >= k), t, -t)
    t = ct.abs(t) + ~x
    ct.store(out, index=(bid,), tile=t)


@ct.kernel
def u32_ops(a, b, out, TILE: ct.Constant[int]):
    bid = ct.bid(0)
    x = ct.load(a, index=(bid,), shape=(TILE,))
    y = ct.load(b, index=(bid,), shape=(TILE,)) | 1
    # No `x // y` here: cuTile 1.7.0 lowers unsigned floordiv to
    # `divi ... unsigned rounding<negative_inf>`, which tileiras rejects.
    q = x % y + x * y
    z = (q >> 5) + ct.maximum(x, y) - ct.minimum(x, y)
    z = ct.where(x > y, z, z * 3)
    ct.store(out, index=(bid,), tile=z)


@ct.kernel
def i64_ops(a, b, out, TILE: ct.Constant[int]):
    bid = ct.bid(0)
    x = ct.load(a, index=(bid,), shape=(TILE,))
    y = ct.load(b, index=(bid,), shape=(TILE,))
    z = x * y + (x >> 17) - (y << 40)
    z = z // 3 + ct.cdiv(x, 1024)
    ct.store(out, index=(bid,), tile=z)


@ct.kernel
def small_ints(a8, b16, out32, TILE: ct.Constant[int]):
    bid = ct.bid(0)
    x = ct.load(a8, index=(bid,), shape=(TILE,))
    y = ct.load(b16, index=(bid,), shape=(TILE,))
    w = ct.astype(x, ct.int32) * ct.astype(y, ct.int32)
    n = ct.astype(x, ct.int16) + y
    ct.store(out32, index=(bid,), tile=w + ct.astype(n, ct.int32))


EXPORTS = [
    Export("i32_ops", i32_ops, [arr(ct.int32)] * 3 + [scalar(ct.int32), 128],
           targets=[("13.3", None), ("13.1", "sm_80")]),
    Export("u32_ops", u32_ops, [arr(ct.uint32)] * 3 + [128]),
    Export("i64_ops", i64_ops, [arr(ct.int64)] * 3 + [64]),
    Export("small_ints", small_ints, [arr(ct.int8), arr(ct.int16), arr(ct.int32), 128]),
]
