# Tile shape manipulation: reshape, permute, transpose, broadcast, expand_dims, cat,
# extract, constants (full/zeros/ones/arange), iota.
import cuda.tile as ct
from _sig import Export, arr


@ct.kernel
def reshape_permute(a, out, TM: ct.Constant[int], TN: ct.Constant[int]):
    bid = ct.bid(0)
    x = ct.load(a, index=(bid, 0), shape=(TM, TN))
    y = ct.reshape(x, (TM, 2, TN // 2))
    y = ct.permute(y, (1, 0, 2))
    y = ct.reshape(y, (TM * 2, TN // 2))
    z = ct.transpose(ct.reshape(y, (TM, TN)))
    ct.store(out, index=(0, bid), tile=z)


@ct.kernel
def build_tiles(out, TM: ct.Constant[int], TN: ct.Constant[int]):
    bid = ct.bid(0)
    r = ct.arange(TM, dtype=ct.int32)
    c = ct.arange(TN, dtype=ct.int32, start=1, step=2)
    grid = r[:, None] * TN + c[None, :]
    ones = ct.ones((TM, TN), dtype=ct.int32)
    full = ct.full((TM, TN), 7, dtype=ct.int32)
    b = ct.broadcast_to(ct.expand_dims(r, 1), (TM, TN))
    ct.store(out, index=(bid, 0), tile=grid + ones * full - b)


@ct.kernel
def cat_extract(a, b, out, TILE: ct.Constant[int]):
    bid = ct.bid(0)
    x = ct.load(a, index=(bid, 0), shape=(TILE, TILE))
    y = ct.load(b, index=(bid, 0), shape=(TILE, TILE))
    xy = ct.cat((x, y), 1)
    left = ct.extract(xy, (0, 1), (TILE, TILE))
    top = ct.extract(ct.cat((x, y), 0), (0, 0), (TILE, TILE))
    ct.store(out, index=(bid, 0), tile=left + top)


EXPORTS = [
    Export("reshape_permute", reshape_permute, [arr(ct.float32, 2)] * 2 + [16, 32]),
    Export("build_tiles", build_tiles, [arr(ct.int32, 2), 8, 16],
           targets=[("13.3", None), ("13.2", "sm_120")]),
    Export("cat_extract", cat_extract, [arr(ct.float16, 2)] * 3 + [32]),
]
