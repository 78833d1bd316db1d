// versions: 2.0 3.0
// variants: O0
// compare_exchange strong/weak: a lock-free stack push, a float max, and an update loop.

typedef struct { atomic_int head; int next[1024]; } free_list;

__kernel void push_nodes(__global free_list *fl, __global int *pushed)
{
    int node = (int)get_global_id(0);
    int expected = atomic_load_explicit(&fl->head, memory_order_relaxed);
    do {
        fl->next[node] = expected;
    } while (!atomic_compare_exchange_weak_explicit(&fl->head, &expected, node,
                                                    memory_order_release, memory_order_relaxed));
    pushed[node] = 1;
}

__kernel void float_max(__global atomic_uint *bits, __global const float *vals)
{
    float v = vals[get_global_id(0)];
    uint cur = atomic_load(bits);
    while (v > as_float(cur)) {
        if (atomic_compare_exchange_strong(bits, &cur, as_uint(v)))
            break;
    }
}

__kernel void strong_scoped(__global atomic_int *a, __global int *res)
{
    int exp = 0;
    bool ok = atomic_compare_exchange_strong_explicit(a, &exp, (int)get_global_id(0) + 1,
                                                      memory_order_acq_rel, memory_order_acquire,
                                                      memory_scope_device);
    res[get_global_id(0)] = ok ? -1 : exp;
}

__kernel void weak_local(__global int *res)
{
    __local atomic_uint slot;
    if (get_local_id(0) == 0)
        atomic_init(&slot, 0u);
    work_group_barrier(CLK_LOCAL_MEM_FENCE);
    uint exp = 0u;
    bool got = atomic_compare_exchange_weak_explicit(&slot, &exp, get_local_id(0) + 1u,
                                                     memory_order_seq_cst, memory_order_relaxed,
                                                     memory_scope_work_group);
    res[get_global_id(0)] = got;
}
