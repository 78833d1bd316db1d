// arch: sm_75
// expect: PTX002 line 8
// A misspelt opcode in the second of several literals.
__global__ void k(const unsigned *in, unsigned *out) {
  unsigned v;
  asm volatile("ld.global.u32 %0, [%1];\n\t"
               "add.u32 %0, %0, 1;\n\t"
               "adx.u32 %0, %0, 1;\n\t"
               "st.global.u32 [%2], %0;" : "=&r"(v) : "l"(in), "l"(out) : "memory");
}
