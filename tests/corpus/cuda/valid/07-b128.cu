// arch: sm_90
// expect: clean
// A `q` operand (a .b128 register) split into two `l` halves.
__global__ void split(unsigned long long *p) {
  unsigned __int128 v = p[0];
  unsigned long long lo, hi;
  asm("mov.b128 {%0, %1}, %2;" : "=l"(lo), "=l"(hi) : "q"(v));
  p[1] = lo + hi;
}
