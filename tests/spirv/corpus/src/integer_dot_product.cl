// versions: 3.0
// spirv-max-version: 1.4
// extensions: +cl_khr_integer_dot_product,+__opencl_c_integer_dot_product_input_4x8bit,+__opencl_c_integer_dot_product_input_4x8bit_packed
// spirv-ext: +SPV_KHR_integer_dot_product
// cl_khr_integer_dot_product: 4x8-bit dot products, vector and packed, with saturating accumulate.

__kernel void int8_gemv(__global const char4 *w, __global const char4 *x, __global int *y, int k4)
{
    size_t row = get_global_id(0);
    int acc = 0;
    for (int k = 0; k < k4; ++k)
        acc = dot_acc_sat(w[row * k4 + k], x[k], acc);
    y[row] = acc;
}

__kernel void mixed_sign(__global const uchar4 *a, __global const char4 *b, __global int *out,
                         __global uint *uout)
{
    size_t i = get_global_id(0);
    out[i] = dot(a[i], b[i]) + dot(b[i], a[i]);
    uout[i] = dot(a[i], a[i]);
}

__kernel void packed(__global const uint *a, __global const uint *b, __global int *s,
                     __global uint *u)
{
    size_t i = get_global_id(0);
    s[i] = dot_4x8packed_ss_int(a[i], b[i]) + dot_4x8packed_su_int(a[i], b[i]);
    u[i] = dot_4x8packed_uu_uint(a[i], b[i]);
    s[i] = dot_acc_sat_4x8packed_ss_int(a[i], b[i], s[i]);
}
