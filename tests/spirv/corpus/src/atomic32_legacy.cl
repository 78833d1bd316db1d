// versions: 1.2 2.0 3.0
// variants: O0 spir32
// OpenCL 1.x 32-bit atomics on global and local int/uint (and float exchange).

__kernel void counters(__global int *ctr, __global uint *uctr, __global const int *vals)
{
    int v = vals[get_global_id(0)];
    atomic_add(&ctr[0], v);
    atomic_sub(&ctr[1], v);
    atomic_inc(&ctr[2]);
    atomic_dec(&ctr[3]);
    atomic_min(&ctr[4], v);
    atomic_max(&ctr[5], v);
    atomic_and(&uctr[0], (uint)v);
    atomic_or(&uctr[1], (uint)v);
    atomic_xor(&uctr[2], (uint)v);
    atomic_min(&uctr[3], (uint)v);
    atomic_max(&uctr[4], (uint)v);
}

__kernel void swap_and_cas(__global int *slots, __global float *fslot, __global int *won)
{
    int me = (int)get_global_id(0);
    int old = atomic_xchg(&slots[0], me);
    float f = atomic_xchg(fslot, (float)me);
    if (atomic_cmpxchg(&slots[1], -1, me) == -1)
        won[0] = me;
    won[1 + (me & 1)] = old + (int)f;
}

__kernel void local_histogram(__global const uchar *data, __global uint *bins, uint n)
{
    __local uint local_bins[64];
    uint lid = get_local_id(0);
    for (uint b = lid; b < 64; b += get_local_size(0))
        local_bins[b] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint i = get_global_id(0); i < n; i += get_global_size(0))
        atomic_inc(&local_bins[data[i] >> 2]);
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint b = lid; b < 64; b += get_local_size(0))
        atomic_add(&bins[b], local_bins[b]);
}

__kernel void atom_prefix_names(__global int *p, __local int *scratch)
{
    if (get_local_id(0) == 0)
        *scratch = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    atom_add(scratch, 1);
    atom_max(&p[0], (int)get_global_id(0));
    barrier(CLK_LOCAL_MEM_FENCE);
    if (get_local_id(0) == 0)
        atom_add(&p[1], *scratch);
}
