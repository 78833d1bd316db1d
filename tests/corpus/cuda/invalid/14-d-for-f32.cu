// arch: sm_75
// expect: PTX011 line 6
// A `d` operand (a .f64 register) in a .f32 instruction.
__global__ void k(double *d, float *f) {
  float x;
  asm("add.f32 %0, %1, %1;" : "=f"(x) : "d"(d[0]));
  f[0] = x;
}
