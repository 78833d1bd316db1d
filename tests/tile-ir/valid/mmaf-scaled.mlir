// valid: block-scaled matrix multiply with mmaf_scaled: MXFP8 (f8E4M3FN, f8E5M2 with f8E8M0FNU scales) and NVFP4 (f4E2M1FN with f8E4M3FN scales), operands loaded from views
cuda_tile.module @mmaf_scaled {
  // MXFP8: one f8E8M0FNU scale per 32 elements along K (K = 128 -> 4 scales).
  entry @mxfp8_tile(%a: tile<ptr<f8E4M3FN>>, %b: tile<ptr<f8E4M3FN>>, %sa: tile<ptr<f8E8M0FNU>>, %sb: tile<ptr<f8E8M0FNU>>, %c: tile<ptr<f32>>) {
    %ta = make_tensor_view %a, shape = [64, 128], strides = [128, 1] : tensor_view<64x128xf8E4M3FN, strides=[128,1]>
    %tb = make_tensor_view %b, shape = [128, 64], strides = [64, 1] : tensor_view<128x64xf8E4M3FN, strides=[64,1]>
    %tsa = make_tensor_view %sa, shape = [64, 4], strides = [4, 1] : tensor_view<64x4xf8E8M0FNU, strides=[4,1]>
    %tsb = make_tensor_view %sb, shape = [4, 64], strides = [64, 1] : tensor_view<4x64xf8E8M0FNU, strides=[64,1]>
    %pa = make_partition_view %ta : partition_view<tile=(64x128), tensor_view<64x128xf8E4M3FN, strides=[128,1]>>
    %pb = make_partition_view %tb : partition_view<tile=(128x64), tensor_view<128x64xf8E4M3FN, strides=[64,1]>>
    %psa = make_partition_view %tsa : partition_view<tile=(64x4), tensor_view<64x4xf8E8M0FNU, strides=[4,1]>>
    %psb = make_partition_view %tsb : partition_view<tile=(4x64), tensor_view<4x64xf8E8M0FNU, strides=[64,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %la, %t0 = load_view_tko weak %pa[%c0, %c0]
      : partition_view<tile=(64x128), tensor_view<64x128xf8E4M3FN, strides=[128,1]>>, tile<i32> -> tile<64x128xf8E4M3FN>, token
    %lb, %t1 = load_view_tko weak %pb[%c0, %c0]
      : partition_view<tile=(128x64), tensor_view<128x64xf8E4M3FN, strides=[64,1]>>, tile<i32> -> tile<128x64xf8E4M3FN>, token
    %lsa, %t2 = load_view_tko weak %psa[%c0, %c0]
      : partition_view<tile=(64x4), tensor_view<64x4xf8E8M0FNU, strides=[4,1]>>, tile<i32> -> tile<64x4xf8E8M0FNU>, token
    %lsb, %t3 = load_view_tko weak %psb[%c0, %c0]
      : partition_view<tile=(4x64), tensor_view<4x64xf8E8M0FNU, strides=[64,1]>>, tile<i32> -> tile<4x64xf8E8M0FNU>, token
    %acc = constant <f32: 0.0> : tile<64x64xf32>
    %d = mmaf_scaled %la, %lb, %acc, %lsa, %lsb
      : tile<64x128xf8E4M3FN>, tile<128x64xf8E4M3FN>, tile<64x64xf32>, tile<64x4xf8E8M0FNU>, tile<4x64xf8E8M0FNU>
    %tc = make_tensor_view %c, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xf32, strides=[64,1]>
    %pc = make_partition_view %tc : partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>
    %tj = join_tokens %t0, %t1, %t2, %t3 : token
    %t4 = store_view_tko weak %d, %pc[%c0, %c0] token = %tj
      : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>, tile<i32> -> token
    return
  }

  // f8E5M2 inputs with f8E8M0FNU scales, and NVFP4: f4E2M1FN with f8E4M3FN scales (one per 16 elements).
  entry @other_formats(%out: tile<ptr<f32>>) {
    %h = constant <f16: 0.25> : tile<32x64xf16>
    %hb = constant <f16: 0.5> : tile<64x32xf16>
    %a5 = ftof %h : tile<32x64xf16> -> tile<32x64xf8E5M2>
    %b5 = ftof %hb : tile<64x32xf16> -> tile<64x32xf8E5M2>
    %one = constant <f32: 1.0> : tile<32x2xf32>
    %oneb = constant <f32: 1.0> : tile<2x32xf32>
    %sa = ftof %one rounding<positive_inf> : tile<32x2xf32> -> tile<32x2xf8E8M0FNU>
    %sb = ftof %oneb rounding<positive_inf> : tile<2x32xf32> -> tile<2x32xf8E8M0FNU>
    %acc = constant <f32: 0.0> : tile<32x32xf32>
    %d5 = mmaf_scaled %a5, %b5, %acc, %sa, %sb
      : tile<32x64xf8E5M2>, tile<64x32xf8E5M2>, tile<32x32xf32>, tile<32x2xf8E8M0FNU>, tile<2x32xf8E8M0FNU>

    %a4 = ftof %h : tile<32x64xf16> -> tile<32x64xf4E2M1FN>
    %b4 = ftof %hb : tile<64x32xf16> -> tile<64x32xf4E2M1FN>
    %s4a = constant <f8E4M3FN: 1.0> : tile<32x4xf8E4M3FN>
    %s4b = constant <f8E4M3FN: 1.0> : tile<4x32xf8E4M3FN>
    %d4 = mmaf_scaled %a4, %b4, %d5, %s4a, %s4b
      : tile<32x64xf4E2M1FN>, tile<64x32xf4E2M1FN>, tile<32x32xf32>, tile<32x4xf8E4M3FN>, tile<4x32xf8E4M3FN>

    %to = make_tensor_view %out, shape = [32, 32], strides = [32, 1] : tensor_view<32x32xf32, strides=[32,1]>
    %po = make_partition_view %to : partition_view<tile=(32x32), tensor_view<32x32xf32, strides=[32,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %t = store_view_tko weak %d4, %po[%c0, %c0]
      : tile<32x32xf32>, partition_view<tile=(32x32), tensor_view<32x32xf32, strides=[32,1]>>, tile<i32> -> token
    return
  }
}
