// versions: 1.2 3.0
// extensions: +cl_khr_fp64
// OpenCL.std math on double: transcendental, rounding, pointer-output and geometric functions.
#pragma OPENCL EXTENSION cl_khr_fp64 : enable

__kernel void dmath(__global const double *x, __global double *out)
{
    size_t i = get_global_id(0);
    double v = x[i];
    out[10 * i + 0] = sin(v) * cos(v) + tan(v);
    out[10 * i + 1] = exp(v) + expm1(v) + exp10(v);
    out[10 * i + 2] = log1p(fabs(v)) + log10(fabs(v) + 1.0);
    out[10 * i + 3] = pow(fabs(v), 1.5) + pown(v, 3) + rootn(fabs(v), 3);
    out[10 * i + 4] = hypot(v, 2.0) + cbrt(v);
    out[10 * i + 5] = erf(v) + erfc(v) + tgamma(fabs(v) + 1.0) + lgamma(fabs(v) + 1.0);
    out[10 * i + 6] = asinh(v) + acosh(fabs(v) + 1.0) + atanh(v * 0.5);
    out[10 * i + 7] = sinpi(v) + cospi(v) + tanpi(v * 0.25);
    out[10 * i + 8] = logb(v) + (double)ilogb(v) + ldexp(v, 3);
    out[10 * i + 9] = nan(7ul) + maxmag(v, -2.0) + minmag(v, 3.0);
}

__kernel void dmath_ptr(__global const double *x, __global double *ip, __global int *ex,
                        __global double *rest)
{
    size_t i = get_global_id(0);
    double whole;
    int e;
    int q;
    double s, c;
    double f = modf(x[i], &whole);
    double m = frexp(x[i], &e);
    double r = remquo(x[i], 0.75, &q);
    s = sincos(x[i], &c);
    ip[i] = whole;
    ex[i] = e + q;
    rest[i] = f + m + r + s + c;
}

__kernel void dgeometric(__global const double4 *a, __global const double4 *b, __global double *out)
{
    size_t i = get_global_id(0);
    out[i] = dot(a[i], b[i]) + length(a[i]) + distance(a[i], b[i]) + normalize(b[i]).x;
}
