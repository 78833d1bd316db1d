// arch: sm_80
// expect: clean
// A raw string with a `{ .reg }` scope, a predicate and `@p` guards.
__global__ void clamp(unsigned *p, unsigned limit) {
  unsigned v = p[threadIdx.x];
  asm volatile(R"PTX(
    {
      .reg .pred over;
      setp.gt.u32 over, %0, %1;
      @over mov.u32 %0, %1;
      @!over add.u32 %0, %0, 0;
    }
  )PTX" : "+r"(v) : "r"(limit));
  p[threadIdx.x] = v;
}
