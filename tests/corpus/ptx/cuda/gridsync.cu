// Grid-wide synchronisation through cooperative groups.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

extern "C" __global__ void grid_reduce(const float *__restrict__ in, float *__restrict__ partial,
                                       float *__restrict__ result, int n) {
  cg::grid_group grid = cg::this_grid();
  cg::thread_block block = cg::this_thread_block();
  __shared__ float s[256];
  float acc = 0.f;
  for (unsigned long long i = grid.thread_rank(); i < (unsigned long long)n; i += grid.size()) acc += in[i];
  s[block.thread_rank()] = acc;
  block.sync();
  for (unsigned k = block.size() / 2; k > 0; k >>= 1) {
    if (block.thread_rank() < k) s[block.thread_rank()] += s[block.thread_rank() + k];
    block.sync();
  }
  if (block.thread_rank() == 0) partial[grid.block_rank()] = s[0];
  grid.sync();
  if (grid.thread_rank() == 0) {
    float t = 0.f;
    for (unsigned b = 0; b < grid.num_blocks(); ++b) t += partial[b];
    *result = t;
  }
}
