// versions: 2.0 3.0
// extensions: +__opencl_c_read_write_images
// An in-place image update on a read_write image with an image fence.

__kernel void brighten(__read_write image2d_t img, float by)
{
    int2 p = (int2)(get_global_id(0), get_global_id(1));
    float4 c = read_imagef(img, p);
    atomic_work_item_fence(CLK_IMAGE_MEM_FENCE, memory_order_acq_rel, memory_scope_work_item);
    write_imagef(img, p, clamp(c + by, 0.0f, 1.0f));
}
