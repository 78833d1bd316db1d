// arch: sm_75
// expect: CUDA005 line 6
// `%r1` reads as operand 1 with the modifier `r`.
__global__ void k(unsigned *p) {
  unsigned v;
  asm volatile("{ .reg .b32 %r1; mov.u32 %r1, 1; mov.u32 %0, %r1; }" : "=r"(v));
  p[0] = v;
}
