// arch: sm_90
// expect: clean
// A PTX ISA version guard from CCCL: the proxy fence needs PTX ISA 8.0, which the guard asks of
// the compiler, and sm_90, which the architecture guard asks of the target.
#include <cuda/std/__cccl/ptx_isa.h>

__global__ void publish(int *flag) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900 && __cccl_ptx_isa >= 800
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
#endif
  *flag = 1;
}
