// Every flavour of ld/st that real code produces: cache operators (__ldcg/__ldca/__ldcs/
// __ldlu/__ldcv, __stwb/__stcg/__stcs/__stwt) over every element size and vector width,
// ld.global.nc (__ldg), volatile, .relaxed/.acquire/.release with .cta/.gpu/.sys scopes
// (cuda::atomic_ref), L2 cache hints and createpolicy (cuda::annotated_ptr,
// cuda::ptx::ld/st), and (sm_100) 256-bit loads and stores (.v4.b64, .v8.b32) of 32-byte
// aligned vectors.
#include <cuda/annotated_ptr>
#include <cuda/atomic>
#include <cuda/ptx>
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cstdint>

// One cache operator over every scalar and vector type it has an overload for.
#define CACHE_LOADS(NAME, LD)                                                                          \
  extern "C" __global__ void NAME(const char *c, const short *s, const int *i, const long long *l,   \
                                  const float *f, const double *d, const char2 *c2, const char4 *c4,  \
                                  const short2 *s2, const short4 *s4, const int2 *i2, const int4 *i4, \
                                  const longlong2 *l2, const float2 *f2, const float4 *f4,            \
                                  const double2 *d2, const uchar4 *u4, const __half2 *h2,             \
                                  const __nv_bfloat162 *b2, float *out) {                             \
    int t = blockIdx.x * blockDim.x + threadIdx.x;                                                    \
    char2 vc2 = LD(c2 + t);                                                                           \
    char4 vc4 = LD(c4 + t);                                                                           \
    short2 vs2 = LD(s2 + t);                                                                          \
    short4 vs4 = LD(s4 + t);                                                                          \
    int2 vi2 = LD(i2 + t);                                                                            \
    int4 vi4 = LD(i4 + t);                                                                            \
    longlong2 vl2 = LD(l2 + t);                                                                       \
    float2 vf2 = LD(f2 + t);                                                                          \
    float4 vf4 = LD(f4 + t);                                                                          \
    double2 vd2 = LD(d2 + t);                                                                         \
    uchar4 vu4 = LD(u4 + t);                                                                          \
    float2 vh2 = __half22float2(LD(h2 + t));                                                          \
    float2 vb2 = __bfloat1622float2(LD(b2 + t));                                                      \
    float acc = (float)LD(c + t) + (float)LD(s + t) + (float)LD(i + t) + (float)LD(l + t) +          \
                LD(f + t) + (float)LD(d + t);                                                         \
    acc += vc2.x + vc2.y + vc4.x + vc4.w + vs2.x + vs2.y + vs4.x + vs4.w + vi2.x + vi2.y + vi4.x +   \
           vi4.w + (float)vl2.x + (float)vl2.y + vf2.x + vf2.y + vf4.x + vf4.w + (float)vd2.x +      \
           (float)vd2.y + vu4.x + vu4.w + vh2.x + vh2.y + vb2.x + vb2.y;                              \
    out[t] = acc;                                                                                     \
  }

CACHE_LOADS(loads_cg, __ldcg)
CACHE_LOADS(loads_ca, __ldca)
CACHE_LOADS(loads_cs, __ldcs)
CACHE_LOADS(loads_lu, __ldlu)
CACHE_LOADS(loads_cv, __ldcv)
CACHE_LOADS(loads_nc, __ldg)

#define CACHE_STORES(NAME, ST)                                                                        \
  extern "C" __global__ void NAME(char *c, short *s, int *i, long long *l, float *f, double *d,       \
                                  char2 *c2, char4 *c4, short2 *s2, short4 *s4, int2 *i2, int4 *i4,  \
                                  longlong2 *l2, float2 *f2, float4 *f4, double2 *d2, __half2 *h2,   \
                                  __nv_bfloat162 *b2, const float *in) {                             \
    int t = blockIdx.x * blockDim.x + threadIdx.x;                                                   \
    float v = in[t];                                                                                 \
    int n = (int)v;                                                                                  \
    ST(c + t, (char)n);                                                                              \
    ST(s + t, (short)n);                                                                             \
    ST(i + t, n);                                                                                    \
    ST(l + t, (long long)n * 3);                                                                     \
    ST(f + t, v);                                                                                    \
    ST(d + t, (double)v);                                                                            \
    ST(c2 + t, make_char2((char)n, (char)(n + 1)));                                                  \
    ST(c4 + t, make_char4((char)n, (char)(n + 1), (char)(n + 2), (char)(n + 3)));                   \
    ST(s2 + t, make_short2((short)n, (short)(n + 1)));                                               \
    ST(s4 + t, make_short4((short)n, (short)(n + 1), (short)(n + 2), (short)(n + 3)));              \
    ST(i2 + t, make_int2(n, n + 1));                                                                 \
    ST(i4 + t, make_int4(n, n + 1, n + 2, n + 3));                                                   \
    ST(l2 + t, make_longlong2(n, (long long)n << 20));                                               \
    ST(f2 + t, make_float2(v, v * 2.f));                                                             \
    ST(f4 + t, make_float4(v, v * 2.f, v * 3.f, v * 4.f));                                           \
    ST(d2 + t, make_double2(v, (double)v * 0.5));                                                    \
    ST(h2 + t, __floats2half2_rn(v, -v));                                                            \
    ST(b2 + t, __floats2bfloat162_rn(v, -v));                                                        \
  }

CACHE_STORES(stores_wb, __stwb)
CACHE_STORES(stores_cg, __stcg)
CACHE_STORES(stores_cs, __stcs)
CACHE_STORES(stores_wt, __stwt)

// volatile loads and stores, global and shared, several widths.
extern "C" __global__ void volatile_access(volatile int *flag, volatile long long *counter, volatile float *vf,
                                           volatile short *vs, volatile char *vc, int *out) {
  __shared__ volatile int sflag[64];
  __shared__ volatile double sd[64];
  sflag[threadIdx.x % 64] = (int)threadIdx.x;
  sd[threadIdx.x % 64] = threadIdx.x * 0.25;
  while (flag[0] == 0) {
  }
  counter[threadIdx.x] = counter[threadIdx.x] + 1;
  vf[threadIdx.x] = vf[threadIdx.x] * 2.0f;
  vs[threadIdx.x] = (short)(vs[threadIdx.x] + 1);
  vc[threadIdx.x] = (char)(vc[threadIdx.x] ^ 1);
  out[threadIdx.x] = sflag[(threadIdx.x + 1) % 64] + (int)sd[(threadIdx.x + 3) % 64];
}

#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 700
// Memory-ordered loads and stores: .relaxed/.acquire/.release, .cta/.gpu/.sys scopes,
// 32- and 64-bit, global and shared, through cuda::atomic_ref.
template <cuda::thread_scope S, class T>
__device__ T ordered(T *p, T *q, T v) {
  cuda::atomic_ref<T, S> a(*p);
  cuda::atomic_ref<T, S> b(*q);
  T r = a.load(cuda::memory_order_relaxed);
  r += a.load(cuda::memory_order_acquire);
  r += a.load(cuda::memory_order_seq_cst);
  b.store(v, cuda::memory_order_relaxed);
  b.store(v + r, cuda::memory_order_release);
  b.store(v + 1, cuda::memory_order_seq_cst);
  return r;
}

extern "C" __global__ void ordered_access(int *i, unsigned long long *u, float *f, double *d, int *out) {
  __shared__ int si[64];
  __shared__ long long sl[64];
  unsigned t = threadIdx.x;
  si[t % 64] = (int)t;
  sl[t % 64] = t;
  __syncthreads();
  int r = ordered<cuda::thread_scope_block>(i + t, i + t + 64, (int)t);
  r += ordered<cuda::thread_scope_device>(i + t + 128, i + t + 192, (int)t);
  r += ordered<cuda::thread_scope_system>(i + t + 256, i + t + 320, (int)t);
  r += (int)ordered<cuda::thread_scope_block>(u + t, u + t + 64, (unsigned long long)t);
  r += (int)ordered<cuda::thread_scope_device>(u + t + 128, u + t + 192, (unsigned long long)t);
  r += (int)ordered<cuda::thread_scope_system>(u + t + 256, u + t + 320, (unsigned long long)t);
  r += (int)ordered<cuda::thread_scope_device>(f + t, f + t + 64, (float)t);
  r += (int)ordered<cuda::thread_scope_system>(d + t, d + t + 64, (double)t);
  r += ordered<cuda::thread_scope_block>(&si[t % 64], &si[(t + 1) % 64], (int)t);
  r += (int)ordered<cuda::thread_scope_block>(&sl[t % 64], &sl[(t + 1) % 64], (long long)t);
  out[t] = r;
}
#endif

#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 800
// L2 cache hints: annotated_ptr with access properties emits createpolicy and
// ld/st .L2::cache_hint.
extern "C" __global__ void l2_hints(float *in, float *out, float4 *vin, float4 *vout, int n) {
  cuda::annotated_ptr<float, cuda::access_property::streaming> s_in(in);
  cuda::annotated_ptr<float, cuda::access_property::persisting> p_out(out);
  cuda::annotated_ptr<float4, cuda::access_property> v_in(vin, cuda::access_property(cuda::access_property::normal{}));
  cuda::access_property range(vout, (size_t)n * sizeof(float4), (size_t)n * sizeof(float4) * 4,
                              cuda::access_property::persisting{}, cuda::access_property::streaming{});
  cuda::annotated_ptr<float4, cuda::access_property> v_out(vout, range);
  cuda::annotated_ptr<int, cuda::access_property> frac(
      (int *)(vout + n), cuda::access_property(cuda::access_property::persisting{}, 0.25f, cuda::access_property::streaming{}));
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t < n) {
    p_out[t] = s_in[t] * 2.0f;
    float4 v = v_in[t];
    v.x += 1.0f;
    v_out[t] = v;
    frac[t] += 1;
  }
}

// cuda::ptx ld/st wrappers: L1 eviction priorities, L2::256B prefetch size, explicit
// cache policies (createpolicy), every width.
extern "C" __global__ void ptx_ld_st(const uint8_t *b8, const uint16_t *b16, const uint32_t *b32,
                                     const uint64_t *b64, const int4 *b128, uint32_t *o32, uint64_t *o64,
                                     int4 *o128) {
  namespace ptx = cuda::ptx;
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  uint64_t pol;
  asm volatile("createpolicy.fractional.L2::evict_last.b64 %0, 1.0;" : "=l"(pol));
  uint64_t pol2;
  asm volatile("createpolicy.fractional.L2::evict_first.L2::evict_unchanged.b64 %0, 0.5;" : "=l"(pol2));
  uint32_t r = ptx::ld_L2_256B(ptx::space_global, b8 + t) + ptx::ld_L1_evict_first(ptx::space_global, b16 + t) +
               ptx::ld_L1_evict_last(ptx::space_global, b32 + t) +
               ptx::ld_L1_no_allocate(ptx::space_global, b32 + t + 1) +
               ptx::ld_L2_cache_hint(ptx::space_global, b32 + t + 2, pol) +
               ptx::ld_nc(ptx::space_global, b16 + t + 3) +
               ptx::ld_L1_evict_first_L2_cache_hint_L2_256B(ptx::space_global, b8 + t + 4, pol2);
  uint64_t r64 = ptx::ld_L1_evict_last_L2_256B(ptx::space_global, b64 + t) +
                 ptx::ld_L2_cache_hint(ptx::space_global, b64 + t + 1, pol);
  int4 v = ptx::ld_L1_no_allocate_L2_256B(ptx::space_global, b128 + t);
  int4 w = ptx::ld_L2_cache_hint(ptx::space_global, b128 + t + 1, pol2);
  v.x += w.y;
  ptx::st(ptx::space_global, o32 + t, r);
  ptx::st_L2_cache_hint(ptx::space_global, o64 + t, r64, pol);
  ptx::st_L1_no_allocate(ptx::space_global, o128 + t, v);
  ptx::st_L1_evict_last(ptx::space_global, o32 + t + 1, r + 1);
}
#endif

#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 1000
// sm_100: 256-bit loads and stores (ld/st .v4.b64, .v8.b32) of 32-byte aligned vectors.
extern "C" __global__ void wide_256(const double4_32a *__restrict__ a, double4_32a *b, const longlong4_32a *c,
                                    longlong4_32a *d) {
  namespace ptx = cuda::ptx;
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  b[t] = a[t];
  longlong4_32a v = ptx::ld(ptx::space_global, c + t);
  longlong4_32a w = ptx::ld_L1_evict_last(ptx::space_global, c + t + 1);
  longlong4_32a x = ptx::ld_nc(ptx::space_global, c + t + 2);
  v.x += w.y + x.z;
  ptx::st(ptx::space_global, d + t, v);
  ptx::st_L1_no_allocate(ptx::space_global, d + t + 1, w);
  uint64_t pol;
  asm volatile("createpolicy.fractional.L2::evict_first.b64 %0, 1.0;" : "=l"(pol));
  ptx::st_L2_cache_hint(ptx::space_global, d + t + 2, x, pol);
}

// 32-byte aligned structs of 32- and 16-bit elements: ld/st .v8.b32 (and .nc).
struct __align__(32) F8 {
  float v[8];
};
struct __align__(32) H16 {
  unsigned short v[16];
};
extern "C" __global__ void wide_v8(const F8 *__restrict__ a, F8 *b, const F8 *c, const H16 *__restrict__ h,
                                   H16 *ho) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  F8 x = a[t], y = c[t];
#pragma unroll
  for (int j = 0; j < 8; ++j)
    x.v[j] = x.v[j] * 2.f + y.v[j];
  b[t] = x;
  H16 z = h[t];
#pragma unroll
  for (int j = 0; j < 16; ++j)
    z.v[j] += 1;
  ho[t] = z;
}
#endif
