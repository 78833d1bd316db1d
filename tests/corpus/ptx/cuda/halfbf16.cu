// Half and bfloat16 arithmetic.
#include <cuda_fp16.h>
#include <cuda_bf16.h>

extern "C" __global__ void half_ops(const __half2 *__restrict__ a, const __half2 *__restrict__ b,
                                    __half2 *__restrict__ out, __half *__restrict__ sout, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  __half2 x = a[i], y = b[i];
  __half2 r = __hadd2(x, y);
  r = __hfma2(r, x, y);
  r = __hmul2(r, __hsub2(x, y));
  r = __hadd2(r, h2exp2(x));
  r = __hadd2(r, h2sqrt(__habs2(y)));
  r = __hadd2(r, h2rcp(__hadd2(y, __float2half2_rn(2.0f))));
  r = __hadd2(r, h2sin(x));
  r = __hmax2(r, __hmin2(x, y));
  r = __hadd2_sat(r, __hneg2(y));
  __half s = __hadd(__low2half(r), __high2half(r));
  s = __hfma(s, __float2half(0.5f), hexp(__low2half(x)));
  s = __hlt(s, __ushort_as_half(0)) ? __hneg(s) : s;
  float f = __half2float(s) + __low2float(x) * __high2float(y);
  out[i] = r;
  sout[i] = __float2half_rz(f);
}

extern "C" __global__ void bf16_ops(const __nv_bfloat162 *__restrict__ a,
                                    const __nv_bfloat162 *__restrict__ b,
                                    __nv_bfloat162 *__restrict__ out, float *__restrict__ fout, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  __nv_bfloat162 x = a[i], y = b[i];
  __nv_bfloat162 r = __hadd2(x, y);
#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 800
  r = __hfma2(r, x, y);
#else
  r = __hadd2(__hmul2(r, x), y);
#endif
  r = __hmul2(r, __hsub2(x, y));
  r = __hmax2(r, __hmin2(x, y));
  r = __hadd2(r, h2exp2(x));
  r = __hadd2(r, h2rsqrt(__habs2(y)));
  __nv_bfloat16 s = __hadd(__low2bfloat16(r), __high2bfloat16(r));
  float f = __bfloat162float(s) + __low2float(x) * __high2float(y);
  out[i] = r;
  fout[i] = tanhf(f) + __bfloat162float(__float2bfloat16_rn(f * 3.0f));
}

extern "C" __global__ void convert_ops(const float *__restrict__ in, __half *__restrict__ h,
                                       __nv_bfloat16 *__restrict__ bf, int *__restrict__ iv,
                                       unsigned long long *__restrict__ u64, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float x = in[i];
  h[i] = __float2half_rn(x);
  bf[i] = __float2bfloat16_rz(x);
  iv[i] = __half2int_rn(__float2half(x)) + __float2int_rd(x) + (int)__bfloat162float(bf[i]);
  u64[i] = __float2ull_ru(fabsf(x)) + __double2ull_rz((double)x * 3.0);
}
