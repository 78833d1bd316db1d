// versions: 1.2 2.0 3.0
// CRC-32 per block, bit reversal and population counts: integer and bit operations.

static uint crc32_byte(uint crc, uchar b)
{
    crc ^= b;
    for (int k = 0; k < 8; ++k)
        crc = (crc >> 1) ^ (0xEDB88320u & (0u - (crc & 1u)));
    return crc;
}

__kernel void crc_blocks(__global const uchar *data, __global uint *crcs, uint block)
{
    uint g = get_global_id(0);
    uint crc = 0xFFFFFFFFu;
    for (uint i = 0; i < block; ++i)
        crc = crc32_byte(crc, data[g * block + i]);
    crcs[g] = ~crc;
}

__kernel void bit_stats(__global const uint *v, __global uint4 *out)
{
    uint x = v[get_global_id(0)];
    out[get_global_id(0)] = (uint4)(popcount(x), clz(x), rotate(x, 7u), mul_hi(x, 0x9E3779B9u));
}
