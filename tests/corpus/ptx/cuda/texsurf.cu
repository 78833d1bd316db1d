// Texture and surface objects.
#include <cuda_runtime.h>

extern "C" __global__ void tex_sample(cudaTextureObject_t tex, cudaTextureObject_t tex1d, float *out, int w, int h) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= w || y >= h) return;
  float u = (x + 0.5f) / w, v = (y + 0.5f) / h;
  float a = tex2D<float>(tex, u, v);
  float b = tex2DLod<float>(tex, u, v, 1.0f);
  float4 g = tex2Dgather<float4>(tex, u, v, 0);
  float c = tex1Dfetch<float>(tex1d, y * w + x);
  float d = tex2DGrad<float>(tex, u, v, make_float2(0.01f, 0.f), make_float2(0.f, 0.01f));
  out[y * w + x] = a + b + g.x + g.w + c + d;
}

extern "C" __global__ void tex3d_layered(cudaTextureObject_t t3, cudaTextureObject_t tl, cudaTextureObject_t tc,
                                         float4 *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float f = i * 0.001f;
  float4 a = tex3D<float4>(t3, f, f * 2.f, f * 3.f);
  float4 b = tex2DLayered<float4>(tl, f, f, i & 3);
  float4 c = texCubemap<float4>(tc, f, 1.0f, -f);
  out[i] = make_float4(a.x + b.x + c.x, a.y + b.y, a.z + c.z, a.w);
}

extern "C" __global__ void surf_copy(cudaSurfaceObject_t src, cudaSurfaceObject_t dst, int w, int h) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= w || y >= h) return;
  float v = surf2Dread<float>(src, x * sizeof(float), y, cudaBoundaryModeClamp);
  uchar4 c = surf2Dread<uchar4>(src, x * 4, y, cudaBoundaryModeZero);
  surf2Dwrite(v * 2.0f + c.x, dst, x * sizeof(float), y);
  surf2Dwrite(make_uchar4(c.w, c.z, c.y, c.x), dst, x * 4, (y + 1) % h, cudaBoundaryModeTrap);
  surf1Dwrite<int>(x + y, dst, x * 4);
}
