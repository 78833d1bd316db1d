// Warpgroup MMA on sm_90a (inline asm, as CUTLASS writes it): wgmma.mma_async of several
// shapes and types (f16, bf16, tf32, e4m3/e5m2, s8/u8 with .satfinite, b1 .and.popc), with A
// from shared-memory descriptors and from registers, f32/f16/s32 accumulators, the
// scale/transpose immediates, sparse wgmma.mma_async.sp, wgmma.fence/commit_group/wait_group,
// and setmaxnreg.
// Operand lists are written out in full, one accumulator register per operand.
#include <cstdint>

#if defined(__CUDA_ARCH_FEAT_SM90_ALL)
__device__ __forceinline__ uint64_t smem_desc(const void *p, unsigned swizzle) {
  uint32_t addr = (uint32_t)__cvta_generic_to_shared(p);
  return (uint64_t)((addr & 0x3FFFF) >> 4) | ((uint64_t)1 << 16) | ((uint64_t)64 << 32) | ((uint64_t)swizzle << 62);
}

extern "C" __global__ void __launch_bounds__(128) wgmma_shapes(const uint4 *in, float *out, int scale_d) {
  __shared__ __align__(1024) uint4 sa[1024];
  __shared__ __align__(1024) uint4 sb[1024];
  for (int i = threadIdx.x; i < 1024; i += blockDim.x) {
    sa[i] = in[i];
    sb[i] = in[i + 1024];
  }
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  __syncthreads();
  uint64_t da = smem_desc(sa, 1);
  uint64_t db = smem_desc(sb, 2);
  uint32_t a[4] = {in[threadIdx.x].x, in[threadIdx.x].y, in[threadIdx.x].z, in[threadIdx.x].w};
  asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
  // f16 x f16 -> f32, both from shared memory, A transposed, B negated
  float d0[8] = {};
  asm volatile("{\n\t.reg .pred p;\n\tsetp.ne.b32 p, %10, 0;\n\t"
               "wgmma.mma_async.sync.aligned.m64n16k16.f32.f16.f16 "
               "{%0,%1,%2,%3,%4,%5,%6,%7}, %8, %9, p, 1, -1, 1, 0;\n\t}"
               : "+f"(d0[0]), "+f"(d0[1]), "+f"(d0[2]), "+f"(d0[3]), "+f"(d0[4]), "+f"(d0[5]), "+f"(d0[6]), "+f"(d0[7])
               : "l"(da), "l"(db), "r"(scale_d));
  // bf16 -> f32, N=32
  float d1[16] = {};
  asm volatile("{\n\t.reg .pred p;\n\tsetp.ne.b32 p, %18, 0;\n\t"
               "wgmma.mma_async.sync.aligned.m64n32k16.f32.bf16.bf16 "
               "{%0,%1,%2,%3,%4,%5,%6,%7,%8,%9,%10,%11,%12,%13,%14,%15}, %16, %17, p, 1, 1, 0, 1;\n\t}"
               : "+f"(d1[0]), "+f"(d1[1]), "+f"(d1[2]), "+f"(d1[3]), "+f"(d1[4]), "+f"(d1[5]), "+f"(d1[6]), "+f"(d1[7]), "+f"(d1[8]), "+f"(d1[9]), "+f"(d1[10]), "+f"(d1[11]), "+f"(d1[12]), "+f"(d1[13]), "+f"(d1[14]), "+f"(d1[15])
               : "l"(da), "l"(db), "r"(scale_d));
  // f16 accumulators (packed f16x2)
  uint32_t d2[8] = {};
  asm volatile("{\n\t.reg .pred p;\n\tsetp.ne.b32 p, %10, 0;\n\t"
               "wgmma.mma_async.sync.aligned.m64n32k16.f16.f16.f16 "
               "{%0,%1,%2,%3,%4,%5,%6,%7}, %8, %9, p, 1, 1, 0, 0;\n\t}"
               : "+r"(d2[0]), "+r"(d2[1]), "+r"(d2[2]), "+r"(d2[3]), "+r"(d2[4]), "+r"(d2[5]), "+r"(d2[6]), "+r"(d2[7])
               : "l"(da), "l"(db), "r"(scale_d));
  // f16 -> f32, N=64
  float d3[32] = {};
  asm volatile("{\n\t.reg .pred p;\n\tsetp.ne.b32 p, %34, 0;\n\t"
               "wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 "
               "{%0,%1,%2,%3,%4,%5,%6,%7,%8,%9,%10,%11,%12,%13,%14,%15,%16,%17,%18,%19,%20,%21,%22,%23,%24,%25,%26,%27,%28,%29,%30,%31}, %32, %33, p, 1, 1, 0, 0;\n\t}"
               : "+f"(d3[0]), "+f"(d3[1]), "+f"(d3[2]), "+f"(d3[3]), "+f"(d3[4]), "+f"(d3[5]), "+f"(d3[6]), "+f"(d3[7]), "+f"(d3[8]), "+f"(d3[9]), "+f"(d3[10]), "+f"(d3[11]), "+f"(d3[12]), "+f"(d3[13]), "+f"(d3[14]), "+f"(d3[15]), "+f"(d3[16]), "+f"(d3[17]), "+f"(d3[18]), "+f"(d3[19]), "+f"(d3[20]), "+f"(d3[21]), "+f"(d3[22]), "+f"(d3[23]), "+f"(d3[24]), "+f"(d3[25]), "+f"(d3[26]), "+f"(d3[27]), "+f"(d3[28]), "+f"(d3[29]), "+f"(d3[30]), "+f"(d3[31])
               : "l"(da), "l"(db), "r"(scale_d));
  // A from registers (f16)
  float d4[8] = {};
  asm volatile("{\n\t.reg .pred p;\n\tsetp.ne.b32 p, %13, 0;\n\t"
               "wgmma.mma_async.sync.aligned.m64n16k16.f32.f16.f16 "
               "{%0,%1,%2,%3,%4,%5,%6,%7}, {%8,%9,%10,%11}, %12, p, 1, 1, 1;\n\t}"
               : "+f"(d4[0]), "+f"(d4[1]), "+f"(d4[2]), "+f"(d4[3]), "+f"(d4[4]), "+f"(d4[5]), "+f"(d4[6]), "+f"(d4[7])
               : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "l"(db), "r"(scale_d));
  // A from registers (bf16), N=8
  float d5[4] = {};
  asm volatile("{\n\t.reg .pred p;\n\tsetp.ne.b32 p, %9, 0;\n\t"
               "wgmma.mma_async.sync.aligned.m64n8k16.f32.bf16.bf16 "
               "{%0,%1,%2,%3}, {%4,%5,%6,%7}, %8, p, -1, 1, 0;\n\t}"
               : "+f"(d5[0]), "+f"(d5[1]), "+f"(d5[2]), "+f"(d5[3])
               : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "l"(db), "r"(scale_d));
  // tf32, shared A
  float d6[8] = {};
  asm volatile("{\n\t.reg .pred p;\n\tsetp.ne.b32 p, %10, 0;\n\t"
               "wgmma.mma_async.sync.aligned.m64n16k8.f32.tf32.tf32 "
               "{%0,%1,%2,%3,%4,%5,%6,%7}, %8, %9, p, 1, 1;\n\t}"
               : "+f"(d6[0]), "+f"(d6[1]), "+f"(d6[2]), "+f"(d6[3]), "+f"(d6[4]), "+f"(d6[5]), "+f"(d6[6]), "+f"(d6[7])
               : "l"(da), "l"(db), "r"(scale_d));
  // tf32, A from registers
  float d7[12] = {};
  asm volatile("{\n\t.reg .pred p;\n\tsetp.ne.b32 p, %17, 0;\n\t"
               "wgmma.mma_async.sync.aligned.m64n24k8.f32.tf32.tf32 "
               "{%0,%1,%2,%3,%4,%5,%6,%7,%8,%9,%10,%11}, {%12,%13,%14,%15}, %16, p, 1, -1;\n\t}"
               : "+f"(d7[0]), "+f"(d7[1]), "+f"(d7[2]), "+f"(d7[3]), "+f"(d7[4]), "+f"(d7[5]), "+f"(d7[6]), "+f"(d7[7]), "+f"(d7[8]), "+f"(d7[9]), "+f"(d7[10]), "+f"(d7[11])
               : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "l"(db), "r"(scale_d));
  // fp8 e4m3 x e5m2 -> f32
  float d8[8] = {};
  asm volatile("{\n\t.reg .pred p;\n\tsetp.ne.b32 p, %10, 0;\n\t"
               "wgmma.mma_async.sync.aligned.m64n16k32.f32.e4m3.e5m2 "
               "{%0,%1,%2,%3,%4,%5,%6,%7}, %8, %9, p, 1, 1;\n\t}"
               : "+f"(d8[0]), "+f"(d8[1]), "+f"(d8[2]), "+f"(d8[3]), "+f"(d8[4]), "+f"(d8[5]), "+f"(d8[6]), "+f"(d8[7])
               : "l"(da), "l"(db), "r"(scale_d));
  // fp8 e5m2 x e4m3 -> f16, A from registers
  uint32_t d9[4] = {};
  asm volatile("{\n\t.reg .pred p;\n\tsetp.ne.b32 p, %9, 0;\n\t"
               "wgmma.mma_async.sync.aligned.m64n16k32.f16.e5m2.e4m3 "
               "{%0,%1,%2,%3}, {%4,%5,%6,%7}, %8, p, 1, 1;\n\t}"
               : "+r"(d9[0]), "+r"(d9[1]), "+r"(d9[2]), "+r"(d9[3])
               : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "l"(db), "r"(scale_d));
  // s8 x s8 -> s32, saturating
  uint32_t d10[8] = {};
  asm volatile("{\n\t.reg .pred p;\n\tsetp.ne.b32 p, %10, 0;\n\t"
               "wgmma.mma_async.sync.aligned.m64n16k32.s32.s8.s8.satfinite "
               "{%0,%1,%2,%3,%4,%5,%6,%7}, %8, %9, p;\n\t}"
               : "+r"(d10[0]), "+r"(d10[1]), "+r"(d10[2]), "+r"(d10[3]), "+r"(d10[4]), "+r"(d10[5]), "+r"(d10[6]), "+r"(d10[7])
               : "l"(da), "l"(db), "r"(scale_d));
  // u8 x s8 -> s32, A from registers
  uint32_t d11[4] = {};
  asm volatile("{\n\t.reg .pred p;\n\tsetp.ne.b32 p, %9, 0;\n\t"
               "wgmma.mma_async.sync.aligned.m64n8k32.s32.u8.s8 "
               "{%0,%1,%2,%3}, {%4,%5,%6,%7}, %8, p;\n\t}"
               : "+r"(d11[0]), "+r"(d11[1]), "+r"(d11[2]), "+r"(d11[3])
               : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "l"(db), "r"(scale_d));
  // b1 and.popc
  uint32_t d12[4] = {};
  asm volatile("{\n\t.reg .pred p;\n\tsetp.ne.b32 p, %6, 0;\n\t"
               "wgmma.mma_async.sync.aligned.m64n8k256.s32.b1.b1.and.popc "
               "{%0,%1,%2,%3}, %4, %5, p;\n\t}"
               : "+r"(d12[0]), "+r"(d12[1]), "+r"(d12[2]), "+r"(d12[3])
               : "l"(da), "l"(db), "r"(scale_d));
  // sparse A (2:4) from shared memory: metadata register and selector
  float sp[8] = {};
  asm volatile("{\n\t.reg .pred p;\n\tsetp.ne.b32 p, %12, 0;\n\t"
               "wgmma.mma_async.sp.sync.aligned.m64n16k32.f32.f16.f16 "
               "{%0,%1,%2,%3,%4,%5,%6,%7}, %8, %9, %10, %11, p, 1, 1, 0, 0;\n\t}"
               : "+f"(sp[0]), "+f"(sp[1]), "+f"(sp[2]), "+f"(sp[3]), "+f"(sp[4]), "+f"(sp[5]), "+f"(sp[6]), "+f"(sp[7])
               : "l"(da), "l"(db), "r"(a[0]), "n"(0), "r"(scale_d));
  asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
  asm volatile("wgmma.wait_group.sync.aligned 1;" ::: "memory");
  asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
  out[threadIdx.x] = sp[0] + (float)d0[0] + (float)d1[0] + (float)d2[0] + (float)d3[0] + (float)d4[0] + (float)d5[0] + (float)d6[0] + (float)d7[0] + (float)d8[0] + (float)d9[0] + (float)d10[0] + (float)d11[0] + (float)d12[0];
}

// Producer/consumer register rebalancing as in warp-specialised kernels.
extern "C" __global__ void __launch_bounds__(384) wgmma_regs(float *out) {
  if (threadIdx.x / 128 == 0) {
    asm volatile("setmaxnreg.dec.sync.aligned.u32 40;");
    out[threadIdx.x] = 0.f;
  } else {
    asm volatile("setmaxnreg.inc.sync.aligned.u32 232;");
    out[threadIdx.x] = 1.f;
  }
}
#endif
