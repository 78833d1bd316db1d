// versions: 1.2 2.0 3.0
// 64-bit integer hashing (splitmix64, FNV-1a), mul_hi and 64-bit shifts.

static ulong splitmix(ulong z)
{
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9UL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebUL;
    return z ^ (z >> 31);
}

__kernel void hash(__global const ulong *keys, __global ulong *out)
{
    size_t i = get_global_id(0);
    out[i] = splitmix(keys[i] + i) ^ mul_hi(keys[i], 0x9E3779B97F4A7C15UL);
}

__kernel void fnv(__global const uchar *s, __global ulong *h, int len)
{
    ulong x = 0xcbf29ce484222325UL;
    for (int i = 0; i < len; ++i)
        x = (x ^ s[get_global_id(0) * len + i]) * 0x100000001b3UL;
    h[get_global_id(0)] = x;
}
