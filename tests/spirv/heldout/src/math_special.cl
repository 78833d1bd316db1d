// versions: 1.2 2.0 3.0
// OpenCL.std: erf, lgamma, cbrt, atan2, frexp/ldexp, remquo with private out-pointers, and sincos.

__kernel void special(__global const float *x, __global float4 *out, __global int2 *ints)
{
    size_t i = get_global_id(0);
    float v = x[i];
    int e, q;
    float m = frexp(v, &e);
    float r = remquo(v, 1.5f, &q);
    float c;
    float s = sincos(v, &c);
    out[i] = (float4)(erf(v) + lgamma(fabs(v) + 1.0f), cbrt(v) + atan2(v, 2.0f), ldexp(m, 2) + r, s * c);
    ints[i] = (int2)(e, q);
}

__kernel void rounding(__global const float *x, __global int4 *out)
{
    size_t i = get_global_id(0);
    float v = x[i];
    out[i] = (int4)(convert_int_rtz(v), convert_int_rtp(v), convert_int_rtn(v), convert_int_sat(v));
}
