// versions: 3.0
// spirv-max-version: 1.4
// extensions: +cl_khr_extended_bit_ops
// spirv-ext: +SPV_KHR_bit_instructions
// cl_khr_extended_bit_ops: bitfield insert/extract (signed and unsigned) and bit_reverse.

__kernel void fields(__global const uint *word, __global uint *hi_field, __global int *signed_field)
{
    size_t i = get_global_id(0);
    hi_field[i] = bitfield_extract_unsigned(word[i], 20u, 12u);
    signed_field[i] = bitfield_extract_signed(word[i], 4u, 8u);
}

__kernel void pack_fields(__global uint *dst, __global const uchar4 *parts)
{
    size_t i = get_global_id(0);
    uchar4 p = parts[i];
    uint w = 0;
    w = bitfield_insert(w, (uint)p.x, 0u, 8u);
    w = bitfield_insert(w, (uint)p.y, 8u, 6u);
    w = bitfield_insert(w, (uint)p.z, 14u, 10u);
    dst[i] = bitfield_insert(w, (uint)p.w, 24u, 8u);
}

__kernel void reverse(__global uint4 *v, __global ulong *l, __global ushort8 *s)
{
    size_t i = get_global_id(0);
    v[i] = bit_reverse(v[i]);
    l[i] = bit_reverse(l[i]);
    s[i] = bit_reverse(s[i]);
}
