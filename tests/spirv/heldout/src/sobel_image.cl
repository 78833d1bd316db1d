// versions: 1.2 2.0 3.0
// Sobel edge detection and RGBA-to-luma conversion on 2D images with a literal sampler.

__constant sampler_t nearest = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_NEAREST;

static float luma(float4 c) { return dot(c.xyz, (float3)(0.299f, 0.587f, 0.114f)); }

__kernel void sobel(__read_only image2d_t src, __write_only image2d_t dst)
{
    int2 p = (int2)(get_global_id(0), get_global_id(1));
    float gx = 0.0f, gy = 0.0f;
    const int kx[9] = {-1, 0, 1, -2, 0, 2, -1, 0, 1};
    const int ky[9] = {-1, -2, -1, 0, 0, 0, 1, 2, 1};
    for (int j = -1; j <= 1; ++j)
        for (int i = -1; i <= 1; ++i) {
            float l = luma(read_imagef(src, nearest, p + (int2)(i, j)));
            gx += kx[(j + 1) * 3 + i + 1] * l;
            gy += ky[(j + 1) * 3 + i + 1] * l;
        }
    float m = clamp(hypot(gx, gy), 0.0f, 1.0f);
    write_imagef(dst, p, (float4)(m, m, m, 1.0f));
}

__kernel void to_gray(__read_only image2d_t src, __global uchar *out, int width)
{
    int2 p = (int2)(get_global_id(0), get_global_id(1));
    float l = luma(read_imagef(src, nearest, p));
    out[p.y * width + p.x] = convert_uchar_sat_rte(l * 255.0f);
}
