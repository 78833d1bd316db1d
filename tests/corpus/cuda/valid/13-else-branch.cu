// arch: sm_80
// expect: clean
// The `#else` of `__CUDA_ARCH__ >= 900` is what sm_80 compiles: checked for sm_80, and the
// `#if` branch for sm_90.
__global__ void k(unsigned *p) {
#if __CUDA_ARCH__ >= 900
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
#elif __CUDA_ARCH__ >= 700
  asm volatile("fence.acq_rel.gpu;" ::: "memory");
#else
  asm volatile("membar.gl;" ::: "memory");
#endif
  p[0] = 1;
}
