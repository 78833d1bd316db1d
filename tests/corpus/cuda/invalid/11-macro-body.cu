// arch: sm_75
// expect: PTX002 line 5
// A misspelt opcode in a macro's asm statement.
#define LANE_ID(out) \
  asm volatile("movv.u32 %0, %%laneid;" : "=r"(out))

__global__ void k(unsigned *p) {
  unsigned lane;
  LANE_ID(lane);
  p[0] = lane;
}
