// arch: sm_90
// expect: PTX008 line 10
// A register used by a later statement of a split scope under a name the scope never declared.
__device__ unsigned low(unsigned long long v) {
  unsigned r;
  asm volatile("{\n\t"
               ".reg .b64 wide;");
  asm volatile("mov.b64 wide, %0;" : : "l"(v));
  asm volatile("cvt.u32.u64 %0, wide;" : "=r"(r));
  asm volatile("cvt.u32.u64 %0, wdie;" : "+r"(r));
  asm volatile("}");
  return r;
}

__global__ void k(unsigned *out, unsigned long long v) { out[0] = low(v); }
