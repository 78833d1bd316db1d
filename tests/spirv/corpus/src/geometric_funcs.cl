// versions: 1.2 2.0 3.0
// Geometric functions: dot, cross, distance, length, normalize and their fast_ forms.

__kernel void lighting(__global const float3 *pos, __global const float3 *nrm, float3 light,
                       __global float *out)
{
    size_t i = get_global_id(0);
    float3 l = normalize(light - pos[i]);
    float3 n = normalize(nrm[i]);
    float d = distance(light, pos[i]);
    out[i] = fmax(dot(n, l), 0.0f) / (1.0f + d * d);
}

__kernel void fast_forms(__global const float4 *a, __global const float2 *b, __global float4 *out)
{
    size_t i = get_global_id(0);
    float4 v = fast_normalize(a[i]);
    float len = fast_length(a[i]) + fast_distance(a[i], v) + fast_length(b[i]) + fast_normalize(b[i]).x;
    out[i] = v * len;
}

__kernel void triangle_normals(__global const float4 *v, __global const int *idx, __global float4 *n)
{
    size_t t = get_global_id(0);
    float4 a = v[idx[3 * t]], b = v[idx[3 * t + 1]], c = v[idx[3 * t + 2]];
    float4 cr = cross(b - a, c - a);
    float area = 0.5f * length(cr);
    n[t] = (float4)(normalize(cr.xyz), area);
}

__kernel void scalar_geometry(__global const float *x, __global float *out)
{
    size_t i = get_global_id(0);
    out[i] = dot(x[i], 2.0f) + length(x[i]) + distance(x[i], 1.0f) + normalize(x[i]);
    out[i] += length((float3)(x[i], 1.0f, 2.0f)) + dot((float2)(x[i]), (float2)(1.0f, -1.0f));
}
