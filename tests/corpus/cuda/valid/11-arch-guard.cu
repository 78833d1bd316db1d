// arch: sm_80
// expect: clean
// A statement under `#if __CUDA_ARCH__ >= 900` is compiled, and checked, for sm_90 and later
// only: an sm_80 build never sees it.
__global__ void k(unsigned *p) {
#if __CUDA_ARCH__ >= 900
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
#endif
  p[0] = 1;
}
