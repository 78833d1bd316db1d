// versions: 2.0 3.0
// variants: spv14
// read_write images (OpenCL C 2.0): in-place updates ordered with an image memory fence.

__kernel void in_place_gamma(__read_write image2d_t img, float gamma)
{
    int2 p = (int2)(get_global_id(0), get_global_id(1));
    float4 v = read_imagef(img, p);
    v.xyz = pow(v.xyz, (float3)(gamma));
    write_imagef(img, p, v);
}

__kernel void two_pass_rw(__read_write image2d_t img)
{
    int2 p = (int2)(get_global_id(0), get_global_id(1));
    uint4 v = read_imageui(img, p);
    write_imageui(img, p, v + 1u);
    atomic_work_item_fence(CLK_IMAGE_MEM_FENCE, memory_order_acq_rel, memory_scope_work_item);
    uint4 w = read_imageui(img, p);
    write_imageui(img, p, w * 2u);
}

__kernel void rw_1d(__read_write image1d_t img, __read_write image1d_buffer_t buf)
{
    int x = (int)get_global_id(0);
    int4 a = read_imagei(img, x);
    int4 b = read_imagei(buf, x);
    write_imagei(buf, x, a + b);
    write_imagei(img, x, a - b);
}

__kernel void rw_array(__read_write image2d_array_t img, __global int *dims)
{
    int4 c = (int4)(get_global_id(0), get_global_id(1), get_global_id(2), 0);
    float4 v = read_imagef(img, c);
    write_imagef(img, c, v * 0.5f);
    if (c.x == 0 && c.y == 0 && c.z == 0) {
        dims[0] = get_image_width(img);
        dims[1] = (int)get_image_array_size(img);
    }
}
