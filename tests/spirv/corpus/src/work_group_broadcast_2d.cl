// versions: 2.0 3.0
// 2D and 3D work-group broadcast, and per-group normalization using collective results.

__kernel void normalize_rows(__global float *img, int width)
{
    int x = get_global_id(0), y = get_global_id(1);
    float v = img[y * width + x];
    float peak = work_group_reduce_max(fabs(v));
    float corner = work_group_broadcast(v, 0, 0);
    img[y * width + x] = (v - corner) / (peak > 0.0f ? peak : 1.0f);
}

__kernel void broadcast_3d(__global const int *in, __global int *out)
{
    size_t i = get_global_linear_id();
    int centre = work_group_broadcast(in[i], get_local_size(0) / 2, get_local_size(1) / 2,
                                      get_local_size(2) / 2);
    out[i] = in[i] - centre;
}

__kernel void group_mean_var(__global const double *dummy_unused, __global const float *x,
                             __global float2 *stats)
{
    float v = x[get_global_id(0)];
    float n = (float)get_local_size(0);
    float mean = work_group_reduce_add(v) / n;
    float var = work_group_reduce_add((v - mean) * (v - mean)) / n;
    if (get_local_id(0) == 0)
        stats[get_group_id(0)] = (float2)(mean, var);
}
