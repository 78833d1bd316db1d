// arch: sm_75
// expect: clean
// asm volatile with `\n\t` literals over several lines and a "memory" clobber.
__global__ void copy_add(const unsigned *in, unsigned *out) {
  unsigned v;
  asm volatile("ld.global.u32 %0, [%1];\n\t"
               "add.u32 %0, %0, 1;\n\t"
               "st.global.u32 [%2], %0;"
               : "=&r"(v)
               : "l"(in), "l"(out)
               : "memory");
}
