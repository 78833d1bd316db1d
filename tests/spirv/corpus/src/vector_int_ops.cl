// versions: 1.2 2.0 3.0
// Integer vector operations: bitwise, shifts, comparisons (all-ones true), select, ternary.

__kernel void bit_ops(__global const uint4 *a, __global const uint4 *b, __global uint4 *out)
{
    size_t i = get_global_id(0);
    uint4 x = a[i], y = b[i];
    uint4 r = (x & y) | (x ^ ~y);
    r += (x << (uint4)(1, 2, 3, 4)) >> 1u;
    r -= (y >> 31) * 3u;
    out[i] = r % (x | 1u) / (uint4)(1, 2, 3, 5);
}

__kernel void signed_cmp(__global const int8 *a, __global const int8 *b, __global int8 *out)
{
    size_t i = get_global_id(0);
    int8 lt = a[i] < b[i];
    int8 eq = a[i] == b[i];
    int8 ne = a[i] != b[i];
    out[i] = (lt & a[i]) | (~lt & b[i]);
    out[i] += eq - ne + (!a[i]);
    out[i] += lt ? a[i] : (int8)(7);
}

__kernel void long_vectors(__global const long2 *a, __global ulong16 *b, __global long3 *c)
{
    size_t i = get_global_id(0);
    long2 v = a[i] * 3 - (a[i] >> 2);
    b[i] = (ulong16)((ulong)v.x) + (ulong16)(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    c[i] = (long3)(v, v.x ^ v.y) & (long3)(-16);
}

__kernel void unary(__global int4 *v)
{
    int4 x = v[get_global_id(0)];
    v[get_global_id(0)] = -x + +x + ~x + (x++) + (--x);
}
