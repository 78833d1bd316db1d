// versions: 2.0 3.0
// variants: O0 spir32
// extensions: +cl_khr_subgroups
// cl_khr_subgroups: sub-group queries, reductions, scans, broadcasts and votes.
#pragma OPENCL EXTENSION cl_khr_subgroups : enable

__kernel void sg_reduce(__global const float *in, __global float *sums, __global int *imax,
                        __global uint *umin)
{
    float x = in[get_global_id(0)];
    float s = sub_group_reduce_add(x);
    int m = sub_group_reduce_max((int)x);
    uint u = sub_group_reduce_min((uint)get_global_id(0));
    if (get_sub_group_local_id() == 0) {
        size_t slot = get_group_id(0) * get_num_sub_groups() + get_sub_group_id();
        sums[slot] = s;
        imax[slot] = m;
        umin[slot] = u;
    }
}

__kernel void sg_scan(__global const int *in, __global int *incl, __global int *excl,
                      __global float *fmx)
{
    size_t i = get_global_id(0);
    incl[i] = sub_group_scan_inclusive_add(in[i]);
    excl[i] = sub_group_scan_exclusive_add(in[i]);
    fmx[i] = sub_group_scan_inclusive_max((float)in[i]) + sub_group_scan_exclusive_min((float)in[i]);
}

__kernel void sg_broadcast_vote(__global const long *in, __global long *out, __global int *votes)
{
    size_t i = get_global_id(0);
    long first = sub_group_broadcast(in[i], 0);
    out[i] = in[i] - first;
    votes[i] = sub_group_all(in[i] > 0) + 2 * sub_group_any(in[i] == 0);
}

__kernel void sg_sizes(__global uint *out)
{
    size_t i = get_global_id(0);
    out[4 * i + 0] = get_sub_group_size();
    out[4 * i + 1] = get_max_sub_group_size();
    out[4 * i + 2] = get_num_sub_groups();
    out[4 * i + 3] = get_enqueued_num_sub_groups();
}
