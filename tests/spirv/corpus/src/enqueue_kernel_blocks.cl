// versions: 2.0 3.0
// variants: O0 spv14
// Device-side enqueue: enqueue_kernel with blocks capturing values, ndrange_1D/2D/3D, flags.

__kernel void refine(__global float *grid, int n, int depth)
{
    size_t i = get_global_id(0);
    grid[i] *= 0.5f;
    if (i == 0 && depth > 0) {
        queue_t q = get_default_queue();
        ndrange_t r = ndrange_1D((size_t)n);
        enqueue_kernel(q, CLK_ENQUEUE_FLAGS_WAIT_KERNEL, r, ^{
            size_t j = get_global_id(0);
            grid[j] += (float)depth;
        });
    }
}

__kernel void launch_2d(__global int *out, int w, int h)
{
    if (get_global_id(0) != 0)
        return;
    size_t gsize[2] = {(size_t)w, (size_t)h};
    size_t lsize[2] = {8, 8};
    ndrange_t r = ndrange_2D(gsize, lsize);
    int status = enqueue_kernel(get_default_queue(), CLK_ENQUEUE_FLAGS_NO_WAIT, r, ^{
        out[get_global_id(1) * w + get_global_id(0)] = (int)get_global_linear_id();
    });
    if (status != CLK_SUCCESS)
        out[0] = -1;
}

__kernel void launch_3d_offset(__global int *out, queue_t q)
{
    if (get_global_id(0) != 0)
        return;
    size_t offset[3] = {1, 1, 1};
    size_t gsize[3] = {4, 4, 4};
    size_t lsize[3] = {2, 2, 2};
    void (^body)(void) = ^{ atomic_inc(&out[get_global_id(2)]); };
    enqueue_kernel(q, CLK_ENQUEUE_FLAGS_WAIT_WORK_GROUP, ndrange_3D(offset, gsize, lsize), body);
}

__kernel void query_sizes(__global uint *out)
{
    void (^blk)(void) = ^{ out[get_global_id(0)] = 1u; };
    out[0] = get_kernel_work_group_size(blk);
    out[1] = get_kernel_preferred_work_group_size_multiple(blk);
}
