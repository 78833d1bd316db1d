// versions: 1.2 2.0 3.0
// variants: O0 spir32
// float vectors of sizes 2, 3, 4, 8 and 16: swizzles, lo/hi/even/odd, component-wise ops.

__kernel void swizzles(__global const float4 *in, __global float4 *out)
{
    size_t i = get_global_id(0);
    float4 v = in[i];
    float4 r = v.wzyx + v.xxyy * v.s3210;
    r.xy = r.yx;
    r.s23 = v.even * v.odd;
    out[i] = r + (float4)(v.lo, v.hi);
}

__kernel void widths(__global const float16 *in, __global float2 *o2, __global float3 *o3,
                     __global float8 *o8)
{
    size_t i = get_global_id(0);
    float16 v = in[i];
    float8 e = v.even + v.odd;
    o8[i] = e * v.hi;
    float4 q = e.lo * e.hi;
    o3[i] = q.xyz + v.s7ab;
    o2[i] = q.lo - q.hi + v.sEF;
}

__kernel void build_vectors(__global float16 *out, float a, float2 b, float3 c, float4 d)
{
    float8 x = (float8)(a, b, c, d.zw);
    float16 y = (float16)(x, d, b, a, a);
    y.s5 = 42.0f;
    y.sABCD = d.wzyx;
    out[get_global_id(0)] = y;
}

__kernel void vector_compare(__global const float8 *a, __global const float8 *b, __global int8 *m,
                             __global float8 *mx)
{
    size_t i = get_global_id(0);
    int8 lt = a[i] < b[i];
    m[i] = lt;
    mx[i] = select(a[i], b[i], lt);
}

__kernel void three_component(__global float *packed, float3 scale)
{
    size_t i = get_global_id(0);
    float3 p = vload3(i, packed);
    vstore3(p * scale + (float3)(1.0f, 2.0f, 3.0f), i, packed);
}
