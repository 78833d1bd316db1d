// versions: 1.2 2.0 3.0
// variants: O0 spir32
// Local memory kernel arguments: tree reductions and a two-buffer scan.

__kernel void reduce_sum(__global const float *in, __global float *partial, __local float *scratch,
                         uint n)
{
    uint l = get_local_id(0);
    uint g = get_global_id(0);
    scratch[l] = g < n ? in[g] : 0.0f;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint s = get_local_size(0) / 2; s > 0; s >>= 1) {
        if (l < s)
            scratch[l] += scratch[l + s];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (l == 0)
        partial[get_group_id(0)] = scratch[0];
}

__kernel void hillis_steele_scan(__global const int *in, __global int *out, __local int *a,
                                 __local int *b)
{
    uint l = get_local_id(0), n = get_local_size(0);
    a[l] = in[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    __local int *src = a, *dst = b;
    for (uint off = 1; off < n; off <<= 1) {
        dst[l] = l >= off ? src[l] + src[l - off] : src[l];
        barrier(CLK_LOCAL_MEM_FENCE);
        __local int *t = src;
        src = dst;
        dst = t;
    }
    out[get_global_id(0)] = src[l];
}

__kernel void argmax(__global const float *in, __global int *best, __local float *val,
                     __local int *idx)
{
    uint l = get_local_id(0);
    val[l] = in[get_global_id(0)];
    idx[l] = (int)get_global_id(0);
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint s = get_local_size(0) / 2; s > 0; s >>= 1) {
        if (l < s && val[l + s] > val[l]) {
            val[l] = val[l + s];
            idx[l] = idx[l + s];
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (l == 0)
        best[get_group_id(0)] = idx[0];
}
