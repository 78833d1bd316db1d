// versions: 1.2 2.0 3.0
// Vectors of char, short, long, float in 2/3/4/8/16 widths: shuffles, conversions and selects.

__kernel void widen(__global const char16 *c, __global short16 *s, __global long4 *l)
{
    size_t i = get_global_id(0);
    s[i] = convert_short16(c[i]) * (short)3;
    l[i] = convert_long4(c[i].s0123) << 33;
}

__kernel void mix3(__global const float *f, __global float *o)
{
    size_t i = get_global_id(0);
    float3 a = vload3(i, f), b = vload3(i + 1, f);
    float3 m = select(a, b, isgreater(a, b));
    vstore3(shuffle2((float4)(m, 0.0f), (float4)(a, 1.0f), (uint4)(0, 5, 2, 7)).xyz, i, o);
}

__kernel void bytes(__global uchar8 *u)
{
    size_t i = get_global_id(0);
    uchar8 x = u[i];
    u[i] = rotate(x, (uchar8)(1)) ^ abs_diff(x, x.s76543210) + hadd(x, (uchar8)(9));
}
