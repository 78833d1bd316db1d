// versions: 1.2 2.0 3.0
// Quaternion rotation of float4 points, cross products and normalisation: vector swizzles.

static float4 qmul(float4 a, float4 b)
{
    return (float4)(a.w * b.xyz + b.w * a.xyz + cross(a.xyz, b.xyz), a.w * b.w - dot(a.xyz, b.xyz));
}

__kernel void rotate_points(__global float4 *p, float4 q)
{
    size_t i = get_global_id(0);
    float4 qn = normalize(q);
    float4 conj = (float4)(-qn.xyz, qn.w);
    float4 v = (float4)(p[i].xyz, 0.0f);
    p[i] = (float4)(qmul(qmul(qn, v), conj).xyz, p[i].w);
}

__kernel void lengths(__global const float8 *v, __global float2 *out)
{
    size_t i = get_global_id(0);
    float8 x = v[i];
    out[i] = (float2)(length(x.lo), fast_length(x.hi));
}
