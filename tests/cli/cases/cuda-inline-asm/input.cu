// Inline PTX in CUDA C++: each finding lands inside the string literal that wrote it.
#define CACHE "global"

__global__ void k(unsigned *p, unsigned short h) {
  unsigned v, u = p[0];
  asm volatile("ld.global.u32 %0, [%1];\n\t"
               "addd.u32 %0, %0, 1;" : "=r"(v) : "l"(p) : "memory");
  asm("mov.u32 %0, %1;" : "=r"(v) : "h"(h));
  asm("mov.u32 %0, %2;" : "=r"(v) : "r"(u));
  asm("mov.u32 %[out], 1;" : [out] "=r"(v));
  asm("{ .reg .b32 %r1; mov.u32 %r1, 1; mov.u32 %0, %r1; }" : "=r"(v));
  asm("ld.u32 %0, [%1];" : "=r"(v) : "m"(p[3]));
  asm volatile("membar.gl;" ::: "memory", "cc");
  asm("ld." CACHE ".u32 %0, [%1];" : "=r"(v) : "l"(p));
  asm(R"(
    mov.u32 %0, %%laneid;
    bogus.op %0;
  )" : "=r"(v));
  asm("st.global.u32 [%1], %0;" : "=r"(v) : "l"(p));
  asm("add.u32 %0, %0, 1;" :: "r"(u));
  unsigned short s = h;
  asm("cvt.u32.u16 %0, %1;" : "=r"(v) : "r"(s));
  asm("mov.u32 %0, %1;\n\t"
#if __CUDA_ARCH__ >= 900
      "add.u32 %0, %0, 1;\n\t"
#else
      "subb.u32 %0, %0, 1;\n\t"
#endif
      : "=r"(v) : "r"(u));
  p[1] = v;
}
