// arch: sm_75
// expect: PTX002 line 13
// `#if`/`#else` among the literals of one statement: sm_75 compiles the `#else` literal, and
// its opcode is misspelt. The `#if` literal is checked for sm_80 on.
__global__ void k(unsigned *p) {
  unsigned v = p[1];
  asm volatile("{\n\t"
               ".reg .b32 t;\n\t"
               "mov.u32 t, %1;\n\t"
#if __CUDA_ARCH__ >= 800
               "add.u32 t, t, 2;\n\t"
#else
               "addd.u32 t, t, 3;\n\t"
#endif
               "mov.u32 %0, t;\n\t"
               "}" : "=r"(v) : "r"(v));
  p[0] = v;
}
