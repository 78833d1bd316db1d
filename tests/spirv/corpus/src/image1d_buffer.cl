// versions: 1.2 2.0 3.0
// variants: spir32
// 1D images and 1D image buffers: sampler-less reads, integer texel formats, writes.

__kernel void lut_apply(__read_only image1d_buffer_t lut, __global const uchar *in,
                        __global float4 *out)
{
    size_t i = get_global_id(0);
    out[i] = read_imagef(lut, (int)in[i]);
}

__kernel void copy_1d(__read_only image1d_t src, __write_only image1d_t dst)
{
    int x = (int)get_global_id(0);
    write_imagef(dst, x, read_imagef(src, x));
}

__kernel void sampled_1d(__read_only image1d_t src, sampler_t s, __global float4 *out, float scale)
{
    int x = (int)get_global_id(0);
    out[x] = read_imagef(src, s, x * scale) + read_imagef(src, s, (int)x);
}

__kernel void buffer_int_ops(__read_only image1d_buffer_t a, __write_only image1d_buffer_t b)
{
    int x = (int)get_global_id(0);
    int4 v = read_imagei(a, x);
    uint4 u = read_imageui(a, x);
    write_imagei(b, x, v + convert_int4(u >> 1));
}

__kernel void buffer_width(__read_only image1d_buffer_t a, __global int *w)
{
    if (get_global_id(0) == 0)
        *w = get_image_width(a);
}
