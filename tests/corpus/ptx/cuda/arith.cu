// Integer / float / double arithmetic and math intrinsics.
#include <cstdint>

__device__ __forceinline__ unsigned rotl32(unsigned x, int r) { return (x << r) | (x >> (32 - r)); }

extern "C" __global__ void int_ops(const int *__restrict__ a, const int *__restrict__ b,
                                   int *__restrict__ out, unsigned *__restrict__ uout,
                                   long long *__restrict__ lout, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int x = a[i], y = b[i];
  int r = x * y + (x >> 3) - (y << 2);
  r ^= __popc(x) + __clz(y) + __ffs(x | 1);
  r += __mulhi(x, y) + __sad(x, y, 7u);
  r += min(x, y) * max(x, y) + abs(x - y);
  r += (y != 0) ? x / y + x % y : 0;
  unsigned u = (unsigned)x;
  u = rotl32(u, 13) ^ __brev(u) ^ __byte_perm(u, (unsigned)y, 0x3210u);
  u += __umulhi(u, 0x9E3779B9u) + __funnelshift_l(u, (unsigned)y, 7) + __funnelshift_rc(u, (unsigned)y, 11);
  u = __vadd4(u, (unsigned)y) ^ __vabsdiffu4(u, (unsigned)x);
  long long l = (long long)x * (long long)y;
  l += __mul64hi(l, 0x123456789LL) + __popcll((unsigned long long)l) + __clzll(l);
  l = (l < 0) ? -l : l;
  out[i] = r;
#ifndef __CUDACC_DEBUG__
  uout[i] = u + __dp4a(x, y, 0);
#else
  uout[i] = u; // __dp4a is rejected by nvcc 13.5 under -G ("unsupported operation")
#endif
  lout[i] = l / 3 + l % 1000003;
}

extern "C" __global__ void float_ops(const float *__restrict__ a, const float *__restrict__ b,
                                     float *__restrict__ out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float x = a[i], y = b[i];
  float r = fmaf(x, y, 1.0f);
  r += __frcp_rn(y) + __fdividef(x, y + 2.0f) + x / y;
  r += exp2f(x) + __expf(y) + expf(x * 0.5f) + logf(fabsf(y) + 1.0f) + __logf(fabsf(x) + 1.0f);
  r += sinf(x) * cosf(y) + __sinf(y) + __cosf(x) + tanf(x * 0.1f);
  r += rsqrtf(fabsf(x) + 1e-3f) + sqrtf(fabsf(y)) + __fsqrt_rn(fabsf(x)) + cbrtf(y);
  r += tanhf(x) + atan2f(y, x) + powf(fabsf(x), 1.5f) + erff(y) + hypotf(x, y);
  r += __fadd_rz(x, y) + __fmul_ru(x, y) + __fmaf_rd(x, y, r) + __saturatef(x);
  r += fminf(x, y) + fmaxf(x, y) + copysignf(x, y) + floorf(y) + ceilf(x) + truncf(y) + rintf(x);
  r += (float)__float2int_rn(x) + (float)__float2uint_rz(fabsf(y)) + __int_as_float(__float_as_int(x) & 0x7fffffff);
  out[i] = isnan(r) ? 0.0f : (isinf(r) ? 1.0f : r);
}

extern "C" __global__ void double_ops(const double *__restrict__ a, const double *__restrict__ b,
                                      double *__restrict__ out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  double x = a[i], y = b[i];
  double r = fma(x, y, 1.0);
  r += x / y + __drcp_rn(y) + sqrt(fabs(x)) + rsqrt(fabs(y) + 1.0);
  r += exp(x) + log1p(fabs(y)) + sin(x) + cos(y) + pow(fabs(x), 0.75);
  r += __dadd_rn(x, y) + __dmul_rz(x, y) + __fma_ru(x, y, r);
  r += (double)__double2float_rn(x) + (double)__double2ll_rn(y) + __hiloint2double(__double2hiint(x), 7);
  out[i] = r;
}

// Long loop kernel: a small fixed-point iteration with predication-heavy code.
extern "C" __global__ void mandel(unsigned char *__restrict__ img, int w, int h, int max_iter) {
  int px = blockIdx.x * blockDim.x + threadIdx.x;
  int py = blockIdx.y * blockDim.y + threadIdx.y;
  if (px >= w || py >= h) return;
  float cx = -2.0f + 3.0f * px / w, cy = -1.5f + 3.0f * py / h;
  float zx = 0.f, zy = 0.f;
  int it = 0;
  for (; it < max_iter; ++it) {
    float t = zx * zx - zy * zy + cx;
    zy = 2.f * zx * zy + cy;
    zx = t;
    if (zx * zx + zy * zy > 4.f) break;
  }
  img[py * w + px] = (unsigned char)(it & 0xff);
}
