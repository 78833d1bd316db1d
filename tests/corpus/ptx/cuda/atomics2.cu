// Atomics and reductions beyond atomics.cu: f16/bf16 scalars and pairs, double, 64-bit
// integers, 16-bit CAS, float2/float4 and 128-bit exch/CAS (sm_90), the _block/_system
// scope variants, cuda::atomic_ref fetch_* under every memory order and scope (the
// acquire/release/acq_rel/relaxed atom forms), results left unused (red), and multimem
// ld_reduce/red/st (sm_90+).
#include <cuda/atomic>
#include <cuda/ptx>
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cstdint>

extern "C" __global__ void half_atomics(__half *h, __half2 *h2, __nv_bfloat16 *b, __nv_bfloat162 *b2, float *out) {
  __shared__ __half sh[64];
  __shared__ __half2 sh2[64];
  unsigned t = threadIdx.x;
  sh[t % 64] = __float2half(0.f);
  sh2[t % 64] = __floats2half2_rn(0.f, 0.f);
  __syncthreads();
  __half v = __float2half((float)t);
  // used results: atom
  __half r = atomicAdd(h + t, v);
  __half2 r2 = atomicAdd(h2 + t, __halves2half2(v, v));
  // unused results: red
  atomicAdd(h + t + 64, v);
  atomicAdd(h2 + t + 64, __halves2half2(v, v));
  atomicAdd(&sh[(t + 1) % 64], v);
  atomicAdd(&sh2[(t + 1) % 64], __halves2half2(v, v));
  out[t] = __half2float(r) + __low2float(r2) + __high2float(sh2[t % 64]) + __half2float(sh[t % 64]);
#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 800
  __nv_bfloat16 bv = __float2bfloat16((float)t);
  __nv_bfloat16 rb = atomicAdd(b + t, bv);
  __nv_bfloat162 rb2 = atomicAdd(b2 + t, __halves2bfloat162(bv, bv));
  atomicAdd(b + t + 64, bv);
  atomicAdd(b2 + t + 64, __halves2bfloat162(bv, bv));
  out[t + 64] = __bfloat162float(rb) + __low2float(rb2);
#endif
}

extern "C" __global__ void wide_atomics(double *d, long long *ll, unsigned long long *ull, unsigned short *us,
                                        unsigned *u, float *f, double *out) {
  unsigned t = threadIdx.x;
  __shared__ double sd[32];
  __shared__ unsigned long long sull[32];
  if (t < 32) {
    sd[t] = 0.0;
    sull[t] = 0;
  }
  __syncthreads();
  double acc = atomicAdd(d + t, 1.5);
  atomicAdd(d + t + 64, 2.5);
  atomicAdd(&sd[t % 32], 0.5);
  acc += atomicAdd_block(d + t + 128, 1.0) + atomicAdd_system(d + t + 192, 1.0);
  atomicAdd_block(d + t + 256, 1.0);
  atomicAdd_system(d + t + 320, 1.0);
  acc += (double)atomicMin(ll + t, (long long)t - 5) + (double)atomicMax(ll + t + 64, (long long)t);
  atomicMin(ll + t + 128, -1ll);
  atomicMax(ll + t + 192, 1ll);
  acc += (double)atomicAnd(ull + t, 0xffull) + (double)atomicOr(ull + t + 64, 1ull << 40) +
         (double)atomicXor(ull + t + 128, 0x5555ull) + (double)atomicExch(ull + t + 192, (unsigned long long)t);
  atomicAnd(ull + t + 256, 0xf0ull);
  atomicOr(&sull[t % 32], 2ull);
  atomicXor_system(ull + t + 320, 3ull);
  atomicAdd_block(ull + t + 384, 3ull);
  acc += (double)atomicCAS_block(ull + t + 448, 0ull, 1ull) + (double)atomicCAS_system(ull + t + 512, 1ull, 2ull);
  acc += (double)atomicMin_block(ull + t + 576, 7ull) + (double)atomicMax_system(ull + t + 640, 9ull);
  acc += (double)atomicInc_block(u + t, 100u) + (double)atomicDec_system(u + t + 64, 100u);
  acc += (double)atomicExch_block(f + t, 1.f) + (double)atomicExch_system(f + t + 64, 2.f);
  atomicAdd_system(f + t + 128, 1.f);
  atomicAdd_block(f + t + 192, 1.f);
  atomicSub_block(u + t + 128, 3u);
  atomicSub_system(u + t + 192, 3u);
#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 700
  acc += (double)atomicCAS(us + t, (unsigned short)1, (unsigned short)2);
#endif
  out[t] = acc + sd[(t + 1) % 32] + (double)sull[(t + 2) % 32];
}

#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 900
struct __align__(16) Pair {
  unsigned long long lo, hi;
};
// float2/float4 vector atomics and 128-bit exch/CAS (sm_90).
extern "C" __global__ void vector_atomics(float2 *f2, float4 *f4, Pair *p, float4 *out) {
  unsigned t = threadIdx.x;
  float2 a = atomicAdd(f2 + t, make_float2(1.f, 2.f));
  float4 b = atomicAdd(f4 + t, make_float4(1.f, 2.f, 3.f, 4.f));
  atomicAdd(f2 + t + 64, make_float2(1.f, 2.f));
  atomicAdd(f4 + t + 64, make_float4(1.f, 2.f, 3.f, 4.f));
  float2 c = atomicAdd_block(f2 + t + 128, make_float2(0.5f, 0.5f));
  float4 d = atomicAdd_system(f4 + t + 128, make_float4(0.5f, 0.5f, 0.5f, 0.5f));
  Pair n{t, ~0ull};
  Pair old = atomicExch(p + t, n);
  Pair cmp{0, 0};
  Pair prev = atomicCAS(p + t + 64, cmp, n);
  Pair blk = atomicCAS_block(p + t + 128, cmp, n);
  Pair sys = atomicExch_system(p + t + 192, n);
  out[t] = make_float4(a.x + c.y, b.y + d.z, (float)(old.lo + prev.hi), (float)(blk.lo + sys.hi));
}
#endif

#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 900
// Multimem (NVLink multicast) reductions, loads-with-reduce and stores through cuda::ptx;
// inline asm for floating-point and vector forms.
extern "C" __global__ void multimem_ops(uint32_t *mu, uint64_t *mu64, int32_t *ms, float *mf, float *out) {
  namespace ptx = cuda::ptx;
  unsigned t = threadIdx.x;
  uint32_t a = ptx::multimem_ld_reduce(ptx::sem_weak, ptx::op_min, mu + t);
  uint32_t b = ptx::multimem_ld_reduce(ptx::sem_acquire, ptx::scope_gpu, ptx::op_max, mu + t + 64);
  uint64_t c = ptx::multimem_ld_reduce(ptx::sem_relaxed, ptx::scope_sys, ptx::op_add, mu64 + t);
  ptx::multimem_red(ptx::sem_relaxed, ptx::scope_gpu, ptx::op_add, mu + t + 128, a);
  ptx::multimem_red(ptx::sem_release, ptx::scope_sys, ptx::op_min, ms + t, (int32_t)b);
  ptx::multimem_red(ptx::sem_relaxed, ptx::scope_cluster, ptx::op_add, mu64 + t + 64, c);
  ptx::multimem_st(ptx::sem_weak, mu + t + 192, a + b);
  ptx::multimem_st(ptx::sem_release, ptx::scope_gpu, mu64 + t + 128, c);
  float f;
  asm volatile("multimem.ld_reduce.relaxed.sys.global.add.f32 %0, [%1];" : "=f"(f) : "l"(mf + t) : "memory");
  float4 v;
  asm volatile("multimem.ld_reduce.relaxed.gpu.global.add.v4.f32 {%0, %1, %2, %3}, [%4];"
               : "=f"(v.x), "=f"(v.y), "=f"(v.z), "=f"(v.w)
               : "l"(mf + 4 * t)
               : "memory");
  asm volatile("multimem.red.relaxed.gpu.global.add.f32 [%0], %1;" ::"l"(mf + t + 256), "f"(f) : "memory");
  asm volatile("multimem.st.relaxed.gpu.global.v4.f32 [%0], {%1, %2, %3, %4};" ::"l"(mf + 4 * t + 512), "f"(v.x),
               "f"(v.y), "f"(v.z), "f"(v.w)
               : "memory");
  out[t] = f + v.x + (float)(a + b + c);
}
#endif

#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 700
// cuda::atomic_ref read-modify-writes under each memory order and scope.
template <cuda::thread_scope S, class T>
__device__ T rmw_orders(T *p, T v) {
  cuda::atomic_ref<T, S> a(*p);
  T r = a.fetch_add(v, cuda::memory_order_relaxed);
  r += a.fetch_add(v, cuda::memory_order_acquire);
  r += a.fetch_add(v, cuda::memory_order_release);
  r += a.fetch_add(v, cuda::memory_order_acq_rel);
  r += a.fetch_add(v, cuda::memory_order_seq_cst);
  r += a.exchange(v, cuda::memory_order_acq_rel);
  T expected = r;
  a.compare_exchange_strong(expected, v, cuda::memory_order_acquire, cuda::memory_order_relaxed);
  r += expected;
  // results unused: red with an order
  a.fetch_add(v, cuda::memory_order_relaxed);
  a.fetch_add(v, cuda::memory_order_release);
  return r;
}

template <cuda::thread_scope S, class T>
__device__ T rmw_bits(T *p, T v) {
  cuda::atomic_ref<T, S> a(*p);
  T r = a.fetch_and(v, cuda::memory_order_relaxed);
  r ^= a.fetch_or(v, cuda::memory_order_acquire);
  r ^= a.fetch_xor(v, cuda::memory_order_release);
  r ^= a.fetch_min(v, cuda::memory_order_acq_rel);
  r ^= a.fetch_max(v, cuda::memory_order_relaxed);
  r ^= a.fetch_sub(v, cuda::memory_order_relaxed);
  a.fetch_or(v, cuda::memory_order_relaxed);
  a.fetch_min(v, cuda::memory_order_release);
  return r;
}

extern "C" __global__ void atomic_ref_orders(int *i, unsigned *u, long long *ll, unsigned long long *ull, float *f,
                                             double *d, double *out) {
  __shared__ int si[64];
  __shared__ float sf[64];
  unsigned t = threadIdx.x;
  si[t % 64] = 0;
  sf[t % 64] = 0.f;
  __syncthreads();
  double acc = 0;
  acc += rmw_orders<cuda::thread_scope_block>(i + t, 1);
  acc += rmw_orders<cuda::thread_scope_device>(i + t + 64, 1);
  acc += rmw_orders<cuda::thread_scope_system>(i + t + 128, 1);
  acc += rmw_orders<cuda::thread_scope_device>(ull + t, 1ull);
  acc += rmw_orders<cuda::thread_scope_system>(ull + t + 64, 1ull);
  acc += rmw_orders<cuda::thread_scope_block>(f + t, 1.f);
  acc += rmw_orders<cuda::thread_scope_device>(d + t, 1.0);
  acc += rmw_orders<cuda::thread_scope_block>(&si[t % 64], 1);
  acc += rmw_orders<cuda::thread_scope_block>(&sf[t % 64], 1.f);
  acc += rmw_bits<cuda::thread_scope_block>(u + t, 3u);
  acc += rmw_bits<cuda::thread_scope_device>(u + t + 64, 3u);
  acc += rmw_bits<cuda::thread_scope_system>(ll + t, 3ll);
  acc += rmw_bits<cuda::thread_scope_device>(ull + t + 128, 3ull);
  acc += rmw_bits<cuda::thread_scope_block>(&si[(t + 5) % 64], 3);
  cuda::atomic_thread_fence(cuda::memory_order_seq_cst, cuda::thread_scope_system);
  cuda::atomic_thread_fence(cuda::memory_order_acq_rel, cuda::thread_scope_block);
  out[t] = acc;
}
#endif
