// Asynchronous global->shared copies: pipeline primitives and cooperative_groups::memcpy_async.
#include <cuda_pipeline.h>
#include <cooperative_groups.h>
#include <cooperative_groups/memcpy_async.h>
namespace cg = cooperative_groups;

#define STAGES 2
#define CHUNK 256

extern "C" __global__ void pipeline_copy(const float4 *__restrict__ in, float *__restrict__ out, int nchunks) {
  __shared__ __align__(16) float4 buf[STAGES][CHUNK];
  float acc = 0.f;
  int t = threadIdx.x;
  for (int s = 0; s < STAGES && s < nchunks; ++s) {
    __pipeline_memcpy_async(&buf[s][t], &in[(blockIdx.x * nchunks + s) * CHUNK + t], sizeof(float4));
    __pipeline_commit();
  }
  for (int c = 0; c < nchunks; ++c) {
    __pipeline_wait_prior(STAGES - 1);
    __syncthreads();
    float4 v = buf[c % STAGES][t];
    acc += v.x * v.y + v.z * v.w;
    __syncthreads();
    if (c + STAGES < nchunks)
      __pipeline_memcpy_async(&buf[c % STAGES][t], &in[(blockIdx.x * nchunks + c + STAGES) * CHUNK + t],
                              sizeof(float4));
    __pipeline_commit();
  }
  out[blockIdx.x * blockDim.x + t] = acc;
}

extern "C" __global__ void small_async(const int *__restrict__ in, int *__restrict__ out) {
  __shared__ __align__(8) int sm[128 * 2];
  __pipeline_memcpy_async(&sm[threadIdx.x * 2], &in[blockIdx.x * 256 + threadIdx.x * 2], 8);
  __pipeline_memcpy_async(&sm[(threadIdx.x * 2 + 1) % 256], &in[blockIdx.x * 256 + (threadIdx.x * 2 + 1) % 256], 4);
  __pipeline_commit();
  __pipeline_wait_prior(0);
  __syncthreads();
  out[blockIdx.x * 128 + threadIdx.x] = sm[threadIdx.x] + sm[255 - threadIdx.x];
}

extern "C" __global__ void cg_async(const float *__restrict__ in, float *__restrict__ out, int n) {
  extern __shared__ float tile[];
  cg::thread_block block = cg::this_thread_block();
  size_t base = (size_t)blockIdx.x * block.size() * 4;
  cg::memcpy_async(block, tile, in + base, sizeof(float) * block.size() * 4);
  cg::wait(block);
  float s = 0.f;
  for (int k = 0; k < 4; ++k) s += tile[block.thread_rank() * 4 + k];
  cg::sync(block);
  if (base + block.thread_rank() < (size_t)n) out[base / 4 + block.thread_rank()] = s;
}
