// arch: sm_75
// expect: CUDA007 line 5
// Device code takes only the "memory" clobber.
__global__ void k(unsigned *p) {
  asm volatile("membar.gl;" ::: "memory", "cc");
  p[0] = 1;
}
