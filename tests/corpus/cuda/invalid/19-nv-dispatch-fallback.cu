// arch: sm_80
// expect: PTX005 line 8
// NV_DISPATCH_TARGET's second branch is what sm_80 compiles.
#include <nv/target>
__global__ void k(unsigned *p) {
  NV_DISPATCH_TARGET(
      NV_IS_EXACTLY_SM_90, (p[1] = 1;),
      NV_PROVIDES_SM_80, (asm volatile("fence.proxy.async.shared::cta;" ::: "memory");));
  p[0] = 1;
}
