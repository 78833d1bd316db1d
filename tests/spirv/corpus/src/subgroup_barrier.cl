// versions: 2.0 3.0
// extensions: +cl_khr_subgroups
// sub_group_barrier with scopes, and a sub-group-private staging buffer in local memory.
#pragma OPENCL EXTENSION cl_khr_subgroups : enable

__kernel void sg_transpose4(__global const int *in, __global int *out, __local int *stage)
{
    uint sg_base = get_sub_group_id() * get_max_sub_group_size();
    uint lane = get_sub_group_local_id();
    stage[sg_base + lane] = in[get_global_id(0)];
    sub_group_barrier(CLK_LOCAL_MEM_FENCE);
    uint src = (lane & ~3u) | ((lane + 1u) & 3u);
    out[get_global_id(0)] = src < get_sub_group_size() ? stage[sg_base + src] : 0;
    sub_group_barrier(CLK_LOCAL_MEM_FENCE, memory_scope_sub_group);
    sub_group_barrier(CLK_GLOBAL_MEM_FENCE, memory_scope_work_group);
}

__kernel void sg_reserve_free(__global int *out)
{
    uint n = get_sub_group_size();
    int sum = sub_group_reduce_add((int)get_sub_group_local_id());
    sub_group_barrier(CLK_GLOBAL_MEM_FENCE);
    if (get_sub_group_local_id() == n - 1)
        out[get_group_id(0) * get_num_sub_groups() + get_sub_group_id()] = sum;
}
