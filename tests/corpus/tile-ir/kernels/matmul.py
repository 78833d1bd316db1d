# Tiled GEMM: K loop with ct.mma (f16 x f16 -> f32), ct.matmul, batched 3-D mma,
# and mma in other precisions (bf16, tf32, f64, int8, fp8).
import cuda.tile as ct
from _sig import Export, arr


@ct.kernel(num_ctas=ct.ByTarget(sm_100=2), occupancy=2)
def gemm_f16(A, B, C, TM: ct.Constant[int], TN: ct.Constant[int], TK: ct.Constant[int]):
    bm = ct.bid(0)
    bn = ct.bid(1)
    acc = ct.zeros((TM, TN), dtype=ct.float32)
    for k in range(ct.num_tiles(A, axis=1, shape=(TM, TK))):
        a = ct.load(A, index=(bm, k), shape=(TM, TK), padding_mode=ct.PaddingMode.ZERO)
        b = ct.load(B, index=(k, bn), shape=(TK, TN), padding_mode=ct.PaddingMode.ZERO)
        acc = ct.mma(a, b, acc)
    ct.store(C, index=(bm, bn), tile=ct.astype(acc, ct.float16))


@ct.kernel
def gemm_generic(A, B, C, TM: ct.Constant[int], TN: ct.Constant[int], TK: ct.Constant[int]):
    bm = ct.bid(0)
    bn = ct.bid(1)
    acc = ct.zeros((TM, TN), dtype=C.dtype)
    for k in range(ct.num_tiles(A, axis=1, shape=(TM, TK))):
        a = ct.load(A, index=(bm, k), shape=(TM, TK))
        b = ct.load(B, index=(k, bn), shape=(TK, TN))
        acc = ct.mma(a, b, acc)
    ct.store(C, index=(bm, bn), tile=acc)


@ct.kernel
def matmul_tf32(A, B, C, TM: ct.Constant[int], TN: ct.Constant[int], TK: ct.Constant[int]):
    bm = ct.bid(0)
    bn = ct.bid(1)
    a = ct.astype(ct.load(A, index=(bm, 0), shape=(TM, TK)), ct.tfloat32)
    b = ct.astype(ct.load(B, index=(0, bn), shape=(TK, TN)), ct.tfloat32)
    c = ct.matmul(a, b)
    ct.store(C, index=(bm, bn), tile=ct.astype(c, ct.float32))


@ct.kernel
def batched_mma(A, B, C, TB: ct.Constant[int], TM: ct.Constant[int], TN: ct.Constant[int],
                TK: ct.Constant[int]):
    bb = ct.bid(0)
    a = ct.load(A, index=(bb, 0, 0), shape=(TB, TM, TK))
    b = ct.load(B, index=(bb, 0, 0), shape=(TB, TK, TN))
    acc = ct.full((TB, TM, TN), 0.0, dtype=ct.float32)
    acc = ct.mma(a, b, acc)
    ct.store(C, index=(bb, 0, 0), tile=acc)


@ct.kernel
def fp8_mma(A, B, C, TM: ct.Constant[int], TN: ct.Constant[int], TK: ct.Constant[int]):
    bm = ct.bid(0)
    bn = ct.bid(1)
    a = ct.load(A, index=(bm, 0), shape=(TM, TK))
    b = ct.load(B, index=(0, bn), shape=(TK, TN))
    acc = ct.zeros((TM, TN), dtype=ct.float32)
    acc = ct.mma(a, b, acc, use_fast_acc=True)
    ct.store(C, index=(bm, bn), tile=acc)


EXPORTS = [
    Export("gemm_f16", gemm_f16, [arr(ct.float16, 2, div=16)] * 3 + [64, 64, 32], debug=True,
           targets=[("13.3", None), ("13.1", "sm_90"), ("13.2", "sm_100")]),
    Export("gemm_bf16", gemm_generic, [arr(ct.bfloat16, 2), arr(ct.bfloat16, 2), arr(ct.float32, 2),
                                       64, 64, 32]),
    Export("gemm_f64", gemm_generic, [arr(ct.float64, 2)] * 3 + [32, 32, 16]),
    Export("gemm_i8", gemm_generic, [arr(ct.int8, 2), arr(ct.int8, 2), arr(ct.int32, 2),
                                     64, 64, 64]),
    Export("gemm_f16_acc16", gemm_generic, [arr(ct.float16, 2)] * 3 + [64, 64, 32]),
    Export("matmul_tf32", matmul_tf32, [arr(ct.float32, 2)] * 3 + [32, 32, 32]),
    Export("batched_mma", batched_mma, [arr(ct.float16, 3), arr(ct.float16, 3), arr(ct.float32, 3),
                                        2, 32, 32, 16]),
    Export("fp8_mma", fp8_mma, [arr(ct.float8_e4m3fn, 2), arr(ct.float8_e4m3fn, 2), arr(ct.float32, 2),
                                64, 64, 64],
           # tileiras 13.3 rejects fp8 mma for sm_89 ("unsupported type 'f8E4M3FN'"); 13.5 accepts.
           check=("sm_90", "sm_100", "sm_120")),
]
