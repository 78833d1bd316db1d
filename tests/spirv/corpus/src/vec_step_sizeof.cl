// versions: 1.2 2.0 3.0
// vec_step, sizeof and alignment of vector, struct and pointer types; results used in indexing
// so they become constants in the module.

typedef struct { char c; float3 v; short s; } padded;

__kernel void sizes(__global int *out)
{
    out[0] = vec_step(float3);
    out[1] = vec_step(int16);
    out[2] = vec_step(char);
    out[3] = sizeof(float3);
    out[4] = sizeof(double16) * 0 + sizeof(long8);
    out[5] = sizeof(padded);
    out[6] = __alignof__(padded);
    out[7] = sizeof(size_t) + sizeof(ptrdiff_t) + sizeof(__global int *);
}

__kernel void generic_stride(__global const uchar *raw, __global float *out, int elems)
{
    size_t i = get_global_id(0);
    int per = (int)(sizeof(float4) / sizeof(float));
    __global const float4 *v = (__global const float4 *)raw;
    float4 x = v[i];
    float s = 0.0f;
    for (int k = 0; k < per && k < elems; ++k)
        s += ((float *)&x)[k];
    out[i] = s * vec_step(x);
}

__kernel void padded_copy(__global const padded *in, __global padded *out)
{
    size_t i = get_global_id(0);
    padded p = in[i];
    p.v *= (float)p.s;
    out[i] = p;
}
