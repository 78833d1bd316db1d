// versions: 2.0 3.0
// extensions: +cl_khr_subgroups
// Sub-group inclusive scan, reduce and broadcast (cl_khr_subgroups), with sub-group ids.
#pragma OPENCL EXTENSION cl_khr_subgroups : enable

__kernel void sg_scan(__global const int *in, __global int *out, __global uint *ids)
{
    size_t i = get_global_id(0);
    int v = in[i];
    out[i] = sub_group_scan_inclusive_add(v) + sub_group_reduce_max(v);
    if (get_sub_group_local_id() == 0)
        ids[get_group_id(0) * get_num_sub_groups() + get_sub_group_id()] = get_sub_group_size();
}

__kernel void sg_vote(__global const float *in, __global int *flags)
{
    size_t i = get_global_id(0);
    float first = sub_group_broadcast(in[i], 0);
    flags[i] = sub_group_all(in[i] > 0.0f) + 2 * sub_group_any(in[i] == first);
}
