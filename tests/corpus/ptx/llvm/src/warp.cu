// Warp-level primitives: shuffles of every mode, votes, match, lane masks, warp barriers.
#include "common.h"
extern "C" __global__ void warp(int *out, float *f, int n) {
  int i = thread_index();
  unsigned all = 0xffffffffu;
  float v = f[i];
  v += __nvvm_shfl_sync_down_f32(all, v, 16, 31);
  v += __nvvm_shfl_sync_up_f32(all, v, 1, 0);
  v += __nvvm_shfl_sync_bfly_f32(all, v, 8, 31);
  v += __nvvm_shfl_sync_idx_f32(all, v, n, 31);
  int w = __nvvm_shfl_sync_idx_i32(all, i, 0, 31) + __nvvm_shfl_sync_bfly_i32(all, i, 2, 0x1f);
  out[i] = w + __nvvm_vote_all_sync(all, v > 0) + __nvvm_vote_any_sync(all, v < 0);
  out[i + 1] = __nvvm_vote_ballot_sync(all, w & 1);
  out[i + 2] = __nvvm_vote_uni_sync(all, n > 3);
  out[i + 3] = __nvvm_match_any_sync_i32(all, w);
  int pred;
  out[i + 4] = __nvvm_match_all_sync_i32p(all, n, &pred) + pred;
  out[i + 5] = __nvvm_read_ptx_sreg_lanemask_lt() + __nvvm_read_ptx_sreg_laneid();
  __nvvm_bar_warp_sync(all);
  out[i + 6] = __nvvm_read_ptx_sreg_lanemask_ge() ^ __nvvm_read_ptx_sreg_warpid();
  f[i] = v;
}
