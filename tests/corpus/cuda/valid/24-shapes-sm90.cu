// arch: sm_90
// expect: clean
// sm_90: clusters, mbarriers, elect.sync, fences and the proxy.
__global__ void shapes_sm90(unsigned *out) {
  __shared__ unsigned long long bar;
  unsigned rank, nrank;
  asm volatile("mov.u32 %0, %%cluster_ctarank;" : "=r"(rank));
  asm volatile("mov.u32 %0, %%cluster_nctarank;" : "=r"(nrank));
  unsigned smem = (unsigned)__cvta_generic_to_shared(&bar);
  asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" :: "r"(smem), "r"(1) : "memory");
  asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
  unsigned long long state;
  asm volatile("mbarrier.arrive.shared::cta.b64 %0, [%1];" : "=l"(state) : "r"(smem) : "memory");
  asm volatile(
      "{\n\t"
      ".reg .pred done;\n"
      "WAIT_%=:\n\t"
      "mbarrier.try_wait.shared::cta.b64 done, [%0], %1;\n\t"
      "@!done bra.uni WAIT_%=;\n\t"
      "}"
      :: "r"(smem), "l"(state) : "memory");
  unsigned leader = 0;
  asm volatile("{\n\t.reg .pred p;\n\telect.sync _|p, %1;\n\t@p mov.u32 %0, 1;\n\t}"
               : "+r"(leader) : "n"(0xffffffff));
  unsigned remote;
  asm volatile("mapa.shared::cluster.u32 %0, %1, %2;" : "=r"(remote) : "r"(smem), "r"(0));
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  asm volatile("barrier.cluster.arrive.relaxed.aligned;\n\tbarrier.cluster.wait.aligned;" ::: "memory");
  asm volatile("griddepcontrol.launch_dependents;");
  out[0] = rank + nrank + leader + remote;
}
