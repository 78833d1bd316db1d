// 64- and 128-bit integers, 16-bit halves, mixed-width arithmetic and conversions.
#include "common.h"
extern "C" __global__ void wide(unsigned long long *u, long long *s, unsigned __int128 *w,
                                __fp16 *h, float *f, int n) {
  int i = thread_index();
  unsigned __int128 x = (unsigned __int128)u[i] * u[i + 1] + w[i];
  w[i] = (x << 7) | (x >> 121);
  u[i] = (unsigned long long)(x >> 64) + __nvvm_mulhi_ull(u[i], 3ull);
  s[i] = s[i] >> (n & 63);
  __fp16 a = h[i], b = h[i + 1];
  h[i] = a * b + 1.0f;
  f[i] = (float)(a - b) + (float)s[i] + (float)u[i];
  h[i + 2] = (__fp16)f[i + 1];
}
