// versions: 1.2 2.0 3.0
// variants: O0
// extensions: +cl_khr_fp64
// Double precision: scalar and vector arithmetic, conversions and a compensated sum.
#pragma OPENCL EXTENSION cl_khr_fp64 : enable

__kernel void daxpy(__global const double *x, __global double *y, double a)
{
    size_t i = get_global_id(0);
    y[i] = fma(a, x[i], y[i]);
}

__kernel void kahan_rows(__global const double *m, __global double *sums, int cols)
{
    size_t r = get_global_id(0);
    double sum = 0.0, c = 0.0;
    for (int j = 0; j < cols; ++j) {
        double y = m[r * cols + j] - c;
        double t = sum + y;
        c = (t - sum) - y;
        sum = t;
    }
    sums[r] = sum;
}

__kernel void double_vectors(__global const double4 *a, __global const double2 *b, __global double3 *c,
                             __global double8 *d, __global double16 *e)
{
    size_t i = get_global_id(0);
    double4 v = a[i] * b[i].xyxy;
    c[i] = v.xyz / (v.w + 1.0);
    d[i] = (double8)(v, v.wzyx) * 0.5;
    e[i] = (double16)(d[i], d[i] - 1.0);
}

__kernel void double_conversions(__global const double *x, __global float *f, __global long *l,
                                 __global int *n, __global double *back)
{
    size_t i = get_global_id(0);
    f[i] = convert_float_rtn(x[i]);
    l[i] = convert_long_sat_rte(x[i]);
    n[i] = convert_int_rtz(x[i]);
    back[i] = convert_double(l[i]) + (double)f[i] + convert_double2((int2)(n[i], 3)).y;
}
