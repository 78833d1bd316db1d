// Arithmetic the NVPTX back end maps to PTX instructions: approximate and rounded float
// math, integer bit manipulation, conversions, min/max, fused multiply-add.
#include "common.h"
extern "C" __global__ void fmath(float *f, double *d, int n) {
  int i = thread_index();
  float x = f[i];
  float y = __nvvm_sin_approx_f(x) + __nvvm_cos_approx_ftz_f(x) + __nvvm_ex2_approx_f(x);
  y += __nvvm_lg2_approx_f(x) + __nvvm_rsqrt_approx_f(x) + __nvvm_sqrt_rn_f(x);
  y += __nvvm_div_rn_f(x, y) + __nvvm_div_approx_f(y, 3.0f) + __nvvm_rcp_rn_f(x);
  y = __nvvm_fma_rn_f(x, y, 1.0f) + __nvvm_fmin_f(x, y) + __nvvm_fmax_ftz_f(x, y);
  y = __nvvm_saturate_f(y) + __nvvm_fabs_f(x) + __nvvm_floor_f(y) + __nvvm_ceil_f(x);
  y += __nvvm_trunc_f(x) + __nvvm_round_f(y);
  f[i] = y / x;
  double a = d[i];
  double b = __nvvm_sqrt_rn_d(a) + __nvvm_rcp_rn_d(a) + __nvvm_fma_rz_d(a, a, 1.0);
  b += __nvvm_div_rm_d(a, b) + __nvvm_fmin_d(a, b) + __nvvm_rsqrt_approx_d(a);
  d[i] = b / a + (double)x;
  f[i + n] = (float)b + (float)(long long)a;
}
extern "C" __global__ void imath(int *p, unsigned *u, long long *l, int n) {
  int i = thread_index();
  int a = p[i];
  unsigned b = u[i];
  p[i] = __builtin_popcount(a) + __builtin_clz(a) + __builtin_bitreverse32(b) + __nvvm_mulhi_i(a, n);
  u[i] = __nvvm_mulhi_ui(b, 7u) + __nvvm_sad_ui(b, 3u, 1u) + __nvvm_prmt(b, 0x1234u, 0x3210u);
  u[i + 1] = (b << (n & 31)) | (b >> ((32 - n) & 31));
  l[i] = __builtin_popcountll(l[i]) + __builtin_clzll(l[i]) + (long long)__builtin_bitreverse64(l[i]) + __nvvm_mul24_i(a, n);
  l[i + 1] = l[i] / n + l[i] % 7 + (long long)b * a;
  p[i + 1] = a / n + (int)(b % (unsigned)n) + (a < n ? a : n) + (b > 3u ? b : 3u);
  p[i + 2] = __nvvm_f2i_rz(1.5f * a) + __nvvm_d2i_rn(2.5 * a) + (int)__nvvm_f2ui_rm(0.5f * a);
  p[i + 3] = (short)a * (short)n + (unsigned char)b;
}
