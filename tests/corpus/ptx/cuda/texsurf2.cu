// Textures and surfaces beyond texsurf.cu: layered 1D/2D and cubemap-layered fetches, lod/grad
// on 1D/3D/layered/cube, integer and float2 element types, tld4 gather of every component,
// sparse-texture residency (tex with a predicate), and surface reads/writes of 1D/3D/layered/
// cubemap surfaces in several widths and boundary modes.
#include <cuda_runtime.h>

extern "C" __global__ void tex_more(cudaTextureObject_t t1, cudaTextureObject_t t1l, cudaTextureObject_t t2l,
                                    cudaTextureObject_t t3, cudaTextureObject_t tc, cudaTextureObject_t tcl,
                                    cudaTextureObject_t ti, cudaTextureObject_t tu, cudaTextureObject_t t2,
                                    float4 *out, int4 *iout) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float x = (i + 0.5f) / 256.f, y = x * 0.5f, z = x * 0.25f;
  float4 a = tex1D<float4>(t1, x);
  a.x += tex1DLod<float>(t1, x, 1.5f);
  a.y += tex1DGrad<float>(t1, x, 0.1f, 0.2f);
  a.z += tex1DLayered<float>(t1l, x, i & 3);
  a.w += tex1DLayeredLod<float>(t1l, x, i & 3, 2.0f);
  float4 b = tex2DLayered<float4>(t2l, x, y, i & 7);
  b.x += tex2DLayeredLod<float>(t2l, x, y, 1, 0.5f);
  b.y += tex2DLayeredGrad<float>(t2l, x, y, 2, make_float2(0.1f, 0.f), make_float2(0.f, 0.1f));
  float4 c = tex3DLod<float4>(t3, x, y, z, 1.0f);
  c.x += tex3DGrad<float>(t3, x, y, z, make_float4(0.1f, 0, 0, 0), make_float4(0, 0.1f, 0, 0));
  float4 d = texCubemapLod<float4>(tc, x, y, z, 0.5f);
  d.x += texCubemapLayered<float>(tcl, x, y, z, i & 1);
  d.y += texCubemapLayeredLod<float>(tcl, x, y, z, 1, 2.f);
  d.z += texCubemapGrad<float>(tc, x, y, z, make_float4(0.1f, 0, 0, 0), make_float4(0, 0.1f, 0, 0));
  int4 e = tex2D<int4>(ti, x, y);
  uint4 f = tex2D<uint4>(tu, x, y);
  int4 g = tex1Dfetch<int4>(ti, i);
  float2 h = tex2D<float2>(t2, x, y);
  float4 g0 = tex2Dgather<float4>(t2, x, y, 0);
  float4 g1 = tex2Dgather<float4>(t2, x, y, 1);
  float4 g2 = tex2Dgather<float4>(t2, x, y, 2);
  float4 g3 = tex2Dgather<float4>(t2, x, y, 3);
  int4 gi = tex2Dgather<int4>(ti, x, y, 1);
  bool resident = false;
  float4 s = tex2D<float4>(t2, x, y, &resident);
  float4 sl = tex2DLod<float4>(t2, x, y, 1.0f, &resident);
  out[i] = make_float4(a.x + b.x + c.x + d.x + h.x + g0.x + g1.y + g2.z + g3.w, a.y + b.y + d.y, a.z + d.z + s.x,
                       a.w + (resident ? sl.y : 0.f));
  iout[i] = make_int4(e.x + g.x + gi.z, (int)f.y, e.z, g.w);
}

extern "C" __global__ void surf_more(cudaSurfaceObject_t s1, cudaSurfaceObject_t s3, cudaSurfaceObject_t s1l,
                                     cudaSurfaceObject_t s2l, cudaSurfaceObject_t sc, cudaSurfaceObject_t scl,
                                     float4 *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float a = surf1Dread<float>(s1, i * 4);
  short2 b = surf1Dread<short2>(s1, i * 4, cudaBoundaryModeClamp);
  float4 c = surf3Dread<float4>(s3, i * 16, 1, 2, cudaBoundaryModeZero);
  int2 d = surf1DLayeredread<int2>(s1l, i * 8, 3);
  long long e = surf2DLayeredread<long long>(s2l, i * 8, 1, 2);
  uchar4 f = surfCubemapread<uchar4>(sc, i * 4, 1, 4);
  float g = surfCubemapLayeredread<float>(scl, i * 4, 2, 7);
  surf1Dwrite(make_short4(1, 2, 3, 4), s1, i * 8);
  surf3Dwrite(c, s3, i * 16, 2, 1, cudaBoundaryModeClamp);
  surf1DLayeredwrite(d, s1l, i * 8, 2, cudaBoundaryModeZero);
  surf2DLayeredwrite(e + 1, s2l, i * 8, 2, 1);
  surfCubemapwrite(make_uchar2(f.x, f.y), sc, i * 2, 3, 5);
  surfCubemapLayeredwrite(g * 2.f, scl, i * 4, 1, 8);
  out[i] = make_float4(a + b.x, c.y + d.x, (float)e, g + f.w);
}
