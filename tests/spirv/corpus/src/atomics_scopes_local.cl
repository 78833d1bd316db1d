// versions: 2.0 3.0
// extensions: +cl_khr_subgroups
// Atomics on local and global memory with work_item, sub_group, work_group and device scopes.
#pragma OPENCL EXTENSION cl_khr_subgroups : enable

__kernel void scoped_counts(__global atomic_int *g, __global int *out)
{
    __local atomic_int l;
    if (get_local_id(0) == 0)
        atomic_store_explicit(&l, 0, memory_order_relaxed, memory_scope_work_group);
    work_group_barrier(CLK_LOCAL_MEM_FENCE, memory_scope_work_group);

    atomic_fetch_add_explicit(&l, 1, memory_order_relaxed, memory_scope_work_group);
    atomic_fetch_add_explicit(g, 1, memory_order_relaxed, memory_scope_device);
    atomic_fetch_add_explicit(&g[1], 1, memory_order_relaxed, memory_scope_sub_group);
    atomic_fetch_add_explicit(&g[2], 1, memory_order_relaxed, memory_scope_work_item);
    atomic_fetch_add_explicit(&g[3], 1, memory_order_seq_cst, memory_scope_all_svm_devices);

    work_group_barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE, memory_scope_device);
    if (get_local_id(0) == 0)
        out[get_group_id(0)] = atomic_load_explicit(&l, memory_order_acquire, memory_scope_work_group);
}

__kernel void per_subgroup_leader(__global atomic_uint *leaders, __global uint *ids)
{
    __local atomic_uint first[32];
    uint sg = get_sub_group_id();
    if (get_local_id(0) < 32)
        atomic_init(&first[get_local_id(0)], 0xffffffffu);
    work_group_barrier(CLK_LOCAL_MEM_FENCE);
    atomic_fetch_min_explicit(&first[sg & 31], get_sub_group_local_id(), memory_order_relaxed,
                              memory_scope_sub_group);
    sub_group_barrier(CLK_LOCAL_MEM_FENCE);
    ids[get_global_id(0)] = atomic_load_explicit(&first[sg & 31], memory_order_relaxed,
                                                 memory_scope_sub_group);
    atomic_fetch_add(leaders, 1u);
}
