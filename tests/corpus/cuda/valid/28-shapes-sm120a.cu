// arch: sm_120a
// expect: clean
// sm_120a: the f8f6f4 mma of consumer Blackwell.
__global__ void shapes_sm120a(unsigned *out, float *acc) {
  float d0 = 0.f, d1 = 0.f, d2 = 0.f, d3 = 0.f;
  unsigned a = out[0], b = out[1];
  asm("mma.sync.aligned.m16n8k32.row.col.kind::f8f6f4.f32.e2m1.e2m1.f32 "
      "{%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%0, %1, %2, %3};"
      : "+f"(d0), "+f"(d1), "+f"(d2), "+f"(d3)
      : "r"(a), "r"(b), "r"(a), "r"(b), "r"(a), "r"(b));
  acc[0] = d0 + d1 + d2 + d3;
}
