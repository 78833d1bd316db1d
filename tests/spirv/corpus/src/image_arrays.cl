// versions: 1.2 2.0 3.0
// 1D and 2D image arrays: per-layer reads, writes and array-size queries.

__constant sampler_t smp = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_NONE | CLK_FILTER_NEAREST;

__kernel void average_layers(__read_only image2d_array_t layers, __write_only image2d_t dst)
{
    int2 p = (int2)(get_global_id(0), get_global_id(1));
    int n = (int)get_image_array_size(layers);
    float4 acc = (float4)(0.0f);
    for (int l = 0; l < n; ++l)
        acc += read_imagef(layers, smp, (int4)(p, l, 0));
    write_imagef(dst, p, acc / (float)n);
}

__kernel void scatter_to_layers(__read_only image2d_t src, __write_only image2d_array_t dst)
{
    int2 p = (int2)(get_global_id(0), get_global_id(1));
    float4 v = read_imagef(src, smp, p);
    write_imagef(dst, (int4)(p, p.x & 3, 0), v);
}

__kernel void rows_1d_array(__read_only image1d_array_t rows, __write_only image1d_array_t out)
{
    int x = (int)get_global_id(0);
    int row = (int)get_global_id(1);
    uint4 v = read_imageui(rows, smp, (int2)(x, row));
    write_imageui(out, (int2)(x, row), v.wzyx);
}

__kernel void array_sizes(__read_only image1d_array_t a, __read_only image2d_array_t b,
                          __global size_t *out)
{
    out[0] = get_image_array_size(a);
    out[1] = get_image_array_size(b);
    out[2] = (size_t)get_image_width(a);
    int2 d = get_image_dim(b);
    out[3] = (size_t)(d.x * d.y);
}
