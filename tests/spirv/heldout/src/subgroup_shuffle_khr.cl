// versions: 3.0
// extensions: +cl_khr_subgroups,+__opencl_c_subgroups,+cl_khr_subgroup_shuffle,+cl_khr_subgroup_ballot
// spirv-max-version: 1.4
// Sub-group shuffles and ballots (GroupNonUniform*, SPIR-V 1.3).
#pragma OPENCL EXTENSION cl_khr_subgroups : enable

__kernel void rotate_lanes(__global const int *in, __global int *out)
{
    size_t i = get_global_id(0);
    uint lane = get_sub_group_local_id();
    out[i] = sub_group_shuffle(in[i], (lane + 1) % get_sub_group_size()) + sub_group_shuffle_xor(in[i], 1u);
}

__kernel void ballot_count(__global const int *in, __global uint *out)
{
    uint4 b = sub_group_ballot(in[get_global_id(0)] > 0);
    out[get_global_id(0)] = sub_group_ballot_bit_count(b) + sub_group_elect();
}
