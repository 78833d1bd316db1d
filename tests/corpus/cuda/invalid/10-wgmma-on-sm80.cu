// arch: sm_80
// expect: PTX005 line 5
// wgmma needs sm_90a.
__global__ void k(unsigned *p) {
  asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
  p[0] = 1;
}
