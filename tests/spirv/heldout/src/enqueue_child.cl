// versions: 2.0 3.0
// extensions: +__opencl_c_device_enqueue,+__opencl_c_generic_address_space,+__opencl_c_program_scope_global_variables
// Device-side enqueue of a block that doubles a buffer range.

__kernel void parent(__global int *data, int n)
{
    if (get_global_id(0) != 0)
        return;
    queue_t q = get_default_queue();
    ndrange_t r = ndrange_1D(n);
    enqueue_kernel(q, CLK_ENQUEUE_FLAGS_WAIT_KERNEL, r, ^{ data[get_global_id(0)] *= 2; });
}
