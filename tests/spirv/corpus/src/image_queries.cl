// versions: 1.2 2.0 3.0
// variants: spir32
// Image queries: width/height/depth/dim and channel order and data type, for every image type.

__kernel void query_2d(__read_only image2d_t img, __global int *out)
{
    out[0] = get_image_width(img);
    out[1] = get_image_height(img);
    out[2] = get_image_channel_data_type(img);
    out[3] = get_image_channel_order(img);
    int2 d = get_image_dim(img);
    out[4] = d.x * d.y;
    out[5] = get_image_channel_order(img) == CLK_RGBA;
    out[6] = get_image_channel_data_type(img) == CLK_UNORM_INT8;
}

__kernel void query_3d(__write_only image3d_t img, __global int *out)
{
    int4 d = get_image_dim(img);
    out[0] = d.x + d.y + d.z;
    out[1] = get_image_depth(img);
}

__kernel void query_1d(__read_only image1d_t a, __read_only image1d_buffer_t b,
                       __write_only image1d_t c, __global int *out)
{
    out[0] = get_image_width(a);
    out[1] = get_image_width(b);
    out[2] = get_image_width(c);
    out[3] = get_image_channel_order(b);
    out[4] = get_image_channel_data_type(c);
}

__kernel void classify_format(__read_only image2d_t img, __global int *kind)
{
    switch (get_image_channel_data_type(img)) {
    case CLK_FLOAT:
    case CLK_HALF_FLOAT:
        *kind = 1;
        break;
    case CLK_SIGNED_INT8:
    case CLK_SIGNED_INT16:
    case CLK_SIGNED_INT32:
        *kind = 2;
        break;
    case CLK_UNSIGNED_INT8:
    case CLK_UNSIGNED_INT16:
    case CLK_UNSIGNED_INT32:
        *kind = 3;
        break;
    default:
        *kind = 0;
    }
}
