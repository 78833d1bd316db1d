// Tensor memory accelerator and cluster machinery through CCCL's cuda::ptx wrappers (sm_90+):
// cp.async.bulk.tensor 1d-5d loads (shared::cluster and shared::cta destinations) and stores,
// cp.reduce.async.bulk(.tensor) with several operators and types, cp.async.bulk global<->shared
// and shared::cta -> shared::cluster, bulk prefetches (tensor and linear), bulk groups,
// fence.proxy.async, mbarrier init/arrive/expect_tx/try_wait(.parity)/test_wait, cluster
// barriers (barrier.cluster.arrive/wait with .release/.relaxed/.acquire), mapa, getctarank,
// st.async/red.async into a peer CTA. sm_90a/sm_100a only: multicast loads; sm_100a only:
// .cta_group loads.
#include <cooperative_groups.h>
#include <cuda/ptx>
#include <cstdint>
namespace ptx = cuda::ptx;
namespace cg = cooperative_groups;

#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 900

struct alignas(64) TensorMap {
  unsigned char bytes[128];
};

__device__ __forceinline__ void wait_parity(uint64_t *bar, uint32_t parity) {
  while (!ptx::mbarrier_try_wait_parity(bar, parity)) {
  }
}

extern "C" __global__ void __cluster_dims__(2, 1, 1)
    tma_tensor(const __grid_constant__ TensorMap m1, const __grid_constant__ TensorMap m2,
               const __grid_constant__ TensorMap m3, const __grid_constant__ TensorMap m4,
               const __grid_constant__ TensorMap m5, int x, int y) {
  __shared__ alignas(128) float tile[5][1024];
  __shared__ uint64_t bar[2];
  const int32_t c1[1] = {x};
  const int32_t c2[2] = {x, y};
  const int32_t c3[3] = {x, y, 1};
  const int32_t c4[4] = {x, y, 1, 2};
  const int32_t c5[5] = {x, y, 1, 2, 3};
  if (threadIdx.x == 0) {
    ptx::mbarrier_init(&bar[0], 1);
    ptx::mbarrier_init(&bar[1], blockDim.x);
    ptx::fence_mbarrier_init(ptx::sem_release, ptx::scope_cluster);
    ptx::fence_proxy_async(ptx::space_shared);
  }
  __syncthreads();
  if (threadIdx.x == 0) {
    ptx::cp_async_bulk_prefetch_tensor(ptx::space_global, &m1, c1);
    ptx::cp_async_bulk_prefetch_tensor(ptx::space_global, &m3, c3);
    ptx::cp_async_bulk_prefetch_tensor(ptx::space_global, &m5, c5);
    ptx::cp_async_bulk_tensor(ptx::space_cluster, ptx::space_global, tile[0], &m1, c1, &bar[0]);
    ptx::cp_async_bulk_tensor(ptx::space_cluster, ptx::space_global, tile[1], &m2, c2, &bar[0]);
    ptx::cp_async_bulk_tensor(ptx::space_shared, ptx::space_global, tile[2], &m3, c3, &bar[0]);
    ptx::cp_async_bulk_tensor(ptx::space_shared, ptx::space_global, tile[3], &m4, c4, &bar[0]);
    ptx::cp_async_bulk_tensor(ptx::space_cluster, ptx::space_global, tile[4], &m5, c5, &bar[0]);
    ptx::mbarrier_arrive_expect_tx(ptx::sem_release, ptx::scope_cta, ptx::space_shared, &bar[0], sizeof(tile));
  }
  wait_parity(&bar[0], 0);
  tile[threadIdx.x % 5][threadIdx.x] *= 2.0f;
  ptx::fence_proxy_async(ptx::space_shared);
  __syncthreads();
  if (threadIdx.x == 0) {
    ptx::cp_async_bulk_tensor(ptx::space_global, ptx::space_shared, &m1, c1, tile[0]);
    ptx::cp_async_bulk_tensor(ptx::space_global, ptx::space_shared, &m2, c2, tile[1]);
    ptx::cp_async_bulk_tensor(ptx::space_global, ptx::space_shared, &m3, c3, tile[2]);
    ptx::cp_async_bulk_tensor(ptx::space_global, ptx::space_shared, &m4, c4, tile[3]);
    ptx::cp_async_bulk_tensor(ptx::space_global, ptx::space_shared, &m5, c5, tile[4]);
    ptx::cp_reduce_async_bulk_tensor(ptx::space_global, ptx::space_shared, ptx::op_add, &m1, c1, tile[0]);
    ptx::cp_reduce_async_bulk_tensor(ptx::space_global, ptx::space_shared, ptx::op_min, &m2, c2, tile[1]);
    ptx::cp_reduce_async_bulk_tensor(ptx::space_global, ptx::space_shared, ptx::op_max, &m3, c3, tile[2]);
    ptx::cp_reduce_async_bulk_tensor(ptx::space_global, ptx::space_shared, ptx::op_inc, &m4, c4, tile[3]);
    ptx::cp_reduce_async_bulk_tensor(ptx::space_global, ptx::space_shared, ptx::op_and_op, &m5, c5, tile[4]);
    ptx::cp_reduce_async_bulk_tensor(ptx::space_global, ptx::space_shared, ptx::op_xor_op, &m2, c2, tile[1]);
    ptx::cp_async_bulk_commit_group();
    ptx::cp_async_bulk_wait_group_read(ptx::n32_t<0>{});
    ptx::cp_async_bulk_wait_group(ptx::n32_t<0>{});
  }
  // im2col loads (3d/4d/5d with 1/2/3 offsets) and an L2 cache hint, as inline asm
  if (threadIdx.x == 0) {
    uint32_t dst = (uint32_t)__cvta_generic_to_shared(tile[0]);
    uint32_t mb = (uint32_t)__cvta_generic_to_shared(&bar[0]);
    uint64_t policy;
    asm volatile("createpolicy.fractional.L2::evict_first.b64 %0, 1.0;" : "=l"(policy));
    asm volatile("cp.async.bulk.tensor.3d.shared::cluster.global.im2col.mbarrier::complete_tx::bytes [%0], [%1, {%2, %3, "
                 "%4}], [%5], {%6};" ::"r"(dst), "l"(&m3), "r"(x), "r"(y), "r"(1), "r"(mb), "h"((uint16_t)1)
                 : "memory");
    asm volatile("cp.async.bulk.tensor.4d.shared::cluster.global.im2col.mbarrier::complete_tx::bytes [%0], [%1, {%2, %3, "
                 "%4, %5}], [%6], {%7, %8};" ::"r"(dst), "l"(&m4), "r"(x), "r"(y), "r"(1), "r"(2), "r"(mb),
                 "h"((uint16_t)1), "h"((uint16_t)2)
                 : "memory");
    asm volatile("cp.async.bulk.tensor.5d.shared::cluster.global.im2col.mbarrier::complete_tx::bytes.L2::cache_hint [%0], "
                 "[%1, {%2, %3, %4, %5, %6}], [%7], {%8, %9, %10}, %11;" ::"r"(dst), "l"(&m5), "r"(x), "r"(y), "r"(1),
                 "r"(2), "r"(3), "r"(mb), "h"((uint16_t)1), "h"((uint16_t)2), "h"((uint16_t)3), "l"(policy)
                 : "memory");
    asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes.L2::cache_hint [%0], "
                 "[%1, {%2, %3}], [%4], %5;" ::"r"(dst), "l"(&m2), "r"(x), "r"(y), "r"(mb), "l"(policy)
                 : "memory");
    asm volatile("cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group.L2::cache_hint [%0, {%1, %2}], [%3], %4;" ::"l"(&m2),
                 "r"(x), "r"(y), "r"(dst), "l"(policy)
                 : "memory");
    asm volatile("cp.async.bulk.prefetch.tensor.3d.L2.global.im2col [%0, {%1, %2, %3}], {%4};" ::"l"(&m3), "r"(x), "r"(y),
                 "r"(1), "h"((uint16_t)1)
                 : "memory");
    asm volatile("cp.async.bulk.commit_group;" ::: "memory");
    asm volatile("cp.async.bulk.wait_group.read 0;" ::: "memory");
  }
  // a per-thread arrival and a phase-token wait on the second barrier
  uint64_t state = ptx::mbarrier_arrive(&bar[1]);
  while (!ptx::mbarrier_try_wait(&bar[1], state)) {
  }
  (void)ptx::mbarrier_test_wait_parity(&bar[1], 1);
#if defined(__CUDA_ARCH_FEAT_SM90_ALL) || defined(__CUDA_ARCH_FEAT_SM100_ALL)
  // multicast to both CTAs of the cluster (sm_90a/sm_100a)
  if (threadIdx.x == 0) {
    ptx::mbarrier_expect_tx(ptx::sem_relaxed, ptx::scope_cluster, ptx::space_shared, &bar[0], 3 * 4096);
    ptx::cp_async_bulk_tensor(ptx::space_cluster, ptx::space_global, tile[0], &m1, c1, &bar[0], (uint16_t)0x3);
    ptx::cp_async_bulk_tensor(ptx::space_cluster, ptx::space_global, tile[2], &m3, c3, &bar[0], (uint16_t)0x3);
    ptx::cp_async_bulk_tensor(ptx::space_cluster, ptx::space_global, tile[4], &m5, c5, &bar[0], (uint16_t)0x3);
    ptx::cp_async_bulk(ptx::space_cluster, ptx::space_global, tile[1], &m1, 256, &bar[0], (uint16_t)0x1);
  }
  wait_parity(&bar[0], 1);
#endif
#if defined(__CUDA_ARCH_FEAT_SM100_ALL)
  // .cta_group::1/::2 loads (sm_100a)
  if (threadIdx.x == 0) {
    ptx::cp_async_bulk_tensor(ptx::space_shared, ptx::space_global, ptx::cta_group_1, tile[0], &m2, c2, &bar[0]);
    ptx::cp_async_bulk_tensor(ptx::space_shared, ptx::space_global, ptx::cta_group_2, tile[1], &m4, c4, &bar[0]);
    ptx::cp_async_bulk_tensor(ptx::space_cluster, ptx::space_global, ptx::cta_group_2, tile[2], &m3, c3, &bar[0],
                              (uint16_t)0x3);
  }
  wait_parity(&bar[0], 0);
#endif
}

extern "C" __global__ void __cluster_dims__(2, 1, 1)
    bulk_linear(float *gout, const float *gin, uint64_t *g64, uint32_t *g32, unsigned n) {
  __shared__ alignas(128) float buf[1024];
  __shared__ alignas(128) uint64_t buf64[256];
  __shared__ alignas(128) uint32_t peer_in[256];
  __shared__ uint64_t bar;
  cg::cluster_group cluster = cg::this_cluster();
  unsigned rank = cluster.block_rank();
  if (threadIdx.x == 0) {
    ptx::mbarrier_init(&bar, 1);
    ptx::fence_mbarrier_init(ptx::sem_release, ptx::scope_cluster);
  }
  peer_in[threadIdx.x % 256] = 0;
  ptx::barrier_cluster_arrive(ptx::sem_release);
  ptx::barrier_cluster_wait(ptx::sem_acquire);
  if (threadIdx.x == 0) {
    ptx::cp_async_bulk_prefetch(gin, n * sizeof(float));
    ptx::mbarrier_arrive_expect_tx(ptx::sem_release, ptx::scope_cluster, ptx::space_shared, &bar, sizeof(buf));
    ptx::cp_async_bulk(ptx::space_cluster, ptx::space_global, buf, gin, sizeof(buf), &bar);
  }
  wait_parity(&bar, 0);
  buf64[threadIdx.x % 256] = threadIdx.x;
  ptx::fence_proxy_async(ptx::space_shared);
  __syncthreads();
  if (threadIdx.x == 0) {
    ptx::cp_async_bulk(ptx::space_global, ptx::space_shared, gout, buf, sizeof(buf));
    ptx::cp_reduce_async_bulk(ptx::space_global, ptx::space_shared, ptx::op_add, gout + 1024, buf, sizeof(buf));
    ptx::cp_reduce_async_bulk(ptx::space_global, ptx::space_shared, ptx::op_add, g64, buf64, sizeof(buf64));
    ptx::cp_reduce_async_bulk(ptx::space_global, ptx::space_shared, ptx::op_min, g32, peer_in, sizeof(peer_in));
    ptx::cp_reduce_async_bulk(ptx::space_global, ptx::space_shared, ptx::op_or_op, g32 + 256, peer_in,
                              sizeof(peer_in));
    ptx::cp_async_bulk_commit_group();
    ptx::cp_async_bulk_wait_group_read(ptx::n32_t<0>{});
  }
  // distributed shared memory: mapa, getctarank, st.async / red.async into the peer CTA
  uint32_t *peer = cluster.map_shared_rank(peer_in, rank ^ 1);
  uint64_t *peer_bar = cluster.map_shared_rank(&bar, rank ^ 1);
  uint32_t owner = ptx::getctarank(ptx::space_cluster, peer);
  if (threadIdx.x == 1) {
    ptx::mbarrier_expect_tx(ptx::sem_relaxed, ptx::scope_cluster, ptx::space_shared, &bar, 8);
  }
  ptx::barrier_cluster_arrive(ptx::sem_relaxed);
  ptx::barrier_cluster_wait();
  if (threadIdx.x == 0) {
    ptx::st_async(peer + 3, owner, peer_bar);
    ptx::red_async(ptx::op_add, peer + 4, 1u, peer_bar);
    ptx::cp_async_bulk(ptx::space_cluster, ptx::space_shared, peer + 64, peer_in, 128, peer_bar);
  }
  ptx::barrier_cluster_arrive();
  ptx::barrier_cluster_wait();
  gout[threadIdx.x] = (float)peer_in[threadIdx.x % 256] + (float)owner;
}

#endif
