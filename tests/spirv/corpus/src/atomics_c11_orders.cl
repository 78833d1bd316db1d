// versions: 2.0 3.0
// variants: spir32 spv14
// OpenCL C 2.0 atomics with every memory_order and memory_scope.

__kernel void publish_consume(__global atomic_int *flag, __global int *data, __global int *seen)
{
    size_t id = get_global_id(0);
    if (id == 0) {
        data[0] = 42;
        atomic_store_explicit(flag, 1, memory_order_release, memory_scope_device);
    } else {
        int f = atomic_load_explicit(flag, memory_order_acquire, memory_scope_device);
        seen[id] = f ? data[0] : -1;
    }
}

__kernel void orders(__global atomic_uint *a, __global uint *out)
{
    uint x = get_global_id(0);
    out[0] = atomic_fetch_add_explicit(a, x, memory_order_relaxed);
    out[1] = atomic_fetch_sub_explicit(a, x, memory_order_acquire, memory_scope_work_group);
    out[2] = atomic_fetch_or_explicit(a, x, memory_order_release, memory_scope_device);
    out[3] = atomic_fetch_xor_explicit(a, x, memory_order_acq_rel, memory_scope_all_svm_devices);
    out[4] = atomic_fetch_and_explicit(a, x, memory_order_seq_cst, memory_scope_work_item);
    out[5] = atomic_fetch_min_explicit(a, x, memory_order_relaxed, memory_scope_sub_group);
    out[6] = atomic_fetch_max(a, x);
    out[7] = atomic_exchange_explicit(a, x, memory_order_acq_rel);
    out[8] = atomic_load(a);
    atomic_store(a, 7u);
}

__kernel void signed_ops(__global atomic_int *a, __global int *out)
{
    int x = (int)get_global_id(0) - 8;
    out[0] = atomic_fetch_add(a, x);
    out[1] = atomic_fetch_min(a, x);
    out[2] = atomic_fetch_max_explicit(a, x, memory_order_seq_cst, memory_scope_device);
    out[3] = atomic_exchange(a, x);
}

__kernel void local_atomics(__global int *out)
{
    __local atomic_int counter;
    if (get_local_id(0) == 0)
        atomic_init(&counter, 0);
    work_group_barrier(CLK_LOCAL_MEM_FENCE);
    atomic_fetch_add_explicit(&counter, 1, memory_order_relaxed, memory_scope_work_group);
    work_group_barrier(CLK_LOCAL_MEM_FENCE);
    if (get_local_id(0) == 0)
        out[get_group_id(0)] = atomic_load_explicit(&counter, memory_order_relaxed, memory_scope_work_group);
}
