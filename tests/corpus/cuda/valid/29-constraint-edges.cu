// arch: sm_90
// expect: clean
// Constraints and immediates at the edges of what nvcc 13.5 takes: a 16-bit address register
// (ptxas warns, assembles), an "r" shared address, "r" for an .f32 source, and immediates
// ptxas does not range-check (shift amounts, shfl lane and clamp, prmt selectors, bfe start).
__global__ void k(unsigned *out, unsigned x, float fl) {
  __shared__ unsigned tile[32];
  unsigned v, s;
  float f;
  asm volatile("ld.global.u32 %0, [%1];" : "=r"(v) : "h"((unsigned short)x));
  asm volatile("ld.shared.u32 %0, [%1];" : "=r"(s) : "r"((unsigned)__cvta_generic_to_shared(tile)));
  asm("add.f32 %0, %1, 0f3F800000;" : "=f"(f) : "r"(x));
  asm("shl.b32 %0, %0, %1;" : "+r"(v) : "n"(40));
  asm("shfl.sync.idx.b32 %0, %0, %1, %2, 0xffffffff;" : "+r"(s) : "n"(99), "n"(0x1ffff));
  asm("prmt.b32 %0, %0, %0, %1;" : "+r"(v) : "n"(0x123456));
  asm("bfe.u32 %0, %0, %1, 8;" : "+r"(s) : "n"(99));
  asm volatile("bar.sync %0, %1;" :: "r"(x & 15), "n"(0));
  asm volatile("bar.sync %0;" :: "n"(15));
  out[0] = v + s + (unsigned)f;
}
