// versions: 1.2 2.0 3.0
// variants: spir32
// extensions: +cl_khr_int64_base_atomics,+cl_khr_int64_extended_atomics
// 64-bit integer atomics through cl_khr_int64_base_atomics / cl_khr_int64_extended_atomics.
#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
#pragma OPENCL EXTENSION cl_khr_int64_extended_atomics : enable

__kernel void sum_bytes(__global const ulong *sizes, __global ulong *total, __global long *signed_total)
{
    ulong s = sizes[get_global_id(0)];
    atom_add(total, s);
    atom_sub(signed_total, (long)s);
    atom_inc(&total[1]);
    atom_dec(&signed_total[1]);
}

__kernel void extremes(__global const long *v, __global long *lo, __global long *hi,
                       __global ulong *bits)
{
    long x = v[get_global_id(0)];
    atom_min(lo, x);
    atom_max(hi, x);
    atom_or(&bits[0], 1ul << (x & 63));
    atom_and(&bits[1], ~(1ul << (x & 63)));
    atom_xor(&bits[2], (ulong)x);
    atom_min((__global ulong *)&bits[3], (ulong)x);
}

__kernel void claim_slot(__global long *owner, __global ulong *ticket, __local long *tmp)
{
    long me = (long)get_global_id(0);
    if (atom_cmpxchg(owner, -1l, me) == -1l)
        atom_xchg(&ticket[0], (ulong)me);
    if (get_local_id(0) == 0)
        *tmp = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    atom_add(tmp, me);
    barrier(CLK_LOCAL_MEM_FENCE);
    if (get_local_id(0) == 0)
        atom_add(&ticket[1], (ulong)*tmp);
}
