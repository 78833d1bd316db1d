// Element-wise addition, the smallest useful kernel.
__kernel void vector_add(__global const float *a, __global const float *b,
                         __global float *out, uint n) {
  size_t i = get_global_id(0);
  if (i < n)
    out[i] = a[i] + b[i];
}
