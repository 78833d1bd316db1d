# Atomic read-modify-write and compare-and-swap through pointer tiles (atomic_rmw_tko,
# atomic_cas_tko) with different memory orders and scopes.
import cuda.tile as ct
from _sig import Export, arr

MO = ct.MemoryOrder
MS = ct.MemoryScope


@ct.kernel
def histogram(data, hist, TILE: ct.Constant[int], NBINS: ct.Constant[int]):
    bid = ct.bid(0)
    x = ct.load(data, index=(bid,), shape=(TILE,))
    bins = ct.minimum(ct.maximum(x, 0), NBINS - 1)
    ct.atomic_add(hist, bins, 1)


@ct.kernel
def int_atomics(counters, vals, old, TILE: ct.Constant[int]):
    bid = ct.bid(0)
    v = ct.load(vals, index=(bid,), shape=(TILE,))
    idx = ct.arange(TILE, dtype=ct.int32)
    a = ct.atomic_max(counters, idx, v, memory_order=MO.RELAXED, memory_scope=MS.DEVICE)
    b = ct.atomic_min(counters, idx, v, memory_order=MO.ACQUIRE, memory_scope=MS.BLOCK)
    c = ct.atomic_and(counters, idx, v, memory_order=MO.RELEASE)
    d = ct.atomic_or(counters, idx, v, memory_scope=MS.SYS)
    e = ct.atomic_xor(counters, idx, v)
    f = ct.atomic_xchg(counters, idx, v, memory_order=MO.ACQ_REL)
    ct.store(old, index=(bid,), tile=a + b + c + d + e + f)


@ct.kernel
def unsigned_atomics(counters, vals, TILE: ct.Constant[int]):
    bid = ct.bid(0)
    v = ct.load(vals, index=(bid,), shape=(TILE,))
    idx = ct.arange(TILE, dtype=ct.int32)
    ct.atomic_max(counters, idx, v)
    ct.atomic_min(counters, idx, v)


@ct.kernel
def float_atomics(acc32, acc16, vals, TILE: ct.Constant[int]):
    bid = ct.bid(0)
    v = ct.load(vals, index=(bid,), shape=(TILE,))
    idx = ct.arange(TILE, dtype=ct.int32)
    ct.atomic_add(acc32, idx, v, memory_order=MO.RELAXED)
    ct.atomic_add(acc16, idx, ct.astype(v, ct.float16))
    ct.atomic_xchg(acc32, idx + TILE, v)


@ct.kernel
def spin_cas(lock, out, TILE: ct.Constant[int]):
    bid = ct.bid(0)
    old = ct.atomic_cas(lock, 0, 0, 1, memory_order=MO.ACQUIRE)
    while old != 0:
        old = ct.atomic_cas(lock, 0, 0, 1, memory_order=MO.ACQUIRE)
    prev = ct.load(out, index=(bid,), shape=(TILE,), memory_order=MO.RELAXED,
                   memory_scope=MS.DEVICE)
    ct.store(out, index=(bid,), tile=prev + 1, memory_order=MO.RELAXED, memory_scope=MS.DEVICE)
    ct.atomic_xchg(lock, 0, 0, memory_order=MO.RELEASE)


@ct.kernel
def cas64(vals, expected, desired, old, TILE: ct.Constant[int]):
    bid = ct.bid(0)
    idx = bid * TILE + ct.arange(TILE, dtype=ct.int32)
    e = ct.load(expected, index=(bid,), shape=(TILE,))
    d = ct.load(desired, index=(bid,), shape=(TILE,))
    r = ct.atomic_cas(vals, idx, e, d, memory_scope=MS.SYS)
    ct.store(old, index=(bid,), tile=r)


EXPORTS = [
    Export("histogram", histogram, [arr(ct.int32), arr(ct.int32), 256, 64]),
    Export("int_atomics", int_atomics, [arr(ct.int32)] * 3 + [128],
           targets=[("13.3", None), ("13.1", "sm_90")]),
    Export("unsigned_atomics", unsigned_atomics, [arr(ct.uint32)] * 2 + [64]),
    Export("float_atomics", float_atomics, [arr(ct.float32), arr(ct.float16), arr(ct.float32), 128]),
    Export("spin_cas", spin_cas, [arr(ct.int32), arr(ct.int32), 64]),
    Export("cas64", cas64, [arr(ct.int64)] * 4 + [64]),
]
