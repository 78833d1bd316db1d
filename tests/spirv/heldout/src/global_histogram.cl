// versions: 1.2 2.0 3.0
// A 256-bin histogram with global 32-bit atomics, and a running maximum with atomic_max.

__kernel void histogram(__global const uchar *pixels, __global volatile uint *bins, uint n)
{
    uint i = get_global_id(0);
    if (i < n)
        atomic_inc(&bins[pixels[i]]);
}

__kernel void running_max(__global const int *v, __global volatile int *best, __global volatile int *count)
{
    int x = v[get_global_id(0)];
    atomic_max(best, x);
    if (x < 0)
        atomic_add(count, 1);
    atomic_xchg(&count[1], x);
}
