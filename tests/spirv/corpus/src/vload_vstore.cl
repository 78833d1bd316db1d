// versions: 1.2 2.0 3.0
// variants: spir32 spv14
// vloadN / vstoreN for N = 2, 3, 4, 8, 16 from global, local, constant and private memory.

__constant float weights[16] = {1, 2, 3, 4, 5, 6, 7, 8, 8, 7, 6, 5, 4, 3, 2, 1};

__kernel void unaligned_moves(__global const float *in, __global float *out)
{
    size_t i = get_global_id(0);
    float2 a = vload2(i, in + 1);
    float3 b = vload3(i, in + 2);
    float4 c = vload4(i, in + 3);
    float8 d = vload8(i, in + 4);
    float16 e = vload16(0, weights);
    vstore2(a * 2.0f, i, out);
    vstore3(b + 1.0f, i, out + 100);
    vstore4(c - 1.0f, i, out + 200);
    vstore8(d * e.lo, i, out + 300);
    vstore16(e * d.s0, i, out + 400);
}

__kernel void local_private(__global const int *in, __global int *out, __local int *tile)
{
    size_t l = get_local_id(0);
    vstore4(vload4(get_global_id(0), in), l, tile);
    barrier(CLK_LOCAL_MEM_FENCE);
    int4 v = vload4((l + 1) % get_local_size(0), tile);
    int priv[8];
    vstore8((int8)(v, v.wzyx), 0, priv);
    int8 w = vload8(0, priv);
    vstore8(w, get_global_id(0), out);
}

__kernel void typed_moves(__global const uchar *b, __global const short *s, __global const ulong *l,
                          __global double *unused_ok, __global uint *out)
{
    size_t i = get_global_id(0);
    uchar16 x = vload16(i, b);
    short3 y = vload3(i, s);
    ulong2 z = vload2(i, l);
    vstore4((uint4)(x.s0 + x.sF, y.x + y.z, (uint)z.x, (uint)z.y), i, out);
}
