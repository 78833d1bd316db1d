// arch: sm_80
// expect: PTX011 line 6
// An "n" start bit past 255: ptxas "Argument 3 of instruction 'bfi': value '300' out of range".
__global__ void k(unsigned *out) {
  unsigned v, x = out[0];
  asm("bfi.b32 %0, %1, %1, %2, 8;"
      : "=r"(v) : "r"(x), "n"(300));
  out[1] = v;
}
