# Held-out, written later (2026-12-02): select on isnan, hyperbolic and atan2 math, cumprod,
# a 3-d permute, cat, i64 prod/min reductions, fp8 conversions, tf32 and f64 mma loops, mixed
# atomics (max, xchg, cas), grid dependency control (13.4), a 2-d gather with scatter, an i32
# cumsum. (An unsigned floordiv/divmod is left out: cuTile Python 1.7.0 writes it as
# `divi unsigned` with rounding<negative_inf>, which tileiras 13.5.37 rejects.)
import cuda.tile as ct
from _sig import Export, arr, scalar

@ct.kernel
def where_nan(x, y, TILE: ct.Constant[int]):
    bid = ct.bid(0)
    v = ct.load(x, index=(bid,), shape=(TILE,))
    ct.store(y, index=(bid,), tile=ct.where(ct.isnan(v), 0.0, ct.sqrt(ct.abs(v))))

@ct.kernel
def trig_hyper(x, y, TILE: ct.Constant[int]):
    bid = ct.bid(0)
    v = ct.load(x, index=(bid,), shape=(TILE,))
    ct.store(y, index=(bid,), tile=ct.sinh(v) + ct.cosh(v) + ct.tan(v) + ct.atan2(v, v + 1.0))

@ct.kernel
def cumprod_rows(a, out, TM: ct.Constant[int], TN: ct.Constant[int]):
    bid = ct.bid(0)
    x = ct.load(a, index=(bid, 0), shape=(TM, TN))
    ct.store(out, index=(bid, 0), tile=ct.cumprod(x, axis=1))

@ct.kernel
def permute3(a, out):
    x = ct.load(a, index=(0, 0, 0), shape=(2, 4, 8))
    ct.store(out, index=(0, 0, 0), tile=ct.permute(x, (2, 0, 1)))

@ct.kernel
def cat_extract(a, out, TILE: ct.Constant[int]):
    x = ct.load(a, index=(0,), shape=(TILE,))
    y = ct.cat((x, x), axis=0)
    ct.store(out, index=(0,), tile=y)

@ct.kernel
def prod_min_i64(a, out, TM: ct.Constant[int], TN: ct.Constant[int]):
    bid = ct.bid(0)
    x = ct.load(a, index=(bid, 0), shape=(TM, TN))
    ct.store(out, index=(bid,), tile=ct.prod(x, axis=1) + ct.min(x, axis=1))

@ct.kernel
def fp8_convert(a, out, TILE: ct.Constant[int]):
    bid = ct.bid(0)
    x = ct.load(a, index=(bid,), shape=(TILE,))
    y = ct.astype(ct.astype(x, ct.float8_e5m2), ct.float32)
    ct.store(out, index=(bid,), tile=ct.astype(y, ct.float8_e4m3fn))

@ct.kernel
def mma_tf32(a, b, c, TM: ct.Constant[int], TN: ct.Constant[int], TK: ct.Constant[int]):
    bm = ct.bid(0)
    bn = ct.bid(1)
    acc = ct.zeros((TM, TN), dtype=ct.float32)
    for k in range(ct.num_tiles(a, axis=1, shape=(TM, TK))):
        x = ct.astype(ct.load(a, index=(bm, k), shape=(TM, TK)), ct.tfloat32)
        y = ct.astype(ct.load(b, index=(k, bn), shape=(TK, TN)), ct.tfloat32)
        acc = ct.mma(x, y, acc)
    ct.store(c, index=(bm, bn), tile=acc)

@ct.kernel
def mma_f64(a, b, c, TM: ct.Constant[int], TN: ct.Constant[int], TK: ct.Constant[int]):
    bm = ct.bid(0)
    bn = ct.bid(1)
    acc = ct.zeros((TM, TN), dtype=ct.float64)
    for k in range(ct.num_tiles(a, axis=1, shape=(TM, TK))):
        acc = ct.mma(ct.load(a, index=(bm, k), shape=(TM, TK)), ct.load(b, index=(k, bn), shape=(TK, TN)), acc)
    ct.store(c, index=(bm, bn), tile=acc)

@ct.kernel
def atomics_mixed(p, q, v: int):
    ct.atomic_max(p, 0, v)
    ct.atomic_xchg(q, 0, v)
    ct.atomic_cas(p, 1, v, v + 1)

@ct.kernel
def gdc_insert(a, out, TILE: ct.Constant[int]):
    ct.grid_dependency_control_wait()
    x = ct.load(a, index=(0,), shape=(TILE,))
    ct.grid_dependency_control_launch_dependents()
    ct.store(out, index=(0,), tile=ct.exp2(x) * ct.rsqrt(x + 2.0))

@ct.kernel
def gather_2d(a, idx, out, TILE: ct.Constant[int]):
    i = ct.load(idx, index=(0,), shape=(TILE,))
    v = ct.gather(a, (i, i))
    ct.scatter(out, (i,), v)

@ct.kernel
def cumsum_i32(a, out, TILE: ct.Constant[int]):
    x = ct.load(a, index=(0,), shape=(TILE,))
    ct.store(out, index=(0,), tile=ct.cumsum(x, axis=0))

EXPORTS = [
    Export("where_nan", where_nan, [arr(ct.float16)] * 2 + [128], targets=[("13.4", None), ("13.1", "sm_80")]),
    Export("trig_hyper", trig_hyper, [arr(ct.float32)] * 2 + [128], targets=[("13.4", None), ("13.2", "sm_90")]),
    Export("cumprod_rows", cumprod_rows, [arr(ct.float32, 2)] * 2 + [8, 32], targets=[("13.4", None)]),
    Export("permute3", permute3, [arr(ct.float32, 3)] * 2, targets=[("13.4", None)]),
    Export("cat_extract", cat_extract, [arr(ct.int32)] * 2 + [64], targets=[("13.4", None)]),
    Export("prod_min_i64", prod_min_i64, [arr(ct.int64, 2), arr(ct.int64), 4, 32], targets=[("13.4", None), ("13.3", None)]),
    Export("fp8_convert", fp8_convert, [arr(ct.float32), arr(ct.float8_e4m3fn), 128], targets=[("13.4", None)], check=("sm_89", "sm_90", "sm_100", "sm_120")),
    Export("mma_tf32", mma_tf32, [arr(ct.float32, 2)] * 3 + [64, 64, 32], targets=[("13.4", None), ("13.3", None)]),
    Export("mma_f64", mma_f64, [arr(ct.float64, 2)] * 3 + [16, 16, 16], targets=[("13.4", None)]),
    Export("atomics_mixed", atomics_mixed, [arr(ct.int32), arr(ct.int32), scalar(ct.int32)], targets=[("13.4", None), ("13.1", "sm_100")]),
    Export("gdc_insert", gdc_insert, [arr(ct.float32)] * 2 + [128], targets=[("13.4", None)], check=("sm_90", "sm_100", "sm_120")),
    Export("gather_2d", gather_2d, [arr(ct.float32, 2), arr(ct.int32), arr(ct.float32), 64], targets=[("13.4", None)]),
    Export("cumsum_i32", cumsum_i32, [arr(ct.int32)] * 2 + [64], targets=[("13.4", None)]),
]
