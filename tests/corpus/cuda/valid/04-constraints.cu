// arch: sm_80
// expect: clean
// The r l h f d n constraints, each in an instruction of its register class.
__global__ void classes(float *f, double *d, unsigned short *h, unsigned *r) {
  float x;
  double y;
  unsigned short s;
  unsigned u;
  asm("cvt.rn.f32.f64 %0, %1;" : "=f"(x) : "d"(d[0]));
  asm("add.f64 %0, %1, %1;" : "=d"(y) : "d"(d[1]));
  asm("add.u16 %0, %1, %2;" : "=h"(s) : "h"(h[0]), "n"(3));
  asm("shl.b32 %0, %1, %2;" : "=r"(u) : "r"(r[0]), "n"(4));
  asm("ld.global.f32 %0, [%1];" : "=f"(x) : "l"(f));
  f[1] = x;
  d[2] = y;
  h[1] = s;
  r[1] = u;
}
