// arch: sm_75
// expect: CUDA006 line 6
// The `m` constraint is not allowed in device code.
__global__ void k(unsigned *p) {
  unsigned v;
  asm("ld.u32 %0, [%1];" : "=r"(v) : "m"(p[3]));
  p[0] = v;
}
