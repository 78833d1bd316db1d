// arch: sm_75
// expect: clean
// Shapes of inline PTX (issue 23): literals, scopes, guards, labels, constraint letters.
#define PTX_ADD(ty) "add." #ty " %0, %1, %2;"
#define SCRATCH ".reg .b32 t;\n\t"

__device__ unsigned adjacent(unsigned a, unsigned b) {
  unsigned r;
  asm("{\n\t"
      ".reg .pred p;\n\t"
      "setp.lt.u32 p, %1, %2;\n\t"
      "@p mov.u32 %0, %1;\n\t"
      "@!p mov.u32 %0, %2;\n\t"
      "}"
      : "=r"(r)
      : "r"(a), "r"(b));
  return r;
}

__device__ unsigned raw(unsigned a) {
  unsigned r;
  asm volatile(R"XYZ(
    {
      .reg .b32 t;        // a scratch register
      add.u32 t, %1, 1;   // "quoted" text in a comment
      shl.b32 %0, t, 2;
    }
  )XYZ"
               : "=r"(r)
               : "r"(a));
  return r;
}

__device__ unsigned lane_and_labels(unsigned n) {
  unsigned lane, count = 0;
  __asm__("mov.u32 %0, %%laneid;" : "=r"(lane));
  __asm__ __volatile__(
      "{\n\t"
      ".reg .pred done;\n"
      "LOOP_%=:\n\t"
      "setp.eq.u32 done, %1, 0;\n\t"
      "@done bra.uni END_%=;\n\t"
      "add.u32 %0, %0, 1;\n\t"
      "sub.u32 %1, %1, 1;\n\t"
      "bra.uni LOOP_%=;\n"
      "END_%=:\n\t"
      "}"
      : "+r"(count), "+r"(n));
  return lane + count;
}

__device__ void classes(unsigned long long *p, float f, double d, unsigned short h) {
  float fo;
  double dout;
  unsigned short ho;
  unsigned long long lo;
  unsigned ro;
  asm("add.f32 %0, %1, %1;" : "=f"(fo) : "f"(f));
  asm("mul.f64 %0, %1, %1;" : "=d"(dout) : "d"(d));
  asm("add.u16 %0, %1, %2;" : "=h"(ho) : "h"(h), "n"(7));
  asm("ld.global.u64 %0, [%1];" : "=l"(lo) : "l"(p) : "memory");
  asm("cvt.u32.u16 %0, %1;" : "=&r"(ro) : "h"(h));
  asm volatile("st.global.u64 [%0], %1;" :: "l"(p), "l"(lo + ro) : "memory");
  asm volatile("st.global.f32 [%0+8], %1;" :: "l"(p), "f"(fo));
  asm volatile("st.global.f64 [%0+16], %1;" :: "l"(p), "d"(dout));
  asm volatile("st.global.u16 [%0+24], %1;" :: "l"(p), "h"(ho));
}

__device__ unsigned from_macros(unsigned a, unsigned b) {
  unsigned r;
  asm(PTX_ADD(u32) : "=r"(r) : "r"(a), "r"(b));
  asm("{\n\t" SCRATCH "mov.u32 t, %1;\n\t" "add.u32 %0, t, %0;\n\t" "}" : "+r"(r) : "r"(b));
  return r;
}

__device__ unsigned conditional(unsigned a) {
  unsigned r;
  asm("mov.u32 %0, %1;\n\t"
#if __CUDA_ARCH__ >= 700
      "add.u32 %0, %0, 1;\n\t"
#endif
      : "=r"(r)
      : "r"(a));
  return r;
}

template <int Shift, typename T>
__device__ T shifted(T a) {
  T r = a;
  if constexpr (sizeof(T) == 4) {
    asm("shl.b32 %0, %1, %2;" : "=r"(r) : "r"(a), "n"(Shift));
  } else {
    asm("shl.b64 %0, %1, %2;" : "=l"(r) : "l"(a), "n"(Shift));
  }
  return r;
}

__global__ void shapes_sm75(unsigned *out, unsigned long long *p, float f, double d) {
  unsigned a = out[0], b = out[1];
  auto bump = [&](unsigned v) {
    unsigned r;
    asm volatile("add.u32 %0, %1, 1;" : "=r"(r) : "r"(v));
    return r;
  };
  classes(p, f, d, (unsigned short)a);
  asm volatile("membar.gl;" ::: "memory");
  asm volatile("bar.sync 0;");
  out[2] = adjacent(a, b) + raw(a) + lane_and_labels(b) + from_macros(a, b) + conditional(a) +
           bump(a) + shifted<3>(a) + (unsigned)shifted<5>((unsigned long long)b);
}
