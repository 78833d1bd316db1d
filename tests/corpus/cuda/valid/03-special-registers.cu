// arch: sm_75
// expect: clean
// `%%` for the special registers, and `%laneid` passed through as written.
__global__ void ids(unsigned *out, unsigned long long *clock) {
  unsigned lane, tid, warp;
  unsigned long long t;
  asm("mov.u32 %0, %%laneid;" : "=r"(lane));
  asm("mov.u32 %0, %tid.x;" : "=r"(tid));
  asm volatile("mov.u32 %0, %%warpid;\n\tmov.u64 %1, %%clock64;" : "=r"(warp), "=l"(t));
  out[0] = lane + tid + warp;
  *clock = t;
}
