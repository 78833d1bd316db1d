# Held-out model kernels: RMS norm, cross-entropy, rotary embedding, 1-D convolution,
# top-1 routing, fused matmul + bias + ReLU, split-K GEMM with atomics, int8 GEMM dequant,
# running statistics with scans, a debug-printing kernel, and a helper @ct.function.
import cuda.tile as ct
from _sig import Export, arr, scalar


@ct.function
def rms(x, eps):
    return ct.rsqrt(ct.sum(x * x, axis=1, keepdims=True) / x.shape[1] + eps)


@ct.kernel
def rmsnorm(x, w, y, eps: float, TM: ct.Constant[int], D: ct.Constant[int]):
    bid = ct.bid(0)
    v = ct.astype(ct.load(x, index=(bid, 0), shape=(TM, D)), ct.float32)
    g = ct.astype(ct.load(w, index=(0,), shape=(D,)), ct.float32)
    out = v * rms(v, eps) * g[None, :]
    ct.store(y, index=(bid, 0), tile=ct.astype(out, ct.float16))


@ct.kernel
def cross_entropy(logits, labels, loss, TM: ct.Constant[int], V: ct.Constant[int]):
    bid = ct.bid(0)
    z = ct.load(logits, index=(bid, 0), shape=(TM, V), padding_mode=ct.PaddingMode.NEG_INF)
    lab = ct.load(labels, index=(bid,), shape=(TM,))
    m = ct.max(z, axis=1, keepdims=True)
    lse = ct.log(ct.sum(ct.exp(z - m), axis=1)) + m.reshape((TM,))
    cols = ct.arange(V, dtype=ct.int32)
    picked = ct.sum(ct.where(cols[None, :] == lab[:, None], z, 0.0), axis=1)
    ct.store(loss, index=(bid,), tile=lse - picked)


@ct.kernel
def rotary(x, cos_t, sin_t, y, TM: ct.Constant[int], H: ct.Constant[int]):
    bid = ct.bid(0)
    a = ct.load(x, index=(bid, 0), shape=(TM, H))
    b = ct.load(x, index=(bid, 1), shape=(TM, H))
    c = ct.load(cos_t, index=(bid, 0), shape=(TM, H))
    s = ct.load(sin_t, index=(bid, 0), shape=(TM, H))
    ct.store(y, index=(bid, 0), tile=a * c - b * s)
    ct.store(y, index=(bid, 1), tile=b * c + a * s)


@ct.kernel
def conv1d_3tap(x, y, w0: float, w1: float, w2: float, TILE: ct.Constant[int]):
    bid = ct.bid(0)
    offs = bid * TILE + ct.arange(TILE, dtype=ct.int32)
    left = ct.gather(x, offs - 1, padding_value=0.0)
    mid = ct.gather(x, offs)
    right = ct.gather(x, offs + 1, padding_value=0.0)
    ct.store(y, index=(bid,), tile=w0 * left + w1 * mid + w2 * right)


@ct.kernel
def top1_router(scores, expert, weight, TM: ct.Constant[int], E: ct.Constant[int]):
    bid = ct.bid(0)
    s = ct.load(scores, index=(bid, 0), shape=(TM, E))
    best = ct.argmax(s, axis=1)
    p = ct.exp(s - ct.max(s, axis=1, keepdims=True))
    ct.store(expert, index=(bid,), tile=best)
    ct.store(weight, index=(bid,), tile=1.0 / ct.sum(p, axis=1))


@ct.kernel
def linear_relu(A, B, bias, C, TM: ct.Constant[int], TN: ct.Constant[int], TK: ct.Constant[int]):
    bm = ct.bid(0)
    bn = ct.bid(1)
    acc = ct.zeros((TM, TN), dtype=ct.float32)
    for k in range(ct.num_tiles(A, axis=1, shape=(TM, TK))):
        a = ct.load(A, index=(bm, k), shape=(TM, TK))
        b = ct.load(B, index=(k, bn), shape=(TK, TN))
        acc = ct.mma(a, b, acc)
    acc = acc + ct.load(bias, index=(bn,), shape=(TN,))[None, :]
    ct.store(C, index=(bm, bn), tile=ct.astype(ct.maximum(acc, 0.0), ct.bfloat16))


@ct.kernel
def split_k_gemm(A, B, C, TM: ct.Constant[int], TN: ct.Constant[int], TK: ct.Constant[int]):
    bm = ct.bid(0)
    bk = ct.bid(1)
    a = ct.load(A, index=(bm, bk), shape=(TM, TK))
    b = ct.load(B, index=(bk, 0), shape=(TK, TN))
    part = ct.mma(a, b, ct.zeros((TM, TN), dtype=ct.float32))
    rows = bm * TM + ct.arange(TM, dtype=ct.int32)
    cols = ct.arange(TN, dtype=ct.int32)
    ct.atomic_add(C, (rows[:, None], cols[None, :]), part)


@ct.kernel
def int8_gemm_dequant(A, B, C, scale: float, TM: ct.Constant[int], TN: ct.Constant[int],
                      TK: ct.Constant[int]):
    bm = ct.bid(0)
    bn = ct.bid(1)
    acc = ct.zeros((TM, TN), dtype=ct.int32)
    for k in range(ct.num_tiles(A, axis=1, shape=(TM, TK))):
        acc = ct.mma(ct.load(A, index=(bm, k), shape=(TM, TK)),
                     ct.load(B, index=(k, bn), shape=(TK, TN)), acc)
    ct.store(C, index=(bm, bn), tile=ct.astype(acc, ct.float32) * scale)


@ct.kernel
def running_stats(x, mean, TILE: ct.Constant[int]):
    bid = ct.bid(0)
    v = ct.load(x, index=(bid,), shape=(TILE,))
    csum = ct.cumsum(v, axis=0)
    n = ct.astype(ct.arange(TILE, dtype=ct.int32) + 1, ct.float32)
    ct.store(mean, index=(bid,), tile=csum / n)


@ct.kernel
def debug_stats(x, TILE: ct.Constant[int]):
    bid = ct.bid(0)
    v = ct.load(x, index=(bid,), shape=(TILE,))
    total = ct.sum(v)
    ct.printf("block %d sum %f\n", bid, total)
    ct.assert_(total >= 0.0, "negative sum")


@ct.kernel
def fused_residual_ln(x, r, y, eps: float, TM: ct.Constant[int], D: ct.Constant[int]):
    bid = ct.bid(0)
    h = ct.load(x, index=(bid, 0), shape=(TM, D)) + ct.load(r, index=(bid, 0), shape=(TM, D))
    mu = ct.sum(h, axis=1, keepdims=True) / D
    c = h - mu
    var = ct.sum(c * c, axis=1, keepdims=True) / D
    ct.store(y, index=(bid, 0), tile=c * ct.rsqrt(var + eps))


@ct.kernel
def pairwise_dist(a, b, out, TM: ct.Constant[int], TN: ct.Constant[int]):
    bm = ct.bid(0)
    x = ct.load(a, index=(bm,), shape=(TM,))
    y = ct.load(b, index=(0,), shape=(TN,))
    d = x[:, None] - y[None, :]
    ct.store(out, index=(bm, 0), tile=ct.sqrt(d * d))


EXPORTS = [
    Export("rmsnorm", rmsnorm, [arr(ct.float16, 2), arr(ct.float16), arr(ct.float16, 2),
                                scalar(ct.float32), 8, 256],
           targets=[("13.3", None), ("13.4", None)], debug=True),
    Export("cross_entropy", cross_entropy, [arr(ct.float32, 2), arr(ct.int32), arr(ct.float32), 4, 512]),
    Export("rotary", rotary, [arr(ct.float32, 2)] * 4 + [16, 64],
           targets=[("13.3", None), ("13.2", "sm_120")]),
    Export("conv1d_3tap", conv1d_3tap, [arr(ct.float32)] * 2 + [scalar(ct.float32)] * 3 + [256]),
    Export("top1_router", top1_router, [arr(ct.float32, 2), arr(ct.int32), arr(ct.float32), 16, 8]),
    Export("linear_relu", linear_relu, [arr(ct.bfloat16, 2)] * 2 + [arr(ct.float32), arr(ct.bfloat16, 2),
                                                                   64, 64, 32]),
    Export("split_k_gemm", split_k_gemm, [arr(ct.float16, 2)] * 2 + [arr(ct.float32, 2), 32, 32, 64]),
    Export("int8_gemm_dequant", int8_gemm_dequant, [arr(ct.int8, 2)] * 2 + [arr(ct.float32, 2),
                                                                           scalar(ct.float32), 64, 64, 64]),
    Export("running_stats", running_stats, [arr(ct.float32)] * 2 + [128]),
    Export("debug_stats", debug_stats, [arr(ct.float32), 64],
           targets=[("13.3", None), ("13.1", "sm_90")]),
    Export("fused_residual_ln", fused_residual_ln, [arr(ct.float32, 2)] * 3 + [scalar(ct.float32), 4, 128]),
    Export("pairwise_dist", pairwise_dist, [arr(ct.float32)] * 2 + [arr(ct.float32, 2), 32, 32]),
]
