// arch: sm_80
// expect: PTX008 line 10
// A register used in a raw string's scope that the scope never declares.
__global__ void k(unsigned *p) {
  unsigned v = p[0];
  asm volatile(R"(
    {
      .reg .pred big;
      setp.gt.u32 big, %0, 10;
      @big mov.u32 %0, tmp;
    }
  )" : "+r"(v));
  p[1] = v;
}
