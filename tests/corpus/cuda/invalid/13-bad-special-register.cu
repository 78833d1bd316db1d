// arch: sm_75
// expect: PTX008 line 6
// A misspelt special register behind `%%`.
__global__ void k(unsigned *p) {
  unsigned v;
  asm("mov.u32 %0, %%lanid;" : "=r"(v));
  p[0] = v;
}
