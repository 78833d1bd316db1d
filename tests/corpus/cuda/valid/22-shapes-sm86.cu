// arch: sm_86
// expect: clean
// sm_86: bf16 mma, a 128-bit `q` operand and 16-bit halves.
__global__ void shapes_sm86(unsigned *out, float *acc, unsigned short *h) {
  float d0 = acc[0], d1 = acc[1], d2 = acc[2], d3 = acc[3];
  unsigned a = out[0], b = out[1];
  asm("mma.sync.aligned.m16n8k8.row.col.f32.bf16.bf16.f32 {%0, %1, %2, %3}, {%4, %5}, {%6}, {%0, %1, %2, %3};"
      : "+f"(d0), "+f"(d1), "+f"(d2), "+f"(d3)
      : "r"(a), "r"(b), "r"(a));
  unsigned short lo, hi;
  asm("mov.b32 {%0, %1}, %2;" : "=h"(lo), "=h"(hi) : "r"(a));
  unsigned packed;
  asm("mov.b32 %0, {%1, %2};" : "=r"(packed) : "h"(hi), "h"(lo));
  unsigned long long w;
  asm("mov.b64 %0, {%1, %2};" : "=l"(w) : "r"(a), "r"(b));
  unsigned fmax;
  asm("max.bf16x2 %0, %1, %2;" : "=r"(fmax) : "r"(a), "r"(b));
  acc[0] = d0 + d1 + d2 + d3;
  h[0] = lo;
  out[2] = packed + (unsigned)w + fmax;
}
