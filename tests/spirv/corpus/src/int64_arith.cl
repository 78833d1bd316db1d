// versions: 1.2 2.0 3.0
// variants: spir32
// 64-bit integer arithmetic: division, modulo, shifts, mul_hi, and a splitmix64 hash.

static ulong splitmix64(ulong x)
{
    x += 0x9E3779B97F4A7C15ul;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ul;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBul;
    return x ^ (x >> 31);
}

__kernel void hash_ids(__global ulong *out, ulong seed)
{
    size_t i = get_global_id(0);
    out[i] = splitmix64(seed + i);
}

__kernel void div_mod(__global const long *a, __global const long *b, __global long *q,
                      __global long *r, __global ulong *uq)
{
    size_t i = get_global_id(0);
    long d = b[i] ? b[i] : 1;
    q[i] = a[i] / d;
    r[i] = a[i] % d;
    uq[i] = (ulong)a[i] / (ulong)(d | 1);
}

__kernel void wide_mul(__global const ulong *a, __global const ulong *b, __global ulong2 *out)
{
    size_t i = get_global_id(0);
    out[i] = (ulong2)(a[i] * b[i], mul_hi(a[i], b[i]));
}

__kernel void shifts(__global long *v, int s)
{
    size_t i = get_global_id(0);
    long x = v[i];
    v[i] = (x << (s & 63)) ^ (x >> (s & 63)) ^ (long)((ulong)x >> 7) ^ rotate(x, (long)s);
}
