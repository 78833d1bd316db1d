// arch: sm_80
// expect: PTX005 line 7
// NV_PROVIDES_SM_80 lets sm_80 through, and the instruction needs sm_90.
#include <nv/target>
__global__ void k(unsigned *p) {
  NV_IF_TARGET(NV_PROVIDES_SM_80,
               (asm volatile("fence.proxy.async.shared::cta;" ::: "memory");));
  p[0] = 1;
}
