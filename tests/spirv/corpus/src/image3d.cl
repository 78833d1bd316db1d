// versions: 1.2 2.0 3.0
// extensions: +cl_khr_3d_image_writes
// 3D images: trilinear sampling of a volume and (via cl_khr_3d_image_writes) volume writes.
#pragma OPENCL EXTENSION cl_khr_3d_image_writes : enable

__constant sampler_t vol_sampler =
    CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_CLAMP | CLK_FILTER_LINEAR;

__kernel void ray_march(__read_only image3d_t volume, __global float *depth_out,
                        float4 origin, float4 step, int steps)
{
    int x = (int)get_global_id(0);
    int y = (int)get_global_id(1);
    float4 p = origin + (float4)(x, y, 0.0f, 0.0f) * 0.01f;
    float accum = 0.0f;
    int i = 0;
    for (; i < steps && accum < 1.0f; ++i) {
        accum += read_imagef(volume, vol_sampler, p).x * 0.05f;
        p += step;
    }
    depth_out[y * get_global_size(0) + x] = (float)i;
}

__kernel void downsample_volume(__read_only image3d_t src, __write_only image3d_t dst)
{
    int4 c = (int4)(get_global_id(0), get_global_id(1), get_global_id(2), 0);
    int4 s = c * 2;
    float4 sum = (float4)(0.0f);
    for (int k = 0; k < 8; ++k)
        sum += read_imagef(src, s + (int4)(k & 1, (k >> 1) & 1, (k >> 2) & 1, 0));
    write_imagef(dst, c, sum * 0.125f);
}

__kernel void volume_dims(__read_only image3d_t v, __global int4 *out)
{
    out[0] = get_image_dim(v);
    out[1] = (int4)(get_image_width(v), get_image_height(v), get_image_depth(v), 0);
}
