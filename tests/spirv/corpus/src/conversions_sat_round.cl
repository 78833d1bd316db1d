// versions: 1.2 2.0 3.0
// variants: O0 spir32
// Explicit conversions with saturation and every rounding mode, scalar and vector.

__kernel void float_to_int(__global const float *x, __global int *out)
{
    size_t i = get_global_id(0);
    float v = x[i];
    out[8 * i + 0] = convert_int(v);
    out[8 * i + 1] = convert_int_rte(v);
    out[8 * i + 2] = convert_int_rtz(v);
    out[8 * i + 3] = convert_int_rtp(v);
    out[8 * i + 4] = convert_int_rtn(v);
    out[8 * i + 5] = convert_int_sat(v);
    out[8 * i + 6] = convert_int_sat_rte(v);
    out[8 * i + 7] = convert_int_sat_rtn(v) + convert_int_sat_rtp(v) + convert_int_sat_rtz(v);
}

__kernel void narrowing(__global const int4 *x, __global uchar4 *u8, __global char4 *s8,
                        __global ushort4 *u16, __global short4 *s16)
{
    size_t i = get_global_id(0);
    u8[i] = convert_uchar4_sat(x[i]);
    s8[i] = convert_char4_sat(x[i]);
    u16[i] = convert_ushort4_sat(x[i]);
    s16[i] = convert_short4(x[i]);
}

__kernel void int_to_float(__global const long *x, __global const uint *u, __global float *out)
{
    size_t i = get_global_id(0);
    out[4 * i + 0] = convert_float(x[i]);
    out[4 * i + 1] = convert_float_rtz(x[i]);
    out[4 * i + 2] = convert_float_rtp(u[i]);
    out[4 * i + 3] = convert_float_rtn(u[i]);
}

__kernel void vectors(__global const float8 *f, __global short8 *s, __global uint16 *w,
                      __global ulong2 *l)
{
    size_t i = get_global_id(0);
    s[i] = convert_short8_sat_rte(f[i]);
    w[i] = convert_uint16_sat_rtp((float16)(f[i], -f[i]));
    l[i] = convert_ulong2_sat_rtz(f[i].lo.lo);
}

__kernel void sign_changes(__global const int *x, __global uint *u, __global char *c, __global long *l)
{
    size_t i = get_global_id(0);
    u[i] = convert_uint_sat(x[i]);
    c[i] = convert_char_sat(convert_ulong(x[i]));
    l[i] = convert_long(convert_uint(x[i]));
}
