// Memory: volatile and non-coherent loads, local arrays (a stack frame), memcpy/memset,
// constant memory, 8/16-bit accesses, generic pointers into each space.
#include "common.h"
__constant__ float coefficients[16] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16};
__device__ int device_table[8] = {3, 1, 4, 1, 5, 9, 2, 6};
__device__ int *table_pointer = device_table;
__shared__ unsigned char bytes[256];
extern "C" __global__ void memory(float *out, volatile int *flag, const float *in, char *c,
                                  short *s, int n) {
  int i = thread_index();
  float local[24];
  for (int j = 0; j < 24; ++j) local[j] = in[(i + j) % n] * coefficients[j & 15];
  out[i] = local[n % 24] + local[(n + 3) % 24];
  while (*flag == 0) {}
  *flag = 0;
  out[i + 1] = __nvvm_ldg_f(in + i) + (float)__nvvm_ldg_i((const int *)in + 1);
  __builtin_memcpy(out + 64, in + 64, 64 * sizeof(float));
  __builtin_memset(c, 0, (unsigned)n);
  bytes[i & 255] = (unsigned char)c[i];
  sync_threads();
  s[i] = (short)(bytes[(i + 1) & 255] + table_pointer[i & 7] + s[i + 1]);
}
