// Shared memory: static and dynamic arrays, a tiled transpose, barriers, a block reduction.
#include "common.h"
__shared__ float tile[32][33];
extern __shared__ double dynamic[];
extern "C" __global__ void transpose(float *out, const float *in, int width) {
  int x = __nvvm_read_ptx_sreg_ctaid_x() * 32 + __nvvm_read_ptx_sreg_tid_x();
  int y = __nvvm_read_ptx_sreg_ctaid_y() * 32 + __nvvm_read_ptx_sreg_tid_y();
  for (int j = 0; j < 32; j += 8)
    tile[__nvvm_read_ptx_sreg_tid_y() + j][__nvvm_read_ptx_sreg_tid_x()] = in[(y + j) * width + x];
  sync_threads();
  x = __nvvm_read_ptx_sreg_ctaid_y() * 32 + __nvvm_read_ptx_sreg_tid_x();
  y = __nvvm_read_ptx_sreg_ctaid_x() * 32 + __nvvm_read_ptx_sreg_tid_y();
  for (int j = 0; j < 32; j += 8)
    out[(y + j) * width + x] = tile[__nvvm_read_ptx_sreg_tid_x()][__nvvm_read_ptx_sreg_tid_y() + j];
}
extern "C" __global__ void reduce(double *out, const double *in, int n) {
  unsigned t = __nvvm_read_ptx_sreg_tid_x();
  dynamic[t] = thread_index() < n ? in[thread_index()] : 0.0;
  sync_threads();
  for (unsigned s = __nvvm_read_ptx_sreg_ntid_x() / 2; s > 0; s >>= 1) {
    if (t < s) dynamic[t] += dynamic[t + s];
    sync_threads();
  }
  if (t == 0) out[__nvvm_read_ptx_sreg_ctaid_x()] = dynamic[0];
  __nvvm_bar_sync(0);
  __nvvm_membar_cta();
  __nvvm_membar_gl();
  __nvvm_membar_sys();
}
