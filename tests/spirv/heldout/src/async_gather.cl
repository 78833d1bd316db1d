// versions: 1.2 2.0 3.0
// Strided async copies into local memory, waits and a prefetch.

__kernel void gather(__global const float4 *src, __global float4 *dst, __local float4 *buf, int stride)
{
    size_t n = get_local_size(0);
    event_t e = async_work_group_strided_copy(buf, src + get_group_id(0), n, stride, 0);
    wait_group_events(1, &e);
    prefetch(src + get_global_id(0) * stride, 1);
    dst[get_global_id(0)] = buf[get_local_id(0)] * 2.0f;
}
