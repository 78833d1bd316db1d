# Scans: cumsum/cumprod (forward and reverse), custom scan.
import cuda.tile as ct
from _sig import Export, arr


@ct.kernel
def prefix_sums(a, ofwd, orev, oprod, TM: ct.Constant[int], TN: ct.Constant[int]):
    bid = ct.bid(0)
    x = ct.load(a, index=(bid, 0), shape=(TM, TN))
    ct.store(ofwd, index=(bid, 0), tile=ct.cumsum(x, axis=1))
    ct.store(orev, index=(bid, 0), tile=ct.cumsum(x, axis=0, reverse=True))
    ct.store(oprod, index=(bid, 0), tile=ct.cumprod(x, axis=1, flush_to_zero=True))


@ct.kernel
def int_scan(a, out, TILE: ct.Constant[int]):
    bid = ct.bid(0)
    x = ct.load(a, index=(bid,), shape=(TILE,))
    run_max = ct.scan(x, 0, lambda p, q: ct.maximum(p, q), -2147483648)
    ct.store(out, index=(bid,), tile=ct.cumsum(x) + run_max)


EXPORTS = [
    Export("prefix_sums", prefix_sums, [arr(ct.float32, 2)] * 4 + [8, 64]),
    Export("int_scan", int_scan, [arr(ct.int32)] * 2 + [256],
           targets=[("13.3", None), ("13.2", "sm_100")]),
]
