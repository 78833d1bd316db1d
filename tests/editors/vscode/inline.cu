// Inline PTX for the VS Code end-to-end test: a misspelt opcode in the second literal.
#include <cstdint>

__device__ uint32_t add_one(uint32_t v) {
  uint32_t r;
  asm("add.u32 %0, %1, 1;\n\t"
      "movv.u32 %0, %0;" : "=r"(r) : "r"(v));
  return r;
}

__global__ void kernel(uint32_t *out) { out[threadIdx.x] = add_one(threadIdx.x); }
