// versions: 1.2 2.0 3.0
// shuffle and shuffle2 across vector sizes.

__kernel void reverse_and_interleave(__global const float4 *a, __global const float4 *b,
                                     __global float4 *rev, __global float8 *mixd)
{
    size_t i = get_global_id(0);
    rev[i] = shuffle(a[i], (uint4)(3, 2, 1, 0));
    mixd[i] = shuffle2(a[i], b[i], (uint8)(0, 4, 1, 5, 2, 6, 3, 7));
}

__kernel void byte_swap(__global const uchar16 *in, __global uchar16 *out)
{
    const uchar16 order = (uchar16)(3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12);
    out[get_global_id(0)] = shuffle(in[get_global_id(0)], order);
}

__kernel void gather_by_mask(__global const int8 *v, __global const uint2 *m, __global int2 *o2,
                             __global int16 *o16)
{
    size_t i = get_global_id(0);
    o2[i] = shuffle(v[i], m[i]);
    o16[i] = shuffle2(v[i], v[i] * 2, (uint16)(0, 8, 1, 9, 2, 10, 3, 11, 4, 12, 5, 13, 6, 14, 7, 15));
}

__kernel void runtime_mask(__global const short2 *a, __global const ushort4 *mask, __global short4 *o)
{
    size_t i = get_global_id(0);
    o[i] = shuffle2(a[i], a[i] + (short2)(1), mask[i]);
}
