# Device printf / print and assertions (print_tko, assert).
import cuda.tile as ct
from _sig import Export, arr, scalar


@ct.kernel
def print_and_assert(a, n: int, TILE: ct.Constant[int]):
    bid = ct.bid(0)
    x = ct.load(a, index=(bid,), shape=(TILE,))
    ct.assert_(x >= 0, "negative input")
    ct.assert_(n > 0)
    ct.printf("block %d: n=%d\n", bid, n)
    s = ct.sum(x)
    ct.print(f"block {bid} sum={s} max={ct.max(x)}")
    ct.printf("first tile: %f\n", x)


EXPORTS = [
    Export("print_and_assert", print_and_assert, [arr(ct.float32), scalar(ct.int32), 16],
           targets=[("13.3", None), ("13.1", "sm_80")], debug=True),
]
