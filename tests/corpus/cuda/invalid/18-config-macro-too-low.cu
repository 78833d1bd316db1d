// arch: sm_80
// expect: PTX005 line 9
// The library's feature macro is defined from sm_80 on, and the instruction needs sm_90.
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
#  define MYLIB_SM80_ENABLED 1
#endif
__global__ void k(unsigned *p) {
#if MYLIB_SM80_ENABLED
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
#endif
  p[0] = 1;
}
