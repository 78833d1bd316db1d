# Pointer-based gather/scatter (load_ptr_tko/store_ptr_tko with masks and padding),
# and load_advanced_indexing (gather/scatter views, bytecode 13.3+).
import cuda.tile as ct
from _sig import Export, arr


@ct.kernel
def gather_rows(src, idx, out, TILE: ct.Constant[int]):
    bid = ct.bid(0)
    i = ct.load(idx, index=(bid,), shape=(TILE,))
    v = ct.gather(src, i, padding_value=-1.0)
    ct.store(out, index=(bid,), tile=v)


@ct.kernel
def gather_2d_masked(src, rows, out, TM: ct.Constant[int], TN: ct.Constant[int]):
    bid = ct.bid(0)
    r = ct.load(rows, index=(bid,), shape=(TM,))
    c = ct.arange(TN, dtype=ct.int32)
    mask = r[:, None] >= 0
    v = ct.gather(src, (r[:, None], c[None, :]), mask=mask, padding_value=0.0)
    ct.store(out, index=(bid, 0), tile=v)


@ct.kernel
def scatter_add_like(dst, idx, vals, TILE: ct.Constant[int]):
    bid = ct.bid(0)
    i = ct.load(idx, index=(bid,), shape=(TILE,))
    v = ct.load(vals, index=(bid,), shape=(TILE,))
    ct.scatter(dst, i, v * 2, mask=i < 4096, check_bounds=False)


@ct.kernel
def embedding_lookup(table, ids, out, TB: ct.Constant[int], D: ct.Constant[int]):
    bid = ct.bid(0)
    i = ct.load(ids, index=(bid,), shape=(TB,))
    rows = ct.load_advanced_indexing(table, (i, ct.Slice(0, D)), padding_mode=ct.PaddingMode.ZERO)
    ct.store(out, index=(bid, 0), tile=rows)


EXPORTS = [
    Export("gather_rows", gather_rows, [arr(ct.float32), arr(ct.int32), arr(ct.float32), 128],
           targets=[("13.3", None), ("13.1", "sm_80")]),
    Export("gather_2d_masked", gather_2d_masked,
           [arr(ct.float16, 2), arr(ct.int32), arr(ct.float16, 2), 16, 64]),
    Export("scatter_add_like", scatter_add_like, [arr(ct.int64), arr(ct.int32), arr(ct.int64), 256]),
    Export("embedding_lookup", embedding_lookup,
           [arr(ct.bfloat16, 2, div=8), arr(ct.int32), arr(ct.bfloat16, 2), 32, 128],
           check=("sm_90", "sm_100", "sm_120")),
]
