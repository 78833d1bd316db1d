// versions: 1.2 2.0 3.0
// variants: spir32
// size_t, ptrdiff_t, intptr_t and uintptr_t arithmetic; pointer differences and alignment tests.
// The spir32 variant makes these 32-bit.

// size_t is not allowed as a kernel parameter type, so the sizes arrive as uint.
__kernel void strided_index(__global float *data, uint pitch_arg, uint rows_arg)
{
    size_t pitch = pitch_arg, rows = rows_arg;
    size_t x = get_global_id(0), y = get_global_id(1);
    if (y >= rows)
        return;
    size_t off = y * pitch + x;
    data[off] += (float)(off % 7);
}

__kernel void pointer_distance(__global const int *base, __global const int *cursor,
                               __global ptrdiff_t *dist, __global size_t *bytes)
{
    ptrdiff_t d = cursor - base;
    dist[get_global_id(0)] = d;
    bytes[get_global_id(0)] = (size_t)d * sizeof(int) + sizeof(size_t) + sizeof(void *);
}

__kernel void alignment(__global const uchar *p, __global uint *misaligned)
{
    uintptr_t addr = (uintptr_t)(p + get_global_id(0));
    intptr_t delta = (intptr_t)addr - (intptr_t)p;
    misaligned[get_global_id(0)] = (uint)((addr & (uintptr_t)15) != 0) + (uint)(delta < 0);
}

__kernel void wraparound(__global size_t *out)
{
    size_t n = get_global_size(0);
    size_t i = get_global_id(0);
    size_t back = (i + n - 1) % n;
    size_t big = (size_t)-1 / (n | 1);
    out[i] = back + (big >> 3) + (size_t)(i < back);
}
