// arch: sm_75
// expect: CUDA004 line 6
// nvcc does not take `%[name]` in a template.
__global__ void k(unsigned *p) {
  unsigned v;
  asm volatile("mov.u32 %[out], 1;" : [out] "=r"(v));
  p[0] = v;
}
