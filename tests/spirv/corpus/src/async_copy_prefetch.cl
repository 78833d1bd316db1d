// versions: 1.2 2.0 3.0
// variants: spir32
// async_work_group_copy, async_work_group_strided_copy, wait_group_events and prefetch.

__kernel void scale_block(__global const float4 *in, __global float4 *out, __local float4 *buf,
                          float s)
{
    size_t n = get_local_size(0);
    size_t base = get_group_id(0) * n;
    event_t e = async_work_group_copy(buf, in + base, n, 0);
    wait_group_events(1, &e);
    buf[get_local_id(0)] *= s;
    barrier(CLK_LOCAL_MEM_FENCE);
    e = async_work_group_copy(out + base, buf, n, 0);
    wait_group_events(1, &e);
}

__kernel void column_gather(__global const int *matrix, __global int *col_sums, __local int *col,
                            int rows, int stride)
{
    int c = get_group_id(0);
    event_t e = async_work_group_strided_copy(col, matrix + c, (size_t)rows, (size_t)stride, 0);
    wait_group_events(1, &e);
    if (get_local_id(0) == 0) {
        int s = 0;
        for (int r = 0; r < rows; ++r)
            s += col[r];
        col_sums[c] = s;
    }
}

__kernel void two_events(__global const uchar *a, __global const uchar *b, __global uchar *out,
                         __local uchar *la, __local uchar *lb)
{
    size_t n = get_local_size(0), base = get_group_id(0) * n;
    event_t ev[2];
    ev[0] = async_work_group_copy(la, a + base, n, 0);
    ev[1] = async_work_group_copy(lb, b + base, n, ev[0]);
    prefetch(a + base + n, n);
    wait_group_events(2, ev);
    size_t l = get_local_id(0);
    out[base + l] = max(la[l], lb[l]);
}

__kernel void strided_scatter(__global float2 *out, __local float2 *tile)
{
    size_t l = get_local_id(0);
    tile[l] = (float2)(l, -l);
    barrier(CLK_LOCAL_MEM_FENCE);
    event_t e = async_work_group_strided_copy(out + get_group_id(0), tile, get_local_size(0),
                                              get_num_groups(0), 0);
    wait_group_events(1, &e);
    prefetch(out, 16);
}
