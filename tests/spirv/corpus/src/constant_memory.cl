// versions: 1.2 2.0 3.0
// variants: spir32
// Constant address space: program-scope constant tables, constant kernel arguments and
// constant structs.

__constant float gauss5[5] = {0.0625f, 0.25f, 0.375f, 0.25f, 0.0625f};
__constant int2 offsets[4] = {(int2)(1, 0), (int2)(0, 1), (int2)(-1, 0), (int2)(0, -1)};
typedef struct { float scale; float bias; int clamp_lo, clamp_hi; } params;
__constant params defaults = {1.0f, 0.0f, 0, 255};
__constant char greeting[] = "constant string";

__kernel void blur_row(__global const float *in, __global float *out, int width)
{
    int x = get_global_id(0), y = get_global_id(1);
    float acc = 0.0f;
    for (int k = -2; k <= 2; ++k)
        acc += gauss5[k + 2] * in[y * width + clamp(x + k, 0, width - 1)];
    out[y * width + x] = acc;
}

__kernel void apply_params(__global const float *in, __global int *out, __constant params *p,
                           __constant float *lut, int use_defaults)
{
    size_t i = get_global_id(0);
    __constant params *q = use_defaults ? &defaults : p;
    float v = in[i] * q->scale + q->bias;
    out[i] = clamp((int)lut[(int)v & 255], q->clamp_lo, q->clamp_hi);
}

__kernel void neighbours(__global const int *grid, __global int *out, int w)
{
    int x = get_global_id(0), y = get_global_id(1);
    int s = 0;
    for (int k = 0; k < 4; ++k)
        s += grid[(y + offsets[k].y) * w + x + offsets[k].x];
    out[y * w + x] = s + greeting[x & 15];
}
