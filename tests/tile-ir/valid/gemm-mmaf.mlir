// valid: tiled GEMM C = A x B (f16 in, f32 accumulate) with a for loop carrying the mmaf accumulator; batched f64, tf32 and fp8 (fast_acc) mmaf variants
cuda_tile.module @gemm {
  // A: 1024x512 f16, B: 512x2048 f16, C: 1024x2048 f32; 64x64 output tile per block, K step 32.
  entry @gemm_f16_f32(%a: tile<ptr<f16>>, %b: tile<ptr<f16>>, %c: tile<ptr<f32>>) {
    %ta = make_tensor_view %a, shape = [1024, 512], strides = [512, 1] : tensor_view<1024x512xf16, strides=[512,1]>
    %tb = make_tensor_view %b, shape = [512, 2048], strides = [2048, 1] : tensor_view<512x2048xf16, strides=[2048,1]>
    %tc = make_tensor_view %c, shape = [1024, 2048], strides = [2048, 1] : tensor_view<1024x2048xf32, strides=[2048,1]>
    %pa = make_partition_view %ta : partition_view<tile=(64x32), tensor_view<1024x512xf16, strides=[512,1]>>
    %pb = make_partition_view %tb : partition_view<tile=(32x64), tensor_view<512x2048xf16, strides=[2048,1]>>
    %pc = make_partition_view %tc : partition_view<tile=(64x64), tensor_view<1024x2048xf32, strides=[2048,1]>>
    %bm, %bn, %bz = get_tile_block_id : tile<i32>
    %mt, %kt = get_index_space_shape %pa : partition_view<tile=(64x32), tensor_view<1024x512xf16, strides=[512,1]>> -> tile<i32>
    %zero = constant <i32: 0> : tile<i32>
    %one = constant <i32: 1> : tile<i32>
    %acc0 = constant <f32: 0.0> : tile<64x64xf32>
    %acc = for %k in (%zero to %kt, step %one) : tile<i32> iter_values(%sum = %acc0) -> (tile<64x64xf32>) {
      %ablk, %at = load_view_tko weak %pa[%bm, %k]
        : partition_view<tile=(64x32), tensor_view<1024x512xf16, strides=[512,1]>>, tile<i32> -> tile<64x32xf16>, token
      %bblk, %bt = load_view_tko weak %pb[%k, %bn]
        : partition_view<tile=(32x64), tensor_view<512x2048xf16, strides=[2048,1]>>, tile<i32> -> tile<32x64xf16>, token
      %next = mmaf %ablk, %bblk, %sum : tile<64x32xf16>, tile<32x64xf16>, tile<64x64xf32>
      continue %next : tile<64x64xf32>
    }
    %done = store_view_tko weak %acc, %pc[%bm, %bn]
      : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<1024x2048xf32, strides=[2048,1]>>, tile<i32> -> token
    return
  }

  // Other input/output combinations from the mmaf data-type table.
  entry @mma_variants(%out: tile<ptr<f32>>) {
    // Batched (3-D) f64 -> f64: B x M x K, B x K x N, B x M x N.
    %a64 = constant <f64: 1.0> : tile<2x16x8xf64>
    %b64 = constant <f64: 0.5> : tile<2x8x16xf64>
    %c64 = constant <f64: 0.0> : tile<2x16x16xf64>
    %d64 = mmaf %a64, %b64, %c64 : tile<2x16x8xf64>, tile<2x8x16xf64>, tile<2x16x16xf64>

    // tf32 -> f32.
    %af = constant <f32: 1.5> : tile<32x16xf32>
    %bf = constant <f32: 2.0> : tile<16x32xf32>
    %atf = ftof %af : tile<32x16xf32> -> tile<32x16xtf32>
    %btf = ftof %bf : tile<16x32xf32> -> tile<16x32xtf32>
    %cf = constant <f32: 0.0> : tile<32x32xf32>
    %dtf = mmaf %atf, %btf, %cf : tile<32x16xtf32>, tile<16x32xtf32>, tile<32x32xf32>

    // bf16 -> f32 and f16 -> f16.
    %abf = ftof %af : tile<32x16xf32> -> tile<32x16xbf16>
    %bbf = ftof %bf : tile<16x32xf32> -> tile<16x32xbf16>
    %dbf = mmaf %abf, %bbf, %cf : tile<32x16xbf16>, tile<16x32xbf16>, tile<32x32xf32>
    %ah = ftof %af : tile<32x16xf32> -> tile<32x16xf16>
    %bh = ftof %bf : tile<16x32xf32> -> tile<16x32xf16>
    %ch = constant <f16: 0.0> : tile<32x32xf16>
    %dh = mmaf %ah, %bh, %ch : tile<32x16xf16>, tile<16x32xf16>, tile<32x32xf16>

    // fp8 -> f32 with native (fast) accumulation, and fp8 -> f16.
    %a8 = ftof %ah : tile<32x16xf16> -> tile<32x16xf8E4M3FN>
    %b8 = ftof %bh : tile<16x32xf16> -> tile<16x32xf8E4M3FN>
    %d8 = mmaf %a8, %b8, %cf fast_acc : tile<32x16xf8E4M3FN>, tile<16x32xf8E4M3FN>, tile<32x32xf32>
    %a5 = ftof %ah : tile<32x16xf16> -> tile<32x16xf8E5M2>
    %b5 = ftof %bh : tile<16x32xf16> -> tile<16x32xf8E5M2>
    %d5 = mmaf %a5, %b5, %ch : tile<32x16xf8E5M2>, tile<16x32xf8E5M2>, tile<32x32xf16>

    %r0 = addf %dtf, %dbf : tile<32x32xf32>
    %r1 = addf %r0, %d8 : tile<32x32xf32>
    %to = make_tensor_view %out, shape = [32, 32], strides = [32, 1] : tensor_view<32x32xf32, strides=[32,1]>
    %po = make_partition_view %to : partition_view<tile=(32x32), tensor_view<32x32xf32, strides=[32,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %ts = store_view_tko weak %r1, %po[%c0, %c0]
      : tile<32x32xf32>, partition_view<tile=(32x32), tensor_view<32x32xf32, strides=[32,1]>>, tile<i32> -> token
    return
  }
}
