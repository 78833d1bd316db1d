// versions: 1.2 2.0 3.0
// variants: O0 spir32
// extensions: -cl_khr_fp16
// half used only as a storage format (no cl_khr_fp16): vload_half / vstore_half with roundings.

__kernel void widen(__global const half *in, __global float *out)
{
    size_t i = get_global_id(0);
    out[i] = vload_half(i, in);
}

__kernel void narrow_roundings(__global const float *in, __global half *out)
{
    size_t i = get_global_id(0);
    float v = in[i];
    vstore_half(v, 5 * i + 0, out);
    vstore_half_rte(v, 5 * i + 1, out);
    vstore_half_rtz(v, 5 * i + 2, out);
    vstore_half_rtp(v, 5 * i + 3, out);
    vstore_half_rtn(v, 5 * i + 4, out);
}

__kernel void vector_halves(__global const half *in, __global half *out, __local half *scratch)
{
    size_t i = get_global_id(0);
    float4 a = vload_half4(i, in);
    float8 b = vloada_half8(i, in);
    float2 c = vload_half2(i, (__local const half *)scratch);
    vstore_half4_rtz(a * 2.0f, i, out);
    vstorea_half8_rte(b + 1.0f, i, out);
    vstore_half2(c, i, scratch);
    vstore_half16(vload_half16(i, in), i + 64, out);
    vstore_half3(vload_half3(i, in), i, out + 512);
}

// Variables of type half are not allowed without cl_khr_fp16, so the staging area is global.
__kernel void staged_halves(__global float4 *out, __global half *tmp)
{
    float4 v = (float4)(1.5f, -2.25f, 65504.0f, 1e-8f);
    size_t slot = 2 * get_global_id(0);
    vstore_half4(v, slot, tmp);
    vstorea_half4_rtp(v * 3.0f, slot + 1, tmp);
    out[get_global_id(0)] = vload_half4(slot, tmp) + vloada_half4(slot + 1, tmp);
}
