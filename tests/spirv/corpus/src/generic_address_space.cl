// versions: 2.0 3.0
// variants: O0 spir32
// Generic address space: helpers taking unqualified pointers called with global, local and
// private arguments, and to_global / to_local / to_private.

static float sum3(const float *p)
{
    return p[0] + p[1] + p[2];
}

static void scale_in_place(float *p, int n, float s)
{
    for (int i = 0; i < n; ++i)
        p[i] *= s;
}

__kernel void mixed_spaces(__global float *g, __local float *l, __global float *out)
{
    size_t i = get_global_id(0);
    float priv[3] = {1.0f, 2.0f, 3.0f};
    l[get_local_id(0)] = g[i];
    work_group_barrier(CLK_LOCAL_MEM_FENCE);
    float a = sum3(g + i);
    float b = sum3(l);
    float c = sum3(priv);
    scale_in_place(priv, 3, a);
    scale_in_place(g + i, 1, 2.0f);
    out[i] = a + b + c + priv[2];
}

__kernel void classify_pointer(__global int *g, __global int *kinds)
{
    __local int l[4];
    int p = 0;
    int *ptrs[3] = {g, l, &p};
    size_t i = get_global_id(0) % 3;
    int *ptr = ptrs[i];
    kinds[get_global_id(0)] = (to_global(ptr) != NULL) * 1 + (to_local(ptr) != NULL) * 2 +
                              (to_private(ptr) != NULL) * 4;
}

__kernel void generic_atomics(__global atomic_int *g)
{
    __local atomic_int l;
    if (get_local_id(0) == 0)
        atomic_init(&l, 0);
    work_group_barrier(CLK_LOCAL_MEM_FENCE);
    atomic_int *p = (get_local_id(0) & 1) ? (atomic_int *)g : (atomic_int *)&l;
    atomic_fetch_add(p, 1);
}
