# Flash-attention style forward kernel: Q.K^T with mma, online softmax with exp2,
# P.V accumulation, causal masking, 3-D (batch*heads, seq, dim) arrays.
import cuda.tile as ct
from _sig import Export, arr, scalar

INV_LN2 = 1.4426950408889634


@ct.kernel(occupancy=ct.ByTarget(sm_90=1, default=2), num_worker_warps=ct.ByTarget(sm_100=8))
def attention_fwd(Q, K, V, O, seq_len: int, scale: float,
                  TM: ct.Constant[int], TN: ct.Constant[int], D: ct.Constant[int],
                  CAUSAL: ct.Constant[bool]):
    bh = ct.bid(1)
    bm = ct.bid(0)
    q = ct.load(Q, index=(bh, bm, 0), shape=(1, TM, D))
    q = ct.reshape(q, (TM, D))
    m_i = ct.full((TM, 1), -float("inf"), dtype=ct.float32)
    l_i = ct.zeros((TM, 1), dtype=ct.float32)
    acc = ct.zeros((TM, D), dtype=ct.float32)
    qk_scale = scale * INV_LN2
    offs_m = bm * TM + ct.arange(TM, dtype=ct.int32)
    n_blocks = ct.cdiv(seq_len, TN)
    if CAUSAL:
        n_blocks = ct.minimum(n_blocks, ct.cdiv((bm + 1) * TM, TN))
    for j in range(n_blocks):
        k = ct.reshape(ct.load(K, index=(bh, j, 0), shape=(1, TN, D), latency=2), (TN, D))
        v = ct.reshape(ct.load(V, index=(bh, j, 0), shape=(1, TN, D), latency=4), (TN, D))
        s = ct.mma(q, ct.transpose(k), ct.zeros((TM, TN), dtype=ct.float32)) * qk_scale
        if CAUSAL:
            offs_n = j * TN + ct.arange(TN, dtype=ct.int32)
            s = ct.where(offs_m[:, None] >= offs_n[None, :], s, -float("inf"))
        m_new = ct.maximum(m_i, ct.max(s, axis=1, keepdims=True))
        p = ct.exp2(s - m_new, flush_to_zero=True)
        alpha = ct.exp2(m_i - m_new, flush_to_zero=True)
        l_i = l_i * alpha + ct.sum(p, axis=1, keepdims=True)
        acc = ct.mma(ct.astype(p, ct.float16), v, acc * alpha)
        m_i = m_new
    out = ct.truediv(acc, l_i, rounding_mode=ct.RoundingMode.APPROX, flush_to_zero=True)
    ct.store(O, index=(bh, bm, 0), tile=ct.reshape(ct.astype(out, ct.float16), (1, TM, D)))


EXPORTS = [
    Export("attention_fwd", attention_fwd,
           [arr(ct.float16, 3, div=8)] * 4 + [scalar(ct.int32), scalar(ct.float32), 64, 64, 64, True],
           targets=[("13.3", None), ("13.2", "sm_90")], check=("sm_80", "sm_90", "sm_100", "sm_120")),
    Export("attention_fwd_nocausal", attention_fwd,
           [arr(ct.float16, 3, div=8)] * 4 + [scalar(ct.int32), scalar(ct.float32), 128, 64, 64, False]),
]
