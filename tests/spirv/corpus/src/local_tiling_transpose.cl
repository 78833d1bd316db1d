// versions: 1.2 2.0 3.0
// variants: O0
// Tiled matrix transpose and matrix multiply through local memory.
#define TILE 16

__kernel __attribute__((reqd_work_group_size(TILE, TILE, 1)))
void transpose(__global const float *in, __global float *out, int width, int height)
{
    __local float tile[TILE][TILE + 1];
    int gx = get_group_id(0) * TILE + get_local_id(0);
    int gy = get_group_id(1) * TILE + get_local_id(1);
    if (gx < width && gy < height)
        tile[get_local_id(1)][get_local_id(0)] = in[gy * width + gx];
    barrier(CLK_LOCAL_MEM_FENCE);
    int tx = get_group_id(1) * TILE + get_local_id(0);
    int ty = get_group_id(0) * TILE + get_local_id(1);
    if (tx < height && ty < width)
        out[ty * height + tx] = tile[get_local_id(0)][get_local_id(1)];
}

__kernel void matmul(__global const float *A, __global const float *B, __global float *C, int n)
{
    __local float As[TILE][TILE];
    __local float Bs[TILE][TILE];
    int lx = get_local_id(0), ly = get_local_id(1);
    int row = get_global_id(1), col = get_global_id(0);
    float acc = 0.0f;
    for (int t = 0; t < n; t += TILE) {
        As[ly][lx] = A[row * n + t + lx];
        Bs[ly][lx] = B[(t + ly) * n + col];
        barrier(CLK_LOCAL_MEM_FENCE);
        for (int k = 0; k < TILE; ++k)
            acc = mad(As[ly][k], Bs[k][lx], acc);
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    C[row * n + col] = acc;
}
