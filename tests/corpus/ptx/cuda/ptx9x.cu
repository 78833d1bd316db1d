// PTX ISA 9.1-9.5 features as nvcc 13.5 emits them for the Blackwell and Rubin targets
// (sm_100*, sm_103a, sm_107f, sm_110f, sm_120*, sm_121a): SIMD video intrinsics, narrow
// floating-point conversions (cuda_fp8/fp6/fp4), packed-byte arithmetic through inline asm
// on the targets that have it, and cuda::ptx wrappers of the 9.4/9.5 fences and prefetches.
#include <cuda_fp8.h>
#include <cuda_fp6.h>
#include <cuda_fp4.h>
#include <cuda_bf16.h>
#include <cuda/ptx>

__global__ void simd(unsigned* o, const unsigned* a, const unsigned* b) {
  int i = threadIdx.x;
  unsigned x = a[i], y = b[i];
  unsigned* r = o + i * 24;
  r[0] = __vadd4(x, y);   r[1] = __vaddss4(x, y); r[2] = __vaddus4(x, y);
  r[3] = __vsub4(x, y);   r[4] = __vsubss4(x, y); r[5] = __vsubus4(x, y);
  r[6] = __vmaxs4(x, y);  r[7] = __vmaxu4(x, y);  r[8] = __vmins4(x, y);
  r[9] = __vminu4(x, y);  r[10] = __vneg4(x);     r[11] = __vabsdiffs4(x, y);
  r[12] = __vadd2(x, y);  r[13] = __vaddss2(x, y); r[14] = __vaddus2(x, y);
  r[15] = __vsub2(x, y);  r[16] = __vmaxs2(x, y); r[17] = __vminu2(x, y);
  r[18] = __viaddmax_s16x2(x, y, x); r[19] = __vimax3_s16x2_relu(x, y, x);
#if (defined(__CUDA_ARCH_FAMILY_SPECIFIC__) && \
     ((__CUDA_ARCH_FAMILY_SPECIFIC__ >= 1200 && __CUDA_ARCH_FAMILY_SPECIFIC__ < 1300) || \
      __CUDA_ARCH_FAMILY_SPECIFIC__ == 1070))
  unsigned s;
  asm("add.sat.s8x4 %0, %1, %2;" : "=r"(s) : "r"(x), "r"(y));
  r[20] = s;
  asm("add.sat.u16x2 %0, %1, %2;" : "=r"(s) : "r"(x), "r"(y));
  r[21] = s;
  asm("sub.sat.u8x4 %0, %1, %2;" : "=r"(s) : "r"(x), "r"(y));
  r[22] = s;
  asm("max.relu.s8x4 %0, %1, %2;" : "=r"(s) : "r"(x), "r"(y));
  r[23] = s;
#endif
}

__global__ void narrow(__nv_fp8x2_storage_t* o8, __nv_fp6x2_storage_t* o6, __nv_fp4x2_storage_t* o4,
                       const __nv_bfloat162* b, const __half2* h, const float2* f) {
  int i = threadIdx.x;
  __nv_bfloat162_raw braw = *(const __nv_bfloat162_raw*)&b[i];
  __half2_raw hraw = *(const __half2_raw*)&h[i];
  o8[i] = __nv_cvt_bfloat16raw2_to_fp8x2(braw, __NV_SATFINITE, __NV_E4M3);
  o8[i + 64] = __nv_cvt_halfraw2_to_fp8x2(hraw, __NV_SATFINITE, __NV_E5M2);
  o8[i + 128] = __nv_cvt_float2_to_fp8x2(f[i], __NV_SATFINITE, __NV_E4M3);
  o6[i] = __nv_cvt_float2_to_fp6x2(f[i], __NV_E2M3, cudaRoundNearest);
  o6[i + 64] = __nv_cvt_halfraw2_to_fp6x2(hraw, __NV_E3M2, cudaRoundNearest);
  o6[i + 128] = __nv_cvt_bfloat16raw2_to_fp6x2(braw, __NV_E2M3, cudaRoundNearest);
  o4[i] = __nv_cvt_float2_to_fp4x2(f[i], __NV_E2M1, cudaRoundNearest);
  o4[i + 64] = __nv_cvt_bfloat16raw2_to_fp4x2(braw, __NV_E2M1, cudaRoundNearest);
  o4[i + 128] = __nv_cvt_halfraw2_to_fp4x2(hraw, __NV_E2M1, cudaRoundNearest);
}

__global__ void fences(const float* g, float* out) {
#if __CUDA_ARCH__ >= 900 && __cccl_ptx_isa >= 950
  cuda::ptx::prefetch_L1_32B(g + threadIdx.x);
  cuda::ptx::fence_proxy_alias(cuda::ptx::sem_release);
  cuda::ptx::fence_proxy_alias(cuda::ptx::sem_acquire);
#endif
  out[threadIdx.x] = g[threadIdx.x] * 2.0f;
}
