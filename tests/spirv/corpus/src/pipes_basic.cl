// versions: 2.0 3.0
// variants: O0 spv14
// Pipes: producer/consumer kernels with read_pipe/write_pipe and packet count queries.

typedef struct { int key; float value; } record;

__kernel void producer(__global const record *src, __write_only pipe record out)
{
    size_t i = get_global_id(0);
    record r = src[i];
    if (r.value > 0.0f)
        write_pipe(out, &r);
}

__kernel void consumer(__read_only pipe record in, __global record *dst, __global atomic_int *n)
{
    record r;
    if (read_pipe(in, &r) == 0) {
        int slot = atomic_fetch_add(n, 1);
        dst[slot] = r;
    }
}

__kernel void sizes(__read_only pipe float4 p, __write_only pipe uchar q, __global uint *out)
{
    out[0] = get_pipe_num_packets(p);
    out[1] = get_pipe_max_packets(p);
    out[2] = get_pipe_num_packets(q);
    out[3] = get_pipe_max_packets(q);
}

__kernel void forward(__read_only pipe int in, __write_only pipe int out)
{
    int v;
    while (read_pipe(in, &v) == 0) {
        v *= 2;
        if (write_pipe(out, &v) != 0)
            break;
    }
}
