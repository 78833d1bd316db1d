# Control flow: if/else on scalars, for loops with steps and carried tiles, while loops,
# break/continue, nested loops, early return.
import cuda.tile as ct
from _sig import Export, arr, scalar


@ct.kernel
def branchy(a, out, n: int, mode: int, TILE: ct.Constant[int]):
    bid = ct.bid(0)
    x = ct.load(a, index=(bid,), shape=(TILE,))
    if mode == 0:
        y = x * 2.0
    elif mode == 1:
        y = ct.exp(x)
    else:
        y = ct.where(x > 0.0, x, 0.0)
    if bid * TILE >= n:
        return
    ct.store(out, index=(bid,), tile=y)


@ct.kernel
def loops(a, out, n: int, TILE: ct.Constant[int]):
    bid = ct.bid(0)
    acc = ct.zeros((TILE,), dtype=ct.float32)
    for i in range(bid, n, ct.num_blocks(0)):
        x = ct.load(a, index=(i,), shape=(TILE,))
        if i % 3 == 0:
            continue
        acc = acc + x
        if i > 1000:
            break
    j = 0
    while j < 4:
        acc = acc * 0.5
        j += 1
    for k in range(2):
        for m in range(3):
            acc = acc + k * m
    ct.store(out, index=(bid,), tile=acc)


@ct.kernel
def grid_stride(a, out, n: int, TILE: ct.Constant[int]):
    nt = ct.cdiv(n, TILE)
    for t in range(ct.bid(0), nt, ct.num_blocks(0)):
        x = ct.load(a, index=(t,), shape=(TILE,))
        ct.store(out, index=(t,), tile=x + 1)


EXPORTS = [
    Export("branchy", branchy, [arr(ct.float32)] * 2 + [scalar(ct.int32), scalar(ct.int32), 128],
           debug=True),
    Export("loops", loops, [arr(ct.float32)] * 2 + [scalar(ct.int32), 64],
           targets=[("13.3", None), ("13.1", "sm_80")]),
    Export("grid_stride", grid_stride, [arr(ct.int32, index=ct.int64)] * 2 + [scalar(ct.int64), 256]),
]
