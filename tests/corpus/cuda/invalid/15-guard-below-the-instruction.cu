// arch: sm_80
// expect: PTX005 line 7
// The guard lets sm_80 through, and the instruction needs sm_90.
__global__ void k(unsigned *p) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  p[1] = 2;
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
#endif
  p[0] = 1;
}
