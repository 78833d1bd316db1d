// arch: sm_89
// expect: clean
// sm_89: fp8 conversions and the fp8 mma.
__global__ void shapes_sm89(unsigned *out, float *acc) {
  float x = acc[0], y = acc[1];
  unsigned short pair;
  asm("cvt.rn.satfinite.e4m3x2.f32 %0, %1, %2;" : "=h"(pair) : "f"(x), "f"(y));
  unsigned halves;
  asm("cvt.rn.f16x2.e4m3x2 %0, %1;" : "=r"(halves) : "h"(pair));
  float d0 = 0.f, d1 = 0.f, d2 = 0.f, d3 = 0.f;
  unsigned a = out[0], b = out[1];
  asm("mma.sync.aligned.m16n8k32.row.col.f32.e4m3.e4m3.f32 "
      "{%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%0, %1, %2, %3};"
      : "+f"(d0), "+f"(d1), "+f"(d2), "+f"(d3)
      : "r"(a), "r"(b), "r"(a), "r"(b), "r"(a), "r"(b));
  acc[0] = d0 + d1 + d2 + d3;
  out[2] = halves;
}
