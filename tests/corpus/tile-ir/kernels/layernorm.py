# LayerNorm forward: two passes over the row (mean/variance), rsqrt, weight and bias.
import cuda.tile as ct
from _sig import Export, arr, scalar


@ct.kernel
def layernorm_fwd(X, W, B, Y, Mean, Rstd, N: int, eps: float, TN: ct.Constant[int]):
    row = ct.bid(0)
    nt = ct.cdiv(N, TN)
    acc = ct.zeros((1, TN), dtype=ct.float32)
    for j in range(nt):
        x = ct.load(X, index=(row, j), shape=(1, TN), padding_mode=ct.PaddingMode.ZERO)
        acc += ct.astype(x, ct.float32)
    mean = ct.sum(acc, axis=1) / N
    var_acc = ct.zeros((1, TN), dtype=ct.float32)
    for j in range(nt):
        x = ct.astype(ct.load(X, index=(row, j), shape=(1, TN), padding_mode=ct.PaddingMode.ZERO),
                      ct.float32)
        cols = j * TN + ct.arange(TN, dtype=ct.int32)
        d = ct.where(cols[None, :] < N, x - mean[:, None], 0.0)
        var_acc += d * d
    rstd = ct.rsqrt(ct.sum(var_acc, axis=1) / N + eps)
    ct.store(Mean, index=(row,), tile=mean)
    ct.store(Rstd, index=(row,), tile=rstd)
    for j in range(nt):
        x = ct.astype(ct.load(X, index=(row, j), shape=(1, TN)), ct.float32)
        w = ct.astype(ct.load(W, index=(j,), shape=(TN,)), ct.float32)
        b = ct.astype(ct.load(B, index=(j,), shape=(TN,)), ct.float32)
        y = (x - mean[:, None]) * rstd[:, None] * w[None, :] + b[None, :]
        ct.store(Y, index=(row, j), tile=ct.astype(y, Y.dtype))


EXPORTS = [
    Export("layernorm_fwd", layernorm_fwd,
           [arr(ct.bfloat16, 2), arr(ct.bfloat16), arr(ct.bfloat16), arr(ct.bfloat16, 2),
            arr(ct.float32), arr(ct.float32), scalar(ct.int32), scalar(ct.float32), 512]),
]
