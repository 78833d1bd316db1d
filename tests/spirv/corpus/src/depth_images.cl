// versions: 1.2 2.0 3.0
// extensions: +cl_khr_depth_images
// Depth images: single-channel float reads, writes and queries (cl_khr_depth_images / core 2.0).
#if __OPENCL_C_VERSION__ < 200
#pragma OPENCL EXTENSION cl_khr_depth_images : enable
#endif

__constant sampler_t pcf = CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_NEAREST;

__kernel void shadow_test(__read_only image2d_depth_t shadow_map, __global const float4 *pts,
                          __global float *lit)
{
    size_t i = get_global_id(0);
    float4 p = pts[i];
    float visible = 0.0f;
    for (int k = 0; k < 4; ++k) {
        float2 off = (float2)((k & 1) - 0.5f, (k >> 1) - 0.5f) / 1024.0f;
        float d = read_imagef(shadow_map, pcf, p.xy + off);
        visible += (p.z <= d + 0.001f) ? 0.25f : 0.0f;
    }
    lit[i] = visible;
}

__kernel void linearize(__read_only image2d_depth_t src, __write_only image2d_depth_t dst,
                        float near, float far)
{
    int2 c = (int2)(get_global_id(0), get_global_id(1));
    float z = read_imagef(src, c);
    write_imagef(dst, c, near * far / (far - z * (far - near)));
}

__kernel void depth_array(__read_only image2d_array_depth_t src, __global float *out)
{
    int2 c = (int2)(get_global_id(0), get_global_id(1));
    int layers = (int)get_image_array_size(src);
    float m = 1.0f;
    for (int l = 0; l < layers; ++l)
        m = fmin(m, read_imagef(src, (int4)(c, l, 0)));
    out[c.y * get_image_width(src) + c.x] = m;
}
