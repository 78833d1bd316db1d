// arch: sm_80
// expect: clean
// A template built with a macro between literals: checked where it is literal (CUDA003 is a note).
#define CACHE "global"

__global__ void load(const unsigned *p, unsigned *out) {
  unsigned v;
  asm volatile("ld." CACHE ".u32 %0, [%1];\n\t"
               "add.u32 %0, %0, 2;" : "=r"(v) : "l"(p));
  out[0] = v;
}
