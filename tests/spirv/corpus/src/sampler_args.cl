// versions: 1.2 2.0 3.0
// Samplers passed as kernel arguments, forwarded to helper functions, and sampler literals
// with every addressing and filter mode.

__constant sampler_t s_repeat = CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_REPEAT | CLK_FILTER_NEAREST;
__constant sampler_t s_border = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP | CLK_FILTER_LINEAR;

static float4 tap(__read_only image2d_t img, sampler_t s, float2 uv)
{
    return read_imagef(img, s, uv);
}

__kernel void sample_with_arg(__read_only image2d_t img, sampler_t user, __global float4 *out,
                              float2 uv0, float2 duv)
{
    size_t i = get_global_id(0);
    float2 uv = uv0 + duv * (float)i;
    out[i] = tap(img, user, uv) - tap(img, s_repeat, uv);
}

__kernel void sample_modes(__read_only image2d_t img, __global float4 *out)
{
    const sampler_t s_edge = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_NEAREST;
    const sampler_t s_none = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_NONE | CLK_FILTER_NEAREST;
    int i = (int)get_global_id(0);
    float2 c = (float2)(i + 0.5f, 0.5f);
    out[4 * i + 0] = read_imagef(img, s_edge, c);
    out[4 * i + 1] = read_imagef(img, s_none, c);
    out[4 * i + 2] = read_imagef(img, s_border, c);
    out[4 * i + 3] = read_imagef(img, s_repeat, c / 64.0f);
}

__kernel void two_samplers(__read_only image2d_t a, __read_only image2d_t b,
                           sampler_t sa, sampler_t sb, __write_only image2d_t dst)
{
    int2 p = (int2)(get_global_id(0), get_global_id(1));
    float4 x = read_imagef(a, sa, p);
    float4 y = read_imagef(b, sb, p);
    write_imagef(dst, p, mix(x, y, 0.25f));
}
