// arch: sm_90a
// expect: clean
// Architecture-specific instructions, and an `n` operand as an instruction's immediate.
__global__ void __launch_bounds__(128) producer(unsigned *p) {
  asm volatile("setmaxnreg.inc.sync.aligned.u32 %0;\n" : : "n"(240));
  asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  p[threadIdx.x] = 0;
}
