// versions: 2.0 3.0
// variants: O0 spv14
// Program-scope global variables (OpenCL C 2.0): initialized tables, static globals,
// counters, and global pointers stored in globals.

global int launches = 0;
global float poly[4] = {1.0f, -0.5f, 0.25f, -0.125f};
static global uint seed = 12345u;
global float *global scratch_ptr;
global atomic_int ticket = ATOMIC_VAR_INIT(0);
global struct { int count; float mean; } stats = {0, 0.0f};

static uint next_random(void)
{
    seed = seed * 1664525u + 1013904223u;
    return seed;
}

__kernel void eval_poly(__global const float *x, __global float *y)
{
    size_t i = get_global_id(0);
    float acc = 0.0f;
    for (int k = 3; k >= 0; --k)
        acc = acc * x[i] + poly[k];
    y[i] = acc;
    if (i == 0)
        launches++;
}

__kernel void set_scratch(__global float *buf)
{
    if (get_global_id(0) == 0)
        scratch_ptr = buf;
}

__kernel void use_scratch(__global uint *out)
{
    size_t i = get_global_id(0);
    scratch_ptr[i] = (float)atomic_fetch_add(&ticket, 1);
    if (i == 0) {
        out[0] = next_random();
        stats.count += 1;
        stats.mean = (stats.mean + scratch_ptr[0]) * 0.5f;
    }
}
