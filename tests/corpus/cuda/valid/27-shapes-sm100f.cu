// arch: sm_100f
// expect: clean
// sm_100f: family-specific tcgen05 fences and a cluster launch query.
__global__ void shapes_sm100f(unsigned *out) {
  asm volatile("tcgen05.fence::before_thread_sync;" ::: "memory");
  unsigned id;
  asm volatile("mov.u32 %0, %%clusterid.x;" : "=r"(id));
  unsigned v = out[0], r;
  asm("{\n\t.reg .pred p;\n\tsetp.lt.u32 p, %1, 8;\n\tselp.u32 %0, %1, 8, p;\n\t}" : "=r"(r) : "r"(v));
  out[1] = id + r;
}
