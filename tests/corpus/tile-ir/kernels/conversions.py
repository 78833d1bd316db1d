# Type conversions: float<->float with rounding modes, float<->int, integer extension and
# truncation, fp8, bitcast.
import cuda.tile as ct
from _sig import Export, arr

RM = ct.RoundingMode


@ct.kernel
def float_convert(a, o16, obf, o64, TILE: ct.Constant[int]):
    bid = ct.bid(0)
    x = ct.load(a, index=(bid,), shape=(TILE,))
    ct.store(o16, index=(bid,), tile=ct.astype(x, ct.float16))
    ct.store(obf, index=(bid,), tile=ct.astype(x, ct.bfloat16))
    ct.store(o64, index=(bid,), tile=ct.astype(x, ct.float64))


@ct.kernel
def float_convert_rz(a, o16, TILE: ct.Constant[int]):
    # f32 -> f16 with rounding `zero` needs bytecode 13.4 (cuTile refuses it for 13.3).
    bid = ct.bid(0)
    x = ct.load(a, index=(bid,), shape=(TILE,))
    ct.store(o16, index=(bid,), tile=ct.astype(x, ct.float16, rounding_mode=RM.RZ))


@ct.kernel
def float_int_convert(a, oi32, ou8, oi64, of, TILE: ct.Constant[int]):
    bid = ct.bid(0)
    x = ct.load(a, index=(bid,), shape=(TILE,))
    i = ct.astype(x, ct.int32)
    ct.store(oi32, index=(bid,), tile=i)
    ct.store(ou8, index=(bid,), tile=ct.astype(x, ct.uint8))
    ct.store(oi64, index=(bid,), tile=ct.astype(i, ct.int64))
    back = ct.astype(i, ct.float32) + ct.astype(ct.astype(i, ct.uint16), ct.float32)
    ct.store(of, index=(bid,), tile=back)


@ct.kernel
def fp8_convert(a, o_e4m3, o_e5m2, back, TILE: ct.Constant[int]):
    bid = ct.bid(0)
    x = ct.load(a, index=(bid,), shape=(TILE,))
    e4 = ct.astype(x, ct.float8_e4m3fn)
    e5 = ct.astype(x, ct.float8_e5m2)
    ct.store(o_e4m3, index=(bid,), tile=e4)
    ct.store(o_e5m2, index=(bid,), tile=e5)
    ct.store(back, index=(bid,), tile=ct.astype(e4, ct.float16) + ct.astype(e5, ct.float16))


@ct.kernel
def bitcast_ops(a, out, TILE: ct.Constant[int]):
    bid = ct.bid(0)
    x = ct.load(a, index=(bid,), shape=(TILE,))
    bits = ct.bitcast(x, ct.uint32)
    bits = (bits & 0x7fffffff) | ((bits >> 31) << 30)
    i = ct.astype(ct.bitcast(bits, ct.int32), ct.int64)
    ct.store(out, index=(bid,), tile=ct.astype(i >> 1, ct.int32))


EXPORTS = [
    Export("float_convert", float_convert,
           [arr(ct.float32), arr(ct.float16), arr(ct.bfloat16), arr(ct.float64), 128]),
    Export("float_convert_rz", float_convert_rz, [arr(ct.float32), arr(ct.float16), 128],
           targets=[("13.4", None)]),
    Export("float_int_convert", float_int_convert,
           [arr(ct.float32), arr(ct.int32), arr(ct.uint8), arr(ct.int64), arr(ct.float32), 128]),
    Export("fp8_convert", fp8_convert,
           [arr(ct.float32), arr(ct.float8_e4m3fn), arr(ct.float8_e5m2), arr(ct.float16), 128],
           # tileiras 13.3 rejects fp8 types for sm_89 ("unsupported type 'f8E4M3FN'"); 13.5 accepts.
           check=("sm_90", "sm_100", "sm_120")),
    Export("bitcast_ops", bitcast_ops, [arr(ct.float32), arr(ct.int32), 128]),
]
