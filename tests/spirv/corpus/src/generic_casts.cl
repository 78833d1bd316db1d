// versions: 2.0 3.0
// Explicit casts between named address spaces and generic, and generic pointer arithmetic.

typedef struct { float x, y; } point;

static float norm1(const point *p)
{
    return fabs(p->x) + fabs(p->y);
}

static int *advance(int *p, ptrdiff_t n)
{
    return p + n;
}

__kernel void casts(__global point *pts, __global float *out, __global int *ints)
{
    size_t i = get_global_id(0);
    point *gen = (point *)&pts[i];
    out[i] = norm1(gen);
    __global point *back = (__global point *)gen;
    back->x = out[i];
    int *ip = advance((int *)ints, (ptrdiff_t)i);
    *(__global int *)ip = (int)i;
}

__kernel void local_generic(__global float *out)
{
    __local point tile[64];
    size_t l = get_local_id(0) & 63;
    point *p = &tile[l];
    p->x = (float)l;
    p->y = -(float)l;
    work_group_barrier(CLK_LOCAL_MEM_FENCE);
    __local point *lp = to_local(p);
    out[get_global_id(0)] = norm1(p) + (lp ? lp->x : 0.0f);
}

__kernel void private_generic(__global int *out)
{
    int arr[8];
    int *p = arr;
    for (int k = 0; k < 8; ++k)
        *advance(p, k) = k * (int)get_global_id(0);
    __private int *pp = to_private(p);
    out[get_global_id(0)] = pp ? pp[7] : -1;
}
