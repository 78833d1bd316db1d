// printf, half/double conversions, a struct by value, local memory, atomics, a
// barrier, and infinities/NaNs (spirv-dis writes those as hexadecimal floats).
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
typedef struct { int a; float b; } S;
constant float table[4] = {1.5f, -2.0f, 1e-10f, 3.0f};
__kernel __attribute__((reqd_work_group_size(8,1,1))) void k(__global float *out, __global const float *in, int n, __local int *scratch, S s) {
  size_t i = get_global_id(0);
  float x = in[i];
  half h = (half)x;
  double d = (double)x * 0.1;
  out[i] = x / 0.0f + sqrt(x) + table[i & 3] + INFINITY + NAN + (float)h + (float)d + s.b;
  scratch[get_local_id(0)] = atomic_add((volatile __global int*)out, n);
  barrier(CLK_LOCAL_MEM_FENCE);
  if (i == 0) printf("hello \"%d\" %f\n", n, x);
  out[0] = -INFINITY + (float)(1.0/0.0) + HUGE_VALF + MAXFLOAT;
}
