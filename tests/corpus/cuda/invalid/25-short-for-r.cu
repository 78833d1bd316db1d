// arch: sm_75
// expect: CUDA010 line 7
// A 2-byte `unsigned short` for "r": nvcc's front end rejects it ("asm operand type size(2)
// does not match type/size implied by constraint 'r'").
__global__ void k(unsigned *out, unsigned short h) {
  unsigned r;
  asm volatile("cvt.u32.u16 %0, %1;" : "=&r"(r) : "r"(h));
  out[0] = r;
}
