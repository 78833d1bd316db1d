// versions: 2.0 3.0
// variants: O0 spv14
// Work-group collective functions: reduce, inclusive/exclusive scan, broadcast, any/all.

__kernel void wg_reduce(__global const float *in, __global float *out, __global int *imn)
{
    float x = in[get_global_id(0)];
    float s = work_group_reduce_add(x);
    float mx = work_group_reduce_max(x);
    int mn = work_group_reduce_min((int)x);
    if (get_local_linear_id() == 0) {
        out[2 * get_group_id(0)] = s;
        out[2 * get_group_id(0) + 1] = mx;
        imn[get_group_id(0)] = mn;
    }
}

__kernel void wg_compact(__global const int *in, __global int *out, __global uint *count)
{
    int v = in[get_global_id(0)];
    uint keep = v != 0;
    uint pos = work_group_scan_exclusive_add(keep);
    uint total = work_group_reduce_add(keep);
    if (keep)
        out[get_group_id(0) * get_local_size(0) + pos] = v;
    if (get_local_id(0) == 0)
        count[get_group_id(0)] = total;
}

__kernel void wg_scans(__global const long *in, __global long *a, __global ulong *b,
                       __global float *c)
{
    size_t i = get_global_id(0);
    a[i] = work_group_scan_inclusive_add(in[i]);
    b[i] = work_group_scan_inclusive_max((ulong)in[i]);
    c[i] = work_group_scan_exclusive_min((float)in[i]);
}

__kernel void wg_votes(__global const int *in, __global int *out)
{
    size_t i = get_global_id(0);
    int any_neg = work_group_any(in[i] < 0);
    int all_small = work_group_all(in[i] < 100);
    int leader = work_group_broadcast(in[i], 0);
    out[i] = any_neg * 4 + all_small * 2 + (in[i] == leader);
}
