// arch: sm_90
// expect: clean
// Statements in a function template, an `if constexpr` branch, a lambda and a macro body.
#define LANE_ID(out) asm volatile("mov.u32 %0, %%laneid;" : "=r"(out))

template <int N>
__device__ unsigned scaled(unsigned a) {
  unsigned r = a;
  if constexpr (N > 1) {
    asm("mul.lo.u32 %0, %1, %2;" : "=r"(r) : "r"(a), "n"(N));
  }
  auto bump = [&]() { asm("add.u32 %0, %0, 1;" : "+r"(r)); };
  bump();
  return r;
}

__global__ void use(unsigned *p) {
  unsigned lane;
  LANE_ID(lane);
  p[0] = scaled<4>(p[1]) + lane;
}
