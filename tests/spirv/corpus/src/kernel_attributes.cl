// versions: 1.2 2.0 3.0
// Kernel attributes and argument qualifiers: reqd_work_group_size, work_group_size_hint,
// vec_type_hint, restrict, const, volatile, and scalar argument types of every width.

__kernel __attribute__((reqd_work_group_size(64, 1, 1)))
void fixed_size(__global float *restrict out, __global const float *restrict in)
{
    out[get_global_id(0)] = in[get_global_id(0)] * 2.0f;
}

__kernel __attribute__((work_group_size_hint(16, 16, 1))) __attribute__((vec_type_hint(float4)))
void hinted(__global float4 *v)
{
    v[get_global_id(1) * get_global_size(0) + get_global_id(0)] *= (float4)(0.5f);
}

__kernel __attribute__((vec_type_hint(int)))
void volatile_poll(volatile __global int *flag, __global int *out)
{
    int spins = 0;
    while (*flag == 0 && spins < 1000)
        ++spins;
    out[get_global_id(0)] = spins;
}

__kernel void scalar_args(char c, uchar uc, short s, ushort us, int i, uint ui, long l, ulong ul,
                          float f, __global long *out)
{
    out[get_global_id(0)] = c + uc + s + us + i + ui + l + (long)ul + (long)f;
}

__kernel void const_qualified(__global const int *const in, const int n, __global int *out)
{
    int s = 0;
    for (int k = 0; k < n; ++k)
        s += in[k];
    out[get_global_id(0)] = s;
}
