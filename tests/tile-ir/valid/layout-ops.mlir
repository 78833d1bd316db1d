// valid: tile layout ops: cat along both dims, extract of subtiles by slice index, permute, reshape (incl. 0-d <-> 1-elem), broadcast, select
cuda_tile.module @layout {
  entry @transpose_and_split(%in: tile<ptr<f16>>, %out: tile<ptr<f16>>) {
    %tin = make_tensor_view %in, shape = [128, 64], strides = [64, 1] : tensor_view<128x64xf16, strides=[64,1]>
    %pin = make_partition_view %tin : partition_view<tile=(32x16), tensor_view<128x64xf16, strides=[64,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %a, %t0 = load_view_tko weak %pin[%c0, %c0] : partition_view<tile=(32x16), tensor_view<128x64xf16, strides=[64,1]>>, tile<i32> -> tile<32x16xf16>, token
    %b, %t1 = load_view_tko weak %pin[%c0, %c1] : partition_view<tile=(32x16), tensor_view<128x64xf16, strides=[64,1]>>, tile<i32> -> tile<32x16xf16>, token

    // [a | b] and [a ; b]
    %wide = cat %a, %b dim = 1 : tile<32x16xf16>, tile<32x16xf16> -> tile<32x32xf16>
    %tall = cat %a, %b dim = 0 : tile<32x16xf16>, tile<32x16xf16> -> tile<64x16xf16>

    // Transpose, then take the 8x32 slice number 1 along dim 0 of the 16x32 result.
    %at = permute %a [1, 0] : tile<32x16xf16> -> tile<16x32xf16>
    %top = extract %at[%c1, %c0] : tile<16x32xf16> -> tile<8x32xf16>
    %q = extract %tall[%c1, %c0] : tile<64x16xf16> -> tile<16x16xf16>

    // 3-D views of the same data.
    %r3 = reshape %wide : tile<32x32xf16> -> tile<4x8x32xf16>
    %p3 = permute %r3 [2, 0, 1] : tile<4x8x32xf16> -> tile<32x4x8xf16>
    %flat = reshape %p3 : tile<32x4x8xf16> -> tile<1024xf16>
    %back = reshape %flat : tile<1024xf16> -> tile<32x32xf16>

    // Scalar <-> single-element tile, then broadcast a row.
    %s = constant <f16: 2.0> : tile<f16>
    %s1 = reshape %s : tile<f16> -> tile<1x1xf16>
    %sb = broadcast %s1 : tile<1x1xf16> -> tile<32x32xf16>
    %row = extract %back[%c0, %c0] : tile<32x32xf16> -> tile<1x32xf16>
    %rows = broadcast %row : tile<1x32xf16> -> tile<32x32xf16>
    %prod = mulf %rows, %sb : tile<32x32xf16>
    %gt = cmpf greater_than ordered %prod, %back : tile<32x32xf16> -> tile<32x32xi1>
    %mx = select %gt, %prod, %back : tile<32x32xi1>, tile<32x32xf16>

    %tout = make_tensor_view %out, shape = [128, 64], strides = [64, 1] : tensor_view<128x64xf16, strides=[64,1]>
    %pout = make_partition_view %tout : partition_view<tile=(32x32), tensor_view<128x64xf16, strides=[64,1]>>
    %t2 = store_view_tko weak %mx, %pout[%c0, %c0] : tile<32x32xf16>, partition_view<tile=(32x32), tensor_view<128x64xf16, strides=[64,1]>>, tile<i32> -> token
    %pout8 = make_partition_view %tout : partition_view<tile=(8x32), tensor_view<128x64xf16, strides=[64,1]>>
    %t3 = store_view_tko weak %top, %pout8[%c1, %c1] : tile<8x32xf16>, partition_view<tile=(8x32), tensor_view<128x64xf16, strides=[64,1]>>, tile<i32> -> token
    %pout16 = make_partition_view %tout : partition_view<tile=(16x16), tensor_view<128x64xf16, strides=[64,1]>>
    %t4 = store_view_tko weak %q, %pout16[%c1, %c0] : tile<16x16xf16>, partition_view<tile=(16x16), tensor_view<128x64xf16, strides=[64,1]>>, tile<i32> -> token
    return
  }
}
