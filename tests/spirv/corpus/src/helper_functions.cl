// versions: 1.2 2.0 3.0
// variants: O0
// Non-recursive helper functions: static inline, noinline, pointer out-parameters, helpers
// shared by several kernels, and a kernel calling another kernel.

static inline float lerp1(float a, float b, float t) { return a + (b - a) * t; }

__attribute__((noinline)) static float bilerp(__global const float *img, int w, float x, float y)
{
    int x0 = (int)floor(x), y0 = (int)floor(y);
    float fx = x - x0, fy = y - y0;
    float top = lerp1(img[y0 * w + x0], img[y0 * w + x0 + 1], fx);
    float bot = lerp1(img[(y0 + 1) * w + x0], img[(y0 + 1) * w + x0 + 1], fx);
    return lerp1(top, bot, fy);
}

__attribute__((noinline)) static void minmax(const float *v, int n, float *lo, float *hi)
{
    *lo = v[0];
    *hi = v[0];
    for (int i = 1; i < n; ++i) {
        *lo = fmin(*lo, v[i]);
        *hi = fmax(*hi, v[i]);
    }
}

__kernel void warp(__global const float *img, __global float *out, int w, float2 shift)
{
    int x = get_global_id(0), y = get_global_id(1);
    out[y * w + x] = bilerp(img, w, x + shift.x, y + shift.y);
}

__kernel void window_range(__global const float *in, __global float2 *out)
{
    float v[5];
    size_t i = get_global_id(0);
    for (int k = 0; k < 5; ++k)
        v[k] = in[i + k];
    float lo, hi;
    minmax(v, 5, &lo, &hi);
    out[i] = (float2)(lo, hi);
}

__kernel void zero(__global float *p) { p[get_global_id(0)] = 0.0f; }

__kernel void zero_then_fill(__global float *p, float v)
{
    zero(p);
    p[get_global_id(0)] += v;
}
