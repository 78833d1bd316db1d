// versions: 1.2 2.0 3.0
// Tiled matrix copy through local memory with a padded tile and a local-size attribute.

#define TILE 16

__kernel __attribute__((reqd_work_group_size(TILE, TILE, 1)))
void tile_copy(__global const int *in, __global int *out, int w)
{
    __local int tile[TILE][TILE + 1];
    int lx = get_local_id(0), ly = get_local_id(1);
    int gx = get_group_id(0) * TILE + lx, gy = get_group_id(1) * TILE + ly;
    tile[ly][lx] = in[gy * w + gx];
    barrier(CLK_LOCAL_MEM_FENCE);
    out[gx * w + gy] = tile[ly][lx];
}
