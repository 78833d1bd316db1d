// versions: 2.0 3.0
// atomic_flag as a spin lock guarding a critical section (one lane per work-group spins).

__kernel void guarded_append(__global atomic_flag *lock, __global int *list, __global int *len)
{
    if (get_local_id(0) != 0)
        return;
    while (atomic_flag_test_and_set_explicit(lock, memory_order_acquire, memory_scope_device))
        ;
    int n = *len;
    list[n] = (int)get_group_id(0);
    *len = n + 1;
    atomic_flag_clear_explicit(lock, memory_order_release, memory_scope_device);
}

__kernel void flag_defaults(__global atomic_flag *f, __global int *out)
{
    out[get_global_id(0)] = atomic_flag_test_and_set(f);
    if (get_global_id(0) == 0)
        atomic_flag_clear(f);
}

__kernel void local_flag(__global int *winners)
{
    __local atomic_flag claimed;
    if (get_local_id(0) == 0)
        atomic_flag_clear_explicit(&claimed, memory_order_relaxed, memory_scope_work_group);
    work_group_barrier(CLK_LOCAL_MEM_FENCE);
    if (!atomic_flag_test_and_set_explicit(&claimed, memory_order_relaxed, memory_scope_work_group))
        winners[get_group_id(0)] = (int)get_local_id(0);
}
