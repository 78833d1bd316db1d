// arch: sm_75
// expect: CUDA001 line 6
// `%2` where the statement has two operands.
__global__ void k(unsigned *p) {
  unsigned v, u = p[0];
  asm volatile("mov.u32 %0, %2;" : "=r"(v) : "r"(u));
  p[1] = v;
}
