// arch: sm_80
// expect: clean
// sm_80: cp.async, ldmatrix, mma.sync, redux.sync, with `q`-free register classes.
__global__ void shapes_sm80(unsigned *out, const unsigned *in, float *acc) {
  __shared__ unsigned tile[256];
  unsigned smem = (unsigned)__cvta_generic_to_shared(tile);
  asm volatile("cp.async.ca.shared.global [%0], [%1], %2;" :: "r"(smem), "l"(in), "n"(16) : "memory");
  asm volatile("cp.async.commit_group;" ::: "memory");
  asm volatile("cp.async.wait_group %0;" :: "n"(0) : "memory");
  unsigned a0, a1, a2, a3;
  asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];"
               : "=r"(a0), "=r"(a1), "=r"(a2), "=r"(a3)
               : "r"(smem));
  float d0 = acc[0], d1 = acc[1], d2 = acc[2], d3 = acc[3];
  asm volatile(
      "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 "
      "{%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%0, %1, %2, %3};"
      : "+f"(d0), "+f"(d1), "+f"(d2), "+f"(d3)
      : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(a0), "r"(a1));
  unsigned sum;
  asm("redux.sync.add.u32 %0, %1, %2;" : "=r"(sum) : "r"(a0), "n"(0xffffffff));
  asm volatile("st.global.v4.f32 [%0], {%1, %2, %3, %4};" :: "l"(acc), "f"(d0), "f"(d1), "f"(d2), "f"(d3) : "memory");
  out[0] = sum;
}
