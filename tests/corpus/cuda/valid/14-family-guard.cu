// arch: sm_90
// expect: clean
// `__CUDA_ARCH_FAMILY_SPECIFIC__` is defined for sm_90a and sm_100f, not for sm_90: this build
// never compiles the architecture-specific instruction.
__global__ void k(unsigned *p) {
#if defined(__CUDA_ARCH_FAMILY_SPECIFIC__) && __CUDA_ARCH_FAMILY_SPECIFIC__ == 900
  asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
#elif defined(__CUDA_ARCH_SPECIFIC__)
  asm volatile("setmaxnreg.inc.sync.aligned.u32 240;" ::: "memory");
#endif
  p[0] = 1;
}
