// versions: 1.2 2.0 3.0
// printf with integers, floats, strings, characters, pointers and vectors.

__kernel void trace(__global const float4 *v, int n)
{
    size_t i = get_global_id(0);
    if (i == 0)
        printf("n=%d first=%f name=%s c=%c\n", n, v[0].x, "trace", 'x');
    if (i < 2)
        printf("v[%u]=%v4hlf at %p\n", (uint)i, v[i], (__global void *)&v[i]);
}

__kernel void hex(__global const uint *v)
{
    printf("%08x %5.2e %%\n", v[get_global_id(0)], (float)v[0]);
}
