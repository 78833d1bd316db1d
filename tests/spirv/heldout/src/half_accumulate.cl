// versions: 1.2 2.0 3.0
// extensions: +cl_khr_fp16
// Half-precision arithmetic (cl_khr_fp16): scaled accumulation of half4 vectors.
#pragma OPENCL EXTENSION cl_khr_fp16 : enable

__kernel void axpy_half(__global half4 *y, __global const half4 *x, half a)
{
    size_t i = get_global_id(0);
    y[i] = fma((half4)(a), x[i], y[i]);
}

__kernel void half_to_float(__global const half *h, __global float *f)
{
    size_t i = get_global_id(0);
    f[i] = (float)h[i] * 0.5f;
}
