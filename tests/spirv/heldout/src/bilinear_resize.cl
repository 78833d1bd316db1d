// versions: 1.2 2.0 3.0
// Bilinear resize with a normalized, linear-filtering sampler passed as an argument; image sizes
// come from image queries.

__kernel void resize(__read_only image2d_t src, sampler_t s, __write_only image2d_t dst)
{
    int2 o = (int2)(get_global_id(0), get_global_id(1));
    int2 size = get_image_dim(dst);
    if (o.x >= size.x || o.y >= size.y)
        return;
    float2 uv = ((float2)(o.x, o.y) + 0.5f) / convert_float2(size);
    write_imagef(dst, o, read_imagef(src, s, uv));
}

__kernel void resize_u(__read_only image2d_t src, sampler_t s, __write_only image2d_t dst)
{
    int2 o = (int2)(get_global_id(0), get_global_id(1));
    float2 uv = (float2)(o.x, o.y) / (float2)(get_image_width(dst), get_image_height(dst));
    uint4 v = read_imageui(src, s, uv);
    write_imageui(dst, o, v.zyxw);
}
