// versions: 1.2 2.0 3.0
// extensions: +cl_khr_fp64
// A radix-2 FFT butterfly stage and a dot product in double precision.
#pragma OPENCL EXTENSION cl_khr_fp64 : enable

__kernel void butterfly(__global double2 *data, int half_size, int stride)
{
    int i = get_global_id(0);
    int pair = (i / half_size) * 2 * half_size + i % half_size;
    double angle = -M_PI * (i % half_size) / half_size;
    double2 w = (double2)(cos(angle), sin(angle));
    double2 a = data[pair], b = data[pair + half_size];
    double2 t = (double2)(b.x * w.x - b.y * w.y, b.x * w.y + b.y * w.x);
    data[pair] = a + t;
    data[pair + half_size] = a - t;
}

__kernel void ddot(__global const double *a, __global const double *b, __global double *out, int n)
{
    double s = 0.0;
    for (int i = get_global_id(0); i < n; i += get_global_size(0))
        s = fma(a[i], b[i], s);
    out[get_global_id(0)] = s;
}
