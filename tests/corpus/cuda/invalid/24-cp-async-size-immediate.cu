// arch: sm_80
// expect: PTX011 line 6
// cp.async copies 4, 8 or 16 bytes: ptxas "unexpected value '5', expected to be 4 or 8 or 16".
__global__ void k(const unsigned *in) {
  __shared__ unsigned tile[8];
  asm volatile("cp.async.ca.shared.global [%0], [%1], %2;" :: "r"((unsigned)__cvta_generic_to_shared(tile)), "l"(in), "n"(5) : "memory");
}
