// versions: 1.2 2.0 3.0
// variants: O0 spir32 spv14
// extensions: +cl_khr_fp16
// Half-precision arithmetic with cl_khr_fp16: scalars, vectors, conversions, comparisons.
#pragma OPENCL EXTENSION cl_khr_fp16 : enable

__kernel void axpy_half(__global const half *x, __global half *y, half a)
{
    size_t i = get_global_id(0);
    y[i] = a * x[i] + y[i];
}

__kernel void half_vectors(__global const half4 *a, __global const half8 *b, __global half2 *out)
{
    size_t i = get_global_id(0);
    half4 s = a[i] * (half)0.5h + b[i].lo - b[i].hi;
    half2 t = s.xy * s.zw;
    out[i] = t > (half2)(1.0h) ? t : -t;
}

__kernel void half_conversions(__global const float *f, __global half *h, __global int *n,
                               __global float2 *back)
{
    size_t i = get_global_id(0);
    half v = (half)f[i];
    h[i] = v;
    n[i] = convert_int_sat_rtz(v);
    half2 p = convert_half2_rtn((float2)(f[i], -f[i]));
    back[i] = convert_float2(p) + (float2)(convert_half(n[i]));
}

__kernel void half_compare(__global const half3 *a, __global short3 *mask, __global half *sel)
{
    size_t i = get_global_id(0);
    half3 v = a[i];
    mask[i] = isless(v, (half3)(0.0h)) | isnan(v);
    sel[i] = select(v.x, v.y, (short)(v.z > v.x));
    half m = fmax(v.x, fmin(v.y, v.z));
    sel[i] += m * (half)HALF_EPSILON;
}

__kernel void half16_sum(__global const half16 *a, __global half *out)
{
    half16 v = a[get_global_id(0)];
    half8 s8 = v.lo + v.hi;
    half4 s4 = s8.lo + s8.hi;
    half2 s2 = s4.lo + s4.hi;
    out[get_global_id(0)] = s2.x + s2.y;
}
