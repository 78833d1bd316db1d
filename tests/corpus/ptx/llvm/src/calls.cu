// Device functions named like PTX instructions (LLVM prints every call over several
// lines), by-value vectors and structs, recursion and indirect calls.
#include "common.h"
extern "C" {
__device__ __noinline__ int add(int a, int b) { return a + b; }
__device__ __noinline__ int max(int a, int b) { return a > b ? a : b; }
__device__ __noinline__ float abs(float a) { return a < 0 ? -a : a; }
__device__ __noinline__ float sin(float a) { return a - a * a * a / 6.0f; }
__device__ __noinline__ void exit(int *p) { *p = 0; }
__device__ __noinline__ int mov(int a) { return a; }
__device__ __noinline__ int ld(const int *p) { return *p; }
__device__ __noinline__ void bar() { __syncthreads(); }
__device__ __noinline__ void ret() {}
__device__ __noinline__ int min(int a, int b) { return a < b ? a : b; }
__device__ __noinline__ float4 scale(float4 v, float s) { return v * s; }
__device__ __noinline__ int2 swap(int2 v) { return v.yx; }
__device__ __noinline__ double2 twice(double2 v) { return v + v; }
__device__ __noinline__ char4 bytes(char4 v, short2 w) { return v + (char)w.x; }
}
struct Pair { int a; float b; long long c; };
__device__ __noinline__ Pair make(int a, float b) { Pair p = {a, b, (long long)a * 3}; return p; }
__device__ __noinline__ long long sum(Pair p) { return p.a + (long long)p.b + p.c; }
__device__ __noinline__ unsigned fact(unsigned n) { return n < 2 ? 1 : n * fact(n - 1); }
typedef int (*binop)(int, int);
__device__ binop ops[3] = {add, max, min};

extern "C" __global__ void calls(int *out, float4 *vf, int2 *vi, double2 *vd, char4 *vc, int n) {
  int i = thread_index();
  int x = add(out[i], n);
  x = max(x, mov(i));
  x = min(x, ld(out + 1));
  out[i] = x + ops[i % 3](x, n);
  vf[i] = scale(vf[i], sin(abs((float)x)));
  vi[i] = swap(vi[i]);
  vd[i] = twice(vd[i]);
  vc[i] = bytes(vc[i], (short2){(short)n, 2});
  out[i + 1] = (int)sum(make(x, 2.5f)) + fact(n);
  bar();
  if (n == 0) exit(out);
  ret();
}
