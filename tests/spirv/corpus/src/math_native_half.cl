// versions: 1.2 2.0 3.0
// native_* and half_* reduced-precision math functions.

__kernel void native_fns(__global const float *x, __global float *out)
{
    size_t i = get_global_id(0);
    float v = x[i];
    float a = fabs(v) + 1.0f;
    out[4 * i + 0] = native_sin(v) + native_cos(v) + native_tan(v);
    out[4 * i + 1] = native_exp(v) + native_exp2(v) + native_exp10(v);
    out[4 * i + 2] = native_log(a) + native_log2(a) + native_log10(a) + native_powr(a, v);
    out[4 * i + 3] = native_sqrt(a) + native_rsqrt(a) + native_recip(a) + native_divide(v, a);
}

__kernel void half_fns(__global const float4 *x, __global float4 *out)
{
    size_t i = get_global_id(0);
    float4 v = x[i];
    float4 a = fabs(v) + 1.0f;
    out[4 * i + 0] = half_sin(v) + half_cos(v) + half_tan(v);
    out[4 * i + 1] = half_exp(v) + half_exp2(v) + half_exp10(v);
    out[4 * i + 2] = half_log(a) + half_log2(a) + half_log10(a) + half_powr(a, v);
    out[4 * i + 3] = half_sqrt(a) + half_rsqrt(a) + half_recip(a) + half_divide(v, a);
}

__kernel void fast_softmax(__global const float *logits, __global float *probs, int n)
{
    size_t row = get_global_id(0);
    __global const float *l = logits + row * n;
    float mx = l[0];
    for (int j = 1; j < n; ++j)
        mx = fmax(mx, l[j]);
    float sum = 0.0f;
    for (int j = 0; j < n; ++j)
        sum += native_exp(l[j] - mx);
    float inv = native_recip(sum);
    for (int j = 0; j < n; ++j)
        probs[row * n + j] = native_exp(l[j] - mx) * inv;
}
