// versions: 2.0 3.0
// variants: spir32
// extensions: +cl_khr_int64_base_atomics,+cl_khr_int64_extended_atomics,+cl_khr_fp64
// 64-bit OpenCL C 2.0 atomics: atomic_long, atomic_ulong, atomic_double, atomic_intptr_t.
#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
#pragma OPENCL EXTENSION cl_khr_int64_extended_atomics : enable
#pragma OPENCL EXTENSION cl_khr_fp64 : enable

__kernel void bytes_seen(__global atomic_ulong *total, __global const uint *sizes)
{
    atomic_fetch_add_explicit(total, (ulong)sizes[get_global_id(0)], memory_order_relaxed,
                              memory_scope_device);
}

__kernel void long_minmax(__global atomic_long *lo, __global atomic_long *hi,
                          __global const long *v)
{
    long x = v[get_global_id(0)];
    atomic_fetch_min(lo, x);
    atomic_fetch_max(hi, x);
}

__kernel void double_slot(__global atomic_double *d, __global double *prev)
{
    double mine = (double)get_global_id(0) * 0.5;
    prev[get_global_id(0)] = atomic_exchange(d, mine);
    atomic_store_explicit(d, mine, memory_order_release);
}

__kernel void ulong_bits(__global atomic_ulong *mask, __global ulong *out)
{
    ulong bit = 1ul << (get_global_id(0) & 63);
    ulong before = atomic_fetch_or(mask, bit);
    out[get_global_id(0)] = before & bit;
    ulong exp = 0;
    atomic_compare_exchange_strong(mask, &exp, ~0ul);
    atomic_fetch_xor_explicit(mask, bit, memory_order_acq_rel, memory_scope_work_group);
}

__kernel void ptr_atomics(__global atomic_intptr_t *p, __global atomic_size_t *s)
{
    atomic_fetch_add(p, (intptr_t)1);
    atomic_fetch_add(s, get_global_size(0));
}
