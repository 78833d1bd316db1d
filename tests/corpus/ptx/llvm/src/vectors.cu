// Vector types: loads and stores of .v2/.v4, element shuffles, vector arithmetic and selects.
#include "common.h"
extern "C" __global__ void vectors(float4 *f4, float2 *f2, int4 *i4, uint4 *u4, double2 *d2,
                                   short4 *s4, char4 *c4, longlong2 *l2, uchar2 *b2, int n) {
  int i = thread_index();
  float4 a = f4[i];
  float2 b = f2[i];
  f4[i] = a.wzyx * (float4){1, 2, 3, 4} + (float4){b.x, b.y, b.x, b.y};
  f2[i] = a.xy - b;
  int4 c = i4[i];
  i4[i] = c > 0 ? c : -c;
  u4[i] = u4[i] >> 3u ^ (uint4){1, 2, 3, 4};
  d2[i] = d2[i] * 0.5 + d2[i + 1];
  s4[i] = s4[i] + s4[n];
  c4[i] = c4[i].yxwz;
  l2[i] = l2[i] << 2;
  b2[i] = b2[i] + (uchar2){1, 1};
}
