# Ops that need newer bytecode: block-scaled mma (mma_scaled, 13.3), pack/unpack to bytes
# (13.3), atan2 (13.2), fp4 / e8m0 types, integer pow, grid dependency control (13.4).
import cuda.tile as ct
from _sig import Export, arr


@ct.kernel
def scaled_mma_fp8(A, SA, B, SB, C, TM: ct.Constant[int], TN: ct.Constant[int], TK: ct.Constant[int]):
    bm = ct.bid(0)
    bn = ct.bid(1)
    a = ct.load(A, index=(bm, 0), shape=(TM, TK))
    sa = ct.load(SA, index=(bm, 0), shape=(TM, TK // 32))
    b = ct.load(B, index=(0, bn), shape=(TK, TN))
    sb = ct.load(SB, index=(0, bn), shape=(TK // 32, TN))
    acc = ct.mma_scaled(a, sa, b, sb, ct.zeros((TM, TN), dtype=ct.float32))
    ct.store(C, index=(bm, bn), tile=acc)


@ct.kernel
def pack_bytes(a, out_bytes, back, TILE: ct.Constant[int]):
    bid = ct.bid(0)
    x = ct.load(a, index=(bid,), shape=(TILE,))
    raw = ct.pack_to_bytes(x)
    ct.store(out_bytes, index=(bid,), tile=raw)
    ct.store(back, index=(bid,), tile=ct.unpack_from_bytes(raw, ct.float16))


@ct.kernel
def gdc_chain(a, out, TILE: ct.Constant[int]):
    bid = ct.bid(0)
    ct.grid_dependency_control_wait()
    x = ct.load(a, index=(bid,), shape=(TILE,))
    ct.store(out, index=(bid,), tile=ct.atan2(x, x + 1.0) + x ** 3)
    ct.grid_dependency_control_launch_dependents()


EXPORTS = [
    Export("scaled_mma_fp8", scaled_mma_fp8,
           [arr(ct.float8_e4m3fn, 2), arr(ct.float8_e8m0fnu, 2), arr(ct.float8_e4m3fn, 2),
            arr(ct.float8_e8m0fnu, 2), arr(ct.float32, 2), 128, 128, 128],
           check=("sm_100", "sm_120")),
    Export("pack_bytes", pack_bytes, [arr(ct.float16), arr(ct.uint8), arr(ct.float16), 64]),
    Export("gdc_chain", gdc_chain, [arr(ct.float32)] * 2 + [128], targets=[("13.4", None)],
           check=("sm_90", "sm_100", "sm_120")),
]
