// versions: 1.2 2.0 3.0
// extensions: +cl_khr_depth_images
// 2D image arrays and depth images: layer selection, depth reads and array size queries.

__constant sampler_t smp = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_NONE | CLK_FILTER_NEAREST;

__kernel void layer_blend(__read_only image2d_array_t layers, __write_only image2d_t out, int a, int b)
{
    int2 p = (int2)(get_global_id(0), get_global_id(1));
    float4 x = read_imagef(layers, smp, (int4)(p, a, 0));
    float4 y = read_imagef(layers, smp, (int4)(p, b, 0));
    write_imagef(out, p, 0.5f * (x + y));
}

__kernel void depth_copy(__read_only image2d_depth_t d, __global float *out, __global int *n)
{
    int2 p = (int2)(get_global_id(0), get_global_id(1));
    out[p.y * get_image_width(d) + p.x] = read_imagef(d, smp, p);
    n[0] = get_image_height(d);
}

__kernel void array_size(__read_only image2d_array_t layers, __global size_t *n)
{
    n[0] = get_image_array_size(layers);
}
