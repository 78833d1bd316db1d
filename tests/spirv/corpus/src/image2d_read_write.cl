// versions: 1.2 2.0 3.0
// variants: O0 spv14
// 2D image filtering: sampler literals at program scope and inside the kernel,
// normalized and unnormalized coordinates, float and integer texel formats.

__constant sampler_t nearest_clamp =
    CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_NEAREST;

__kernel void box_blur3x3(__read_only image2d_t src, __write_only image2d_t dst)
{
    int2 pos = (int2)(get_global_id(0), get_global_id(1));
    float4 acc = (float4)(0.0f);
    for (int dy = -1; dy <= 1; ++dy)
        for (int dx = -1; dx <= 1; ++dx)
            acc += read_imagef(src, nearest_clamp, pos + (int2)(dx, dy));
    write_imagef(dst, pos, acc / 9.0f);
}

__kernel void bilinear_resize(__read_only image2d_t src, __write_only image2d_t dst,
                              float2 inv_dst_size)
{
    const sampler_t linear =
        CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_MIRRORED_REPEAT | CLK_FILTER_LINEAR;
    int2 pos = (int2)(get_global_id(0), get_global_id(1));
    float2 uv = (convert_float2(pos) + 0.5f) * inv_dst_size;
    write_imagef(dst, pos, read_imagef(src, linear, uv));
}

__kernel void threshold_u8(__read_only image2d_t src, __write_only image2d_t mask, uint level)
{
    int2 pos = (int2)(get_global_id(0), get_global_id(1));
    uint4 px = read_imageui(src, nearest_clamp, pos);
    uint luma = (px.x * 77u + px.y * 150u + px.z * 29u) >> 8;
    write_imageui(mask, pos, (uint4)(luma > level ? 255u : 0u, 0u, 0u, 255u));
}

__kernel void signed_offsets(__read_only image2d_t src, __write_only image2d_t dst)
{
    int2 pos = (int2)(get_global_id(0), get_global_id(1));
    int4 a = read_imagei(src, nearest_clamp, pos);
    int4 b = read_imagei(src, nearest_clamp, (float2)(pos.x + 1.0f, pos.y));
    write_imagei(dst, pos, a - b);
}
