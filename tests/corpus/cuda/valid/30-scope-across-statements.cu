// arch: sm_90
// expect: clean
// A PTX scope opened by one statement and closed by a later one of the same function, as
// CCCL's for_each_canceled.h writes it: nvcc puts a function's statements into one PTX
// function, so the registers declared in the first are in scope in the others. Also
// `vote.ballot.sync.b32`, with `.sync` after the mode, as CUB writes it.
template <int Lane>
__device__ unsigned pick(unsigned long long v) {
  unsigned r;
  asm volatile("{\n\t"
               ".reg .pred p;\n\t"
               ".reg .b64 wide;");
  asm volatile("mov.b64 wide, %0;" : : "l"(v));
  if constexpr (Lane == 0) {
    asm volatile("cvt.u32.u64 %0, wide;" : "=r"(r));
  } else {
    asm volatile("shr.b64 wide, wide, 32;\n\tcvt.u32.u64 %0, wide;" : "=r"(r));
  }
  asm volatile("setp.ne.u32 p, %0, 0;\n\t"
               "vote.ballot.sync.b32 %0, p, 0xffffffff;\n\t"
               "}"
               : "+r"(r));
  return r;
}

__global__ void k(unsigned *out, unsigned long long v) {
  out[0] = pick<0>(v) + pick<1>(v);
}
