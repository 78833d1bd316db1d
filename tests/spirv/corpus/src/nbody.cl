// versions: 1.2 2.0 3.0
// variants: O0
// N-body step with local-memory tiling of body positions and rsqrt-based softened gravity.

__kernel void nbody_step(__global const float4 *pos, __global const float4 *vel,
                         __global float4 *new_pos, __global float4 *new_vel, __local float4 *tile,
                         int n, float dt, float eps2)
{
    int gid = get_global_id(0);
    int lid = get_local_id(0);
    int ls = get_local_size(0);
    float4 p = pos[gid];
    float4 acc = (float4)(0.0f);
    for (int base = 0; base < n; base += ls) {
        tile[lid] = pos[base + lid];
        barrier(CLK_LOCAL_MEM_FENCE);
#pragma unroll 4
        for (int j = 0; j < ls; ++j) {
            float4 q = tile[j];
            float4 d = q - p;
            d.w = 0.0f;
            float r2 = dot(d, d) + eps2;
            float inv = rsqrt(r2);
            acc += d * (q.w * inv * inv * inv);
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    float4 v = vel[gid] + acc * dt;
    float4 np = p + v * dt;
    np.w = p.w;
    new_pos[gid] = np;
    new_vel[gid] = v;
}

__kernel void kinetic_energy(__global const float4 *vel, __global const float4 *pos,
                             __global float *e, __local float *part)
{
    int l = get_local_id(0);
    float4 v = vel[get_global_id(0)];
    part[l] = 0.5f * pos[get_global_id(0)].w * dot(v.xyz, v.xyz);
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int s = get_local_size(0) / 2; s > 0; s >>= 1) {
        if (l < s)
            part[l] += part[l + s];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (l == 0)
        e[get_group_id(0)] = part[0];
}
