// Static and dynamic shared memory, barriers, block reductions, float4 vector loads, transposes.
#define TILE 32

extern "C" __global__ void transpose(const float *__restrict__ in, float *__restrict__ out, int w, int h) {
  __shared__ float tile[TILE][TILE + 1];
  int x = blockIdx.x * TILE + threadIdx.x, y = blockIdx.y * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += blockDim.y)
    if (x < w && y + j < h) tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * w + x];
  __syncthreads();
  x = blockIdx.y * TILE + threadIdx.x;
  y = blockIdx.x * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += blockDim.y)
    if (x < h && y + j < w) out[(y + j) * h + x] = tile[threadIdx.x][threadIdx.y + j];
}

extern "C" __global__ void block_sum_dyn(const float4 *__restrict__ in, float *__restrict__ out, int n4) {
  extern __shared__ float sdata[];
  float acc = 0.f;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n4; i += gridDim.x * blockDim.x) {
    float4 v = in[i];
    acc += v.x + v.y + v.z + v.w;
  }
  sdata[threadIdx.x] = acc;
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 32; s >>= 1) {
    if (threadIdx.x < s) sdata[threadIdx.x] += sdata[threadIdx.x + s];
    __syncthreads();
  }
  if (threadIdx.x < 32) {
    volatile float *vs = sdata;
    float v = vs[threadIdx.x] + vs[threadIdx.x + 32];
    for (int off = 16; off > 0; off >>= 1) v += __shfl_down_sync(0xffffffffu, v, off);
    if (threadIdx.x == 0) out[blockIdx.x] = v;
  }
}

extern "C" __global__ void barrier_variants(const int *__restrict__ in, int *__restrict__ out, int n) {
  __shared__ int buf[256];
  int t = threadIdx.x;
  int v = (blockIdx.x * blockDim.x + t < n) ? in[blockIdx.x * blockDim.x + t] : 0;
  buf[t & 255] = v;
  int cnt = __syncthreads_count(v > 0);
  int a = __syncthreads_and(v >= 0);
  int o = __syncthreads_or(v == 7);
  __threadfence_block();
  int nb = buf[(t + 1) & 255];
  __threadfence();
  __syncwarp(0xffffffffu);
  if (blockIdx.x * blockDim.x + t < n) out[blockIdx.x * blockDim.x + t] = cnt + a + o + nb;
  __threadfence_system();
}

// Vector types through global memory.
extern "C" __global__ void saxpy_vec(float a, const float4 *__restrict__ x, float4 *__restrict__ y,
                                     const int2 *__restrict__ idx, double2 *__restrict__ d, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float4 xv = __ldg(&x[i]);
  float4 yv = y[i];
  yv.x = fmaf(a, xv.x, yv.x); yv.y = fmaf(a, xv.y, yv.y);
  yv.z = fmaf(a, xv.z, yv.z); yv.w = fmaf(a, xv.w, yv.w);
  y[i] = yv;
  int2 k = idx[i];
  double2 dv = d[i];
  dv.x += k.x; dv.y += k.y;
  __stcs(&d[i], dv);
  float l = __ldcg(&x[(i + 1) % n].x) + __ldcs(&x[i].y) + __ldlu(&x[i].z) + __ldcv(&x[i].w);
  __stwt(&y[i].x, l);
}
