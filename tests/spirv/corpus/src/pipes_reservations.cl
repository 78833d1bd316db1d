// versions: 2.0 3.0
// extensions: +cl_khr_subgroups
// Pipe reservations: per-work-item, work-group and sub-group reserve/commit with 4-argument
// read_pipe/write_pipe and reserve_id_t validity checks.
#pragma OPENCL EXTENSION cl_khr_subgroups : enable

__kernel void reserve_each(__global const int *src, __write_only pipe int out)
{
    reserve_id_t id = reserve_write_pipe(out, 1);
    if (is_valid_reserve_id(id)) {
        write_pipe(out, id, 0, &src[get_global_id(0)]);
        commit_write_pipe(out, id);
    }
}

__kernel void group_batch(__read_only pipe float in, __global float *dst)
{
    uint n = (uint)get_local_size(0);
    reserve_id_t id = work_group_reserve_read_pipe(in, n);
    if (is_valid_reserve_id(id)) {
        float v;
        read_pipe(in, id, (uint)get_local_id(0), &v);
        dst[get_global_id(0)] = v;
    }
    work_group_commit_read_pipe(in, id);
}

__kernel void group_write(__global const float2 *src, __write_only pipe float2 out)
{
    reserve_id_t id = work_group_reserve_write_pipe(out, (uint)get_local_size(0));
    if (is_valid_reserve_id(id))
        write_pipe(out, id, (uint)get_local_id(0), &src[get_global_id(0)]);
    work_group_commit_write_pipe(out, id);
}

__kernel void subgroup_batch(__read_only pipe int in, __write_only pipe int out)
{
    reserve_id_t r = sub_group_reserve_read_pipe(in, get_sub_group_size());
    reserve_id_t w = sub_group_reserve_write_pipe(out, get_sub_group_size());
    if (is_valid_reserve_id(r) && is_valid_reserve_id(w)) {
        int v;
        read_pipe(in, r, get_sub_group_local_id(), &v);
        v += 1;
        write_pipe(out, w, get_sub_group_local_id(), &v);
    }
    sub_group_commit_read_pipe(in, r);
    sub_group_commit_write_pipe(out, w);
}
