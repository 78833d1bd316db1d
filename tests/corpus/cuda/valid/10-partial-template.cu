// arch: sm_80
// expect: clean
// A template built with a macro between literals: a macro the file defines as a string literal
// is read as that literal, so the whole template is checked.
#define CACHE "global"

__global__ void load(const unsigned *p, unsigned *out) {
  unsigned v;
  asm volatile("ld." CACHE ".u32 %0, [%1];\n\t"
               "add.u32 %0, %0, 2;" : "=r"(v) : "l"(p));
  out[0] = v;
}
