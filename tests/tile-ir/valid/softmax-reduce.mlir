// valid: row softmax over 64x128 f32 blocks (reduce with maxf and addf bodies, reshape + broadcast, exp, divf) and a two-operand argmax reduce
cuda_tile.module @softmax {
  entry @softmax_rows(%in: tile<ptr<f32>>, %out: tile<ptr<f32>>, %rows: tile<i32>) {
    %r = assume bounded<0, ?>, %rows : tile<i32>
    %tin = make_tensor_view %in, shape = [%r, 128], strides = [128, 1] : tile<i32> -> tensor_view<?x128xf32, strides=[128,1]>
    %tout = make_tensor_view %out, shape = [%r, 128], strides = [128, 1] : tile<i32> -> tensor_view<?x128xf32, strides=[128,1]>
    %pin = make_partition_view %tin : partition_view<tile=(64x128), padding_value = neg_inf, tensor_view<?x128xf32, strides=[128,1]>>
    %pout = make_partition_view %tout : partition_view<tile=(64x128), tensor_view<?x128xf32, strides=[128,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %x, %t0 = load_view_tko weak %pin[%bx, %c0]
      : partition_view<tile=(64x128), padding_value = neg_inf, tensor_view<?x128xf32, strides=[128,1]>>, tile<i32> -> tile<64x128xf32>, token

    // Row maximum; the identity is -inf.
    %rowmax = reduce %x dim=1 identities=[0xFF800000 : f32] : tile<64x128xf32> -> tile<64xf32>
    (%e: tile<f32>, %m_acc: tile<f32>) {
      %m = maxf %e, %m_acc : tile<f32>
      yield %m : tile<f32>
    }
    %rm2 = reshape %rowmax : tile<64xf32> -> tile<64x1xf32>
    %rmb = broadcast %rm2 : tile<64x1xf32> -> tile<64x128xf32>
    %shifted = subf %x, %rmb : tile<64x128xf32>
    %num = exp %shifted : tile<64x128xf32>

    // Row sum of the exponentials.
    %den = reduce %num dim=1 identities=[0.000000e+00 : f32] : tile<64x128xf32> -> tile<64xf32>
    (%e2: tile<f32>, %s_acc: tile<f32>) {
      %s = addf %e2, %s_acc : tile<f32>
      yield %s : tile<f32>
    }
    %d2 = reshape %den : tile<64xf32> -> tile<64x1xf32>
    %db = broadcast %d2 : tile<64x1xf32> -> tile<64x128xf32>
    %y = divf %num, %db rounding<approx> : tile<64x128xf32>
    %t1 = store_view_tko weak %y, %pout[%bx, %c0] token = %t0
      : tile<64x128xf32>, partition_view<tile=(64x128), tensor_view<?x128xf32, strides=[128,1]>>, tile<i32> -> token
    return
  }

  // Argmax of a 128-element row: the value and its index are reduced together.
  entry @argmax_row(%in: tile<ptr<f32>>, %out_idx: tile<ptr<i32>>) {
    %tin = make_tensor_view %in, shape = [128], strides = [1] : tensor_view<128xf32, strides=[1]>
    %pin = make_partition_view %tin : partition_view<tile=(128), tensor_view<128xf32, strides=[1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %vals, %t0 = load_view_tko weak %pin[%c0]
      : partition_view<tile=(128), tensor_view<128xf32, strides=[1]>>, tile<i32> -> tile<128xf32>, token
    %idx = iota : tile<128xi32>
    %best, %best_idx = reduce %vals, %idx dim=0 identities=[0xFF800000 : f32, 0 : i32]
      : tile<128xf32>, tile<128xi32> -> tile<f32>, tile<i32>
    (%v: tile<f32>, %v_acc: tile<f32>, %i: tile<i32>, %i_acc: tile<i32>) {
      %gt = cmpf greater_than ordered %v, %v_acc : tile<f32> -> tile<i1>
      %nv = select %gt, %v, %v_acc : tile<i1>, tile<f32>
      %ni = select %gt, %i, %i_acc : tile<i1>, tile<i32>
      yield %nv, %ni : tile<f32>, tile<i32>
    }
    %t1 = store_ptr_tko weak %out_idx, %best_idx token=%t0 : tile<ptr<i32>>, tile<i32> -> token
    return
  }
}
