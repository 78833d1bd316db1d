// arch: sm_75
// expect: clean
// Labels, a loop with a guarded branch, and a scope per statement.
__global__ void count(unsigned *p, unsigned n) {
  unsigned i = 0;
  asm volatile("{\n\t"
               ".reg .pred done;\n"
               "LOOP_%=:\n\t"
               "add.u32 %0, %0, 1;\n\t"
               "setp.lt.u32 done, %0, %1;\n\t"
               "@done bra.uni LOOP_%=;\n\t"
               "}" : "+r"(i) : "r"(n));
  p[0] = i;
}
