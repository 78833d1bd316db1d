// versions: 2.0 3.0
// extensions: +__opencl_c_atomic_order_seq_cst,+__opencl_c_atomic_scope_device
// C11 atomics on global memory: a ticket counter, compare-exchange max and fences.

__kernel void tickets(__global atomic_uint *next, __global uint *got)
{
    got[get_global_id(0)] = atomic_fetch_add_explicit(next, 1u, memory_order_relaxed, memory_scope_device);
}

__kernel void cas_max(__global atomic_int *best, __global const int *v)
{
    int x = v[get_global_id(0)];
    int cur = atomic_load_explicit(best, memory_order_acquire, memory_scope_device);
    while (cur < x && !atomic_compare_exchange_weak_explicit(best, &cur, x, memory_order_acq_rel,
                                                              memory_order_acquire, memory_scope_device))
        ;
    atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_release, memory_scope_work_group);
}

__kernel void publish(__global atomic_int *flag, __global int *data, int v)
{
    data[get_global_id(0)] = v;
    atomic_store_explicit(flag, 1, memory_order_release, memory_scope_device);
    atomic_exchange(flag, 2);
}
