// versions: 1.2 2.0 3.0
// variants: spir32
// OpenCL.std float math: trigonometric, hyperbolic, exponential, logarithmic and power functions.

__kernel void trig(__global const float *x, __global float *out)
{
    size_t i = get_global_id(0);
    float v = x[i];
    out[8 * i + 0] = sin(v) + cos(v) + tan(v);
    out[8 * i + 1] = asin(clamp(v, -1.0f, 1.0f)) + acos(clamp(v, -1.0f, 1.0f)) + atan(v);
    out[8 * i + 2] = atan2(v, 2.0f) + atan2pi(v, 1.0f);
    out[8 * i + 3] = sinh(v) + cosh(v) + tanh(v);
    out[8 * i + 4] = asinh(v) + acosh(1.0f + fabs(v)) + atanh(v * 0.5f);
    out[8 * i + 5] = sinpi(v) + cospi(v) + tanpi(v) + asinpi(v * 0.1f) + acospi(v * 0.1f) + atanpi(v);
    float c;
    out[8 * i + 6] = sincos(v, &c) + c;
    out[8 * i + 7] = hypot(v, 1.0f);
}

__kernel void exp_log(__global const float4 *x, __global float4 *out)
{
    size_t i = get_global_id(0);
    float4 v = x[i];
    float4 a = fabs(v) + 1.0f;
    out[6 * i + 0] = exp(v) + exp2(v) + exp10(v) + expm1(v);
    out[6 * i + 1] = log(a) + log2(a) + log10(a) + log1p(a) + logb(a);
    out[6 * i + 2] = pow(a, v) + powr(a, 0.5f) + pown(v, (int4)(2, 3, -1, 0)) + rootn(a, (int4)(3));
    out[6 * i + 3] = sqrt(a) + rsqrt(a) + cbrt(v);
    out[6 * i + 4] = erf(v) + erfc(v) + lgamma(a) + tgamma(a);
    int4 sgn;
    out[6 * i + 5] = lgamma_r(a, &sgn) + convert_float4(sgn);
}
