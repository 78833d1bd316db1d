# Row softmax (online max/sum over column tiles) - a typical cuTile kernel.
import cuda.tile as ct
from _sig import Export, arr, scalar


@ct.kernel
def softmax_row(x, y, TM: ct.Constant[int], TN: ct.Constant[int]):
    row = ct.bid(0)
    t = ct.load(x, index=(row, 0), shape=(TM, TN), padding_mode=ct.PaddingMode.NEG_INF)
    t = ct.astype(t, ct.float32)
    m = ct.max(t, axis=1, keepdims=True)
    e = ct.exp(t - m)
    s = ct.sum(e, axis=1, keepdims=True)
    ct.store(y, index=(row, 0), tile=ct.astype(e / s, y.dtype))


@ct.kernel
def softmax_online(x, y, n_cols: int, TM: ct.Constant[int], TN: ct.Constant[int]):
    row = ct.bid(0)
    nt = ct.cdiv(n_cols, TN)
    m = ct.full((TM, 1), -float("inf"), dtype=ct.float32)
    l = ct.zeros((TM, 1), dtype=ct.float32)
    for j in range(nt):
        t = ct.load(x, index=(row, j), shape=(TM, TN), padding_mode=ct.PaddingMode.NEG_INF)
        m_new = ct.maximum(m, ct.max(t, axis=1, keepdims=True))
        l = l * ct.exp2((m - m_new) * 1.4426950408889634, flush_to_zero=True) + \
            ct.sum(ct.exp2((t - m_new) * 1.4426950408889634), axis=1, keepdims=True)
        m = m_new
    for j in range(nt):
        t = ct.load(x, index=(row, j), shape=(TM, TN))
        p = ct.exp(t - m) / l
        ct.store(y, index=(row, j), tile=p)


EXPORTS = [
    Export("softmax_row", softmax_row, [arr(ct.float16, 2)] * 2 + [4, 1024], debug=True),
    Export("softmax_online", softmax_online, [arr(ct.float32, 2)] * 2 + [scalar(ct.int32), 8, 256],
           targets=[("13.3", None), ("13.1", "sm_100")]),
]
