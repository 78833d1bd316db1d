// Blackwell tensor memory and 5th-generation tensor cores on sm_100a through CCCL's cuda::ptx
// wrappers: tcgen05.alloc/dealloc/relinquish_alloc_permit (cta_group::1 and ::2), tcgen05.mma
// of every kind (f16, tf32, f8f6f4, i8) with A from shared-memory descriptors and from tensor
// memory, tcgen05.mma.ws, tcgen05.commit (plain and multicast), tcgen05.cp of each shape,
// tcgen05.shift, tcgen05.ld/st of every shape with .pack/.unpack, tcgen05.wait and fences.
#include <cuda/ptx>
#include <cstdint>
namespace ptx = cuda::ptx;
using K = cuda::ptx::dot_kind;

#if defined(__CUDA_ARCH_FEAT_SM100_ALL)
__device__ __forceinline__ uint64_t smem_desc(const void *p) {
  uint32_t addr = (uint32_t)__cvta_generic_to_shared(p);
  return (uint64_t)((addr & 0x3FFFF) >> 4) | ((uint64_t)1 << 16) | ((uint64_t)64 << 32) | ((uint64_t)1 << 46);
}

extern "C" __global__ void __launch_bounds__(128) tc_mma(const uint4 *in, float *out, uint32_t idesc, int accumulate) {
  __shared__ __align__(1024) uint4 sa[1024];
  __shared__ __align__(1024) uint4 sb[1024];
  __shared__ uint32_t tmem_base;
  __shared__ uint64_t bar;
  for (int i = threadIdx.x; i < 1024; i += blockDim.x) {
    sa[i] = in[i];
    sb[i] = in[i + 1024];
  }
  if (threadIdx.x < 32) {
    ptx::tcgen05_alloc(ptx::cta_group_1, &tmem_base, 256u);
    ptx::tcgen05_relinquish_alloc_permit(ptx::cta_group_1);
  }
  if (threadIdx.x == 32) {
    ptx::mbarrier_init(&bar, 1);
  }
  ptx::fence_proxy_async(ptx::space_shared);
  ptx::tcgen05_fence_before_thread_sync();
  __syncthreads();
  ptx::tcgen05_fence_after_thread_sync();
  uint32_t d = tmem_base;
  uint64_t da = smem_desc(sa), db = smem_desc(sb);
  if (threadIdx.x == 0) {
    bool acc = accumulate != 0;
    // (explicit template arguments: the plain and the scale_input_d overloads are ambiguous)
    ptx::tcgen05_mma<K::f16>(ptx::kind_f16, ptx::cta_group_1, d, da, db, idesc, acc);
    ptx::tcgen05_mma<K::tf32>(ptx::kind_tf32, ptx::cta_group_1, d + 64, da, db, idesc, acc);
    ptx::tcgen05_mma<K::f8f6f4>(ptx::kind_f8f6f4, ptx::cta_group_1, d + 128, da, db, idesc, acc);
    ptx::tcgen05_mma<K::i8>(ptx::kind_i8, ptx::cta_group_1, d + 192, da, db, idesc, acc);
    ptx::tcgen05_mma(ptx::kind_f16, ptx::cta_group_1, d, da, db, idesc, acc, ptx::n32_t<3>{});
    ptx::tcgen05_mma_tmem_a<K::f16>(ptx::kind_f16, ptx::cta_group_1, d, d + 128, db, idesc, true);
    ptx::tcgen05_mma_ws_collector_b0_fill(ptx::cta_group_1, ptx::kind_f16, d, da, db, idesc, acc);
    ptx::tcgen05_mma_ws_collector_b0_use(ptx::cta_group_1, ptx::kind_tf32, d + 64, da, db, idesc, true);
    ptx::tcgen05_commit(ptx::cta_group_1, &bar);
  }
  while (!ptx::mbarrier_try_wait_parity(&bar, 0)) {
  }
  ptx::tcgen05_fence_after_thread_sync();
  // tensor memory -> registers, every shape; lane quarter per warp
  uint32_t lane = d + ((threadIdx.x / 32) * 32 << 16);
  uint32_t r1[1], r2[2], r4[4], r8[8], r16[16];
  ptx::tcgen05_ld_32x32b(r4, lane);
  ptx::tcgen05_ld_16x64b(r2, lane + 8);
  ptx::tcgen05_ld_16x128b(r4, lane + 16);
  ptx::tcgen05_ld_16x256b(r8, lane + 24);
  ptx::tcgen05_ld_16x32bx2(r1, lane + 32, ptx::n32_t<2>{});
  ptx::tcgen05_ld_32x32b_pack_16b(r16, lane + 40);
  ptx::tcgen05_wait_ld();
  float s = __uint_as_float(r1[0]) + __uint_as_float(r2[1]) + __uint_as_float(r4[3]) + __uint_as_float(r8[7]) +
            __uint_as_float(r16[15]);
  // registers -> tensor memory
  ptx::tcgen05_st_32x32b(lane + 48, r4);
  ptx::tcgen05_st_16x64b(lane + 56, r2);
  ptx::tcgen05_st_16x128b_unpack_16b(lane + 64, r4);
  ptx::tcgen05_st_16x256b(lane + 72, r8);
  ptx::tcgen05_st_16x32bx2(lane + 80, ptx::n32_t<4>{}, r1);
  ptx::tcgen05_wait_st();
  out[blockIdx.x * blockDim.x + threadIdx.x] = s;
  // shared memory -> tensor memory copies, and a row shift
  if (threadIdx.x == 0) {
    ptx::tcgen05_cp_128x256b(ptx::cta_group_1, d, da);
    ptx::tcgen05_cp_4x256b(ptx::cta_group_1, d + 8, db);
    ptx::tcgen05_cp_128x128b(ptx::cta_group_1, d + 16, da);
    ptx::tcgen05_cp_64x128b_warpx2_02_13(ptx::cta_group_1, d + 24, db);
    ptx::tcgen05_cp_64x128b_warpx2_01_23(ptx::cta_group_1, d + 32, da);
    ptx::tcgen05_cp_32x128b_warpx4(ptx::cta_group_1, d + 40, db);
    ptx::tcgen05_shift_down(ptx::cta_group_1, d);
    ptx::tcgen05_commit(ptx::cta_group_1, &bar);
  }
  while (!ptx::mbarrier_try_wait_parity(&bar, 1)) {
  }
  ptx::tcgen05_fence_before_thread_sync();
  __syncthreads();
  if (threadIdx.x < 32) {
    ptx::tcgen05_dealloc(ptx::cta_group_1, d, 256u);
  }
}

// A pair of CTAs sharing one MMA: cta_group::2 allocation, mma, multicast commit.
extern "C" __global__ void __cluster_dims__(2, 1, 1) __launch_bounds__(128)
    tc_pair(const uint4 *in, float *out, uint32_t idesc) {
  __shared__ __align__(1024) uint4 sa[512];
  __shared__ __align__(1024) uint4 sb[512];
  __shared__ uint32_t tmem_base;
  __shared__ uint64_t bar;
  for (int i = threadIdx.x; i < 512; i += blockDim.x) {
    sa[i] = in[i];
    sb[i] = in[i + 512];
  }
  if (threadIdx.x < 32) {
    ptx::tcgen05_alloc(ptx::cta_group_2, &tmem_base, 128u);
    ptx::tcgen05_relinquish_alloc_permit(ptx::cta_group_2);
  }
  if (threadIdx.x == 32) {
    ptx::mbarrier_init(&bar, 1);
    ptx::fence_mbarrier_init(ptx::sem_release, ptx::scope_cluster);
  }
  ptx::fence_proxy_async(ptx::space_shared);
  ptx::tcgen05_fence_before_thread_sync();
  ptx::barrier_cluster_arrive(ptx::sem_release);
  ptx::barrier_cluster_wait(ptx::sem_acquire);
  ptx::tcgen05_fence_after_thread_sync();
  uint32_t d = tmem_base;
  unsigned rank;
  asm("mov.u32 %0, %%cluster_ctarank;" : "=r"(rank));
  if (threadIdx.x == 0 && rank == 0) {
    ptx::tcgen05_mma<K::f16>(ptx::kind_f16, ptx::cta_group_2, d, smem_desc(sa), smem_desc(sb), idesc, false);
    ptx::tcgen05_mma<K::i8>(ptx::kind_i8, ptx::cta_group_2, d + 64, smem_desc(sa), smem_desc(sb), idesc, true);
    ptx::tcgen05_commit_multicast(ptx::cta_group_2, &bar, (uint16_t)0x3);
  }
  while (!ptx::mbarrier_try_wait_parity(&bar, 0)) {
  }
  ptx::tcgen05_fence_after_thread_sync();
  uint32_t r[4];
  ptx::tcgen05_ld_32x32b(r, d + ((threadIdx.x / 32) * 32 << 16));
  ptx::tcgen05_wait_ld();
  out[threadIdx.x + rank * 128] = __uint_as_float(r[0] ^ r[3]);
  ptx::tcgen05_fence_before_thread_sync();
  ptx::barrier_cluster_arrive();
  ptx::barrier_cluster_wait();
  if (threadIdx.x < 32) {
    ptx::tcgen05_dealloc(ptx::cta_group_2, d, 128u);
  }
}
#endif
