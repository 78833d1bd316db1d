// arch: sm_80
// expect: PTX003 line 8
// A type no `add` takes, in a raw string.
__global__ void k(unsigned *p) {
  unsigned v = p[0];
  asm(R"(
    add.u32 %0, %0, 1;
    add.u31 %0, %0, 1;
  )" : "+r"(v));
  p[1] = v;
}
