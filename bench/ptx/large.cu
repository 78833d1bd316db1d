// Benchmark input generator for speclint: many template instantiations of fully unrolled
// kernels, producing a multi-megabyte PTX file (see generate.sh).
#include <cuda_fp16.h>
#include <cstdint>

// Register-blocked micro GEMM: each thread computes an RM x RN tile, K fully unrolled.
template <typename T, int RM, int RN, int K>
__global__ void __launch_bounds__(128) micro_gemm(const T *__restrict__ A, const T *__restrict__ B,
                                                  T *__restrict__ C, int lda, int ldb, int ldc) {
  T acc[RM][RN];
#pragma unroll
  for (int i = 0; i < RM; ++i)
#pragma unroll
    for (int j = 0; j < RN; ++j) acc[i][j] = T(0);
  const int row = (blockIdx.y * blockDim.y + threadIdx.y) * RM;
  const int col = (blockIdx.x * blockDim.x + threadIdx.x) * RN;
#pragma unroll
  for (int k = 0; k < K; ++k) {
    T a[RM], b[RN];
#pragma unroll
    for (int i = 0; i < RM; ++i) a[i] = A[(row + i) * lda + k];
#pragma unroll
    for (int j = 0; j < RN; ++j) b[j] = B[k * ldb + col + j];
#pragma unroll
    for (int i = 0; i < RM; ++i)
#pragma unroll
      for (int j = 0; j < RN; ++j) acc[i][j] += a[i] * b[j];
  }
#pragma unroll
  for (int i = 0; i < RM; ++i)
#pragma unroll
    for (int j = 0; j < RN; ++j) C[(row + i) * ldc + col + j] = acc[i][j];
}

// FIR filter with TAPS taps in shared memory, fully unrolled.
template <int TAPS, int PER_THREAD>
__global__ void fir(const float *__restrict__ x, const float *__restrict__ h, float *__restrict__ y, int n) {
  __shared__ float sh[TAPS];
  __shared__ float sx[256 * PER_THREAD + TAPS];
  for (int t = threadIdx.x; t < TAPS; t += blockDim.x) sh[t] = h[t];
  const int base = blockIdx.x * blockDim.x * PER_THREAD;
  for (int t = threadIdx.x; t < (int)blockDim.x * PER_THREAD + TAPS; t += blockDim.x)
    sx[t] = (base + t < n) ? x[base + t] : 0.f;
  __syncthreads();
#pragma unroll
  for (int p = 0; p < PER_THREAD; ++p) {
    const int o = threadIdx.x * PER_THREAD + p;
    float acc = 0.f;
#pragma unroll
    for (int t = 0; t < TAPS; ++t) acc = fmaf(sh[t], sx[o + t], acc);
    if (base + o < n) y[base + o] = acc;
  }
}

// Bitonic sort network within a thread's registers, fully unrolled.
template <typename T, int N>
__global__ void reg_sort(T *__restrict__ data) {
  T v[N];
  T *p = data + (size_t)(blockIdx.x * blockDim.x + threadIdx.x) * N;
#pragma unroll
  for (int i = 0; i < N; ++i) v[i] = p[i];
#pragma unroll
  for (int k = 2; k <= N; k <<= 1)
#pragma unroll
    for (int j = k >> 1; j > 0; j >>= 1)
#pragma unroll
      for (int i = 0; i < N; ++i) {
        int l = i ^ j;
        if (l > i) {
          bool up = (i & k) == 0;
          T a = v[i], b = v[l];
          bool sw = up ? (a > b) : (a < b);
          v[i] = sw ? b : a;
          v[l] = sw ? a : b;
        }
      }
#pragma unroll
  for (int i = 0; i < N; ++i) p[i] = v[i];
}

// Hash mixing rounds (integer-heavy), unrolled.
template <int ROUNDS, unsigned SEED>
__global__ void hash_mix(const uint32_t *__restrict__ in, uint32_t *__restrict__ out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  uint32_t a = in[i] ^ SEED, b = 0x9E3779B9u + SEED, c = (uint32_t)i;
#pragma unroll
  for (int r = 0; r < ROUNDS; ++r) {
    a -= c; a ^= __funnelshift_l(c, c, 4); c += b;
    b -= a; b ^= __funnelshift_l(a, a, 6); a += c;
    c -= b; c ^= __funnelshift_l(b, b, 8); b += a;
    a = __byte_perm(a, b, 0x5140u + r);
    b = b * 0x85EBCA6Bu + __popc(c);
  }
  out[i] = a ^ b ^ c;
}

// Polynomial / transcendental evaluation chain in half2 and float.
template <int DEG>
__global__ void poly_eval(const __half2 *__restrict__ xs, __half2 *__restrict__ ys, float *__restrict__ fs, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  __half2 x = xs[i];
  __half2 acc = __float2half2_rn(1.0f);
  float fx = __low2float(x), facc = 0.f;
#pragma unroll
  for (int d = 1; d <= DEG; ++d) {
    acc = __hfma2(acc, x, __float2half2_rn(1.0f / d));
    facc = fmaf(facc, fx, __sinf(fx * d) + __expf(-fx * d * 0.01f));
  }
  ys[i] = acc;
  fs[i] = facc;
}

#define GEMM(T, RM, RN, K) template __global__ void micro_gemm<T, RM, RN, K>(const T *, const T *, T *, int, int, int);
#define GEMM_K(T, RM, RN) GEMM(T, RM, RN, 8) GEMM(T, RM, RN, 16) GEMM(T, RM, RN, 32)
GEMM_K(float, 2, 2) GEMM_K(float, 2, 4) GEMM_K(float, 4, 2) GEMM_K(float, 4, 4) GEMM_K(float, 4, 8) GEMM_K(float, 8, 4)
GEMM_K(float, 8, 8)
GEMM_K(double, 2, 2) GEMM_K(double, 2, 4) GEMM_K(double, 4, 4) GEMM_K(double, 4, 8)
GEMM_K(int, 2, 2) GEMM_K(int, 4, 4) GEMM_K(int, 4, 8) GEMM_K(int, 8, 8)

#define FIR(T, P) template __global__ void fir<T, P>(const float *, const float *, float *, int);
FIR(8, 1) FIR(8, 2) FIR(8, 4) FIR(16, 1) FIR(16, 2) FIR(16, 4) FIR(32, 1) FIR(32, 2) FIR(32, 4)
FIR(64, 1) FIR(64, 2) FIR(64, 4) FIR(128, 1) FIR(128, 2)

#define SORT(T, N) template __global__ void reg_sort<T, N>(T *);
SORT(int, 8) SORT(int, 16) SORT(int, 32) SORT(float, 8) SORT(float, 16) SORT(float, 32)
SORT(unsigned, 16) SORT(unsigned, 32) SORT(double, 16) SORT(double, 32) SORT(long long, 16)

#define HASH(R, S) template __global__ void hash_mix<R, S>(const uint32_t *, uint32_t *, int);
HASH(4, 1u) HASH(8, 2u) HASH(16, 3u) HASH(32, 4u) HASH(64, 5u) HASH(64, 6u) HASH(128, 7u) HASH(128, 8u)

#define POLY(D) template __global__ void poly_eval<D>(const __half2 *, __half2 *, float *, int);
POLY(4) POLY(8) POLY(16) POLY(32) POLY(64)

// Larger K for a subset of shapes.
GEMM(float, 4, 4, 64) GEMM(float, 8, 8, 64) GEMM(float, 4, 8, 64) GEMM(double, 4, 4, 64) GEMM(int, 4, 4, 64)
GEMM(float, 2, 8, 32) GEMM(float, 8, 2, 32) GEMM(double, 8, 4, 16) GEMM(double, 8, 8, 16)
FIR(128, 4) FIR(256, 1) FIR(256, 2) FIR(24, 3) FIR(48, 3) FIR(96, 3)
SORT(unsigned, 8) SORT(long long, 32) SORT(short, 16) SORT(short, 32)
HASH(256, 9u) HASH(256, 10u) HASH(16, 11u) HASH(32, 12u)
POLY(12) POLY(24) POLY(48) POLY(96)
GEMM(float, 8, 4, 64) GEMM(int, 4, 8, 64) GEMM(float, 2, 4, 64)
GEMM(float, 4, 4, 128) GEMM(double, 2, 8, 64)
