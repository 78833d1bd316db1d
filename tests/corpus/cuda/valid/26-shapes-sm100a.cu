// arch: sm_100a
// expect: clean
// sm_100a: tcgen05 allocation and fences.
__global__ void shapes_sm100a(unsigned *out) {
  __shared__ unsigned slot;
  unsigned smem = (unsigned)__cvta_generic_to_shared(&slot);
  asm volatile("tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [%0], %1;" :: "r"(smem), "n"(32) : "memory");
  asm volatile("tcgen05.relinquish_alloc_permit.cta_group::1.sync.aligned;" ::: "memory");
  asm volatile("tcgen05.fence::before_thread_sync;" ::: "memory");
  asm volatile("tcgen05.fence::after_thread_sync;" ::: "memory");
  unsigned taddr = slot;
  asm volatile("tcgen05.dealloc.cta_group::1.sync.aligned.b32 %0, %1;" :: "r"(taddr), "n"(32) : "memory");
  out[0] = taddr;
}
