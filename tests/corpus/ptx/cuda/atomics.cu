// Atomic operations on global and shared memory.
extern "C" __global__ void atomics_global(int *ip, unsigned *up, float *fp, double *dp,
                                          unsigned long long *ullp, const int *__restrict__ vals, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int v = vals[i];
  atomicAdd(ip, v);
  atomicSub(ip + 1, v);
  atomicMax(ip + 2, v);
  atomicMin(ip + 3, v);
  atomicAnd(ip + 4, v);
  atomicOr(ip + 5, v);
  atomicXor(ip + 6, v);
  int old = atomicExch(ip + 7, v);
  atomicInc(up, 1024u);
  atomicDec(up + 1, 1024u);
  atomicMax(up + 2, (unsigned)old);
  atomicAdd(fp, (float)v * 0.5f);
  float fo = atomicExch(fp + 1, 1.0f);
  atomicAdd(dp, (double)v);
  atomicAdd(ullp, 1ull);
  atomicMax(ullp + 1, (unsigned long long)v);
  atomicAdd_block(ip + 8, 1);
  atomicAdd_system(ip + 9, 1);
  // CAS loop implementing a float max.
  float *addr = fp + 2;
  int cur = __float_as_int(*addr);
  while (__int_as_float(cur) < fo + v) {
    int prev = atomicCAS((int *)addr, cur, __float_as_int(fo + v));
    if (prev == cur) break;
    cur = prev;
  }
  // Double via 64-bit CAS.
  unsigned long long *dptr = (unsigned long long *)(dp + 1);
  unsigned long long o = *dptr, assumed;
  do {
    assumed = o;
    o = atomicCAS(dptr, assumed, __double_as_longlong(__longlong_as_double(assumed) * 1.0001 + v));
  } while (assumed != o);
}

extern "C" __global__ void histogram_shared(const unsigned char *__restrict__ data, unsigned *__restrict__ hist,
                                            float *__restrict__ fsum, double *__restrict__ dsum, int n) {
  __shared__ unsigned sh[256];
  __shared__ float sf;
  __shared__ double sd;
  for (int t = threadIdx.x; t < 256; t += blockDim.x) sh[t] = 0;
  if (threadIdx.x == 0) { sf = 0.f; sd = 0.0; }
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
    unsigned char c = data[i];
    atomicAdd(&sh[c], 1u);
    atomicAdd(&sf, (float)c);
    atomicAdd(&sd, (double)c * 0.25);
    atomicMax(&sh[255], (unsigned)c);
    atomicCAS(&sh[0], 0u, 1u);
  }
  __syncthreads();
  for (int t = threadIdx.x; t < 256; t += blockDim.x) atomicAdd(&hist[t], sh[t]);
  if (threadIdx.x == 0) { atomicAdd(fsum, sf); atomicAdd(dsum, sd); }
}
