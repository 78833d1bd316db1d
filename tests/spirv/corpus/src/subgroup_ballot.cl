// versions: 3.0
// spirv-max-version: 1.4
// extensions: +cl_khr_subgroups,+cl_khr_subgroup_ballot,+cl_khr_subgroup_non_uniform_vote
// cl_khr_subgroup_ballot and cl_khr_subgroup_non_uniform_vote (SPIR-V GroupNonUniform* ops).
#pragma OPENCL EXTENSION cl_khr_subgroups : enable

__kernel void compact_positive(__global const int *in, __global int *out, __global uint *counts)
{
    int v = in[get_global_id(0)];
    uint4 mask = sub_group_ballot(v > 0);
    uint before = sub_group_ballot_exclusive_scan(mask);
    uint total = sub_group_ballot_bit_count(mask);
    if (v > 0)
        out[get_global_id(0) - get_sub_group_local_id() + before] = v;
    if (sub_group_elect())
        counts[get_sub_group_id()] = total;
}

__kernel void ballot_queries(__global const uint *in, __global uint *out)
{
    uint4 m = sub_group_ballot(in[get_global_id(0)] & 1u);
    size_t i = get_global_id(0);
    out[6 * i + 0] = sub_group_inverse_ballot(m);
    out[6 * i + 1] = sub_group_ballot_bit_extract(m, 3u);
    out[6 * i + 2] = sub_group_ballot_inclusive_scan(m);
    out[6 * i + 3] = sub_group_ballot_find_lsb(m);
    out[6 * i + 4] = sub_group_ballot_find_msb(m);
    out[6 * i + 5] = sub_group_non_uniform_broadcast(in[i], 1u) + sub_group_broadcast_first(in[i]);
}

__kernel void masks_and_votes(__global uint4 *masks, __global const float *x, __global int *votes)
{
    size_t i = get_global_id(0);
    if (i == 0) {
        masks[0] = get_sub_group_eq_mask();
        masks[1] = get_sub_group_ge_mask();
        masks[2] = get_sub_group_gt_mask();
        masks[3] = get_sub_group_le_mask();
        masks[4] = get_sub_group_lt_mask();
    }
    if (x[i] > 0.0f)
        votes[i] = sub_group_non_uniform_all(x[i] > 1.0f) + 2 * sub_group_non_uniform_any(x[i] > 2.0f)
                   + 4 * sub_group_non_uniform_all_equal(x[i]);
}
