// versions: 1.2 2.0 3.0
// Common functions: clamp, mix, step, smoothstep, sign, degrees, radians, min/max.

__kernel void shade(__global const float4 *n, __global const float4 *l, __global float4 *out,
                    float edge0, float edge1)
{
    size_t i = get_global_id(0);
    float ndl = clamp(dot(n[i], l[i]), 0.0f, 1.0f);
    float ramp = smoothstep(edge0, edge1, ndl);
    float4 base = mix((float4)(0.1f, 0.1f, 0.2f, 1.0f), (float4)(1.0f), ramp);
    out[i] = base * step(0.05f, ndl);
}

__kernel void angles(__global const float2 *dir, __global float *deg, __global float2 *rad)
{
    size_t i = get_global_id(0);
    deg[i] = degrees(atan2(dir[i].y, dir[i].x));
    rad[i] = radians((float2)(deg[i], 90.0f));
}

__kernel void vector_forms(__global float8 *v, __global float3 *w, float lo, float hi)
{
    size_t i = get_global_id(0);
    float8 x = v[i];
    v[i] = clamp(x, lo, hi) + min(x, 2.0f) + max(x, (float8)(-2.0f)) + sign(x);
    v[i] += mix(x, x * 2.0f, (float8)(0.5f)) + step((float8)(0.0f), x);
    float3 y = w[i];
    w[i] = smoothstep(0.0f, 1.0f, y) + clamp(y, (float3)(0.0f), (float3)(1.0f));
}
