// versions: 1.2 2.0 3.0
// Black-Scholes option pricing: exp, log, sqrt, erf-style polynomial and select.

static float cnd(float d)
{
    const float a1 = 0.31938153f, a2 = -0.356563782f, a3 = 1.781477937f,
                a4 = -1.821255978f, a5 = 1.330274429f;
    float k = 1.0f / (1.0f + 0.2316419f * fabs(d));
    float c = 0.39894228f * exp(-0.5f * d * d) * k * (a1 + k * (a2 + k * (a3 + k * (a4 + k * a5))));
    return d > 0 ? 1.0f - c : c;
}

__kernel void black_scholes(__global const float *s, __global const float *x, __global const float *t,
                            __global float *call, __global float *put, float r, float v)
{
    int i = get_global_id(0);
    float sq = sqrt(t[i]);
    float d1 = (log(s[i] / x[i]) + (r + 0.5f * v * v) * t[i]) / (v * sq);
    float d2 = d1 - v * sq;
    float e = exp(-r * t[i]);
    call[i] = s[i] * cnd(d1) - x[i] * e * cnd(d2);
    put[i] = x[i] * e * (1.0f - cnd(d2)) - s[i] * (1.0f - cnd(d1));
}
