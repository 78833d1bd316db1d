// versions: 1.2 2.0 3.0
// variants: O0 spv14
// Integer built-ins: abs, abs_diff, add_sat, sub_sat, hadd, rhadd, clz, ctz (2.0), popcount,
// rotate, mad24, mul24, mul_hi, mad_hi, mad_sat, upsample, min/max/clamp.

__kernel void int_scalar(__global const int *a, __global const int *b, __global int *out,
                         __global uint *uout)
{
    size_t i = get_global_id(0);
    int x = a[i], y = b[i];
    out[8 * i + 0] = abs(x) + abs_diff(x, y);
    out[8 * i + 1] = add_sat(x, y) + sub_sat(x, y);
    out[8 * i + 2] = hadd(x, y) + rhadd(x, y);
    out[8 * i + 3] = clz(x) + popcount(y);
    out[8 * i + 4] = rotate(x, 5) + mul_hi(x, y) + mad_hi(x, y, 7);
    out[8 * i + 5] = mad24(x & 0xffff, y & 0xffff, 3) + mul24(x & 0xfff, y & 0xfff);
    out[8 * i + 6] = mad_sat(x, y, x) + min(x, y) + max(x, y) + clamp(x, -100, 100);
#if __OPENCL_C_VERSION__ >= 200
    out[8 * i + 7] = ctz(x);
#else
    out[8 * i + 7] = 0;
#endif
    uout[i] = abs(x) + abs_diff((uint)x, (uint)y) + min((uint)x, 3u);
}

__kernel void upsample_all(__global const uchar *hi8, __global const uchar *lo8,
                           __global const ushort *lo16, __global const uint *lo32,
                           __global ulong *out)
{
    size_t i = get_global_id(0);
    ushort s = upsample(hi8[i], lo8[i]);
    uint w = upsample(s, lo16[i]);
    out[i] = upsample(w, lo32[i]);
}

__kernel void int_vectors(__global const short8 *a, __global const long4 *b, __global short8 *sa,
                          __global long4 *lb)
{
    size_t i = get_global_id(0);
    short8 x = a[i];
    sa[i] = add_sat(x, (short8)(1000)) + clamp(x, (short)-5, (short)5) + popcount(x) + clz(x);
    long4 y = b[i];
    lb[i] = mul_hi(y, (long4)(3)) + rotate(y, (long4)(13)) + as_long4(abs_diff(y, -y)) + hadd(y, (long4)(1));
}

__kernel void char_funcs(__global char16 *c, __global uchar2 *u)
{
    size_t i = get_global_id(0);
    c[i] = sub_sat(c[i], (char16)(100)) + rhadd(c[i], (char16)(1)) + rotate(c[i], (char16)(3));
    u[i] = mad_sat(u[i], u[i], (uchar2)(10)) + max(u[i], (uchar)7);
}
