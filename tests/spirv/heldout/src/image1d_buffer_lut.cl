// versions: 1.2 2.0 3.0
// A lookup table in a 1D image buffer and a 1D image read with integer coordinates.

__kernel void lut(__read_only image1d_buffer_t table, __global const uchar *in, __global float4 *out)
{
    size_t i = get_global_id(0);
    out[i] = read_imagef(table, in[i]);
}

__kernel void ramp(__read_only image1d_t img, __global int4 *out)
{
    int i = get_global_id(0);
    out[i] = read_imagei(img, i) + (int4)(get_image_width(img));
}
