// versions: 1.2 2.0 3.0
// Half storage without cl_khr_fp16: vload_half / vstore_half_rte over float data.

__kernel void pack(__global const float *in, __global half *out)
{
    size_t i = get_global_id(0);
    vstore_half_rte(in[i] * 2.0f, i, out);
    vstore_half4(vload4(i, in), i + 64, out);
}

__kernel void unpack(__global const half *in, __global float4 *out)
{
    size_t i = get_global_id(0);
    out[i] = vload_half4(i, in) + (float4)(vload_half(i, in));
}
