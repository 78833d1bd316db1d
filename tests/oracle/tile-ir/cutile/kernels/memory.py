# Held-out memory patterns: transposed copies, strided 2-D tiles, advanced-indexing scatter,
# pointer gathers with masks, atomics as counters, column-major views and padding values.
import cuda.tile as ct
from _sig import Export, arr, scalar

MO = ct.MemoryOrder
MS = ct.MemoryScope


@ct.kernel
def transpose_tile(a, out, TM: ct.Constant[int], TN: ct.Constant[int]):
    bm = ct.bid(0)
    bn = ct.bid(1)
    t = ct.load(a, index=(bm, bn), shape=(TM, TN))
    ct.store(out, index=(bn, bm), tile=ct.transpose(t))


@ct.kernel
def row_scatter(dst, idx, vals, D: ct.Constant[int], TB: ct.Constant[int]):
    bid = ct.bid(0)
    i = ct.load(idx, index=(bid,), shape=(TB,))
    v = ct.load(vals, index=(bid, 0), shape=(TB, D))
    ct.store_advanced_indexing(dst, (i, ct.Slice(0, D)), v)


@ct.kernel
def masked_tail(a, out, n: int, TILE: ct.Constant[int]):
    bid = ct.bid(0)
    offs = bid * TILE + ct.arange(TILE, dtype=ct.int32)
    v = ct.gather(a, offs, mask=offs < n, padding_value=0.0)
    ct.scatter(out, offs, v * v, mask=offs < n)


@ct.kernel
def counter_claim(counter, slots, TILE: ct.Constant[int]):
    bid = ct.bid(0)
    zero = ct.zeros((1,), dtype=ct.int32)
    ticket = ct.atomic_add(counter, zero, 1, memory_order=MO.ACQ_REL, memory_scope=MS.DEVICE)
    ct.store(slots, index=(bid,), tile=ct.broadcast_to(ticket, (TILE,)))


@ct.kernel
def float_atomic_max(dst, vals, TILE: ct.Constant[int]):
    bid = ct.bid(0)
    v = ct.load(vals, index=(bid,), shape=(TILE,))
    idx = ct.arange(TILE, dtype=ct.int32)
    ct.atomic_add(dst, idx, v, memory_order=MO.RELAXED)


@ct.kernel
def col_major_copy(a, out, TM: ct.Constant[int], TN: ct.Constant[int]):
    bm = ct.bid(0)
    t = ct.load(a, index=(bm, 0), shape=(TM, TN), order="F", padding_mode=ct.PaddingMode.NEG_INF)
    ct.store(out, index=(bm, 0), tile=t, order="F")


@ct.kernel
def tiled_3d_sum(a, out, TB: ct.Constant[int], TM: ct.Constant[int], TN: ct.Constant[int]):
    b = ct.bid(0)
    t = ct.load(a, index=(b, 0, 0), shape=(TB, TM, TN), padding_mode=ct.PaddingMode.ZERO)
    s = ct.sum(ct.sum(t, axis=2), axis=1)
    ct.store(out, index=(b,), tile=s)


@ct.kernel
def swap_halves(a, TILE: ct.Constant[int]):
    bid = ct.bid(0)
    lo = ct.load(a, index=(2 * bid,), shape=(TILE,))
    hi = ct.load(a, index=(2 * bid + 1,), shape=(TILE,))
    ct.store(a, index=(2 * bid,), tile=hi)
    ct.store(a, index=(2 * bid + 1,), tile=lo)


@ct.kernel
def cas_flag(flags, out, TILE: ct.Constant[int]):
    bid = ct.bid(0)
    idx = ct.full((1,), 0, dtype=ct.int32) + bid
    old = ct.atomic_cas(flags, idx, 0, 1, memory_order=MO.ACQUIRE)
    ct.store(out, index=(bid,), tile=ct.broadcast_to(old, (TILE,)))


@ct.kernel
def latency_hinted(a, out, TILE: ct.Constant[int]):
    bid = ct.bid(0)
    t = ct.load(a, index=(bid,), shape=(TILE,), latency=4, allow_tma=False)
    ct.store(out, index=(bid,), tile=t * 3, latency=2)


EXPORTS = [
    Export("transpose_tile", transpose_tile, [arr(ct.float16, 2)] * 2 + [32, 64],
           targets=[("13.3", None), ("13.2", "sm_100")]),
    Export("row_scatter", row_scatter, [arr(ct.float32, 2), arr(ct.int32), arr(ct.float32, 2), 64, 16],
           check=("sm_90", "sm_100", "sm_120")),
    Export("masked_tail", masked_tail, [arr(ct.float32)] * 2 + [scalar(ct.int32), 128]),
    Export("counter_claim", counter_claim, [arr(ct.int32)] * 2 + [32]),
    Export("float_atomic_add", float_atomic_max, [arr(ct.float32)] * 2 + [64],
           targets=[("13.3", None), ("13.1", "sm_80")]),
    Export("col_major_copy", col_major_copy, [arr(ct.float32, 2, contiguous=False)] * 2 + [16, 32]),
    Export("tiled_3d_sum", tiled_3d_sum, [arr(ct.float32, 3), arr(ct.float32), 4, 8, 16]),
    Export("swap_halves", swap_halves, [arr(ct.int8), 256]),
    Export("cas_flag", cas_flag, [arr(ct.int64), arr(ct.int64), 16]),
    Export("latency_hinted", latency_hinted, [arr(ct.float16)] * 2 + [128],
           targets=[("13.3", None), ("13.4", None)]),
]
