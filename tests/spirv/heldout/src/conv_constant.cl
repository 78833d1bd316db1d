// versions: 1.2 2.0 3.0
// 1D convolution with the filter in __constant memory and a program-scope constant table.

__constant float window[5] = { 0.0625f, 0.25f, 0.375f, 0.25f, 0.0625f };

__kernel void convolve(__global const float *in, __global float *out, __constant float *taps,
                       int ntaps, int n)
{
    int i = get_global_id(0);
    float acc = 0.0f;
    for (int t = 0; t < ntaps; ++t) {
        int j = clamp(i + t - ntaps / 2, 0, n - 1);
        acc += taps[t] * in[j];
    }
    out[i] = acc;
}

__kernel void smooth(__global const float *in, __global float *out, int n)
{
    int i = get_global_id(0);
    float acc = 0.0f;
    for (int t = 0; t < 5; ++t)
        acc += window[t] * in[clamp(i + t - 2, 0, n - 1)];
    out[i] = acc;
}
