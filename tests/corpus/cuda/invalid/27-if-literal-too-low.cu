// arch: sm_80
// expect: PTX005 line 11
// An `#if` among the literals that sm_80 compiles holds an instruction of sm_90.
__global__ void k(unsigned *p) {
  unsigned v = p[1];
  asm volatile("mov.u32 %0, %1;\n\t"
#if __CUDA_ARCH__ >= 900
               "add.u32 %0, %0, 1;\n\t"
#endif
#if __CUDA_ARCH__ >= 800
               "fence.proxy.async.shared::cta;\n\t"
#endif
               "add.u32 %0, %0, 2;" : "=r"(v) : "r"(v) : "memory");
  p[0] = v;
}
