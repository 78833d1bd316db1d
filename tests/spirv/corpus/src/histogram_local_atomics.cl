// versions: 1.2 2.0 3.0
// variants: spir32
// Histograms with per-work-group local bins merged into global bins with atomics, and a
// privatized variant with several copies of the bins to reduce contention.

#define BINS 256

__kernel void histogram256(__global const uchar4 *pixels, uint n, __global uint *hist)
{
    __local uint bins[BINS];
    for (uint b = get_local_id(0); b < BINS; b += get_local_size(0))
        bins[b] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint i = get_global_id(0); i < n; i += get_global_size(0)) {
        uchar4 p = pixels[i];
        atomic_inc(&bins[p.x]);
        atomic_inc(&bins[p.y]);
        atomic_inc(&bins[p.z]);
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint b = get_local_id(0); b < BINS; b += get_local_size(0))
        if (bins[b])
            atomic_add(&hist[b], bins[b]);
}

__kernel void histogram_privatized(__global const uint *vals, uint n, __global uint *hist,
                                   __local uint *copies, uint ncopies)
{
    uint l = get_local_id(0);
    for (uint b = l; b < BINS * ncopies; b += get_local_size(0))
        copies[b] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    __local uint *mine = copies + (l % ncopies) * BINS;
    for (uint i = get_global_id(0); i < n; i += get_global_size(0))
        atomic_add(&mine[vals[i] & (BINS - 1)], 1u);
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint b = l; b < BINS; b += get_local_size(0)) {
        uint s = 0;
        for (uint c = 0; c < ncopies; ++c)
            s += copies[c * BINS + b];
        atomic_add(&hist[b], s);
    }
}
