// versions: 1.2 2.0 3.0
// extensions: +cl_khr_3d_image_writes
// Reads a 3D volume and writes maximum-intensity projections into a 2D image and a buffer.

__kernel void mip_z(__read_only image3d_t vol, __write_only image2d_t out, int depth)
{
    int x = get_global_id(0), y = get_global_id(1);
    float best = 0.0f;
    for (int z = 0; z < depth; ++z)
        best = fmax(best, read_imagef(vol, (int4)(x, y, z, 0)).x);
    write_imagef(out, (int2)(x, y), (float4)(best));
}

__kernel void volume_size(__read_only image3d_t vol, __global int4 *dims)
{
    dims[0] = get_image_dim(vol);
    dims[1] = (int4)(get_image_channel_order(vol), get_image_channel_data_type(vol), 0, 0);
}
