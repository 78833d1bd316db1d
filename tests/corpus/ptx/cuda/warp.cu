// Warp-level primitives: shuffles, votes, match, redux.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;

__device__ __forceinline__ float warp_sum(float v) {
  for (int off = 16; off > 0; off >>= 1) v += __shfl_down_sync(0xffffffffu, v, off);
  return v;
}

extern "C" __global__ void warp_reduce(const float *__restrict__ in, float *__restrict__ out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = i < n ? in[i] : 0.0f;
  v = warp_sum(v);
  if ((threadIdx.x & 31) == 0) atomicAdd(out, v);
}

extern "C" __global__ void warp_misc(const int *__restrict__ in, int *__restrict__ out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int lane = threadIdx.x & 31;
  int v = i < n ? in[i] : 0;
  unsigned ballot = __ballot_sync(0xffffffffu, v > 0);
  int all = __all_sync(0xffffffffu, v >= 0);
  int any = __any_sync(0xffffffffu, v == 42);
  int up = __shfl_up_sync(0xffffffffu, v, 1);
  int xr = __shfl_xor_sync(0xffffffffu, v, 5);
  int bc = __shfl_sync(0xffffffffu, v, 0);
  double dv = __shfl_down_sync(0xffffffffu, (double)v * 0.5, 3);
  unsigned act = __activemask();
  unsigned m = __match_any_sync(0xffffffffu, v & 7);
  int pred;
  unsigned ma = __match_all_sync(0xffffffffu, v >> 8, &pred);
#if __CUDA_ARCH__ >= 800
  int rs = __reduce_add_sync(0xffffffffu, v);
  unsigned rmx = __reduce_max_sync(0xffffffffu, (unsigned)v);
  unsigned ror = __reduce_or_sync(0xffffffffu, (unsigned)v);
#else
  int rs = 0; unsigned rmx = 0, ror = 0;
#endif
  __syncwarp();
  if (i < n)
    out[i] = __popc(ballot) + all + any + (lane > 0 ? up : 0) + xr + bc + (int)dv + __popc(act) +
             __popc(m) + (pred ? (int)ma : 0) + rs + (int)rmx + (int)ror;
}

extern "C" __global__ void cg_reduce(const int *__restrict__ in, int *__restrict__ out, int n) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
  int i = block.group_index().x * block.size() + block.thread_rank();
  int v = i < n ? in[i] : 0;
  int s = cg::reduce(tile, v, cg::plus<int>());
  int mx = cg::reduce(tile, v, cg::greater<int>());
  cg::thread_block_tile<8> t8 = cg::tiled_partition<8>(tile);
  int s8 = cg::reduce(t8, v, cg::plus<int>());
  if (tile.thread_rank() == 0) { atomicAdd(out, s); atomicMax(out + 1, mx); }
  if (t8.thread_rank() == 0) atomicAdd(out + 2, s8);
}
