// arch: sm_80
// expect: clean
// `<nv/target>`: the statements in NV_IF_TARGET's arguments are compiled where its query holds.
#include <nv/target>
__global__ void k(unsigned *p) {
  NV_IF_TARGET(NV_PROVIDES_SM_90,
               (asm volatile("fence.proxy.async.shared::cta;" ::: "memory");));
  NV_IF_ELSE_TARGET(NV_HAS_FEATURE_SM_90a,
                    (asm volatile("wgmma.fence.sync.aligned;" ::: "memory");),
                    (unsigned r; asm volatile("mov.u32 %0, %%laneid;" : "=r"(r)); p[1] = r;));
  NV_DISPATCH_TARGET(
      NV_IS_EXACTLY_SM_100, (asm volatile("fence.proxy.async.shared::cta;" ::: "memory");),
      NV_PROVIDES_SM_70, (asm volatile("fence.acq_rel.gpu;" ::: "memory");));
  p[0] = 1;
}
