// Device function calls, recursion, function pointers, printf, launch bounds, initialised globals.
#include <cstdio>

__constant__ float c_coeffs[4] = {1.0f, 0.5f, 0.25f, 0.125f};
__constant__ int c_lut[8] = {3, 1, 4, 1, 5, 9, 2, 6};
__device__ int g_table[] = {10, 20, 30, 40, 50, 60, 70, 80, 90, 100};
__device__ double g_weights[3] = {0.25, 0.5, 0.25};
__device__ unsigned long long g_counter = 0;
__device__ const char g_name[] = "speclint";
__device__ float g_uninit[64];

__device__ __noinline__ float poly(float x) {
  return ((c_coeffs[3] * x + c_coeffs[2]) * x + c_coeffs[1]) * x + c_coeffs[0];
}

__device__ __noinline__ int lookup(int i, int j, const int *arr) {
  return arr[(i + j) & 7] + g_table[(i * j) % 10];
}

__device__ __noinline__ double weighted(const double *v, int n) {
  double s = 0.0;
  for (int i = 0; i < n; ++i) s += v[i] * g_weights[i % 3];
  return s;
}

__device__ __noinline__ float4 scale4(float4 v, float s) { return make_float4(v.x * s, v.y * s, v.z * s, v.w * s); }

__device__ __noinline__ unsigned fib(unsigned n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }

__device__ __noinline__ int ackermann_small(int m, int n) {
  if (m == 0) return n + 1;
  if (n == 0) return ackermann_small(m - 1, 1);
  return ackermann_small(m - 1, ackermann_small(m, n - 1));
}

typedef float (*unary_fn)(float);
__device__ float op_sq(float x) { return x * x; }
__device__ float op_neg(float x) { return -x; }
__device__ float op_half(float x) { return 0.5f * x; }
__device__ unary_fn g_ops[3] = {op_sq, op_neg, op_half};

typedef int (*binop_fn)(int, int);
__device__ int op_add(int a, int b) { return a + b; }
__device__ int op_mul(int a, int b) { return a * b; }

extern "C" __global__ void __launch_bounds__(256, 2)
call_kernel(const float *__restrict__ in, float *__restrict__ out, const double *__restrict__ dv,
            float4 *__restrict__ v4, int sel, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float x = in[i];
  unary_fn f = g_ops[(sel + i) % 3];
  binop_fn b = (sel & 1) ? op_add : op_mul;
  float r = poly(x) + f(x) + (float)lookup(i, sel, c_lut) + (float)b(i, sel);
  r += (float)weighted(dv + (i % 16), 8) + (float)fib(i & 7) + (float)ackermann_small(1, i & 3);
  v4[i] = scale4(v4[i], r);
  out[i] = r + g_uninit[i & 63];
  atomicAdd(&g_counter, 1ull);
}

extern "C" __global__ void __launch_bounds__(128) printf_kernel(const int *vals, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n && vals[i] < 0) printf("%s: negative value %d at %d (block %d), f=%f\n", g_name, vals[i], i, blockIdx.x, (double)poly(1.0f));
  if (i == 0) printf("done\n");
}

extern "C" __global__ void __maxnreg__(32) maxnreg_kernel(float *data, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) data[i] = poly(data[i]) * op_half(data[i]);
}

extern "C" __global__ void __launch_bounds__(512, 1) trap_kernel(int *p) {
  if (p == nullptr) __trap();
  if (*p == 0xdead) __brkpt();
  __nanosleep(100);
  *p = (int)(clock64() & 0xff) + (int)(unsigned)clock();
}

// A C++ template instantiated in several places (weak linkage under -rdc).
template <typename T, int N>
__device__ __noinline__ T tsum(const T *p) {
  T s = T(0);
#pragma unroll
  for (int k = 0; k < N; ++k) s += p[k];
  return s;
}

template <typename T>
__global__ void tkernel(const T *in, T *out) {
  out[threadIdx.x] = tsum<T, 4>(in + threadIdx.x) + tsum<T, 2>(in);
}
template __global__ void tkernel<float>(const float *, float *);
template __global__ void tkernel<int>(const int *, int *);
template __global__ void tkernel<double>(const double *, double *);
