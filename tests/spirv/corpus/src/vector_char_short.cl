// versions: 1.2 2.0 3.0
// 8- and 16-bit vectors: packing pixels, as_type reinterprets, widening and narrowing.

__kernel void rgba_to_gray(__global const uchar4 *px, __global uchar *gray)
{
    size_t i = get_global_id(0);
    ushort4 w = convert_ushort4(px[i]);
    ushort g = (ushort)((w.x * 77 + w.y * 150 + w.z * 29) >> 8);
    gray[i] = (uchar)g;
}

__kernel void reinterpret(__global const uint *in, __global uchar4 *bytes, __global short2 *halves,
                          __global char16 *wide)
{
    size_t i = get_global_id(0);
    bytes[i] = as_uchar4(in[i]);
    halves[i] = as_short2(in[i]);
    uint4 q = (uint4)(in[i], in[i] + 1, in[i] + 2, in[i] + 3);
    wide[i] = as_char16(q);
}

__kernel void saturate_pack(__global const short8 *in, __global char8 *out, __global uchar8 *uout)
{
    size_t i = get_global_id(0);
    short8 v = in[i];
    out[i] = convert_char8_sat(v);
    uout[i] = convert_uchar8_sat(v + (short8)(100));
}

__kernel void byte_math(__global uchar16 *a, __global const uchar16 *b)
{
    size_t i = get_global_id(0);
    uchar16 x = a[i];
    uchar16 y = b[i];
    a[i] = add_sat(x, y) - hadd(x, y) + (x & (uchar)0x0f) + abs_diff(x, y);
}
