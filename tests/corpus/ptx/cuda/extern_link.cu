// Separate compilation (-rdc): extern declarations, weak template instances, visible functions.
extern __device__ int ext_counter;
extern __device__ float ext_lookup(int);
extern __shared__ float dyn_smem[];

__device__ int defined_here = 7;
__device__ __noinline__ int visible_helper(int x) { return x * 3 + defined_here; }

template <int K>
__device__ int tmpl_shift(int x) { return (x << K) | (x >> (32 - K)); }

extern "C" __global__ void uses_externs(float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  dyn_smem[threadIdx.x] = ext_lookup(i);
  __syncthreads();
  if (i < n) out[i] = dyn_smem[(threadIdx.x + 1) % blockDim.x] + (float)visible_helper(i) + tmpl_shift<5>(i) + tmpl_shift<9>(i);
  if (i == 0) atomicAdd(&ext_counter, 1);
}
