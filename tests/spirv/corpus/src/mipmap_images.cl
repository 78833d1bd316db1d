// versions: 2.0 3.0
// extensions: +cl_khr_mipmap_image,+cl_khr_mipmap_image_writes
// cl_khr_mipmap_image: explicit-LOD reads, gradient reads, per-level writes and level queries.
#pragma OPENCL EXTENSION cl_khr_mipmap_image : enable
#pragma OPENCL EXTENSION cl_khr_mipmap_image_writes : enable

__constant sampler_t trilinear =
    CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_LINEAR;

__kernel void sample_lod(__read_only image2d_t img, __global float4 *out, float lod)
{
    float2 uv = (float2)(get_global_id(0) + 0.5f, get_global_id(1) + 0.5f) / 256.0f;
    out[get_global_id(1) * 256 + get_global_id(0)] = read_imagef(img, trilinear, uv, lod);
}

__kernel void sample_grad(__read_only image2d_t img, __global float4 *out)
{
    float2 uv = (float2)(get_global_id(0), get_global_id(1)) / 128.0f;
    out[get_global_id(0)] = read_imagef(img, trilinear, uv, (float2)(0.01f, 0.0f), (float2)(0.0f, 0.01f));
}

__kernel void build_level(__read_only image2d_t img, __write_only image2d_t dst, int level)
{
    int2 p = (int2)(get_global_id(0), get_global_id(1));
    float2 uv = (convert_float2(p) + 0.5f) / convert_float2(get_image_dim(dst) >> level);
    write_imagef(dst, p, level, read_imagef(img, trilinear, uv, (float)(level - 1)));
}

__kernel void levels(__read_only image2d_t a, __read_only image3d_t b, __global int *out)
{
    out[0] = get_image_num_mip_levels(a);
    out[1] = get_image_num_mip_levels(b);
}
