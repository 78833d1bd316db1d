// versions: 1.2 2.0 3.0
// variants: O0
// Realistic stencils: 5-point Jacobi, 3x3 Sobel and a 1D box filter with a local halo.

__kernel void jacobi5(__global const float *u, __global float *u_new, int w, int h, float f)
{
    int x = get_global_id(0), y = get_global_id(1);
    if (x == 0 || y == 0 || x >= w - 1 || y >= h - 1)
        return;
    int c = y * w + x;
    u_new[c] = 0.25f * (u[c - 1] + u[c + 1] + u[c - w] + u[c + w] - f);
}

__kernel void sobel(__global const uchar *img, __global uchar *edges, int w, int h)
{
    int x = get_global_id(0), y = get_global_id(1);
    if (x < 1 || y < 1 || x >= w - 1 || y >= h - 1)
        return;
    int gx = 0, gy = 0;
    const int kx[9] = {-1, 0, 1, -2, 0, 2, -1, 0, 1};
    const int ky[9] = {-1, -2, -1, 0, 0, 0, 1, 2, 1};
    for (int j = -1; j <= 1; ++j)
        for (int i = -1; i <= 1; ++i) {
            int p = img[(y + j) * w + x + i];
            gx += kx[(j + 1) * 3 + i + 1] * p;
            gy += ky[(j + 1) * 3 + i + 1] * p;
        }
    edges[y * w + x] = convert_uchar_sat(sqrt((float)(gx * gx + gy * gy)));
}

__kernel void box1d_halo(__global const float *in, __global float *out, __local float *tile, int r,
                         int n)
{
    int l = get_local_id(0), g = get_global_id(0), ls = get_local_size(0);
    tile[l + r] = in[clamp(g, 0, n - 1)];
    if (l < r) {
        tile[l] = in[clamp(g - r, 0, n - 1)];
        tile[l + ls + r] = in[clamp(g + ls, 0, n - 1)];
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    float s = 0.0f;
    for (int k = -r; k <= r; ++k)
        s += tile[l + r + k];
    if (g < n)
        out[g] = s / (2 * r + 1);
}
