// arch: sm_90a
// expect: PTX011 line 5
// setmaxnreg takes its count as an immediate only: ptxas "Arguments mismatch".
__global__ void k(unsigned n) {
  asm volatile("setmaxnreg.inc.sync.aligned.u32 %0;" :: "r"(n));
}
