// arch: sm_90
// expect: PTX011 line 5
// An "n" barrier number past 15: ptxas "Barrier number '16' out of range".
__global__ void k() {
  asm volatile("bar.sync %0;" :: "n"(16));
}
