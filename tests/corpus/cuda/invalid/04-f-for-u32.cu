// arch: sm_75
// expect: PTX011 line 6
// An `f` operand (a .f32 register) in an integer add.
__global__ void k(float *f) {
  float y;
  asm("add.u32 %0, %1, %1;" : "=f"(y) : "f"(f[0]));
  f[1] = y;
}
