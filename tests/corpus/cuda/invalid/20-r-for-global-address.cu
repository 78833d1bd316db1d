// arch: sm_80
// expect: PTX011 line 7
// A 32-bit "r" register as a global address: ptxas falls back to 32-bit addressing, which it
// no longer supports ("32-Bit compilation is no longer supported").
__global__ void k(unsigned *out, unsigned a) {
  unsigned v;
  asm volatile("ld.global.u32 %0, [%1];" : "=r"(v) : "r"(a));
  out[0] = v;
}
