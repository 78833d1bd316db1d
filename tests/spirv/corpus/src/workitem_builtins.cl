// versions: 1.2 2.0 3.0
// variants: O0 spir32
// Work-item built-ins for every dimension, including the OpenCL C 2.0 linear ids and
// enqueued local size.

__kernel void record_ids(__global uint *out)
{
    size_t flat = get_global_id(0) + get_global_size(0) *
                  (get_global_id(1) + get_global_size(1) * get_global_id(2));
    __global uint *o = out + 16 * flat;
    o[0] = get_work_dim();
    for (uint d = 0; d < 3; ++d) {
        o[1 + d] = get_global_size(d);
        o[4 + d] = get_local_size(d);
        o[7 + d] = get_num_groups(d);
        o[10 + d] = get_group_id(d) * get_local_size(d) + get_local_id(d) + get_global_offset(d);
    }
#if __OPENCL_C_VERSION__ >= 200
    o[13] = get_global_linear_id();
    o[14] = get_local_linear_id();
    o[15] = get_enqueued_local_size(0);
#else
    o[13] = o[14] = o[15] = 0;
#endif
}

__kernel void constant_dims(__global size_t *out)
{
    size_t i = get_global_id(0);
    out[i] = get_local_id(0) + get_local_id(1) * 3 + get_local_id(2) * 5 +
             get_group_id(2) + get_num_groups(1) + get_global_offset(0) + get_global_offset(2);
}

__kernel void tail_guard(__global float *data, uint n)
{
    size_t i = get_global_id(0);
    size_t last_group = get_num_groups(0) - 1;
    if (get_group_id(0) == last_group && i >= n)
        return;
    data[i] = (float)get_local_id(0) / (float)get_local_size(0);
}
