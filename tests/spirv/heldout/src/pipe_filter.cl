// versions: 2.0 3.0
// extensions: +__opencl_c_pipes
// A filtering producer and a consumer through a pipe of float2 packets, with reservations.

__kernel void filter(__global const float2 *in, __write_only pipe float2 out, float limit)
{
    float2 v = in[get_global_id(0)];
    if (length(v) < limit)
        write_pipe(out, &v);
}

__kernel void drain(__read_only pipe float2 in, __global float2 *out)
{
    reserve_id_t r = reserve_read_pipe(in, 2);
    if (is_valid_reserve_id(r)) {
        read_pipe(in, r, 0, &out[2 * get_global_id(0)]);
        read_pipe(in, r, 1, &out[2 * get_global_id(0) + 1]);
        commit_read_pipe(in, r);
    }
    out[0].x = get_pipe_num_packets(in);
}
