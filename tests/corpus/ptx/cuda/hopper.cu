// sm_90+ features: thread block clusters, distributed shared memory, mbarrier,
// bulk async copies (cp.async.bulk), fences, and (on sm_90a) wgmma / setmaxnreg.
#include <cooperative_groups.h>
#include <cstdint>
namespace cg = cooperative_groups;

#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 900

extern "C" __global__ void __cluster_dims__(2, 1, 1) cluster_dsmem(const int *__restrict__ in, int *__restrict__ out) {
  __shared__ int smem[128];
  cg::cluster_group cluster = cg::this_cluster();
  unsigned rank = cluster.block_rank();
  smem[threadIdx.x] = in[blockIdx.x * blockDim.x + threadIdx.x] + (int)rank;
  cluster.sync();
  int *peer = cluster.map_shared_rank(smem, rank ^ 1);
  int v = peer[threadIdx.x];
  cluster.sync();
  out[blockIdx.x * blockDim.x + threadIdx.x] = v + (int)cluster.num_blocks() + (int)cluster.dim_blocks().x;
}

__device__ __forceinline__ void mbar_init(uint64_t *bar, unsigned count) {
  asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" ::"r"((unsigned)__cvta_generic_to_shared(bar)), "r"(count));
}
__device__ __forceinline__ void mbar_expect_tx(uint64_t *bar, unsigned bytes) {
  asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"((unsigned)__cvta_generic_to_shared(bar)),
               "r"(bytes) : "memory");
}
__device__ __forceinline__ void mbar_wait(uint64_t *bar, unsigned phase) {
  asm volatile("{\n\t.reg .pred done;\n"
               "WAIT_%=:\n\t"
               "mbarrier.try_wait.parity.shared::cta.b64 done, [%0], %1;\n\t"
               "@!done bra WAIT_%=;\n\t}" ::"r"((unsigned)__cvta_generic_to_shared(bar)), "r"(phase) : "memory");
}

extern "C" __global__ void bulk_copy(const float4 *__restrict__ in, float4 *__restrict__ out, int nblocks) {
  __shared__ __align__(128) float4 buf[256];
  __shared__ __align__(8) uint64_t bar;
  if (threadIdx.x == 0) {
    mbar_init(&bar, 1);
    asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
  }
  __syncthreads();
  unsigned phase = 0;
  for (int b = blockIdx.x; b < nblocks; b += gridDim.x) {
    if (threadIdx.x == 0) {
      mbar_expect_tx(&bar, sizeof(buf));
      asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];"
                   ::"r"((unsigned)__cvta_generic_to_shared(buf)), "l"(in + (size_t)b * 256), "r"((unsigned)sizeof(buf)),
                   "r"((unsigned)__cvta_generic_to_shared(&bar)) : "memory");
    }
    mbar_wait(&bar, phase);
    phase ^= 1;
    float4 v = buf[threadIdx.x];
    v.x *= 2.f; v.y *= 2.f; v.z *= 2.f; v.w *= 2.f;
    buf[threadIdx.x] = v;
    asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
    __syncthreads();
    if (threadIdx.x == 0) {
      asm volatile("cp.async.bulk.global.shared::cta.bulk_group [%0], [%1], %2;"
                   ::"l"(out + (size_t)b * 256), "r"((unsigned)__cvta_generic_to_shared(buf)), "r"((unsigned)sizeof(buf)) : "memory");
      asm volatile("cp.async.bulk.commit_group;" ::: "memory");
      asm volatile("cp.async.bulk.wait_group.read 0;" ::: "memory");
    }
    __syncthreads();
  }
}

// TMA tensor copy through a CUtensorMap passed as a __grid_constant__ kernel parameter.
struct TensorMap { alignas(64) unsigned char opaque[128]; };

extern "C" __global__ void tma_load_2d(const __grid_constant__ TensorMap tmap, float *out) {
  __shared__ __align__(128) float tile[32 * 32];
  __shared__ __align__(8) uint64_t bar;
  if (threadIdx.x == 0) {
    mbar_init(&bar, 1);
    asm volatile("prefetch.tensormap [%0];" ::"l"(&tmap) : "memory");
    mbar_expect_tx(&bar, sizeof(tile));
    asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [%0], [%1, {%2, %3}], [%4];"
                 ::"r"((unsigned)__cvta_generic_to_shared(tile)), "l"(&tmap), "r"((int)blockIdx.x * 32), "r"((int)blockIdx.y * 32),
                 "r"((unsigned)__cvta_generic_to_shared(&bar)) : "memory");
  }
  __syncthreads();
  mbar_wait(&bar, 0);
  for (int k = threadIdx.x; k < 32 * 32; k += blockDim.x) out[(blockIdx.y * gridDim.x + blockIdx.x) * 1024 + k] = tile[k];
}

extern "C" __global__ void hopper_misc(float *data, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned cid, ncta;
  asm volatile("mov.u32 %0, %%clusterid.x;" : "=r"(cid));
  asm volatile("mov.u32 %0, %%cluster_nctarank;" : "=r"(ncta));
  asm volatile("griddepcontrol.wait;" ::: "memory");
  if (i < n) {
    float v = data[i];
    asm volatile("red.async.relaxed.cluster.shared::cluster.mbarrier::complete_tx::bytes.add.u32 [%0], 1, [%0];" ::"r"(0u) : "memory");
    data[i] = v + (float)(cid + ncta);
  }
  unsigned leader;
  asm volatile("{\n\t.reg .pred P;\n\telect.sync _|P, 0xffffffff;\n\tselp.u32 %0, 1, 0, P;\n\t}" : "=r"(leader));
  if (leader && i == 0) data[0] += 1.0f;
  asm volatile("griddepcontrol.launch_dependents;");
}

#if defined(__CUDA_ARCH_FEAT_SM90_ALL)
// wgmma: one warpgroup computes m64n8k16 f32 += f16*f16 with A and B from shared memory descriptors.
extern "C" __global__ void __launch_bounds__(128) wgmma_f16(const uint64_t *desc, float *out) {
  float d[4] = {0.f, 0.f, 0.f, 0.f};
  uint64_t da = desc[0], db = desc[1];
  asm volatile("setmaxnreg.inc.sync.aligned.u32 232;");
  asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
  asm volatile("wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16 {%0, %1, %2, %3}, %4, %5, 1, 1, 1, 0, 0;"
               : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]) : "l"(da), "l"(db));
  asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
  asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
  for (int k = 0; k < 4; ++k) out[threadIdx.x * 4 + k] = d[k];
}
#endif

#endif
