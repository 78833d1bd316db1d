// valid: inclusive prefix sums with scan (forward f32 cumsum along dim 1, reverse i32 suffix maximum over an iota tile)
cuda_tile.module @prefix_scan {
  // Row-wise cumulative sum of a 256x256 f32 matrix, 16 rows per tile block.
  entry @cumsum_rows(%in: tile<ptr<f32>>, %out: tile<ptr<f32>>) {
    %tin = make_tensor_view %in, shape = [256, 256], strides = [256, 1] : tensor_view<256x256xf32, strides=[256,1]>
    %tout = make_tensor_view %out, shape = [256, 256], strides = [256, 1] : tensor_view<256x256xf32, strides=[256,1]>
    %pin = make_partition_view %tin : partition_view<tile=(16x256), tensor_view<256x256xf32, strides=[256,1]>>
    %pout = make_partition_view %tout : partition_view<tile=(16x256), tensor_view<256x256xf32, strides=[256,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %x, %t0 = load_view_tko weak %pin[%bx, %c0]
      : partition_view<tile=(16x256), tensor_view<256x256xf32, strides=[256,1]>>, tile<i32> -> tile<16x256xf32>, token
    %cs = scan %x dim=1 reverse=false identities=[0.000000e+00 : f32] : tile<16x256xf32> -> tile<16x256xf32>
    (%cur: tile<f32>, %prev: tile<f32>) {
      %s = addf %cur, %prev : tile<f32>
      yield %s : tile<f32>
    }
    %t1 = store_view_tko weak %cs, %pout[%bx, %c0] token = %t0
      : tile<16x256xf32>, partition_view<tile=(16x256), tensor_view<256x256xf32, strides=[256,1]>>, tile<i32> -> token
    return
  }

  // Reverse scan: element j gets max(x[j..127]).
  entry @suffix_max(%out: tile<ptr<i32>>) {
    %ids = iota : tile<128xi32>
    %c7 = constant <i32: 7> : tile<128xi32>
    %x = xori %ids, %c7 : tile<128xi32>
    %sm = scan %x dim=0 reverse=true identities=[-2147483648 : i32] : tile<128xi32> -> tile<128xi32>
    (%cur: tile<i32>, %prev: tile<i32>) {
      %m = maxi %cur, %prev signed : tile<i32>
      yield %m : tile<i32>
    }
    %to = make_tensor_view %out, shape = [128], strides = [1] : tensor_view<128xi32, strides=[1]>
    %po = make_partition_view %to : partition_view<tile=(128), tensor_view<128xi32, strides=[1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %t = store_view_tko weak %sm, %po[%c0]
      : tile<128xi32>, partition_view<tile=(128), tensor_view<128xi32, strides=[1]>>, tile<i32> -> token
    return
  }
}
