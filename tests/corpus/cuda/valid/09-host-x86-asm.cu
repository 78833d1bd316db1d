// arch: sm_75
// expect: clean
// x86 assembly in host code is not PTX and is left alone; the device statement is checked.
static unsigned long long host_ticks() {
  unsigned lo, hi;
  __asm__ __volatile__("rdtsc" : "=a"(lo), "=d"(hi));
  return ((unsigned long long)hi << 32) | lo;
}

__global__ void k(unsigned *p) {
  unsigned lane;
  asm("mov.u32 %0, %%laneid;" : "=r"(lane));
  p[0] = lane;
}

unsigned long long start() { return host_ticks(); }
