// arch: sm_80
// include: include
// expect: clean
// The feature macro comes from the project's config header (`-I include`): 0 on sm_80.
#include "mylib/config.h"
__global__ void k(unsigned *p) {
#if MYLIB_SM90_ENABLED
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
#endif
  p[0] = 1;
}
