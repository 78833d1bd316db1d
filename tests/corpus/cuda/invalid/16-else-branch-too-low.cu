// arch: sm_80
// expect: PTX005 line 9
// The `#else` of `__CUDA_ARCH__ >= 900` is compiled for sm_80, and the instruction needs sm_90.
__global__ void k(unsigned *p) {
#if __CUDA_ARCH__ >= 900
  p[1] = 2;
#else
  p[1] = 3;
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
#endif
  p[0] = 1;
}
