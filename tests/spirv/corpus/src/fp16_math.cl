// versions: 1.2 3.0
// extensions: +cl_khr_fp16
// OpenCL.std math on half and half vectors.
#pragma OPENCL EXTENSION cl_khr_fp16 : enable

__kernel void half_transcendentals(__global const half *x, __global half *out)
{
    size_t i = get_global_id(0);
    half v = x[i];
    out[8 * i + 0] = sin(v) + cos(v);
    out[8 * i + 1] = exp(v) - exp2(v);
    out[8 * i + 2] = log(fabs(v) + (half)1.0h);
    out[8 * i + 3] = sqrt(fabs(v)) * rsqrt(fabs(v) + (half)1.0h);
    out[8 * i + 4] = pow(fabs(v), (half)2.5h);
    out[8 * i + 5] = fma(v, v, (half)1.0h);
    out[8 * i + 6] = mad(v, (half)3.0h, (half)-1.0h);
    out[8 * i + 7] = tanh(v) + atan2(v, (half)1.0h);
}

__kernel void half_common(__global const half4 *x, __global half4 *out)
{
    half4 v = x[get_global_id(0)];
    half4 r = clamp(v, (half4)(-1.0h), (half4)(1.0h));
    r += mix(v, r, (half)0.25h);
    r += smoothstep((half4)(0.0h), (half4)(1.0h), v);
    r += sign(v) * step((half)0.5h, v);
    r += floor(v) + ceil(v) + rint(v) + trunc(v) + round(v);
    out[get_global_id(0)] = r;
}

__kernel void half_geometric(__global const half3 *a, __global const half3 *b, __global half4 *out)
{
    size_t i = get_global_id(0);
    half3 c = cross(a[i], b[i]);
    out[i] = (half4)(normalize(c), dot(a[i], b[i]) + length(c) + distance(a[i], b[i]));
}
