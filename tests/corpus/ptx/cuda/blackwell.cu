// sm_100a features (tensor memory through tcgen05) with portable fallbacks, plus
// fp8 conversions and fp8 mma.sync (sm_89+).
#include <cuda_fp8.h>
#include <cstdint>

extern "C" __global__ void fp8_convert(const float2 *__restrict__ in, __nv_fp8x2_storage_t *__restrict__ e4,
                                       __nv_fp8x2_storage_t *__restrict__ e5, float2 *__restrict__ back, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float2 v = in[i];
  __nv_fp8x2_storage_t a = __nv_cvt_float2_to_fp8x2(v, __NV_SATFINITE, __NV_E4M3);
  __nv_fp8x2_storage_t b = __nv_cvt_float2_to_fp8x2(v, __NV_SATFINITE, __NV_E5M2);
  e4[i] = a;
  e5[i] = b;
  __half2_raw h = __nv_cvt_fp8x2_to_halfraw2(a, __NV_E4M3);
  __half2 hh = h;
  back[i] = __half22float2(hh);
}

#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 890
extern "C" __global__ void mma_fp8(const uint32_t *__restrict__ A, const uint32_t *__restrict__ B, float *__restrict__ C) {
  int lane = threadIdx.x & 31;
  uint32_t a0 = A[lane * 4], a1 = A[lane * 4 + 1], a2 = A[lane * 4 + 2], a3 = A[lane * 4 + 3];
  uint32_t b0 = B[lane * 2], b1 = B[lane * 2 + 1];
  float d0 = 0.f, d1 = 0.f, d2 = 0.f, d3 = 0.f;
  asm volatile("mma.sync.aligned.m16n8k32.row.col.f32.e4m3.e5m2.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};"
               : "+f"(d0), "+f"(d1), "+f"(d2), "+f"(d3)
               : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1));
  C[lane * 4] = d0; C[lane * 4 + 1] = d1; C[lane * 4 + 2] = d2; C[lane * 4 + 3] = d3;
}
#endif

#if defined(__CUDA_ARCH_FEAT_SM100_ALL)
extern "C" __global__ void __launch_bounds__(128) tmem_roundtrip(const uint32_t *__restrict__ in, uint32_t *__restrict__ out) {
  __shared__ uint32_t tmem_base;
  unsigned warp = threadIdx.x / 32;
  if (warp == 0) {
    asm volatile("tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [%0], 32;"
                 ::"r"((unsigned)__cvta_generic_to_shared(&tmem_base)) : "memory");
    asm volatile("tcgen05.relinquish_alloc_permit.cta_group::1.sync.aligned;" ::: "memory");
  }
  asm volatile("tcgen05.fence::before_thread_sync;" ::: "memory");
  __syncthreads();
  asm volatile("tcgen05.fence::after_thread_sync;" ::: "memory");
  uint32_t taddr = tmem_base + ((warp * 32) << 16);
  uint32_t v = in[threadIdx.x];
  asm volatile("tcgen05.st.sync.aligned.32x32b.x1.b32 [%0], {%1};" ::"r"(taddr), "r"(v) : "memory");
  asm volatile("tcgen05.wait::st.sync.aligned;" ::: "memory");
  uint32_t r;
  asm volatile("tcgen05.ld.sync.aligned.32x32b.x1.b32 {%0}, [%1];" : "=r"(r) : "r"(taddr) : "memory");
  asm volatile("tcgen05.wait::ld.sync.aligned;" ::: "memory");
  out[threadIdx.x] = r + 1;
  __syncthreads();
  if (warp == 0) asm volatile("tcgen05.dealloc.cta_group::1.sync.aligned.b32 %0, 32;" ::"r"(tmem_base) : "memory");
}
#endif
