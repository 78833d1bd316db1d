// arch: sm_75
// expect: PTX011 line 6
// An `h` operand (a .b16 register) where `.u32` is needed.
__global__ void k(unsigned short *h, unsigned *p) {
  unsigned v;
  asm("mov.u32 %0, %1;" : "=r"(v) : "h"(h[0]));
  p[0] = v;
}
