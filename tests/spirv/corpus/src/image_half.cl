// versions: 1.2 2.0 3.0
// extensions: +cl_khr_fp16
// Image reads and writes returning half4 (cl_khr_fp16).
#pragma OPENCL EXTENSION cl_khr_fp16 : enable

__constant sampler_t smp = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_NEAREST;

__kernel void tonemap_half(__read_only image2d_t hdr, __write_only image2d_t ldr, half exposure)
{
    int2 p = (int2)(get_global_id(0), get_global_id(1));
    half4 c = read_imageh(hdr, smp, p);
    half4 m = c * exposure;
    m = m / (m + (half4)(1.0h));
    m.w = (half)1.0h;
    write_imageh(ldr, p, m);
}

__kernel void half_1d(__read_only image1d_t src, __write_only image1d_t dst)
{
    int x = (int)get_global_id(0);
    half4 v = read_imageh(src, x);
    write_imageh(dst, x, v.wzyx);
}

__kernel void half_float_mix(__read_only image2d_t a, __read_only image2d_t b,
                             __write_only image2d_t dst)
{
    int2 p = (int2)(get_global_id(0), get_global_id(1));
    float4 fa = read_imagef(a, smp, p);
    half4 hb = read_imageh(b, smp, p);
    write_imagef(dst, p, fa + convert_float4(hb));
}
