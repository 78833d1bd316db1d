// versions: 3.0
// spirv-max-version: 1.4
// extensions: +cl_khr_subgroups,+cl_khr_subgroup_shuffle,+cl_khr_subgroup_shuffle_relative,+cl_khr_subgroup_non_uniform_arithmetic,+cl_khr_subgroup_clustered_reduce
// Sub-group shuffles (absolute, xor, up/down), non-uniform arithmetic and clustered reductions.
#pragma OPENCL EXTENSION cl_khr_subgroups : enable

__kernel void butterfly_sum(__global const float *in, __global float *out)
{
    float v = in[get_global_id(0)];
    for (uint d = 1; d < get_sub_group_size(); d <<= 1)
        v += sub_group_shuffle_xor(v, d);
    out[get_global_id(0)] = v;
}

__kernel void neighbours(__global const int *in, __global int *out)
{
    size_t i = get_global_id(0);
    uint lane = get_sub_group_local_id();
    int up = sub_group_shuffle_up(in[i], 1u);
    int down = sub_group_shuffle_down(in[i], 1u);
    int rev = sub_group_shuffle(in[i], get_sub_group_size() - 1u - lane);
    out[i] = up + down + rev;
}

__kernel void non_uniform(__global const uint *in, __global uint *out)
{
    size_t i = get_global_id(0);
    if (in[i] & 1u) {
        out[i] = sub_group_non_uniform_reduce_add(in[i])
               + sub_group_non_uniform_reduce_mul(in[i] | 1u)
               + sub_group_non_uniform_reduce_and(in[i])
               + sub_group_non_uniform_reduce_or(in[i])
               + sub_group_non_uniform_reduce_xor(in[i])
               + sub_group_non_uniform_scan_inclusive_min(in[i])
               + sub_group_non_uniform_scan_exclusive_max(in[i])
               + sub_group_non_uniform_reduce_logical_and(in[i] > 4u);
    }
}

__kernel void clustered(__global const float *in, __global float *out)
{
    size_t i = get_global_id(0);
    out[i] = sub_group_clustered_reduce_add(in[i], 4u) + sub_group_clustered_reduce_max(in[i], 8u);
}
