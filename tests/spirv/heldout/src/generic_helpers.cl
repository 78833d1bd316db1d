// versions: 2.0 3.0
// extensions: +__opencl_c_generic_address_space
// Generic-address-space helpers called with global, local and private pointers, and to_global.

static void bump(int *p, int by) { *p += by; }

static int sum3(const int *p) { return p[0] + p[1] + p[2]; }

__kernel void generic_calls(__global int *g, __local int *l)
{
    int priv[3] = { 1, 2, 3 };
    size_t i = get_local_id(0);
    l[i] = g[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    bump(&g[get_global_id(0)], sum3(priv));
    bump(&l[i], 1);
    bump(&priv[0], l[i]);
    g[get_global_id(0)] += priv[0];
}

__kernel void casts(__global float *g, int which)
{
    float loc = 1.0f;
    float *p = which ? (float *)&g[1] : &loc;
    __global float *back = to_global(p);
    if (back)
        *back = 2.0f;
    g[0] = *p;
}
