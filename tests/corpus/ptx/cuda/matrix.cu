// Warp-level matrix instructions beyond wmma.cu/mma_asm.cu: WMMA m32n8k16/m8n32k16 shapes,
// column-major fragments, unsigned 8-bit and experimental sub-byte (s4/u4, b1) fragments;
// inline-asm mma.sync of more shapes and types (f16 accumulators, f64, tf32 m16n8k4, int4,
// b1 with .and/.xor.popc, sparse mma.sp, fp8 e4m3/e5m2 on sm_89+, f64 m16n8k16 on sm_90),
// ldmatrix .x1/.x2/.x4 with and without .trans, stmatrix (sm_90) and movmatrix.
#include <mma.h>
#include <cuda_fp16.h>
#include <cstdint>
using namespace nvcuda;

#define SMEM(p) ((unsigned)__cvta_generic_to_shared(p))

extern "C" __global__ void wmma_shapes(const half *a, const half *b, float *c, half *ch, const unsigned char *ua,
                                       const unsigned char *ub, int *ci) {
  wmma::fragment<wmma::matrix_a, 32, 8, 16, half, wmma::col_major> a1;
  wmma::fragment<wmma::matrix_b, 32, 8, 16, half, wmma::row_major> b1;
  wmma::fragment<wmma::accumulator, 32, 8, 16, float> c1;
  wmma::load_matrix_sync(a1, a, 32);
  wmma::load_matrix_sync(b1, b, 8);
  wmma::fill_fragment(c1, 0.5f);
  wmma::mma_sync(c1, a1, b1, c1);
  wmma::store_matrix_sync(c, c1, 8, wmma::mem_col_major);

  wmma::fragment<wmma::matrix_a, 8, 32, 16, half, wmma::row_major> a2;
  wmma::fragment<wmma::matrix_b, 8, 32, 16, half, wmma::col_major> b2;
  wmma::fragment<wmma::accumulator, 8, 32, 16, half> c2;
  wmma::load_matrix_sync(a2, a + 512, 16);
  wmma::load_matrix_sync(b2, b + 512, 16);
  wmma::load_matrix_sync(c2, ch, 32, wmma::mem_row_major);
  wmma::mma_sync(c2, a2, b2, c2);
  wmma::store_matrix_sync(ch + 256, c2, 32, wmma::mem_row_major);

  wmma::fragment<wmma::matrix_a, 16, 16, 16, unsigned char, wmma::col_major> a3;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, unsigned char, wmma::col_major> b3;
  wmma::fragment<wmma::accumulator, 16, 16, 16, int> c3;
  wmma::load_matrix_sync(a3, ua, 16);
  wmma::load_matrix_sync(b3, ub, 16);
  wmma::fill_fragment(c3, 0);
  wmma::mma_sync(c3, a3, b3, c3, true);
  wmma::store_matrix_sync(ci, c3, 16, wmma::mem_col_major);
}

extern "C" __global__ void wmma_subbyte(const int *a4, const int *b4, const int *a1, const int *b1, int *c) {
  using namespace wmma::experimental;
  wmma::fragment<wmma::matrix_a, 8, 8, 32, precision::s4, wmma::row_major> a;
  wmma::fragment<wmma::matrix_b, 8, 8, 32, precision::s4, wmma::col_major> b;
  wmma::fragment<wmma::accumulator, 8, 8, 32, int> acc;
  wmma::load_matrix_sync(a, a4, 32);
  wmma::load_matrix_sync(b, b4, 32);
  wmma::fill_fragment(acc, 0);
  wmma::mma_sync(acc, a, b, acc);
  wmma::store_matrix_sync(c, acc, 8, wmma::mem_row_major);

  wmma::fragment<wmma::matrix_a, 8, 8, 32, precision::u4, wmma::row_major> ua;
  wmma::fragment<wmma::matrix_b, 8, 8, 32, precision::u4, wmma::col_major> ub;
  wmma::load_matrix_sync(ua, a4 + 64, 32);
  wmma::load_matrix_sync(ub, b4 + 64, 32);
  wmma::mma_sync(acc, ua, ub, acc, true);
  wmma::store_matrix_sync(c + 64, acc, 8, wmma::mem_col_major);

  wmma::fragment<wmma::matrix_a, 8, 8, 128, precision::b1, wmma::row_major> ba;
  wmma::fragment<wmma::matrix_b, 8, 8, 128, precision::b1, wmma::col_major> bb;
  wmma::fragment<wmma::accumulator, 8, 8, 128, int> bacc;
  wmma::load_matrix_sync(ba, a1, 128);
  wmma::load_matrix_sync(bb, b1, 128);
  wmma::fill_fragment(bacc, 0);
  wmma::bmma_sync(bacc, ba, bb, bacc, bmmaBitOpXOR, bmmaAccumulateOpPOPC);
#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 800
  wmma::bmma_sync(bacc, ba, bb, bacc, bmmaBitOpAND, bmmaAccumulateOpPOPC);
#endif
  wmma::store_matrix_sync(c + 128, bacc, 8, wmma::mem_row_major);
}

// ldmatrix of every count, with and without .trans; movmatrix; stmatrix on sm_90+.
extern "C" __global__ void ldst_matrix(const uint4 *in, unsigned *out) {
  __shared__ __align__(16) unsigned short tile[4][8][8];
  unsigned t = threadIdx.x;
  ((uint4 *)tile)[t % 32] = in[t];
  __syncwarp();
  unsigned row = SMEM(&tile[(t / 8) % 4][t % 8][0]);
  unsigned r0, r1, r2, r3, s0, s1, x, y;
  asm volatile("ldmatrix.sync.aligned.m8n8.x1.shared.b16 {%0}, [%1];" : "=r"(x) : "r"(row));
  asm volatile("ldmatrix.sync.aligned.m8n8.x1.trans.shared.b16 {%0}, [%1];" : "=r"(y) : "r"(row));
  asm volatile("ldmatrix.sync.aligned.m8n8.x2.shared.b16 {%0, %1}, [%2];" : "=r"(s0), "=r"(s1) : "r"(row));
  asm volatile("ldmatrix.sync.aligned.m8n8.x2.trans.shared::cta.b16 {%0, %1}, [%2];" : "+r"(s0), "+r"(s1) : "r"(row));
  asm volatile("ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 {%0, %1, %2, %3}, [%4];"
               : "=r"(r0), "=r"(r1), "=r"(r2), "=r"(r3)
               : "r"(row));
  unsigned m;
  asm volatile("movmatrix.sync.aligned.m8n8.trans.b16 %0, %1;" : "=r"(m) : "r"(r0));
#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 900
  __syncwarp();
  asm volatile("stmatrix.sync.aligned.m8n8.x1.shared.b16 [%0], {%1};" ::"r"(row), "r"(m) : "memory");
  asm volatile("stmatrix.sync.aligned.m8n8.x2.trans.shared.b16 [%0], {%1, %2};" ::"r"(row), "r"(s0), "r"(s1) : "memory");
  asm volatile("stmatrix.sync.aligned.m8n8.x4.shared::cta.b16 [%0], {%1, %2, %3, %4};" ::"r"(row), "r"(r0), "r"(r1),
               "r"(r2), "r"(r3)
               : "memory");
  __syncwarp();
  asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];"
               : "=r"(r0), "=r"(r1), "=r"(r2), "=r"(r3)
               : "r"(row));
#endif
  out[t] = x + y + s0 + s1 + r0 + r1 + r2 + r3 + m;
}

extern "C" __global__ void mma_shapes(const unsigned *a, const unsigned *b, const double *da, float *out, unsigned *hout,
                                      int *iout, double *dout) {
  unsigned t = threadIdx.x;
  unsigned a0 = a[t], a1 = a[t + 32], a2 = a[t + 64], a3 = a[t + 96];
  unsigned b0 = b[t], b1 = b[t + 32];
  (void)a3;
  // f16 m16n8k8, f32 accumulators (sm_75+)
  float d0 = 0, d1 = 0, d2 = 0, d3 = 0;
  asm volatile("mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32 {%0,%1,%2,%3}, {%4,%5}, {%6}, {%0,%1,%2,%3};"
               : "+f"(d0), "+f"(d1), "+f"(d2), "+f"(d3)
               : "r"(a0), "r"(a1), "r"(b0));
  // f16 m16n8k8, f16 accumulators
  unsigned h0 = 0, h1 = 0;
  asm volatile("mma.sync.aligned.m16n8k8.row.col.f16.f16.f16.f16 {%0,%1}, {%2,%3}, {%4}, {%0,%1};"
               : "+r"(h0), "+r"(h1)
               : "r"(a0), "r"(a1), "r"(b0));
  // f16 m8n8k4 (Volta shape), f32 accumulators
  float v[8] = {0, 0, 0, 0, 0, 0, 0, 0};
  asm volatile("mma.sync.aligned.m8n8k4.row.col.f32.f16.f16.f32 {%0,%1,%2,%3,%4,%5,%6,%7}, {%8,%9}, {%10,%11}, "
               "{%0,%1,%2,%3,%4,%5,%6,%7};"
               : "+f"(v[0]), "+f"(v[1]), "+f"(v[2]), "+f"(v[3]), "+f"(v[4]), "+f"(v[5]), "+f"(v[6]), "+f"(v[7])
               : "r"(a0), "r"(a1), "r"(b0), "r"(b1));
  // s8 m8n8k16 (sm_75+), .satfinite
  int i0 = 0, i1 = 0;
  asm volatile("mma.sync.aligned.m8n8k16.row.col.satfinite.s32.s8.u8.s32 {%0,%1}, {%2}, {%3}, {%0,%1};"
               : "+r"(i0), "+r"(i1)
               : "r"(a0), "r"(b0));
  // s4 m8n8k32 (sm_75+)
  asm volatile("mma.sync.aligned.m8n8k32.row.col.s32.s4.s4.s32 {%0,%1}, {%2}, {%3}, {%0,%1};"
               : "+r"(i0), "+r"(i1)
               : "r"(a1), "r"(b1));
  // b1 m8n8k128 xor.popc (sm_75+)
  asm volatile("mma.sync.aligned.m8n8k128.row.col.s32.b1.b1.s32.xor.popc {%0,%1}, {%2}, {%3}, {%0,%1};"
               : "+r"(i0), "+r"(i1)
               : "r"(a2), "r"(b0));
#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 800
  // f16 m16n8k16 with f16 accumulators (sm_80+)
  asm volatile("mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16 {%0,%1}, {%2,%3,%4,%5}, {%6,%7}, {%0,%1};"
               : "+r"(h0), "+r"(h1)
               : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1));
  // tf32 m16n8k4, bf16 m16n8k8, f64 m8n8k4, s8 m16n8k32, u4 m16n8k64, b1 m16n8k256 .and.popc
  asm volatile("mma.sync.aligned.m16n8k4.row.col.f32.tf32.tf32.f32 {%0,%1,%2,%3}, {%4,%5}, {%6}, {%0,%1,%2,%3};"
               : "+f"(d0), "+f"(d1), "+f"(d2), "+f"(d3)
               : "r"(a0), "r"(a1), "r"(b0));
  asm volatile("mma.sync.aligned.m16n8k8.row.col.f32.bf16.bf16.f32 {%0,%1,%2,%3}, {%4,%5}, {%6}, {%0,%1,%2,%3};"
               : "+f"(d0), "+f"(d1), "+f"(d2), "+f"(d3)
               : "r"(a2), "r"(a3), "r"(b1));
  double e0 = 0, e1 = 0;
  asm volatile("mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64 {%0,%1}, {%2}, {%3}, {%0,%1};"
               : "+d"(e0), "+d"(e1)
               : "d"(da[t]), "d"(da[t + 32]));
  int j0 = 0, j1 = 0, j2 = 0, j3 = 0;
  asm volatile("mma.sync.aligned.m16n8k32.row.col.satfinite.s32.u8.u8.s32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, "
               "{%0,%1,%2,%3};"
               : "+r"(j0), "+r"(j1), "+r"(j2), "+r"(j3)
               : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1));
  asm volatile("mma.sync.aligned.m16n8k64.row.col.s32.u4.s4.s32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};"
               : "+r"(j0), "+r"(j1), "+r"(j2), "+r"(j3)
               : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1));
  asm volatile("mma.sync.aligned.m16n8k256.row.col.s32.b1.b1.s32.and.popc {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, "
               "{%0,%1,%2,%3};"
               : "+r"(j0), "+r"(j1), "+r"(j2), "+r"(j3)
               : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1));
  // sparse: mma.sp with ordered metadata, f16 m16n8k32 and s8 m16n8k64
  unsigned meta = a[t + 128];
  asm volatile("mma.sp::ordered_metadata.sync.aligned.m16n8k32.row.col.f32.f16.f16.f32 {%0,%1,%2,%3}, "
               "{%4,%5,%6,%7}, {%8,%9,%10,%11}, {%0,%1,%2,%3}, %12, 0x0;"
               : "+f"(d0), "+f"(d1), "+f"(d2), "+f"(d3)
               : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1), "r"(a0), "r"(a1), "r"(meta));
  asm volatile("mma.sp::ordered_metadata.sync.aligned.m16n8k64.row.col.satfinite.s32.s8.s8.s32 {%0,%1,%2,%3}, "
               "{%4,%5,%6,%7}, {%8,%9,%10,%11}, {%0,%1,%2,%3}, %12, 0x0;"
               : "+r"(j0), "+r"(j1), "+r"(j2), "+r"(j3)
               : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1), "r"(a2), "r"(a3), "r"(meta));
  i0 += j0 + j1 + j2 + j3;
  dout[t] = e0 + e1;
#endif
#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 890
  // fp8 (sm_89+): e4m3 x e5m2, f32 accumulators, and f16 accumulators on m16n8k16
  asm volatile("mma.sync.aligned.m16n8k32.row.col.f32.e4m3.e5m2.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, "
               "{%0,%1,%2,%3};"
               : "+f"(d0), "+f"(d1), "+f"(d2), "+f"(d3)
               : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1));
  asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.e5m2.e4m3.f32 {%0,%1,%2,%3}, {%4,%5}, {%6}, {%0,%1,%2,%3};"
               : "+f"(d0), "+f"(d1), "+f"(d2), "+f"(d3)
               : "r"(a0), "r"(a1), "r"(b0));
#endif
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900 && __CUDA_ARCH__ < 1200
  // f64 m16n8k16 (sm_90+)
  double f[4] = {0, 0, 0, 0};
  asm volatile("mma.sync.aligned.m16n8k16.row.col.f64.f64.f64.f64 {%0,%1,%2,%3}, {%4,%5,%6,%7,%8,%9,%10,%11}, "
               "{%12,%13,%14,%15}, {%0,%1,%2,%3};"
               : "+d"(f[0]), "+d"(f[1]), "+d"(f[2]), "+d"(f[3])
               : "d"(da[t]), "d"(da[t + 32]), "d"(da[t + 64]), "d"(da[t + 96]), "d"(da[t + 128]), "d"(da[t + 160]),
                 "d"(da[t + 192]), "d"(da[t + 224]), "d"(da[t + 256]), "d"(da[t + 288]), "d"(da[t + 320]),
                 "d"(da[t + 352]));
  dout[t + 32] = f[0] + f[1] + f[2] + f[3];
#endif
  out[t] = d0 + d1 + d2 + d3 + v[0] + v[7];
  hout[t] = h0 ^ h1;
  iout[t] = i0 + i1;
}
