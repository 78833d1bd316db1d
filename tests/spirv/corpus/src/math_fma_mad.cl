// versions: 1.2 2.0 3.0
// variants: O0
// fma/mad and the remaining float builtins: fmin/fmax/fdim/fmod/remainder/remquo/modf/frexp/
// ldexp/ilogb/nextafter/copysign/fract/nan/maxmag/minmag and rounding functions.

__kernel void fused(__global const float8 *a, __global const float8 *b, __global float8 *c)
{
    size_t i = get_global_id(0);
    c[i] = fma(a[i], b[i], c[i]) + mad(a[i], b[i], 1.0f);
}

__kernel void misc(__global const float *x, __global float *out, __global int *iout)
{
    size_t i = get_global_id(0);
    float v = x[i];
    float ip, fr;
    int e, q;
    out[8 * i + 0] = fmin(v, 1.0f) + fmax(v, -1.0f) + fdim(v, 0.5f);
    out[8 * i + 1] = fmod(v, 3.0f) + remainder(v, 3.0f) + remquo(v, 3.0f, &q);
    out[8 * i + 2] = modf(v, &ip) + ip;
    out[8 * i + 3] = frexp(v, &e) + ldexp(v, e);
    out[8 * i + 4] = nextafter(v, 0.0f) + copysign(2.0f, v);
    out[8 * i + 5] = fract(v, &fr) + fr;
    out[8 * i + 6] = maxmag(v, -2.0f) + minmag(v, 2.0f) + nan(1u);
    out[8 * i + 7] = ceil(v) + floor(v) + rint(v) + round(v) + trunc(v) + fabs(v);
    iout[i] = ilogb(v) + q;
}

__kernel void vector_ptr_outputs(__global const float4 *x, __global float4 *ip, __global int4 *ex)
{
    size_t i = get_global_id(0);
    __private float4 whole;
    int4 e;
    float4 f = modf(x[i], &whole) + frexp(x[i], &e);
    ip[i] = whole + f;
    ex[i] = e;
}
