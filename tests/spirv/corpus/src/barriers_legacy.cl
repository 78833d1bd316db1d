// versions: 1.2 2.0 3.0
// variants: O0 spir32
// OpenCL 1.x barrier and mem_fence / read_mem_fence / write_mem_fence with every flag combination.

__kernel void neighbour_sum(__global const float *in, __global float *out, __local float *tile)
{
    size_t l = get_local_id(0), n = get_local_size(0);
    tile[l] = in[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    float left = tile[(l + n - 1) % n];
    float right = tile[(l + 1) % n];
    barrier(CLK_LOCAL_MEM_FENCE);
    tile[l] = left + right;
    barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
    out[get_global_id(0)] = tile[l];
}

__kernel void fences(__global int *g, __local int *l)
{
    size_t i = get_local_id(0);
    l[i] = (int)i;
    mem_fence(CLK_LOCAL_MEM_FENCE);
    g[get_global_id(0)] = l[i] * 2;
    write_mem_fence(CLK_GLOBAL_MEM_FENCE);
    int v = g[get_global_id(0)];
    read_mem_fence(CLK_GLOBAL_MEM_FENCE | CLK_LOCAL_MEM_FENCE);
    l[i] = v + 1;
    mem_fence(CLK_GLOBAL_MEM_FENCE | CLK_LOCAL_MEM_FENCE);
    barrier(CLK_GLOBAL_MEM_FENCE);
    g[get_global_id(0)] += l[i];
}

__kernel void barrier_in_loop(__global int *data, __local int *buf, int rounds)
{
    size_t l = get_local_id(0);
    buf[l] = data[get_global_id(0)];
    for (int r = 0; r < rounds; ++r) {
        barrier(CLK_LOCAL_MEM_FENCE);
        int other = buf[l ^ 1];
        barrier(CLK_LOCAL_MEM_FENCE);
        buf[l] = max(buf[l], other);
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    data[get_global_id(0)] = buf[l];
}
