// Host C++ with x86 assembly: not PTX, so speclint says nothing here and leaves it to clangd.
#include <cstdint>

static inline uint64_t cycles() {
  uint32_t lo, hi;
  asm volatile("rdtsc" : "=a"(lo), "=d"(hi));
  return (uint64_t(hi) << 32) | lo;
}

int main() { return cycles() == 0; }
