// Images and samplers, vectors, extended math (OpExtInst), conversions with rounding
// and saturation decorations, a loop and a switch.
constant sampler_t smp = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP | CLK_FILTER_NEAREST;

__kernel void blur(read_only image2d_t src, write_only image2d_t dst, __global uchar4 *bytes,
                   __global int *hist, int mode) {
  int2 p = (int2)(get_global_id(0), get_global_id(1));
  float4 acc = (float4)(0.0f);
  for (int dy = -1; dy <= 1; ++dy)
    for (int dx = -1; dx <= 1; ++dx)
      acc += read_imagef(src, smp, p + (int2)(dx, dy));
  acc = acc / 9.0f;
  switch (mode) {
  case 0: acc = sqrt(acc); break;
  case 1: acc = fma(acc, acc, (float4)(0.5f)); break;
  case 7: acc = native_sin(acc) + exp2(acc); break;
  default: acc = clamp(acc, 0.0f, 1.0f);
  }
  write_imagef(dst, p, acc);
  bytes[p.x] = convert_uchar4_sat_rte(acc * 255.0f);
  atomic_inc(&hist[convert_int_rtz(acc.x * 15.0f)]);
}
