// versions: 2.0 3.0
// extensions: +__opencl_c_work_group_collective_functions
// OpenCL C 2.0 work-group collectives: reduce, exclusive scan and broadcast.

__kernel void wg_sum(__global const float *in, __global float *sums, __global float *prefix)
{
    size_t i = get_global_id(0);
    float v = in[i];
    float total = work_group_reduce_add(v);
    prefix[i] = work_group_scan_exclusive_add(v);
    if (get_local_id(0) == 0)
        sums[get_group_id(0)] = total;
}

__kernel void wg_min_broadcast(__global const int *in, __global int *out)
{
    size_t i = get_global_id(0);
    int m = work_group_reduce_min(in[i]);
    out[i] = work_group_broadcast(in[i], 0) - m + work_group_any(in[i] < 0);
}
