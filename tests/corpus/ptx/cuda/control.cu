// Control flow: dense switch statements (jump tables), nested loops, early exits, goto.
extern "C" __global__ void interpreter(const unsigned char *__restrict__ code, const int *__restrict__ init,
                                       int *__restrict__ out, int len, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int acc = init[i], reg = i, pc = 0, steps = 0;
  while (pc < len && steps < 4096) {
    unsigned char op = code[pc];
    ++steps;
    switch (op) {
    case 0: acc += reg; break;
    case 1: acc -= reg; break;
    case 2: acc *= reg | 1; break;
    case 3: acc ^= reg << 3; break;
    case 4: reg = acc; break;
    case 5: acc = acc >> 1; break;
    case 6: if (acc & 1) { pc += 2; continue; } break;
    case 7: pc = code[pc + 1] % len; continue;
    case 8: acc = ~acc; break;
    case 9: reg += 17; break;
    case 10: acc = (acc * 1103515245 + 12345); break;
    case 11: reg = reg * 3 - acc; break;
    case 12: acc = acc % (reg | 1); break;
    case 13: acc = __popc(acc) + reg; break;
    case 14: goto done;
    case 15: acc = max(acc, reg); break;
    default: acc += op; break;
    }
    ++pc;
  }
done:
  out[i] = acc + reg;
}

__device__ __noinline__ float select_fn(int k, float x) {
  switch (k) {
  case 0: return x + 1.f;
  case 1: return x * 2.f;
  case 2: return x - 3.f;
  case 3: return x / 4.f;
  case 4: return sqrtf(fabsf(x));
  case 5: return sinf(x);
  case 6: return expf(x);
  case 7: return -x;
  case 8: return x * x;
  case 9: return 1.f / (x + 1.f);
  default: return 0.f;
  }
}

extern "C" __global__ void nested_loops(float *__restrict__ m, int rows, int cols, int iters) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= rows) return;
  for (int it = 0; it < iters; ++it) {
    for (int c = 0; c < cols; ++c) {
      float v = m[r * cols + c];
      if (v > 1e6f) break;
      v = select_fn((it + c) % 11, v);
      m[r * cols + c] = v;
#pragma unroll 4
      for (int k = 0; k < 8; ++k) v = v * 0.99f + k;
      if (v < -1e6f) return;
    }
  }
}
