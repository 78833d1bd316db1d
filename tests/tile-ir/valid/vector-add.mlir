// valid: vector add (c = a + b) through tensor_view + partition_view loads/stores, tokens, join_tokens, entry optimization hints
cuda_tile.module @vector_add {
  // Static 4096-element vectors, one 256-element tile per tile block.
  entry @vadd_f32(%a: tile<ptr<f32>>, %b: tile<ptr<f32>>, %c: tile<ptr<f32>>) {
    %pa = assume div_by<16>, %a : tile<ptr<f32>>
    %pb = assume div_by<16>, %b : tile<ptr<f32>>
    %pc = assume div_by<16>, %c : tile<ptr<f32>>
    %ta = make_tensor_view %pa, shape = [4096], strides = [1] : tensor_view<4096xf32, strides=[1]>
    %tb = make_tensor_view %pb, shape = [4096], strides = [1] : tensor_view<4096xf32, strides=[1]>
    %tc = make_tensor_view %pc, shape = [4096], strides = [1] : tensor_view<4096xf32, strides=[1]>
    %va = make_partition_view %ta : partition_view<tile=(256), tensor_view<4096xf32, strides=[1]>>
    %vb = make_partition_view %tb : partition_view<tile=(256), tensor_view<4096xf32, strides=[1]>>
    %vc = make_partition_view %tc : partition_view<tile=(256), tensor_view<4096xf32, strides=[1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %t0 = make_token : token
    %x, %tx = load_view_tko weak %va[%bx] token = %t0
      : partition_view<tile=(256), tensor_view<4096xf32, strides=[1]>>, tile<i32> -> tile<256xf32>, token
    %y, %ty = load_view_tko weak %vb[%bx] token = %t0
      : partition_view<tile=(256), tensor_view<4096xf32, strides=[1]>>, tile<i32> -> tile<256xf32>, token
    %sum = addf %x, %y : tile<256xf32>
    %tin = join_tokens %tx, %ty : token
    %tout = store_view_tko weak %sum, %vc[%bx] token = %tin
      : tile<256xf32>, partition_view<tile=(256), tensor_view<4096xf32, strides=[1]>>, tile<i32> -> token
    return
  }

  // Dynamic length n, f16 data, zero padding for the ragged last tile.
  entry @vadd_f16_dyn(%a: tile<ptr<f16>>, %b: tile<ptr<f16>>, %c: tile<ptr<f16>>, %n: tile<i32>) optimization_hints=<sm_90 = {num_cta_in_cga = 2}, sm_100 = {num_worker_warps_per_cta = 8}> {
    %len = assume bounded<0, ?>, %n : tile<i32>
    %ta = make_tensor_view %a, shape = [%len], strides = [1] : tile<i32> -> tensor_view<?xf16, strides=[1]>
    %tb = make_tensor_view %b, shape = [%len], strides = [1] : tile<i32> -> tensor_view<?xf16, strides=[1]>
    %tc = make_tensor_view %c, shape = [%len], strides = [1] : tile<i32> -> tensor_view<?xf16, strides=[1]>
    %va = make_partition_view %ta : partition_view<tile=(128), padding_value = zero, tensor_view<?xf16, strides=[1]>>
    %vb = make_partition_view %tb : partition_view<tile=(128), padding_value = zero, tensor_view<?xf16, strides=[1]>>
    %vc = make_partition_view %tc : partition_view<tile=(128), tensor_view<?xf16, strides=[1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %x, %tx = load_view_tko weak %va[%bx]
      : partition_view<tile=(128), padding_value = zero, tensor_view<?xf16, strides=[1]>>, tile<i32> -> tile<128xf16>, token
    %y, %ty = load_view_tko weak %vb[%bx]
      : partition_view<tile=(128), padding_value = zero, tensor_view<?xf16, strides=[1]>>, tile<i32> -> tile<128xf16>, token
    %sum = addf %x, %y rounding<nearest_even> : tile<128xf16>
    %tout = store_view_tko weak %sum, %vc[%bx]
      : tile<128xf16>, partition_view<tile=(128), tensor_view<?xf16, strides=[1]>>, tile<i32> -> token
    return
  }
}
