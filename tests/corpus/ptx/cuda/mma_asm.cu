// Tensor cores through inline PTX: mma.sync and ldmatrix.
#include <cstdint>

extern "C" __global__ void mma_m16n8k16_f16(const uint32_t *__restrict__ A, const uint32_t *__restrict__ B,
                                            float *__restrict__ C) {
  __shared__ __align__(16) uint16_t smA[16 * 16];
  int lane = threadIdx.x & 31;
  for (int i = lane; i < 16 * 16 / 2; i += 32) reinterpret_cast<uint32_t *>(smA)[i] = A[i];
  __syncwarp();
  uint32_t a0, a1, a2, a3;
  uint32_t saddr = (uint32_t)__cvta_generic_to_shared(&smA[(lane % 16) * 16 + (lane / 16) * 8]);
  asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];\n"
               : "=r"(a0), "=r"(a1), "=r"(a2), "=r"(a3) : "r"(saddr));
  uint32_t b0 = B[lane * 2], b1 = B[lane * 2 + 1];
  float d0 = 0.f, d1 = 0.f, d2 = 0.f, d3 = 0.f;
  asm volatile(
      "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, "
      "{%0,%1,%2,%3};\n"
      : "+f"(d0), "+f"(d1), "+f"(d2), "+f"(d3)
      : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1));
  C[lane * 4 + 0] = d0; C[lane * 4 + 1] = d1; C[lane * 4 + 2] = d2; C[lane * 4 + 3] = d3;
}

extern "C" __global__ void mma_m16n8k8_tf32_bf16(const uint32_t *__restrict__ A, const uint32_t *__restrict__ B,
                                                 float *__restrict__ C) {
  int lane = threadIdx.x & 31;
  uint32_t a[4], b[2];
  for (int i = 0; i < 4; i++) a[i] = A[lane * 4 + i];
  for (int i = 0; i < 2; i++) b[i] = B[lane * 2 + i];
  float d[4] = {0.f, 0.f, 0.f, 0.f};
  asm volatile(
      "mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};\n"
      : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
      : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]));
  asm volatile(
      "mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};\n"
      : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
      : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]));
  int ci[4] = {0, 0, 0, 0};
  asm volatile(
      "mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};\n"
      : "+r"(ci[0]), "+r"(ci[1]), "+r"(ci[2]), "+r"(ci[3])
      : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]));
  for (int i = 0; i < 4; i++) C[lane * 4 + i] = d[i] + (float)ci[i];
}

// Inline asm with predicates, vector registers and a guarded store.
extern "C" __global__ void asm_predicates(const int *__restrict__ in, int *__restrict__ out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int v = i < n ? in[i] : 0;
  int r;
  asm("{\n\t"
      ".reg .pred p, q;\n\t"
      "setp.gt.s32 p, %1, 0;\n\t"
      "setp.lt.s32 q, %1, 100;\n\t"
      "and.pred p, p, q;\n\t"
      "mov.s32 %0, 0;\n\t"
      "@p add.s32 %0, %1, 1;\n\t"
      "@!p sub.s32 %0, 0, %1;\n\t"
      "}"
      : "=r"(r) : "r"(v));
  unsigned lane;
  asm volatile("mov.u32 %0, %%laneid;" : "=r"(lane));
  unsigned long long clk;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(clk));
  if (i < n) {
    asm volatile("{\n\t.reg .pred p;\n\tsetp.ne.s32 p, %2, 0;\n\t@p st.global.s32 [%0], %1;\n\t}"
                 :: "l"(out + i), "r"(r + (int)lane), "r"((int)(clk & 1) | 1) : "memory");
  }
}
