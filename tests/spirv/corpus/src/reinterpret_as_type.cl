// versions: 1.2 2.0 3.0
// as_type reinterpretation and C-style casts between scalar types and vectors.

__kernel void float_bits(__global const float *x, __global uint *bits, __global float *rebuilt)
{
    size_t i = get_global_id(0);
    uint b = as_uint(x[i]);
    uint exponent = (b >> 23) & 0xffu;
    uint mantissa = b & 0x7fffffu;
    bits[i] = exponent;
    rebuilt[i] = as_float((exponent << 23) | (mantissa & ~0xffu));
}

__kernel void casts(__global const float *f, __global const int *n, __global char *c,
                    __global ulong *ul, __global float *back)
{
    size_t i = get_global_id(0);
    c[i] = (char)n[i];
    ul[i] = (ulong)f[i];
    back[i] = (float)(int)f[i] + (float)(uchar)n[i] + (float)(long)n[i];
}

__kernel void vector_views(__global const float4 *v, __global int4 *as_int, __global ushort8 *as_u16,
                           __global float2 *as_f2)
{
    size_t i = get_global_id(0);
    as_int[i] = as_int4(v[i]);
    as_u16[i] = as_ushort8(v[i]);
    as_f2[i] = as_float2(as_long(v[i].lo));
}

__kernel void three_as_four(__global const float3 *v, __global uint4 *out)
{
    out[get_global_id(0)] = as_uint4(v[get_global_id(0)]);
}
