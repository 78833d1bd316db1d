// arch: sm_80
// expect: clean
// `#if`/`#else` between the literals of a template: each branch is checked for the targets that
// compile it (here the `#if` at sm_80, the `#else` at sm_75).
__global__ void k(unsigned *p) {
  unsigned v;
  asm volatile("{\n\t"
               ".reg .b32 t;\n\t"
               "mov.u32 t, 1;\n\t"
#if __CUDA_ARCH__ >= 800
               "add.u32 t, t, 2;\n\t"
#else
               "add.u32 t, t, 3;\n\t"
#endif
               "mov.u32 %0, t;\n\t"
               "}" : "=r"(v));
  p[0] = v;
}
