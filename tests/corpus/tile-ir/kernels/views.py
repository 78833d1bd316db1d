# Loads and stores through tensor/partition views: 2-D and 3-D tiles, Fortran order and
# permuted dimension maps, padding values, latency / allow_tma hints, unchecked bounds,
# 64-bit indices, strided (non-contiguous) arrays.
import cuda.tile as ct
from _sig import Export, arr


@ct.kernel
def transpose_copy(a, out, TM: ct.Constant[int], TN: ct.Constant[int]):
    bm = ct.bid(0)
    bn = ct.bid(1)
    x = ct.load(a, index=(bm, bn), shape=(TM, TN), order="F", padding_mode=ct.PaddingMode.NAN)
    ct.store(out, index=(bn, bm), tile=ct.transpose(x), latency=3, allow_tma=False)


@ct.kernel
def copy3d(a, out, T0: ct.Constant[int], T1: ct.Constant[int], T2: ct.Constant[int]):
    i = ct.bid(0)
    j = ct.bid(1)
    k = ct.bid(2)
    x = ct.load(a, index=(i, j, k), shape=(T0, T1, T2), order=(2, 0, 1), latency=8,
                padding_mode=ct.PaddingMode.NEG_INF)
    ct.store(out, index=(k, i, j), tile=x)


@ct.kernel
def strided_copy(a, out, TILE: ct.Constant[int]):
    bid = ct.bid(0)
    x = ct.load(a, index=(bid,), shape=(TILE,), allow_tma=True)
    ct.store(out, index=(bid,), tile=x)


@ct.kernel
def unchecked_copy(a, out, TILE: ct.Constant[int]):
    # check_bounds=False needs bytecode 13.4.
    bid = ct.bid(0)
    x = ct.load(a, index=(bid,), shape=(TILE,), check_bounds=False)
    ct.store(out, index=(bid,), tile=x, check_bounds=False)


@ct.kernel
def wide_index(a, out, TM: ct.Constant[int], TN: ct.Constant[int]):
    bm = ct.bid(0)
    nb = ct.num_tiles(a, axis=1, shape=(TM, TN))
    for j in range(nb):
        x = ct.load(a, index=(bm, j), shape=(TM, TN))
        ct.store(out, index=(bm, j), tile=x * 3)


EXPORTS = [
    Export("transpose_copy", transpose_copy, [arr(ct.float32, 2)] * 2 + [32, 64],
           targets=[("13.3", None), ("13.1", "sm_90")]),
    Export("copy3d", copy3d, [arr(ct.float16, 3)] * 2 + [4, 8, 16]),
    Export("strided_copy", strided_copy, [arr(ct.float64, contiguous=False)] * 2 + [128]),
    Export("unchecked_copy", unchecked_copy, [arr(ct.float32)] * 2 + [128], targets=[("13.4", None)]),
    Export("wide_index", wide_index, [arr(ct.int16, 2, index=ct.int64)] * 2 + [16, 128]),
]
