// arch: sm_90a
// expect: clean
// sm_90a: wgmma and setmaxnreg.
__global__ void shapes_sm90a(float *acc, unsigned long long da, unsigned long long db) {
  float d[4];
  for (int i = 0; i < 4; ++i) d[i] = acc[i];
  asm volatile("setmaxnreg.inc.sync.aligned.u32 %0;" :: "n"(240));
  asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
  asm volatile(
      "{\n\t"
      ".reg .pred p;\n\t"
      "setp.ne.b32 p, %6, 0;\n\t"
      "wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16 "
      "{%0, %1, %2, %3}, %4, %5, p, %7, %8, %9, %10;\n\t"
      "}"
      : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
      : "l"(da), "l"(db), "r"(1), "n"(1), "n"(1), "n"(0), "n"(1));
  asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
  asm volatile("wgmma.wait_group.sync.aligned %0;" :: "n"(0) : "memory");
  for (int i = 0; i < 4; ++i) acc[i] = d[i];
}
