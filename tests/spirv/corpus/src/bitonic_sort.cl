// versions: 1.2 2.0 3.0
// Bitonic sort: a global merge step and a local-memory sort of one block of key/value pairs.

__kernel void bitonic_step(__global uint *keys, uint j, uint k)
{
    uint i = get_global_id(0);
    uint ixj = i ^ j;
    if (ixj > i) {
        uint a = keys[i], b = keys[ixj];
        bool up = (i & k) == 0;
        if ((a > b) == up) {
            keys[i] = b;
            keys[ixj] = a;
        }
    }
}

__kernel void bitonic_local(__global uint2 *kv, __local uint2 *tile)
{
    uint l = get_local_id(0), n = get_local_size(0);
    uint base = get_group_id(0) * n;
    tile[l] = kv[base + l];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint k = 2; k <= n; k <<= 1) {
        for (uint j = k >> 1; j > 0; j >>= 1) {
            uint p = l ^ j;
            if (p > l) {
                uint2 a = tile[l], b = tile[p];
                bool up = ((l & k) == 0);
                if ((a.x > b.x) == up) {
                    tile[l] = b;
                    tile[p] = a;
                }
            }
            barrier(CLK_LOCAL_MEM_FENCE);
        }
    }
    kv[base + l] = tile[l];
}
